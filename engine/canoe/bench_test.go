package canoe

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
)

// midGame is the position after 30 random plies of a seeded game, before
// anyone has won: about 15 pegs on the board, supplies half spent.
func midGame(b *testing.B) *State {
	s := newGame(b)
	r := engine.NewRNG(11, 11)
	for s.plies < 30 {
		if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
			b.Fatal(err)
		}
		if s.Turn() == engine.NoSeat {
			b.Fatal("the random game ended early")
		}
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := midGame(b)
	b.ReportMetric(float64(len(s.Legal())), "moves")
	b.ResetTimer()
	for b.Loop() {
		s.Legal()
	}
}

// BenchmarkRandomPlayout plays whole games by RandomMove and Apply, the
// way searching bots roll out.
func BenchmarkRandomPlayout(b *testing.B) {
	r := engine.NewRNG(1, 1)
	plies := 0
	for b.Loop() {
		s := newState()
		for s.Turn() != engine.NoSeat {
			if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
				b.Fatal(err)
			}
		}
		plies += s.plies
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkBotDecision is one decision of the default bot in a mid-game
// position, from its view.
func BenchmarkBotDecision(b *testing.B) {
	s := midGame(b)
	v := s.View(s.Turn())
	bot := NewBot(1)
	ctx := context.Background()
	for b.Loop() {
		if _, err := bot.Choose(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBotDecisionCrowded is the bot's decision with every peg on the
// board, where it has the most moves to weigh.
func BenchmarkBotDecisionCrowded(b *testing.B) {
	v := crowded(b).View(0)
	bot := NewBot(1)
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), v); err != nil {
			b.Fatal(err)
		}
	}
}
