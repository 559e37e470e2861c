package screen

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/scoresheet"
)

// sheetSession is a score-sheet play in memory: the engine's state, moved
// as the host moves it (any seat its own lines, at any time).
type sheetSession struct {
	mu    sync.Mutex
	rules sheet.Rules
	st    engine.State
}

func newSheetSession(t *testing.T, sheetID string, seats int) *sheetSession {
	t.Helper()
	r := sheet.New()
	st, err := engine.NewGame(r, engine.Setup{Seats: seats, Options: map[string]string{sheet.OptionSheet: sheetID, sheet.OptionTitle: sheetID}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return &sheetSession{rules: r, st: st}
}

func (s *sheetSession) Game() engine.Rules { return s.rules }
func (s *sheetSession) View(v engine.Seat) engine.View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.View(v)
}
func (s *sheetSession) Play(_ context.Context, seat engine.Seat, m engine.Move) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := s.st.Clone()
	if _, err := next.Apply(seat, m); err != nil {
		return err
	}
	s.st = next
	return nil
}
func (s *sheetSession) enter(t *testing.T, seat int, cat string, round, v int) {
	t.Helper()
	if err := s.Play(context.Background(), engine.Seat(seat), sheet.Enter(engine.Seat(seat), cat, round, v)); err != nil {
		t.Fatal(err)
	}
}

// clock is a fake clock and the timer callbacks waiting on it.
type clock struct {
	now     time.Time
	pending []func()
}

func (c *clock) Now() time.Time                  { return c.now }
func (c *clock) After(_ time.Duration, f func()) { c.pending = append(c.pending, f) }
func (c *clock) advance(d time.Duration, do func(func())) {
	c.now = c.now.Add(d)
	p := c.pending
	c.pending = nil
	for _, f := range p {
		f()
	}
}

type sheetStage struct {
	s   *Sheet
	ss  *sheetSession
	clk *clock
	win fyne.Window
}

func newSheetStage(t *testing.T, sheetID string, seats []SheetSeat, lang i18n.Lang, long time.Duration) *sheetStage {
	t.Helper()
	test.NewTempApp(t).Settings().SetTheme(NewTheme())
	ss := newSheetSession(t, sheetID, len(seats))
	sh, _ := ss.rules.Sheet(sheetID)
	clk := &clock{now: time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)}
	s, err := NewSheet(SheetConfig{Words: words(t, lang), Session: ss, Sheet: sh, Title: sh.Name.In(string(lang)), Seats: seats,
		Started: clk.now, Now: clk.Now, After: clk.After, Do: func(f func()) { f() }, Long: long,
		Shuffle: func(n int) []int {
			out := make([]int, n)
			for i := range out {
				out[i] = (i + 1) % n
			}
			return out
		}})
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	return &sheetStage{s: s, ss: ss, clk: clk, win: w}
}

func TestSheetAreasKeepPanelsApartAndOnTheTable(t *testing.T) {
	screen := fyne.NewSize(1920, 1080)
	for n := 1; n <= 8; n++ {
		slots := SheetSlots(n)
		ups := make([]fyne.Size, n)
		for i := range ups {
			ups[i] = SheetUpright(n, i%2 == 0, screen.Width)
		}
		panels, middle := SheetAreas(slots, ups, screen)
		if middle.Size.Width < 600 || middle.Size.Height < 380 {
			t.Errorf("%d seats: the middle is %v, too small for the sheet", n, middle.Size)
		}
		for i, p := range panels {
			if p.Pos.X < 0 || p.Pos.Y < 0 || p.Pos.X+p.Size.Width > screen.Width || p.Pos.Y+p.Size.Height > screen.Height {
				t.Errorf("%d seats: panel %d at %v off the table", n, i, p)
			}
			if p.Overlaps(middle) {
				t.Errorf("%d seats: panel %d at %v covers the middle %v", n, i, p, middle)
			}
			for j := range i {
				if p.Overlaps(panels[j]) {
					t.Errorf("%d seats: panels %d and %d overlap: %v, %v", n, j, i, panels[j], p)
				}
			}
		}
	}
}

