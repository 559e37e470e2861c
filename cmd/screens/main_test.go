package main

import (
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestEveryGameHasAShot: every game the catalog ships has its screen in
// shots, so scripts/screenshots photographs it, and shots names no game
// the catalog lacks.
func TestEveryGameHasAShot(t *testing.T) {
	all := shots()
	for _, rules := range catalog.Games() {
		if _, ok := all[rules.Info().ID]; !ok {
			t.Errorf("%s: no screen in cmd/screens's shots()", rules.Info().ID)
		}
	}
	for id := range all {
		if _, err := catalog.Registry().Get(id); err != nil {
			t.Errorf("cmd/screens's shots() has %q, which the catalog does not ship", id)
		}
	}
}
