package bot

import (
	"context"
	"testing"

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
