package gui

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/i18n"
)

// A card's symbol is painted in the card's ink, as on the table and the
// web page: every suit's card holds pixels of its ink below its value.
func TestCardSymbolIsDrawnInItsInk(t *testing.T) {
	test.NewTempApp(t)
	a := &App{}
	for suit := range canyonLooks.Suits {
		c := canyon.Card{Suit: suit, Value: 4}
		f := a.canyonFace(c, c, 0)
		w := test.NewTempWindow(t, newCard(f, nil))
		w.Resize(cardSize)
		img := w.Canvas().Capture()
		want := color.NRGBAModel.Convert(f.ink).(color.NRGBA)
		found := false
		// The symbol's box, below the value.
		for y := int(cardSize.Height * 0.62); y < int(cardSize.Height*0.62)+30 && !found; y++ {
			for x := int(cardSize.Width/2) - 15; x < int(cardSize.Width/2)+15; x++ {
				if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) == want {
					found = true
					break
				}
			}
		}
		if !found {
			t.Errorf("suit %d: no pixel of its ink %v in its symbol", suit, want)
		}
	}
}

// Every Canaille card's name, in every language, is drawn at nameSize (the
// page's least text size) in at most two lines that each fit the card.
func TestCardNamesFitAtTheDesignSize(t *testing.T) {
	test.NewTempApp(t)
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		a := &App{texts: texts, lang: l}
		seen := map[canaille.Kind]bool{}
		for c := canaille.Card(1); c.Valid(); c++ {
			if seen[c.Kind()] {
				continue
			}
			seen[c.Kind()] = true
			card := newCard(a.canailleFace(c), nil)
			test.NewTempWindow(t, card).Resize(cardSize)
			r := test.WidgetRenderer(card).(*cardRenderer)
			lines := []string{r.name.Text}
			if r.name2.Text != "" {
				lines = append(lines, r.name2.Text)
			}
			for i, n := range []*canvas.Text{r.name, r.name2} {
				if w := fyne.MeasureText(n.Text, n.TextSize, n.TextStyle).Width; n.TextSize < 14 || w > nameWidth {
					t.Errorf("%s %s: line %d %q at %v px is %.0f px wide, the card has %.0f", l, c.Kind(), i+1, n.Text, n.TextSize, w, nameWidth)
				}
			}
			bare := strings.NewReplacer(" ", "", "-", "").Replace
			if table := texts.T(l, "board.canaille.kind."+c.Kind().String()); bare(strings.Join(lines, "")) != bare(table) {
				t.Errorf("%s %s: the card reads %q, the table %q", l, c.Kind(), lines, table)
			}
		}
	}
}
