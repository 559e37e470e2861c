package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// RandomMove only draws legal moves, and every legal move comes up.
func TestRandomMoveIsLegal(t *testing.T) {
	s := newGame(t, 4, 6)
	rng := engine.NewRNG(6, 6)
	for range 400 {
		if s.t.Phase == PhaseOver {
			break
		}
		legal := map[string]bool{}
		for _, m := range s.Legal() {
			legal[m.String()] = true
		}
		drawn := map[string]bool{}
		for range 200 {
			drawn[s.RandomMove(&rng).String()] = true
		}
		for m := range drawn {
			if !legal[m] {
				t.Fatalf("drew %s, not legal", m)
			}
		}
		if len(drawn) != len(legal) {
			t.Fatalf("drew %d of %d legal moves", len(drawn), len(legal))
		}
		s.Apply(s.Turn(), s.RandomMove(&rng))
	}
}
