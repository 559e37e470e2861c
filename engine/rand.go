package engine

import (
	"math/bits"
	"math/rand/v2"
)

// RNG is the deterministic random source of a game. It is a plain value:
// copying it (as State.Clone does) copies its position in the stream, so a
// replay from the same seed draws the same numbers.
type RNG struct{ pcg rand.PCG }

// NewRNG returns a source for seed; stream separates independent uses of
// one seed (the game's shuffles, a bot's search...).
func NewRNG(seed, stream uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, stream^0x9e3779b97f4a7c15)}
}

// Uint64 returns 64 random bits.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform number in [0, n); n must be positive.
func (r *RNG) IntN(n int) int {
	// Lemire's multiply-and-reject: unbiased without division in the common case.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.pcg.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.pcg.Uint64()>>11) / (1 << 53) }

// Shuffle permutes n elements with swap, uniformly (Fisher–Yates).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
