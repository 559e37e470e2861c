package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// RandomMove draws a uniformly random legal move without listing them all,
// which keeps playouts cheap.
func (s *State) RandomMove(r *engine.RNG) engine.Move {
	switch s.t.Phase {
	case PhaseTempo:
		return Tempo(slices.Clone(tempoBids[r.IntN(len(tempoBids))])...)
	case PhasePlay:
		hand := s.hands[s.t.ToMove]
		if len(s.t.Trick) == 0 || !hasSuit(hand, s.t.Trick[0].Suit) {
			return Play(hand[r.IntN(len(hand))])
		}
		n := 0
		for _, c := range hand {
			if c.Suit == s.t.Trick[0].Suit {
				n++
			}
		}
		k := r.IntN(n)
		for _, c := range hand {
			if c.Suit == s.t.Trick[0].Suit {
				if k == 0 {
					return Play(c)
				}
				k--
			}
		}
	}
	legal := s.Legal()
	if len(legal) == 0 {
		return nil
	}
	return legal[r.IntN(len(legal))]
}
