package window

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/kiosk/server"
)

// TestTheLobbyTeachesThenOffersARealGame: "Apprendre" on Canoë's tile
// opens its lesson on the table; played through, the lesson offers a real
// game, which starts at once with the same seats: the learner on the
// table and a bot.
func TestTheLobbyTeachesThenOffersARealGame(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.attract.Touch()
	for _, g := range catalog.Registry().IDs() {
		if k.ui.lobby.LearnButton(g) == nil {
			t.Errorf("no %q button on %s's tile", "Apprendre", g)
		}
	}
	test.Tap(k.ui.lobby.LearnButton("canoe"))
	l := k.ui.Learn()
	if l == nil || k.w.Content() != l.Content() {
		t.Fatal("the lesson does not show")
	}
	if k.tb.Session() != nil {
		t.Error("a lesson started a session: it is not a game to log")
	}
	ls, _ := lesson.For("canoe")
	for i, s := range ls.Steps {
		b := l.Game().Board()
		for _, p := range board.Spots(b, s.Expect[0]) {
			test.TapAt(b, p)
		}
		// The next step's words show once the screen has the new position.
		next := ls.End
		if i+1 < len(ls.Steps) {
			next = ls.Steps[i+1].Text
		}
		k.until(func() bool { return l.Said() == k.ui.cat.T("fr", next) })
	}
	k.until(l.Offered)
	test.Tap(l.PlayButton())
	k.q.Settle()
	s := k.tb.Session()
	if s == nil || s.Game().Info().ID != "canoe" || k.ui.board == nil {
		t.Fatal("the offer did not start a real game of Canoë on the table")
	}
	seats := k.tb.Server().Seats()
	if len(seats) != 2 || seats[0].State != server.SeatTable || seats[1].State != server.SeatBot {
		t.Errorf("the real game's seats are %+v, want the learner on the table and a bot", seats)
	}
}

// holdTimers keeps the window's timers of duration d (the lesson's,
// the replay's idle wait) from running on their own: fire runs the one
// armed, failing unless exactly one is, and settles the UI; armed counts
// those waiting.
func (k *testKiosk) holdTimers(t *testing.T, d time.Duration, what string) (fire func(), armed func() int) {
	var held []func()
	k.ui.after = func(got time.Duration, f func()) {
		if got == d {
			held = append(held, f)
		}
	}
	fire = func() {
		t.Helper()
		if len(held) != 1 {
			t.Fatalf("%d %s timers armed, want 1", len(held), what)
		}
		f := held[0]
		held = nil
		f()
		k.q.Settle()
	}
	return fire, func() int { return len(held) }
}

// TestALessonLeftAloneGoesBackToTheAttractScreen: guests who walk away
// from a lesson leave the table inviting for the next ones; a lesson in
// use is not cut short.
func TestALessonLeftAloneGoesBackToTheAttractScreen(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	fire, armed := k.holdTimers(t, LessonIdleAfter, "lesson")
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LearnButton("canoe"))
	l := k.ui.Learn()
	if l == nil {
		t.Fatal("the lesson does not show")
	}
	// A move tried since the timer was armed: the lesson stays.
	ls, _ := lesson.For("canoe")
	b := l.Game().Board()
	for _, p := range board.Spots(b, ls.Steps[0].Expect[0]) {
		test.TapAt(b, p)
	}
	k.until(func() bool { return l.Tries() > 0 })
	fire()
	if k.ui.Learn() != l || k.w.Content() != l.Content() {
		t.Fatal("a lesson in use went back to the attract screen")
	}
	// Nothing tried for a whole wait: back to the attract screen.
	fire()
	if k.ui.attract == nil || k.w.Content() != k.ui.attract.Content() {
		t.Fatal("a lesson left alone stays on the table")
	}
	if armed() != 0 {
		t.Error("the lesson's timer is armed again after it left")
	}

	// A lesson left through its own button stops watching.
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LearnButton("canoe"))
	test.Tap(k.ui.Learn().BackButton())
	k.q.Settle()
	fire()
	if k.ui.lobby == nil {
		t.Error("a timer of a lesson already left moved the lobby")
	}
}

// A lesson killed mid-way comes back at its step: the table keeps the
// lesson and its steps made, and the restarted kiosk opens it there; left
// for the lobby, it is forgotten.
func TestALessonKilledMidWayComesBackAtItsStep(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LearnButton("canoe"))
	l := k.ui.Learn()
	ls, _ := lesson.For("canoe")
	b := l.Game().Board()
	for _, p := range board.Spots(b, ls.Steps[0].Expect[0]) {
		test.TapAt(b, p)
	}
	k.until(func() bool { return l.Said() == k.ui.cat.T("fr", ls.Steps[1].Text) })
	again := k.crash(t)
	back := again.ui.Learn()
	if back == nil || again.w.Content() != back.Content() {
		t.Fatal("the restarted table does not show the lesson")
	}
	if back.Step() != 1 || back.Said() != again.ui.cat.T("fr", ls.Steps[1].Text) {
		t.Fatalf("the lesson came back at step %d saying %q, want step 2", back.Step()+1, back.Said())
	}
	test.Tap(back.BackButton())
	third := again.crash(t)
	if third.ui.Learn() != nil || third.ui.attract == nil {
		t.Error("a lesson left for the lobby comes back after a restart")
	}
}
