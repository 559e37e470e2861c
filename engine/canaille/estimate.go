package canaille

import (
	"math"

	"github.com/tablee/tablee/engine"
)

// Estimate judges the position for each seat in [0, 1] from its lead in
// points, so searching bots (the generic MCTS) can stop playouts early. A
// lead of about 8 points, a few good catches, counts as nearly won.
func (s *State) Estimate() []float64 {
	scores := make([]int, s.n)
	if res, over := s.Result(); over {
		copy(scores, res.Scores)
	} else {
		for p := range scores {
			scores[p] = s.Score(engine.Seat(p))
		}
	}
	out := make([]float64, s.n)
	for p := range out {
		out[p] = 0.5 + 0.5*math.Tanh(float64(lead(scores, engine.Seat(p)))/8)
	}
	return out
}
