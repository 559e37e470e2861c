package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// position plays moves (chosen by pick from the legal ones) from the start
// of game, the same every run, and returns the state.
func position(t testing.TB, game string, seats int, seed uint64, plies int) engine.State {
	t.Helper()
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < plies; i++ {
		legal := st.Legal()
		if len(legal) == 0 {
			break
		}
		if _, err := st.Apply(st.Turn(), legal[(i*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func texts(t testing.TB) *i18n.Catalog {
	t.Helper()
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// show puts game's board, still, in a test window of size, showing st.
func show(t *testing.T, game string, st engine.State, size fyne.Size, play func(engine.Seat, engine.Move)) (Board, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	b, err := New(game, Env{Lang: i18n.FR, Texts: texts(t), Name: func(s engine.Seat) string { return []string{"Anja", "Bernd", "Carola", "Dirk"}[s] }, Play: play, Still: true})
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(size)
	b.Update(st.View(engine.Table), st.View(st.Turn()).Legal())
	return b, w
}

func TestBoardsMatchTheirGoldenImages(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
		plies int
	}{
		{"canyonduel", 2, 12},
		{"canoe", 2, 40},
		{"canyon", 4, 30},
		{"canaille", 3, 25},
	} {
		t.Run(c.game, func(t *testing.T) {
			st := position(t, c.game, c.seats, 3, c.plies)
			_, w := show(t, c.game, st, fyne.NewSize(1600, 760), nil)
			test.AssertImageMatches(t, c.game+".png", w.Canvas().Capture())
		})
	}
}

func TestNoBoardForAnUnknownGame(t *testing.T) {
	if _, err := New("chess", Env{Texts: texts(t)}); err == nil {
		t.Error("a board for chess")
	}
}

func TestCanyonKeepsTheFinishedTrickInSight(t *testing.T) {
	test.NewTempApp(t)
	st := position(t, "canyon", 3, 5, 0)
	b := newCanyon(Env{Lang: i18n.FR, Texts: texts(t), Play: func(engine.Seat, engine.Move) {}, Changed: func() {}, Still: true})
	finished := false
	for i := 0; i < 500 && !finished; i++ {
		before := st.View(engine.Table).(*canyon.View)
		b.Update(before, nil)
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		after := st.View(engine.Table).(*canyon.View)
		b.Update(after, nil)
		finished = len(before.Trick) == 2 && len(after.Trick) == 0 && len(after.Played) > len(before.Played)
	}
	if !finished {
		t.Fatal("no trick was finished")
	}
	if len(b.lastTrick) != 3 {
		t.Fatalf("the finished trick shows %d cards, want 3", len(b.lastTrick))
	}
	for st.View(engine.Table).(*canyon.View).Phase == canyon.PhasePlay && len(st.View(engine.Table).(*canyon.View).Trick) == 0 {
		if _, err := st.Apply(st.Turn(), st.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	b.Update(st.View(engine.Table), nil)
	if b.lastTrick != nil {
		t.Error("the finished trick is still shown after the next card")
	}
}
