package web

import (
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestEveryGameHasItsData: every game the catalog ships has its entry in
// kiosk/web's games() (its data files for the page, maybe none), each
// file is JSON written from the engine's data, and games() names no game
// the catalog lacks.
func TestEveryGameHasItsData(t *testing.T) {
	all := games()
	for _, rules := range catalog.Games() {
		id := rules.Info().ID
		g, ok := all[id]
		if !ok {
			t.Errorf("%s: no entry in kiosk/web's games()", id)
			continue
		}
		for path, write := range g.data {
			data, err := write()
			if err != nil || !json.Valid(data) {
				t.Errorf("%s: %s: %v, valid JSON %v", id, path, err, json.Valid(data))
			}
		}
		delete(all, id)
	}
	for id := range all {
		t.Errorf("kiosk/web's games() has %q, which the catalog does not ship", id)
	}
}
