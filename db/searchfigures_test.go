package db

import (
	"context"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/shelf"
)

// The searches' figures kept between reads take the searches typed
// since: the same lists as counting them all again (the dated read,
// which never keeps), after searches added and after one removed.
func TestSearchFiguresTakeTheSearchesAdded(t *testing.T) {
	ctx := context.Background()
	f, _ := figuresFixture(t)
	long := t0.AddDate(-10, 0, 0) // a date before every search: counted from nothing
	check := func(when string) {
		t.Helper()
		kept, err := f.d.SearchedNotOwned(ctx, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		all, err := f.d.SearchedNotOwned(ctx, long)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(kept) != fmt.Sprint(all) {
			t.Errorf("%s: the kept searches that found nothing %v, counted again %v", when, kept, all)
		}
		counts, err := f.d.SearchCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		rows, err := f.d.r.QueryContext(ctx, `SELECT text FROM shelf_searches`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			rows.Scan(&s)
			if k := f.d.FoldKey(s); k != "" {
				want[k]++
			}
		}
		rows.Close()
		if !maps.Equal(counts, want) {
			t.Errorf("%s: the kept counts %v, counted again %v", when, counts, want)
		}
	}
	check("first read")
	must(t, f.d.Searched(ctx, "Terraforming Mars", 0, t0.Add(time.Minute)))
	must(t, f.d.Searched(ctx, "DIXIT", 0, t0.Add(2*time.Minute)))
	must(t, f.d.Searched(ctx, "Carcassonne", 2, t0.Add(3*time.Minute)))
	check("three searches later")
	if nw, _ := f.d.SearchedNotOwned(ctx, time.Time{}); len(nw) == 0 || nw[0].Text != "DIXIT" || nw[0].Count != 3 {
		t.Errorf("dixit typed three times, the latest DIXIT: %+v", nw)
	}
	if _, err := f.d.w.Exec(`DELETE FROM shelf_searches WHERE text = 'Terraforming Mars'`); err != nil {
		t.Fatal(err)
	}
	must(t, f.d.Searched(ctx, "Brass", 1, t0.Add(4*time.Minute)))
	check("a search removed and another added")
	if nw, _ := f.d.SearchedNotOwned(ctx, time.Time{}); len(nw) != 1 {
		t.Errorf("after Terraforming Mars removed: %+v", nw)
	}
}

// A title's plays kept between its pages follow a play added.
func TestATitlesKeptPlaysFollowAPlayAdded(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	read := func() TitleDetail {
		t.Helper()
		d, err := f.d.TitleFigures(ctx, ts["Carcassonne"].ID, t0.Add(time.Hour), false)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	before, again := read(), read()
	if len(before.Plays) != 3 || len(again.Plays) != 3 || before.Total != 3 {
		t.Fatalf("Carcassonne's plays read twice: %d, %d (total %d), want 3", len(before.Plays), len(again.Plays), before.Total)
	}
	reads := func() int { f.d.figures.mu.Lock(); defer f.d.figures.mu.Unlock(); return f.d.figures.titleReads }
	n := reads()
	f.playTitle(t, "Azul", f.persons(0, 1), engine.RankByScores(make([]int, 2), "sheet-complete"), t0.Add(20*time.Minute))
	if other := read(); len(other.Plays) != 3 || reads() != n {
		t.Errorf("after another title's play: %d plays, read again %d times, want 3 plays kept", len(other.Plays), reads()-n)
	}
	f.playTitle(t, "Carcassonne", f.persons(0, 1), engine.RankByScores(make([]int, 2), "sheet-complete"), t0.Add(30*time.Minute))
	if after := read(); len(after.Plays) != 4 || after.Total != 4 || !after.Plays[3].Ended.Equal(t0.Add(30*time.Minute)) || reads() != n+1 {
		t.Errorf("after a play added: %d plays (total %d, read again %d times), the last %v", len(after.Plays), after.Total, reads()-n, after.Plays[len(after.Plays)-1].Ended)
	}
}

// What a reader makes of the kept figures is made once per read, again
// after a change; of a copy of them, every time.
func TestFiguresMemoIsMadeOncePerRead(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	made := 0
	mk := func() any { made++; return made }
	shared := func() []TitleFigures {
		figs, err := f.d.ShelfFiguresShared(ctx, t0, false)
		if err != nil {
			t.Fatal(err)
		}
		return figs
	}
	a, b := f.d.FiguresMemo(shared(), "k", mk), f.d.FiguresMemo(shared(), "k", mk)
	if a != 1 || b != 1 || made != 1 {
		t.Fatalf("two pages over one read: %v, %v (made %d), want one made", a, b, made)
	}
	if c := f.d.FiguresMemo(shared(), "other", mk); c != 2 {
		t.Errorf("another key gave %v", c)
	}
	copied, err := f.d.ShelfFigures(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if c := f.d.FiguresMemo(copied, "k", mk); c != 3 {
		t.Errorf("a copy of the lines gave %v, want made again", c)
	}
	must(t, f.d.AddNote(ctx, ts["Azul"].Copies[0].ID, "staff", "damage", "coin écrasé", t0))
	if c := f.d.FiguresMemo(shared(), "k", mk); c != 4 {
		t.Errorf("after a note written: %v, want made again", c)
	}
}

// The times taught kept across a box taken follow a lesson added.
func TestKeptTaughtFollowALessonAdded(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	taught := func() int {
		t.Helper()
		figs, err := f.d.ShelfFiguresShared(ctx, t0, false)
		if err != nil {
			t.Fatal(err)
		}
		return figuresByName(t, figs)["Canoë"].Taught
	}
	if n := taught(); n != 2 {
		t.Fatalf("Canoë taught %d times, want the fixture's 2 lessons", n)
	}
	must(t, f.d.Take(ctx, ts["Azul"].Copies[0].ID, "Table 1", t0)) // the figures read again, no lesson more
	if n := taught(); n != 2 {
		t.Errorf("after a box taken: Canoë taught %d times, want 2", n)
	}
	must(t, f.d.RecordTaught(ctx, TaughtLesson, "Table 1", "canoe", "", t0))
	if n := taught(); n != 3 {
		t.Errorf("after a lesson more: Canoë taught %d times, want 3", n)
	}
}

// The names' folded keys of the kept figures are the names folded, made
// once across a box taken.
func TestNameKeysAreTheNamesFoldedKeptAcrossABoxTaken(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	figs, err := f.d.ShelfFiguresShared(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	keys := f.d.NameKeys(figs, "en")
	for i := range figs {
		if want := shelf.FoldKey(figs[i].Names.Name("en")); keys[i] != want {
			t.Errorf("line %d (%s): key %q, want %q", i, figs[i].Names.Name("en"), keys[i], want)
		}
	}
	must(t, f.d.Take(ctx, ts["Azul"].Copies[0].ID, "Table 1", t0))
	again, err := f.d.ShelfFiguresShared(ctx, t0, false)
	if err != nil {
		t.Fatal(err)
	}
	if k := f.d.NameKeys(again, "en"); len(k) != len(keys) || &k[0] != &keys[0] {
		t.Error("the names were folded again after a box taken")
	}
}
