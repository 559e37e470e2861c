package screen

import (
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestEveryGameHasItsPicture: every game the catalog ships has its picture
// for the lobby's tile and the attract screen in gameArts, the one place
// kiosk/screen names the games (its name, options' labels and play time
// come from i18n and engine.Info, checked in engine/catalog), and
// gameArts names no game the catalog lacks.
func TestEveryGameHasItsPicture(t *testing.T) {
	arts := gameArts()
	for _, info := range infos() {
		if draw, ok := arts[info.ID]; !ok || draw == nil {
			t.Errorf("%s: no picture in kiosk/screen's gameArts()", info.ID)
		}
	}
	for id := range arts {
		if _, err := catalog.Registry().Get(id); err != nil {
			t.Errorf("kiosk/screen's gameArts() has %q, which the catalog does not ship", id)
		}
	}
}
