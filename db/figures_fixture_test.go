package db_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/db/dbtest"
)

// fixtureNow is the figures' fixture's clock: a Friday evening.
var fixtureNow = time.Date(2026, 10, 16, 21, 0, 0, 0, time.UTC)

// openFigures opens a database filled with dbtest.FillFigures (9,000
// titles, 100,000 plays).
func openFigures(tb testing.TB) (*db.DB, dbtest.Figures) {
	tb.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(tb.TempDir(), "tablee.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	f, err := dbtest.FillFigures(ctx, d, fixtureNow, 39)
	if err != nil {
		tb.Fatal(err)
	}
	return d, f
}

// At the real size, the figures add up to what the fixture was built
// with: every play counted once (whatever the name it was played under),
// every seventh boxed title never played, the most played first.
func TestFiguresAtTheRealSize(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 plays: full runs only")
	}
	ctx := context.Background()
	d, want := openFigures(t)
	figs, err := d.ShelfFigures(ctx, fixtureNow, false)
	if err != nil {
		t.Fatal(err)
	}
	total, top := 0, db.TitleFigures{}
	for _, f := range figs {
		total += f.Total
		if f.Engine == "" && f.Total > top.Total {
			top = f
		}
	}
	if total != dbtest.Plays || len(figs) != dbtest.Titles+4 {
		t.Errorf("%d plays counted over %d titles, want %d over %d", total, len(figs), dbtest.Plays, dbtest.Titles+4)
	}
	if never := db.Unplayed(figs, fixtureNow.AddDate(-10, 0, 0)); len(never) != want.NeverPlayed {
		t.Errorf("%d boxed titles never played, want %d", len(never), want.NeverPlayed)
	}
	if top.ID != want.MostPlayed {
		t.Errorf("the most played is %d (%d plays), want %d", top.ID, top.Total, want.MostPlayed)
	}
	detail, err := d.TitleFigures(ctx, top.ID, fixtureNow, false)
	if err != nil || detail.Counts != top.Counts {
		t.Errorf("its page's counts %+v, the list's %+v (%v)", detail.Counts, top.Counts, err)
	}
	searched, err := d.SearchedNotOwned(ctx, time.Time{})
	if err != nil || len(searched) != want.SearchedNotOwned {
		t.Errorf("%d names searched and lacking, want %d (%v)", len(searched), want.SearchedNotOwned, err)
	}
}

// p99 is the 99th percentile of took, in milliseconds.
func p99(took []time.Duration) float64 {
	slices.Sort(took)
	return float64(took[len(took)*99/100].Microseconds()) / 1000
}

// BenchmarkShelfFigures reads every title's figures (the « Ludothèque »
// page's and the staff screen's query) over 9,000 titles and 100,000
// plays, and reports the 99th percentile.
func BenchmarkShelfFigures(b *testing.B) {
	ctx := context.Background()
	d, _ := openFigures(b)
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := d.ShelfFigures(ctx, fixtureNow, false); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.ReportMetric(p99(took), "p99-ms")
}

// BenchmarkTitleFigures reads the most played title's page of figures
// (its plays, boxes, notes) and reports the 99th percentile.
func BenchmarkTitleFigures(b *testing.B) {
	ctx := context.Background()
	d, f := openFigures(b)
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := d.TitleFigures(ctx, f.MostPlayed, fixtureNow, false); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.ReportMetric(p99(took), "p99-ms")
}
