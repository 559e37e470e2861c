package bot

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Random plays a uniformly random legal move: the baseline other bots are
// measured against.
type Random struct{ rng engine.RNG }

// NewRandom returns a random bot whose choices are fixed by seed.
func NewRandom(seed uint64) *Random { return &Random{rng: engine.NewRNG(seed, 1)} }

// Choose picks one of v's legal moves at random.
func (b *Random) Choose(_ context.Context, v engine.View) (engine.Move, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return nil, fmt.Errorf("random bot: %v has no legal move", v.Viewer())
	}
	return legal[b.rng.IntN(len(legal))], nil
}
