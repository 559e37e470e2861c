package window

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/shelf"
)

// A lesson begun on the table and a staff call to have the rules
// explained during the game it then starts are what the ludothèque's
// figures count as Canoë taught; a plain call (a drink, a question) is
// not.
func TestALessonAndACallDuringAGameAreTaught(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.now = func() time.Time { return time.Date(2026, 10, 16, 20, 0, 0, 0, time.UTC) }
	taught := func() int {
		t.Helper()
		figs, err := k.tb.DB().ShelfFigures(context.Background(), k.ui.now(), false)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range figs {
			if f.Engine == "canoe" {
				return f.Taught
			}
		}
		t.Fatal("the demo shelf has no Canoë")
		return 0
	}
	k.ui.callStaff(true) // no game at the table: nothing taught
	if n := taught(); n != 0 {
		t.Fatalf("before the lesson: taught %d times", n)
	}
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LearnButton("canoe"))
	if k.ui.Learn() == nil {
		t.Fatal("the lesson does not show")
	}
	if n := taught(); n != 1 {
		t.Errorf("after the lesson began: taught %d times, want 1", n)
	}
	test.Tap(k.ui.Learn().PlayButton())
	k.q.Settle()
	if s := k.tb.Session(); s == nil || s.Game().Info().ID != "canoe" {
		t.Fatal("no game of Canoë on the table")
	}
	k.ui.callStaff(false)
	if n := taught(); n != 1 {
		t.Errorf("after a plain call during the game: taught %d times, want still 1", n)
	}
	k.ui.callStaff(true)
	if n := taught(); n != 2 {
		t.Errorf("after a call for the rules during the game: taught %d times, want 2", n)
	}
}

// The staff screen's short figures come from the table's database: on a
// fresh table, every demo box is unplayed and nothing was searched.
func TestTheStaffFiguresHaveTheShelfInShort(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	ctx := context.Background()
	if err := k.tb.DB().Searched(ctx, "Dixit 2", 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	f, err := k.ui.rec.Figures(ctx, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	sf := f.Shelf
	if sf.Venue || len(sf.Top) != 0 || sf.Unplayed != 45 || sf.UnplayedMonths != 6 || sf.Repairs != 0 ||
		len(sf.Searched) != 1 || sf.Searched[0].Text != "Dixit 2" {
		t.Errorf("a fresh table's shelf in short: %+v", sf)
	}
	// Two boxes given back, one damaged and incomplete, one incomplete.
	titles, err := k.tb.DB().Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var boxes []int64
	for _, ti := range titles {
		if len(ti.Copies) > 0 && len(boxes) < 2 {
			boxes = append(boxes, ti.Copies[0].ID)
		}
	}
	for i, n := range []struct {
		box  int
		kind shelf.NoteKind
	}{{0, shelf.NoteDamage}, {0, shelf.NoteMissing}, {1, shelf.NoteMissing}} {
		if err := k.tb.DB().AddNote(ctx, boxes[n.box], "staff", n.kind, fmt.Sprint("note ", i), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if f, err = k.ui.rec.Figures(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	if sf := f.Shelf; sf.Repairs != 2 || sf.Damaged != 1 || sf.Incomplete != 2 {
		t.Errorf("boxes to repair %d (damaged %d, incomplete %d), want 2 (1, 2)", sf.Repairs, sf.Damaged, sf.Incomplete)
	}
}
