package main

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestEveryGameHasAShot: every game the catalog ships has its table
// screen (its id) and its lesson (learn-<id>) in shots, so
// scripts/screenshots photographs them, and shots names no game the
// catalog lacks.
func TestEveryGameHasAShot(t *testing.T) {
	all := shots()
	for _, rules := range catalog.Games() {
		id := rules.Info().ID
		for _, name := range []string{id, "learn-" + id} {
			if _, ok := all[name]; !ok {
				t.Errorf("%s: no screen %q in cmd/screens's shots()", id, name)
			}
			delete(all, name)
		}
		delete(all, "hint-"+id) // a board game's hint, where the table rings it
		for name := range all {
			if strings.HasPrefix(name, "learn-"+id+"-") {
				delete(all, name) // another step of the lesson (Canyon's tempo bid)
			}
		}
	}
	delete(all, "sheet-table") // a shelf game's score sheet, no game of the catalog's
	delete(all, "sheet-reveal")
	for name := range all {
		t.Errorf("cmd/screens's shots() has %q, of no game the catalog ships", name)
	}
}
