package canyonduel

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
)

// crowded is ply 56 of a random game: 29 pieces, red packed behind the
// canyon with 374 moves, most of them jump chains over its own pieces.
const crowded = `
...YYYYY
.##YYYYY
R###.Y..
.R###.YY
RR.###.Y
.RRR###Y
RRRRR##.
.R.R.R..`

func BenchmarkLegal(b *testing.B) {
	s := position(b, 56, crowded)
	if n := len(s.Legal()); n != 374 {
		b.Fatalf("%d legal moves, want 374", n)
	}
	for b.Loop() {
		s.Legal()
	}
}

// BenchmarkRandomPlayout plays whole games of uniformly random moves from
// the start, as a searching bot's playouts would.
func BenchmarkRandomPlayout(b *testing.B) {
	rng := engine.NewRNG(1, 1)
	plies := 0
	for b.Loop() {
		s := newState()
		for s.Turn() != engine.NoSeat {
			legal := s.Legal()
			if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		plies += s.Plies()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

// BenchmarkBotDecision times the default bot on the crowded position, its
// hardest kind: every one of 374 moves is answered by every reply.
func BenchmarkBotDecision(b *testing.B) {
	v := position(b, 56, crowded).View(0)
	bot := NewBot(1)
	ctx := context.Background()
	for b.Loop() {
		if _, err := bot.Choose(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomStepPlayout plays whole random games as the searching
// bots' playouts now do: RandomMove, then Step.
func BenchmarkRandomStepPlayout(b *testing.B) {
	rng := engine.NewRNG(1, 1)
	plies := 0
	for b.Loop() {
		s := newState()
		for s.Turn() != engine.NoSeat {
			if err := s.Step(s.Turn(), s.RandomMove(&rng)); err != nil {
				b.Fatal(err)
			}
		}
		plies += s.Plies()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}
