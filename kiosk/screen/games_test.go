package screen

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
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
