package console

import (
	"slices"
	"strings"
	"testing"
)

// Each product's menu lists only pages its own route table serves, and
// the pages every console has are in both tables: a page added to one
// product's menu without its route, or dropped from one table, fails
// here rather than as a broken link on that product only.
func TestEachProductRoutesWhatItsMenuLists(t *testing.T) {
	h := &Handler{}
	for name, p := range map[string]product{"table": h.tableProduct(), "hub": h.hubProduct()} {
		var gets []string
		for _, r := range p.routes {
			if path, ok := strings.CutPrefix(r.pattern, "GET "); ok {
				gets = append(gets, path)
			}
		}
		for _, page := range p.menu {
			if !slices.Contains(gets, "/"+page) {
				t.Errorf("%s: the menu lists %s, its routes have no GET /%s (routes: %v)", name, page, page, gets)
			}
		}
		for _, shared := range []string{"/tables", "/tables/live", "/leaderboards", "/sessions", "/sessions/{id}", "/players",
			"/players/{id}", "/players/{id}/forget", "/downloads", "/export/{file}", "/settings"} {
			if !slices.Contains(gets, shared) {
				t.Errorf("%s: no GET %s, a page both consoles serve", name, shared)
			}
		}
	}
}
