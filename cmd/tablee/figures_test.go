package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// figuresDB is a shelf of three boxed titles and a wish: Azul played a
// week ago, Dixit played 14 months ago, Skull King never; searches for
// "Terraforming Mars" twice and one with an escape sequence found nothing.
func figuresDB(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tablee.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	now := time.Now()
	titles := []shelf.Title{
		{Names: shelf.Names{FR: "Azul"}, Copies: []shelf.Copy{{Shelf: "A1"}}},
		{Names: shelf.Names{FR: "Dixit"}, Copies: []shelf.Copy{{Shelf: "D1"}}},
		{Names: shelf.Names{FR: "Skull King"}, Copies: []shelf.Copy{{Shelf: "S1"}}},
		{Names: shelf.Names{FR: "Brass"}},
	}
	if _, err := d.ImportCatalogue(ctx, titles, now); err != nil {
		t.Fatal(err)
	}
	tb, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	for title, end := range map[string]time.Time{"Azul": now.AddDate(0, 0, -7), "dixit": now.AddDate(0, -14, 0)} {
		s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: db.SheetGame, Seed: 1,
			Options: map[string]string{"sheet": "generic", "title": title}, StartedAt: end.Add(-time.Hour),
			Seats: []session.Seat{{Kind: session.Guest, Name: "A"}, {Kind: session.Guest, Name: "B"}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Finish(ctx, s.ID, engine.RankByScores([]int{1, 0}, "sheet-complete"), end); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []string{"Terraforming Mars", "terraforming mars ", "\x1b[31mred"} {
		if err := d.Searched(ctx, s, 0, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Searched(ctx, "Azul", 1, now); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFiguresListsTheUnplayedAndTheSearchedNotOwned(t *testing.T) {
	path := figuresDB(t)
	lines := func(out string) []string { return strings.Split(strings.TrimSuffix(out, "\n"), "\n") }
	// The demo shelf went with the import; the table's own four games
	// stay, but they have no box to weed.
	code, out, errs := tablee(t, "figures", "--db", path, "--unplayed-months", "12")
	if code != 0 || strings.Join(lines(out), "|") != "Skull King|Dixit" {
		t.Errorf("unplayed for 12 months: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = tablee(t, "figures", "--db", path, "--unplayed-months", "15")
	if code != 0 || out != "Skull King\n" {
		t.Errorf("unplayed for 15 months: exit %d %q", code, out)
	}
	code, out, _ = tablee(t, "figures", "--db", path, "--searched-not-owned")
	if code != 0 || out != "terraforming mars\t2\n\\x1b[31mred\t1\n" {
		t.Errorf("searched, not owned: exit %d %q", code, out)
	}
	if code, _, errs := tablee(t, "figures", "--db", path); code == 0 || !strings.Contains(errs, "give one of") {
		t.Errorf("no list asked for: exit %d %s", code, errs)
	}
	if code, _, _ := tablee(t, "figures", "--db", path, "--unplayed-months", "6", "--scope", "moon"); code == 0 {
		t.Error("--scope moon accepted")
	}
}
