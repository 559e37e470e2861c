package web

import (
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestEveryGameHasItsData: each game of kiosk/web's games() (those with
// data files for the page: a game without needs no entry) is one the
// catalog ships, and each of its files is JSON written from the engine's
// data.
func TestEveryGameHasItsData(t *testing.T) {
	all := games()
	for _, rules := range append(catalog.Games(), catalog.Sheet()) {
		id := rules.Info().ID
		g, ok := all[id]
		if !ok {
			continue // no data of its own
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