func TestSheetGridFitsItsArea(t *testing.T) {
	for _, c := range []struct {
		area       fyne.Size
		cols, rows int
	}{{fyne.NewSize(1200, 420), 4, 3}, {fyne.NewSize(900, 300), 6, 8}, {fyne.NewSize(1500, 600), 1, 20}} {
		g := LaySheetGrid(c.area, c.cols, c.rows)
		last := g.Cell(c.cols-1, c.rows-1)
		if end := last.Pos.Add(last.Size); end.X > c.area.Width+0.5 || end.Y > c.area.Height+0.5 {
			t.Errorf("%+v: the last cell ends at %v", c, end)
		}
		if g.Text < sheetTextMin || g.Text > BodySize || g.Row > sheetRowMax {
			t.Errorf("%+v: text %v, rows %v", c, g.Text, g.Row)
		}
		if g.Cell(0, 0).Overlaps(g.Cell(1, 0)) || g.Cell(0, 0).Overlaps(g.Cell(0, 1)) || g.Cell(-1, 0).Overlaps(g.Cell(0, 0)) {
			t.Errorf("%+v: neighbouring cells overlap", c)
		}
	}
}

// A guest without a phone fills their lines on the table's pad, with
// sums; a private line shows as written, not its value, until the middle
// reveals it for everyone; the missing lines are named in words.
func TestATouchSeatFillsItsLinesOnThePad(t *testing.T) {
	st := newSheetStage(t, "skullking", []SheetSeat{{Name: "Anja", Touch: true, State: "table"}, {Name: "Bernd", State: "connected"}}, i18n.FR, 0)
	s, ss := st.s, st.ss
	pad := s.Pad(0)
	if s.Pad(1) != nil {
		t.Fatal("a phone's seat has a pad on the table")
	}
	if cat, r := pad.Line(); cat != "bid" || r != 1 {
		t.Fatalf("the pad starts on %s/%d, want the bid of round 1", cat, r)
	}
	if want := "Anja n'a pas de score pour Annonce à la manche 1."; !strings.HasPrefix(s.Status(), want) {
		t.Errorf("the middle says %q, want it to start with %q", s.Status(), want)
	}
	pad.Type("1+1")
	if pad.Said() != "1+1 = 2" {
		t.Errorf("the pad says %q while a sum is typed", pad.Said())
	}
	pad.Type("OK")
	if v := ss.View(0).(*sheet.View); !hasCell(v, 0, "bid", 1, 2, false) {
		t.Fatalf("Anja's bid is not 2: %+v", v.Cells)
	}
	if got := cellText(s.w, s.view, "bid", 0, 1); got != "✓" {
		t.Errorf("the table shows Anja's private bid as %q before the reveal", got)
	}
	if cat, r := pad.Line(); cat != "points" || r != 1 {
		t.Errorf("after the bid the pad is on %s/%d, want the points of round 1", cat, r)
	}
	// A refused sum is said in words; nothing is written.
	pad.Type("3++OK")
	if !strings.Contains(pad.Said(), "position 3") {
		t.Errorf("a bad sum says %q", pad.Said())
	}
	pad.Type("C")
	if s.Action("reveal") != nil {
		t.Error("a reveal is offered before every seat wrote its bid")
	}
	ss.enter(t, 1, "bid", 1, 1)
	s.Show(nil)
	reveal := s.Action("reveal")
	if reveal == nil || reveal.Text != "Révéler : Annonce, manche 1" {
		t.Fatalf("no reveal of the round's bids once both wrote theirs: %v", reveal)
	}
	test.Tap(reveal)
	if got := cellText(s.w, s.view, "bid", 0, 1); got != "2" {
		t.Errorf("after the reveal the table shows %q for Anja's bid", got)
	}
	if !strings.Contains(s.Status(), "révélé à tous") {
		t.Errorf("the middle says %q after the reveal", s.Status())
	}
	// A correction: back to the bid, another value.
	pad.Prev()
	if cat, r := pad.Line(); cat != "bid" || r != 1 {
		t.Fatalf("◀ went to %s/%d", cat, r)
	}
	pad.Type("3OK")
	if v := ss.View(1).(*sheet.View); !hasCell(v, 0, "bid", 1, 3, false) {
		t.Errorf("the corrected bid is not 3 for everyone after the reveal: %+v", v.Cells)
	}
}

func hasCell(v *sheet.View, seat int, cat string, round, value int, hidden bool) bool {
	for _, c := range v.Cells {
		if c.Seat == seat && c.Category == cat && c.Round == round {
			return c.Value == value && c.Hidden == hidden
		}
	}
	return false
}

