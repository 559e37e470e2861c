package gui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine/canyon"
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
