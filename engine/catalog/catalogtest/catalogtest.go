// Package catalogtest checks the tests' tables of games against the
// catalog, so that a game added to engine/catalog is named by every test
// that keeps something per game, rather than skipped, passed or panicked
// on. It is for tests only.
package catalogtest

import (
	"slices"
	"sort"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// Covers fails t for each game the catalog ships that table has no entry
// for ("<id>: no entry in <where>") and for each entry of a game the
// catalog does not ship. where names the table as its reader finds it
// ("illegalFirst in kiosk/server/explain_test.go").
func Covers[T any](t testing.TB, where string, table map[string]T) {
	t.Helper()
	ids := catalog.Registry().IDs()
	for _, id := range ids {
		if _, ok := table[id]; !ok {
			t.Errorf("%s: no entry in %s", id, where)
		}
	}
	var extra []string
	for id := range table {
		if !slices.Contains(ids, id) {
			extra = append(extra, id)
		}
	}
	sort.Strings(extra)
	for _, id := range extra {
		t.Errorf("%s has an entry for %q, which the catalog does not ship", where, id)
	}
}
