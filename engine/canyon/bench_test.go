package canyon

import (
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

// Whole 6-player games of uniformly random moves, as bots' playouts play
// them; reported as games per second.
func BenchmarkRandomGame6(b *testing.B) {
	r := NewRules()
	seed := uint64(0)
	for b.Loop() {
		seed++
		st, _ := r.New(engine.Setup{Seats: 6, Seed: seed})
		rng := engine.NewRNG(seed, 3)
		s := st.(*State)
		for s.t.Phase != PhaseOver {
			s.Apply(s.Turn(), s.RandomMove(&rng))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