// The timer counts on the injected clock, pauses, and says the staff's
// "running long" once past it; each second asks for the next, and a
// paused timer asks for none.
func TestTheSheetsTimerPausesAndSaysItRunsLong(t *testing.T) {
	st := newSheetStage(t, "generic", []SheetSeat{{Name: "Anja", Touch: true}, {Name: "Bernd", Touch: true}}, i18n.FR, 90*time.Minute)
	s, clk := st.s, st.clk
	do := func(f func()) { f() }
	clk.advance(65*time.Second, do)
	if c, long := s.Clock(); c != "1:05" || long != "" {
		t.Errorf("after 65 s the timer shows %q, %q", c, long)
	}
	test.Tap(s.PauseButton())
	clk.advance(10*time.Minute, do)
	if c, _ := s.Clock(); c != "En pause 1:05" || len(clk.pending) != 0 {
		t.Errorf("paused, the timer shows %q with %d ticks pending", c, len(clk.pending))
	}
	test.Tap(s.PauseButton())
	clk.advance(89*time.Minute, do)
	if c, long := s.Clock(); c != "1:30:05" || !strings.Contains(long, "90 min") {
		t.Errorf("after 90 min of play: %q, %q", c, long)
	}
}

// The first player, or the whole order, is drawn and said in the middle
// and in each seat's panel, turned to it.
func TestTheSheetDrawsWhoStarts(t *testing.T) {
	st := newSheetStage(t, "generic", []SheetSeat{{Name: "Anja", Touch: true}, {Name: "Bernd"}, {Name: "Carola"}}, i18n.FR, 0)
	s := st.s
	s.draw(false)
	if s.first.Text != "Bernd commence." || s.panels[1].marker.Text != "★ Vous commencez" || s.panels[0].marker.Text != "" {
		t.Errorf("the draw says %q, Bernd's panel %q, Anja's %q", s.first.Text, s.panels[1].marker.Text, s.panels[0].marker.Text)
	}
	s.draw(true)
	if s.first.Text != "Ordre du tour : 1. Bernd, 2. Carola, 3. Anja" || s.panels[0].marker.Text != "Vous jouez en n° 3" {
		t.Errorf("the order says %q, Anja's panel %q", s.first.Text, s.panels[0].marker.Text)
	}
	if s.Panel(2).Turn() != geom.Turn(geom.Top.QuarterTurns()) {
		t.Errorf("Carola's panel, at the top, is turned %v", s.Panel(2).Turn())
	}
}

// The group decides only what the sheet cannot: a tie with no tie-breaker
// left, a cooperative outcome, the winning team; then the end.
func TestTheSheetAsksOnlyWhatItCannotDecide(t *testing.T) {
	st := newSheetStage(t, "generic", []SheetSeat{{Name: "Anja", Touch: true}, {Name: "Bernd", Touch: true}}, i18n.FR, 0)
	s := st.s
	s.Pad(0).Type("5OK")
	s.Pad(1).Type("5OK")
	if s.Action("wins-0") == nil || s.Action("share") == nil || s.Action("end") != nil {
		t.Fatalf("a tie offers %v", keys(s))
	}
	if !strings.Contains(s.Status(), "Anja, Bernd") {
		t.Errorf("the tie says %q", s.Status())
	}
	s.Pad(1).Prev()
	s.Pad(1).Type("7OK")
	if s.Action("wins-0") != nil || s.Action("end") == nil || s.Action("round") == nil {
		t.Fatalf("no tie: the middle offers %v", keys(s))
	}
	test.Tap(s.Action("end"))
	res, over := st.ss.st.Result()
	if !over || len(res.Winners) != 1 || res.Winners[0] != 1 {
		t.Errorf("the play ended %v with %+v", over, res)
	}

	coop := newSheetStage(t, "pandemic", []SheetSeat{{Name: "Anja", Touch: true}, {Name: "Bernd"}}, i18n.EN, 0)
	if coop.s.Action("won") == nil || coop.s.Action("lost") == nil || coop.s.Action("end") != nil {
		t.Fatalf("a cooperative play offers %v", keys(coop.s))
	}
	test.Tap(coop.s.Action("lost"))
	test.Tap(coop.s.Action("end"))
	if res, over := coop.ss.st.Result(); !over || res.Reason != sheet.ReasonLost {
		t.Errorf("the cooperative play ended %v, %+v", over, res)
	}

	teams := newSheetStage(t, "codenames", []SheetSeat{{Name: "Anja"}, {Name: "Bernd"}, {Name: "Carola"}, {Name: "Dora"}}, i18n.DE, 0)
	b := teams.s.Action("wins-1")
	if b == nil || b.Text != "Blau gewinnt" {
		t.Fatalf("the team play offers %v", keys(teams.s))
	}
	test.Tap(b)
	test.Tap(teams.s.Action("end"))
	if res, _ := teams.ss.st.Result(); len(res.Winners) != 2 || res.Winners[0] != 1 || res.Winners[1] != 3 {
		t.Errorf("blue's seats should win: %+v", res)
	}
}

