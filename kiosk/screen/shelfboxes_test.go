package screen

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// TestTheShelfFitsWithAnyBoxesAtTheTable: with two boxes at the table the
// long side's screen ran 117 px below the screen's edge (1197 px of
// 1080), the list « À cette table » under the keyboard. With 0, 1, 2, 3
// and 5 boxes, from every side and in every language, every text and
// target lies within the screen (the turned screen covering the table's
// 1920 × 1080 exactly), every target is a finger wide, the titles found
// still show, and every box is named whole on some page of the list,
// with its « Rendre ».
func TestTheShelfFitsWithAnyBoxesAtTheTable(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 5} {
		for _, side := range []geom.Side{geom.Bottom, geom.Left, geom.Top, geom.Right} {
			for _, lang := range langs {
				if testing.Short() && (side == geom.Top || side == geom.Right || lang == "en" || (lang == "fr" && side != geom.Bottom)) {
					// -short: German's texts, the longest, from a long and
					// a short side (the others are the same screens
					// turned), and French from the bottom.
					continue
				}
				t.Run(fmt.Sprintf("%d boxes/%d/%s", n, side, lang), func(t *testing.T) {
					shelfFitsWithBoxes(t, n, side, i18n.Lang(lang))
				})
			}
		}
	}
}

func shelfFitsWithBoxes(t *testing.T, n int, side geom.Side, lang i18n.Lang) {
	lib := shelftest.NewMemory(shelftest.Demo())
	titles, err := lib.Titles(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// The longest names of the demo shelf first: the rows that need the
	// most room.
	longest := func(ti shelf.Title) int { return len([]rune(ti.Names.Name(string(lang)))) }
	taken := 0
	for taken < n {
		best := -1
		for i, ti := range titles {
			if _, ok := ti.Free(); ok && (best < 0 || longest(ti) > longest(titles[best])) {
				best = i
			}
		}
		if best < 0 {
			t.Fatalf("only %d free boxes on the demo shelf, want %d", taken, n)
		}
		c, _ := titles[best].Free()
		if err := lib.Take(context.Background(), c.ID, "Table 1", evening); err != nil {
			t.Fatal(err)
		}
		titles = append(titles[:best], titles[best+1:]...)
		taken++
	}
	s, w := newShelfKeeping(t, lib, side, lang)
	w.Resize(fyne.NewSize(1920, 1080))
	if len(s.AtTable()) != n {
		t.Fatalf("%d boxes at the table, want %d", len(s.AtTable()), n)
	}
	screen := s.upright()
	check := func(state string) {
		t.Helper()
		if m := s.Upright().MinSize(); m.Width > screen.Width || m.Height > screen.Height {
			t.Errorf("%s: the screen needs %v, more than the table's %v", state, m, screen)
		}
		if side != geom.Bottom {
			if got := s.panel.Turned(); got != fyne.NewSize(1920, 1080) {
				t.Errorf("%s: the turned screen is %v, not the table's 1920×1080", state, got)
			}
			s.panel.Redraw()
		}
		area := screen
		if side == geom.Bottom {
			// Upright, the window's own canvas (the test window's
			// padding inside the table's screen).
			area = s.Upright().Size().Add(s.Upright().Position()).Add(s.Upright().Position())
			if area.Width > screen.Width || area.Height > screen.Height || area.Width < screen.Width-24 || area.Height < screen.Height-24 {
				t.Errorf("%s: the screen is laid out at %v, not the table's %v", state, area, screen)
			}
		}
		for _, bad := range outside(s.Upright(), area) {
			t.Errorf("%s: outside the screen: %s", state, bad)
		}
		small, seen := uitest.SmallTargets(s.Upright(), TouchSize, state)
		if seen < 40 {
			t.Errorf("%s: only %d targets seen", state, seen)
		}
		for _, l := range small {
			t.Error(l)
		}
	}
	// The titles found: the longest list, cut to the room left.
	for range shelfMinutes {
		test.Tap(s.Stepper("minutes+"))
	}
	shown := 0
	for _, o := range s.results.Objects {
		if o.Visible() {
			shown++
		}
	}
	if min := 3; shown < min {
		t.Errorf("%d titles found on screen of %d, want at least %d", shown, len(s.Matches()), min)
	}
	// Every box named whole on some page, with its buttons.
	named := map[int64]bool{}
	for page := 0; page < (n+herePageSize-1)/herePageSize; page++ {
		check(fmt.Sprintf("page %d of the boxes", page+1))
		drawn := strings.Join(strings.Fields(strings.Join(drawnTexts(s.here), " | ")), " ")
		for _, c := range s.AtTable() {
			if s.GiveButton(c.ID) == nil {
				continue
			}
			if line := strings.Join(strings.Fields(s.copyLine(c)), " "); !strings.Contains(drawn, line) {
				t.Errorf("page %d: the box %q is not drawn whole: %q", page+1, line, drawn)
			}
			if s.KeepButton(c.ID) == nil {
				t.Errorf("page %d: %q has « Rendre » but no « Noter les scores ici »", page+1, s.copyLine(c))
			}
			named[c.ID] = true
		}
		if more := s.HereMore(); more != nil {
			test.Tap(more)
		} else if n > herePageSize {
			t.Fatalf("%d boxes and no button to the next page", n)
		}
	}
	if n == 0 {
		check("no box")
	}
	if len(named) != n {
		t.Errorf("%d of the %d boxes named on the pages", len(named), n)
	}
	// Giving one back: the question, its answers and the keyboard fit.
	if n > 0 {
		test.Tap(s.GiveButton(s.AtTable()[0].ID))
		s.Type("il manque une carte")
		if s.Answer("complete") == nil || !s.Answer("complete").Visible() {
			t.Fatal("giving back: no « complete » answer on screen")
		}
		check("giving back")
	}
}
