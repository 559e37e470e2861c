package db

import (
	"context"
	"testing"

	"github.com/tablee/tablee/shelf"
)

// TestShelfSummaryCountsAsTheTitlesDo checks the counts made in SQL
// against the same counts made from every title read back (what the
// catalogue page did before), on a shelf with a wish, a title of two
// boxes, the table's own games (the demo shelf's engines, no box) and a
// box at a table; and the boxes out with their titles' names.
func TestShelfSummaryCountsAsTheTitlesDo(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t) // the demo shelf: the table's own games
	if _, err := d.ImportCatalogue(ctx, small(), t0); err != nil {
		t.Fatal(err)
	}
	carc := byName(t, d)["Carcassonne"]
	if err := d.Take(ctx, carc.Copies[1].ID, "Table 2", t0); err != nil {
		t.Fatal(err)
	}
	titles, err := d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var want ShelfSummary
	engines := 0
	for _, ti := range titles {
		switch {
		case len(ti.Copies) > 0:
			want.Titles++
			want.Copies += len(ti.Copies)
			for _, c := range ti.Copies {
				if c.Status == shelf.AtTable {
					want.AtTables++
				}
			}
		case ti.Engine == "":
			want.Wishes++
		default:
			engines++
		}
	}
	got, err := d.ShelfSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Titles != want.Titles || got.Copies != want.Copies || got.Wishes != want.Wishes || got.AtTables != want.AtTables {
		t.Errorf("summary %d titles, %d boxes, %d wishes, %d at tables; from the titles %d, %d, %d, %d",
			got.Titles, got.Copies, got.Wishes, got.AtTables, want.Titles, want.Copies, want.Wishes, want.AtTables)
	}
	if want.Titles < 2 || want.Wishes < 1 || want.AtTables != 1 {
		t.Errorf("the shelf is not the one meant: %+v (%d engine titles)", want, engines)
	}
	if len(got.Out) != 1 || got.Out[0].ID != carc.Copies[1].ID || got.Out[0].Table != "Table 2" ||
		got.Out[0].Title.Name("fr") != "Carcassonne" || got.Out[0].Shelf != "C2" {
		t.Errorf("out: %+v, want box %d (C2) of Carcassonne at Table 2", got.Out, carc.Copies[1].ID)
	}
}
