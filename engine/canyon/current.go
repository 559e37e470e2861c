package canyon

import "github.com/tablee/tablee/engine"

// drift carries seat's canoe, which missed its tempo on a current cell, one
// cell along its arrow. A canoe already there is pushed along its own cell's
// arrow first, and so on down the chain; a canoe carried into the waterfall
// falls and is off the board for the rest of the round.
func (s *State) drift(seat int, ev []engine.Event) []engine.Event {
	from := s.t.Canoes[seat]
	if s.quiet {
		return s.carry(seat, ev)
	}
	ev = append(ev, engine.Public("drift", engine.Seat(seat), map[string]any{"from": from, "to": s.b.drift[from]}))
	return s.carry(seat, ev)
}

// carry moves seat's canoe one cell along the arrow of the cell it is on,
// pushing whatever canoe is in the way first.
func (s *State) carry(seat int, ev []engine.Event) []engine.Event {
	from := s.t.Canoes[seat]
	to := s.b.drift[from]
	if s.b.terrain[to] == waterfall {
		s.t.Canoes[seat], s.t.Fallen[seat] = -1, true
		if s.quiet {
			return ev
		}
		return append(ev, engine.Public("fall", engine.Seat(seat), map[string]any{"from": from}))
	}
	if other := s.canoeAt(to); other >= 0 {
		if !s.b.Current(to) {
			// Every arrow of the map points into the current or the
			// waterfall (a test pins it), so this cannot happen; if it
			// did, the chain would be stuck and nobody moves.
			return ev
		}
		if !s.quiet {
			ev = append(ev, engine.Public("push", engine.Seat(other), map[string]any{"from": to, "to": s.b.drift[to], "by": seat}))
		}
		ev = s.carry(other, ev)
	}
	s.t.Canoes[seat] = to
	return ev
}

// canoeAt is the seat whose canoe is on cell, or -1.
func (s *State) canoeAt(cell int) int {
	for seat, c := range s.t.Canoes {
		if c == cell {
			return seat
		}
	}
	return -1
}
