package canyon

import (
	"context"
	"fmt"
	"testing"

	"github.com/tablee/tablee/engine"
)

// The solver in open water: a lone canoe in the wide lower river.
func BenchmarkSolveOpenWater(b *testing.B) {
	bd := board()
	for k := 1; k <= 11; k++ {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			o := occ(at(27, 3), at(26, 6))
			for b.Loop() {
				bd.solve(at(25, 5), k, o)
			}
		})
	}
}

// The solver in crowded narrows: the rocks of rows 13-14 with canoes
// closing most ways, so that long paths must wind back.
func BenchmarkSolveNarrows(b *testing.B) {
	bd := board()
	o := occ(at(13, 4), at(13, 8), at(14, 8), at(15, 5), at(12, 5))
	for k := 1; k <= 11; k++ {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			for b.Loop() {
				bd.solve(at(14, 9), k, o)
			}
		})
	}
}

// Whole 6-player games of uniformly random moves, from engine.NewGame to the
// end, as playouts play them: RandomMove's moves, applied without building
// the events nobody reads. Reported as games per second.
func BenchmarkRandomGame6(b *testing.B) {
	benchRandomGames6(b, func(st engine.State, rng *engine.RNG) { st.(*State).playout(rng) })
}

// The same games through the public Apply, events and all, as a caller
// outside the package (the generic search's playouts) plays them.
func BenchmarkApplyGame6(b *testing.B) {
	benchRandomGames6(b, func(st engine.State, rng *engine.RNG) {
		for st.Turn() != engine.NoSeat {
			if _, err := st.Apply(st.Turn(), st.(engine.RandomMover).RandomMove(rng)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchRandomGames6 times play, a whole 6-player game of random moves
// from rng, on a new game per seed, in games per second.
func benchRandomGames6(b *testing.B, play func(engine.State, *engine.RNG)) {
	r := New()
	seed := uint64(0)
	for b.Loop() {
		seed++
		st, err := engine.NewGame(r, engine.Setup{Seats: 6, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRNG(seed, 3)
		play(st, &rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkBotDecision times the default bot over every decision of the
// first rounds of a 6-player game: placements, bids, tricks and moves.
func BenchmarkBotDecision(b *testing.B) {
	r := New()
	bot, _ := r.Bot("default", 1)
	st, _ := engine.NewGame(r, engine.Setup{Seats: 6, Seed: 3})
	s := st.(*State)
	var views []engine.View
	rng := engine.NewRNG(3, 3)
	for len(views) < 300 && s.t.Phase != PhaseOver {
		views = append(views, s.View(s.Turn()))
		if _, err := s.Apply(s.Turn(), s.RandomMove(&rng)); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if _, err := bot.Choose(ctx, views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
