package screen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/catalog/catalogtest"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/looks"
)

// TestEveryGameHasItsPicture: every game the catalog ships has its picture
// for the lobby's tile and the attract screen in gameArts, the one place
// kiosk/screen names the games, and its rules for the lobby in every
// language ("kiosk.rules.<id>"; its name, options' labels and play time
// come from i18n and engine.Info, checked in engine/catalog); gameArts
// names no game the catalog lacks.
func TestEveryGameHasItsPicture(t *testing.T) {
	arts := gameArts()
	ws := map[i18n.Lang]Words{}
	for _, l := range i18n.Langs() {
		ws[l] = words(t, l)
	}
	for _, info := range infos() {
		if draw, ok := arts[info.ID]; !ok || draw == nil {
			t.Errorf("%s: no picture in kiosk/screen's gameArts()", info.ID)
		}
		for _, l := range i18n.Langs() {
			key := "kiosk.rules." + info.ID
			if s := ws[l].T(key); s == key || strings.TrimSpace(s) == "" {
				t.Errorf("%s: no rules for the lobby in %s (%q in i18n/messages/kiosk.%s.json)", info.ID, l, key, l)
			}
		}
	}
	for id := range arts {
		if _, err := catalog.Registry().Get(id); err != nil {
			t.Errorf("kiosk/screen's gameArts() has %q, which the catalog does not ship", id)
		}
	}
}

// The lobby's pictures draw the pieces and cards in the looks the boards
// and the phones draw (package looks): the duel's red and yellow pieces,
// Canoë's light and dark pegs, Canaille's kinds.
func TestTheArtDrawsTheLooks(t *testing.T) {
	test.NewTempApp(t)
	draws := map[string][]looks.RGB{
		"canyon":     nil, // a river between cliffs: no looks' colour to find
		"canyonduel": {artLooks("canyonduel").Seat(0).Fill, artLooks("canyonduel").Seat(1).Fill},
		"canoe":      {artLooks("canoe").Seat(0).Fill, artLooks("canoe").Seat(1).Fill},
		"canaille":   {artLooks("canaille").Kinds["fish"].Fill, artLooks("canaille").Kinds["bite"].Fill},
	}
	catalogtest.Covers(t, "the looks each picture draws (TestTheArtDrawsTheLooks)", draws)
	for game, want := range draws {
		drawn := map[looks.RGB]bool{}
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			switch o := o.(type) {
			case *fyne.Container:
				for _, c := range o.Objects {
					walk(c)
				}
			case *canvas.Circle:
				drawn[looks.Of(o.FillColor)] = true
			}
		}
		walk(gameArt(game))
		for _, w := range want {
			if !drawn[w] {
				t.Errorf("%s: the lobby's picture does not draw %s (it draws %v)", game, w.Hex(), drawn)
			}
		}
	}
}