func keys(s *Sheet) []string {
	var out []string
	for k := range s.acts {
		out = append(out, k)
	}
	return out
}

// sheetStages are the score-sheet screens the size tests lay out: every
// ready sheet with a guest on the table and phones, at two to six seats.
func sheetStages(t *testing.T, lang i18n.Lang) []*sheetStage {
	var out []*sheetStage
	ids := scoresheet.Ready().IDs()
	if testing.Short() {
		// The win rules' kinds: points by rounds, private lines, coop, teams.
		ids = []string{"skullking", "pandemic", "codenames"}
	}
	counts := []int{2, 4, 6}
	if testing.Short() {
		counts = []int{2, 4}
	}
	for _, id := range ids {
		for _, n := range counts {
			seats := make([]SheetSeat, n)
			for i := range seats {
				seats[i] = SheetSeat{Name: "Maximiliane " + strings.Repeat("W", 3), State: "connected", Touch: i%2 == 0}
			}
			st := newSheetStage(t, id, seats, lang, time.Minute)
			st.s.draw(true)
			st.clk.advance(2*time.Minute, func(f func()) { f() })
			if p := st.s.Pad(0); p != nil {
				p.Type("123+45+6")
			}
			out = append(out, st)
		}
	}
	return out
}

// Every text and button of the score-sheet screen lies inside its panel,
// and the middle's inside the middle, in every language, for every ready
// sheet at two, four and six seats.
func TestEveryTextFitsTheSheetsPanels(t *testing.T) {
	for _, lang := range i18n.Langs() {
		for _, st := range sheetStages(t, lang) {
			s := st.s
			for i := range s.panels {
				for _, bad := range outside(s.Panel(i).Content(), s.PanelSize(i)) {
					t.Errorf("%s, %s, %d seats, seat %d: %s", s.cfg.Sheet.ID, lang, len(s.panels), i, bad)
				}
			}
			middle := s.root.Objects[0]
			at := middle.Position()
			middle.Move(fyne.Position{})
			bads := outside(middle, middle.Size())
			middle.Move(at)
			for _, bad := range bads {
				t.Errorf("%s, %s, %d seats, the middle: %s", s.cfg.Sheet.ID, lang, len(s.panels), bad)
			}
		}
	}
}

// Every button of the score-sheet screen, the pads' keys included, is at
// least a finger wide.
func TestEveryTargetOfTheSheetIsAFingerWide(t *testing.T) {
	for _, st := range sheetStages(t, i18n.DE) {
		s := st.s
		for i := range s.panels {
			for label, size := range buttons(s.Panel(i).Content()) {
				if min(size.Width, size.Height) < geom.MinTarget {
					t.Errorf("%s, %d seats, seat %d's %q is %v", s.cfg.Sheet.ID, len(s.panels), i, label, size)
				}
			}
		}
		for label, size := range buttons(s.root.Objects[0]) {
			if min(size.Width, size.Height) < geom.MinTarget {
				t.Errorf("%s, %d seats, the middle's %q is %v", s.cfg.Sheet.ID, len(s.panels), label, size)
			}
		}
	}
}

// A tie among six seats asks who won in rows of buttons that stay inside
// the middle.
func TestASixWayTieFitsTheMiddle(t *testing.T) {
	seats := make([]SheetSeat, 6)
	for i := range seats {
		seats[i] = SheetSeat{Name: "Maximiliane " + strings.Repeat("W", 3), Touch: true}
	}
	st := newSheetStage(t, "generic", seats, i18n.DE, 0)
	for i := range seats {
		st.s.Pad(i).Type("7OK")
	}
	if st.s.Action("wins-5") == nil || st.s.Action("share") == nil {
		t.Fatalf("a six-way tie offers %v", keys(st.s))
	}
	middle := st.s.root.Objects[0]
	at := middle.Position()
	middle.Move(fyne.Position{})
	defer middle.Move(at)
	for _, bad := range outside(middle, middle.Size()) {
		t.Errorf("the middle: %s", bad)
	}
}
