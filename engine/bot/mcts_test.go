package bot

import (
	"context"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func position(cells [9]int) *tttState {
	s := &tttState{Cells: cells}
	for _, c := range cells {
		if c != 0 {
			s.Ply++
		}
	}
	return s
}

func TestTestGameHonoursTheContract(t *testing.T) {
	enginetest.Conformance(t, tictactoe{}, enginetest.Config{Seats: []int{2}, Games: 10, MaxPlies: 10})
}

func TestMCTSTakesAWinningMove(t *testing.T) {
	// X to move (seat 0) with 0 and 1 taken: cell 2 wins at once.
	s := position([9]int{1, 1, 0, 2, 2, 0, 0, 0, 0})
	m, err := NewMCTS(tictactoe{}, 1).Choose(context.Background(), s.View(0))
	if err != nil || m.(tttMove).Cell != 2 {
		t.Fatalf("chose %v, %v; want the winning cell 2", m, err)
	}
}

func TestMCTSBlocksALoss(t *testing.T) {
	// O (seat 1) to move; X threatens 0-1-2 at cell 2 and O has no win.
	s := position([9]int{1, 1, 0, 0, 2, 0, 0, 2, 1})
	m, err := NewMCTS(tictactoe{}, 1).Choose(context.Background(), s.View(1))
	if err != nil || m.(tttMove).Cell != 2 {
		t.Fatalf("chose %v, %v; want the block at cell 2", m, err)
	}
}

func TestMCTSBeatsRandomAndNeverLoses(t *testing.T) {
	ctx := context.Background()
	wins, losses := 0, 0
	const games = 60
	for g := 0; g < games; g++ {
		me := engine.Seat(g % 2)
		bots := make([]engine.Bot, 2)
		bots[me] = NewMCTS(tictactoe{}, uint64(g))
		bots[1-me] = NewRandom(uint64(g))
		out, err := Play(ctx, tictactoe{}, engine.Setup{Seats: 2, Seed: uint64(g)}, bots)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case out.Result.Won(me):
			wins++
		case !out.Result.Draw():
			losses++
		}
	}
	if losses > 0 || wins < games*3/4 {
		t.Errorf("MCTS against random: %d wins, %d losses in %d games", wins, losses, games)
	}
}

func TestMCTSStopsWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &tttState{}
	b := NewMCTS(tictactoe{}, 1)
	b.Iterations = 1 << 30
	m, err := b.Choose(ctx, s.View(0))
	if err != nil || m == nil {
		t.Fatalf("cancelled search returned %v, %v; want some legal move", m, err)
	}
}

// counting wraps the test game, counting the states the search imagines
// (one per iteration) and calling at when the count reaches n.
type counting struct {
	tictactoe
	n     int
	count *int
	at    func()
}

func (c counting) Determinize(v engine.View, r *engine.RNG) (engine.State, error) {
	if *c.count++; *c.count == c.n && c.at != nil {
		c.at()
	}
	return c.tictactoe.Determinize(v, r)
}

// Under a deadline the search is not capped by Iterations: it goes on
// until the context ends (here, cancelled at the 200th iteration).
func TestMCTSSearchesUntilTheDeadlineNotACap(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	count := 0
	b := NewMCTS(counting{n: 200, count: &count, at: cancel}, 1)
	b.Iterations = 10
	if _, err := b.Choose(ctx, (&tttState{}).View(0)); err != nil {
		t.Fatal(err)
	}
	if count != 200 {
		t.Errorf("%d iterations; want 200, the one that ended the context", count)
	}
}

// Past its deadline already, the search still runs its floor of
// iterations, and no more.
func TestMCTSRunsItsFloorPastTheDeadline(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	count := 0
	b := NewMCTS(counting{count: &count}, 1)
	m, err := b.Choose(ctx, (&tttState{}).View(0))
	if err != nil || m == nil {
		t.Fatalf("chose %v, %v", m, err)
	}
	if count != b.MinIterations {
		t.Errorf("%d iterations past the deadline; want the floor, %d", count, b.MinIterations)
	}
}

// Without a deadline the search runs its Iterations exactly, so that a
// decision is reproducible from the seed.
func TestMCTSWithoutDeadlineRunsItsIterations(t *testing.T) {
	count := 0
	b := NewMCTS(counting{count: &count}, 1)
	b.Iterations = 37
	if _, err := b.Choose(context.Background(), (&tttState{}).View(0)); err != nil {
		t.Fatal(err)
	}
	if count != 37 {
		t.Errorf("%d iterations; want 37", count)
	}
}

func TestPlayRefusesWrongBotCount(t *testing.T) {
	_, err := Play(context.Background(), tictactoe{}, engine.Setup{Seats: 2}, []engine.Bot{NewRandom(1)})
	if err == nil {
		t.Fatal("Play with one bot for two seats succeeded")
	}
}

func TestNewKnowsTheGenericLevels(t *testing.T) {
	for _, level := range engine.Levels() {
		if _, err := New(tictactoe{}, level, 1); err != nil {
			t.Errorf("level %q: %v", level, err)
		}
	}
	if _, err := New(tictactoe{}, "grandmaster", 1); err == nil {
		t.Error("unknown level accepted")
	}
}

func BenchmarkMCTSDecisionTicTacToe(b *testing.B) {
	s := &tttState{}
	bot := NewMCTS(tictactoe{}, 1)
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), s.View(0)); err != nil {
			b.Fatal(err)
		}
	}
}
