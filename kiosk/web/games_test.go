package web

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// TestPageHasEveryGame: games.js's GAMES table, the one place the page
// names the games, has an entry with its nodes for every game the
// catalog ships and none for a game it lacks, and no other code of the
// page (any of its modules) tests which game is played (S.game === …,
// case '<id>').
func TestPageHasEveryGame(t *testing.T) {
	src := allScripts(t)
	start := strings.Index(src, "\nconst GAMES = {\n")
	if start < 0 {
		t.Fatal("the page's scripts have no `const GAMES = {` table")
	}
	if strings.Count(src, "\nconst GAMES = {\n") > 1 {
		t.Fatal("the page's scripts have two GAMES tables")
	}
	end := strings.Index(src[start:], "\n};\n")
	if end < 0 {
		t.Fatal("the GAMES table has no end `};`")
	}
	table := src[start : start+end]
	entries := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z0-9_]+): (\{.*\}),$`).FindAllStringSubmatch(table, -1) {
		entries[m[1]] = m[2]
	}
	var ids []string
	for _, rules := range append(catalog.Games(), catalog.Sheet()) {
		id := rules.Info().ID
		ids = append(ids, id)
		e, ok := entries[id]
		if !ok {
			t.Errorf("%s: no entry in GAMES", id)
			continue
		}
		if !strings.Contains(e, "nodes:") {
			t.Errorf("%s: its entry in GAMES has no nodes: %s", id, e)
		}
		delete(entries, id)
	}
	for id := range entries {
		t.Errorf("GAMES has %q, which the catalog does not ship", id)
	}
	rest := src[:start] + src[start+end:]
	sort.Strings(ids)
	for _, bad := range append([]string{"S.game ===", "S.game !==", "S.game) {"}, caseOf(ids)...) {
		if strings.Contains(rest, bad) {
			t.Errorf("the page tests the game outside GAMES: %q", bad)
		}
	}
}

// caseOf is the switch cases that would name each game id.
func caseOf(ids []string) []string {
	var out []string
	for _, id := range ids {
		out = append(out, "case '"+id+"'")
	}
	return out
}
