package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// RandomMove draws a uniformly random legal move without listing them all,
// which keeps playouts cheap.
func (s *State) RandomMove(r *engine.RNG) engine.Move {
	m, ok := s.randomMove(r)
	if !ok {
		return nil
	}
	if m.Kind == KindTempo {
		m.Tempo = slices.Clone(m.Tempo) // the caller may keep or change it
	}
	return m
}

// randomMove is RandomMove as a plain Move, drawing the same numbers from r;
// a tempo's cards are shared with tempoBids and must not be written. The
// second result is false when there is no legal move (the game is over).
func (s *State) randomMove(r *engine.RNG) (Move, bool) {
	switch s.t.Phase {
	case PhaseTempo:
		return Tempo(tempoBids[r.IntN(len(tempoBids))]...), true
	case PhasePlay:
		hand := s.hands[s.t.ToMove]
		if len(s.t.Trick) == 0 || !hasSuit(hand, s.t.Trick[0].Suit) {
			return Play(hand[r.IntN(len(hand))]), true
		}
		led := s.t.Trick[0].Suit
		n := 0
		for _, c := range hand {
			if c.Suit == led {
				n++
			}
		}
		k := r.IntN(n)
		for _, c := range hand {
			if c.Suit == led {
				if k == 0 {
					return Play(c), true
				}
				k--
			}
		}
	case PhaseMove:
		// Legal lists the tied endpoints in order.
		if len(s.t.Ends) > 0 {
			return moveToCell(s.b, s.t.Ends[r.IntN(len(s.t.Ends))]), true
		}
	case PhasePlace:
		// Legal lists the free start cells in board order.
		n := 0
		for _, c := range s.b.starts {
			if !slices.Contains(s.t.Canoes, c) {
				n++
			}
		}
		if n == 0 {
			break
		}
		k := r.IntN(n)
		for _, c := range s.b.starts {
			if !slices.Contains(s.t.Canoes, c) {
				if k == 0 {
					r, col := s.b.RowCol(c)
					return Place(r, col), true
				}
				k--
			}
		}
	}
	return Move{}, false
}

// Playout is playout, for engine.Playouter.
func (s *State) Playout(r *engine.RNG) { s.playout(r) }

// playout plays uniformly random moves (RandomMove's, drawn from r) until
// the game is over, without building the events nobody reads: the state it
// ends in is the one Apply would reach with the same moves.
func (s *State) playout(r *engine.RNG) {
	s.quiet = true
	defer func() { s.quiet = false }()
	for s.t.Phase != PhaseOver {
		m, ok := s.randomMove(r)
		if !ok {
			panic("canyon: no legal move in phase " + s.t.Phase)
		}
		if _, err := s.apply(int(s.t.ToMove), m); err != nil {
			panic("canyon: a random move was refused: " + err.Error())
		}
	}
}
