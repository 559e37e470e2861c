package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// place puts seat's canoe on a free start cell; after the last canoe the
// first round is dealt.
func (s *State) place(seat int, m Move) ([]engine.Event, error) {
	c, ok := s.cellOf(m)
	if !ok || !s.b.IsStart(c) {
		return nil, engine.BrokenWith(RuleNotAStartCell, cellArgs(m), "%d,%d is not a start cell", m.Row, m.Col)
	}
	if slices.Contains(s.t.Canoes, c) {
		return nil, engine.BrokenWith(RuleStartCellTaken, cellArgs(m), "another canoe is on %d,%d", m.Row, m.Col)
	}
	s.t.Canoes[seat] = c
	var ev []engine.Event
	if !s.quiet {
		ev = []engine.Event{engine.Public("place", engine.Seat(seat), map[string]any{"cell": c})}
	}
	if s.t.Mover++; s.t.Mover < s.t.Seats {
		s.t.ToMove = engine.Seat(s.seatAt(s.t.Mover))
		return ev, nil
	}
	return s.startRound(ev), nil
}

// startRound deals the cards of the round track's position and turns up
// trump; the start player reveals a tempo first.
func (s *State) startRound(ev []engine.Event) []engine.Event {
	s.t.Round++
	n := roundTrack[s.t.Track]
	s.dealBuf = dealInto(&s.rng, s.hands, s.dealBuf, n)
	hands := s.hands
	s.t.Trump, s.deck = s.dealBuf[s.t.Seats*n], s.dealBuf[s.t.Seats*n+1:]
	for i := range s.t.Tempo {
		s.t.Tempo[i], s.t.Tricks[i] = nil, 0
	}
	s.t.Trick, s.t.Played = s.t.Trick[:0], s.t.Played[:0]
	s.t.Phase, s.t.Mover, s.t.Leader = PhaseTempo, 0, s.t.Start
	s.t.ToMove = engine.Seat(s.t.Start)
	if s.quiet {
		return ev
	}
	trump := s.t.Trump
	ev = append(ev, engine.Public("deal", engine.Seat(s.t.Dealer), map[string]any{
		"round": s.t.Round, "track": s.t.Track + 1, "cards": n}))
	for seat, h := range hands {
		ev = append(ev, engine.Private("hand", engine.Seat(seat), engine.Seat(seat), map[string]any{"cards": slices.Clone(h)}))
	}
	return append(ev, engine.Public("trump", engine.NoSeat, map[string]any{"card": boxed(trump)}))
}

// revealTempo shows seat's tempo; after the dealer's the start player leads.
func (s *State) revealTempo(seat int, m Move) ([]engine.Event, error) {
	tempo, err := checkTempo(m.Tempo)
	if err != nil {
		return nil, err
	}
	s.t.Tempo[seat] = normTempo(m.Tempo)
	var ev []engine.Event
	if !s.quiet {
		ev = []engine.Event{engine.Public("tempo", engine.Seat(seat), map[string]any{"cards": slices.Clone(s.t.Tempo[seat]), "tempo": tempo})}
	}
	if s.t.Mover++; s.t.Mover < s.t.Seats {
		s.t.ToMove = engine.Seat(s.seatAt(s.t.Mover))
		return ev, nil
	}
	s.t.Phase, s.t.Mover = PhasePlay, 0
	s.t.ToMove = engine.Seat(s.t.Start)
	return ev, nil
}

// play adds seat's card to the trick; a full trick goes to its winner, who
// leads the next; after the last trick the canoes move.
func (s *State) play(seat int, m Move) ([]engine.Event, error) {
	if err := canPlay(s.hands[seat], s.t.Trick, m.Card); err != nil {
		return nil, err
	}
	s.hands[seat] = removeCard(s.hands[seat], m.Card)
	s.t.Trick = append(s.t.Trick, m.Card)
	var ev []engine.Event
	if !s.quiet {
		ev = []engine.Event{engine.Public("play", engine.Seat(seat), map[string]any{"card": boxed(m.Card)})}
	}
	if len(s.t.Trick) < s.t.Seats {
		s.t.ToMove = engine.Seat((seat + 1) % s.t.Seats)
		return ev, nil
	}
	winner := (s.t.Leader + trickWinner(s.t.Trick, s.t.Trump.Suit)) % s.t.Seats
	s.t.Tricks[winner]++
	s.t.Played = append(s.t.Played, s.t.Trick...)
	s.t.Trick = s.t.Trick[:0]
	s.t.Leader = winner
	s.t.ToMove = engine.Seat(winner)
	if !s.quiet {
		ev = append(ev, engine.Public("trick", engine.Seat(winner), map[string]any{"tricks": s.t.Tricks[winner]}))
	}
	if len(s.hands[winner]) > 0 {
		return ev, nil
	}
	return s.startMovement(ev), nil
}

// startMovement brings the canoes that fell last round back on the cave
// footbridge, then moves the canoes in turn order.
func (s *State) startMovement(ev []engine.Event) []engine.Event {
	for seat, fell := range s.t.Fallen {
		if fell {
			s.t.Fallen[seat] = false
			s.t.Canoes[seat] = s.b.cave
			if s.quiet {
				continue
			}
			ev = append(ev, engine.Public("reenter", engine.Seat(seat), map[string]any{"cell": s.b.cave}))
		}
	}
	s.t.Mover = 0
	return s.moveCanoes(ev)
}

// moveCanoes moves the canoes from the current mover on, until a player must
// choose among tied endpoints or every canoe has moved.
func (s *State) moveCanoes(ev []engine.Event) []engine.Event {
	for ; s.t.Mover < s.t.Seats; s.t.Mover++ {
		seat := s.seatAt(s.t.Mover)
		if s.t.Canoes[seat] < 0 || s.t.Docked[seat] {
			continue // fell this round: off the board until the next one
		}
		var p plan
		p, ev = s.movement(seat, ev)
		if len(p.Ends) > 1 {
			s.t.Phase, s.t.ToMove = PhaseMove, engine.Seat(seat)
			s.t.Ends = p.Ends
			return ev
		}
		if len(p.Ends) == 1 {
			ev = s.moveTo(seat, p.Ends[0], ev)
		}
	}
	return s.endRound(ev)
}

// movement works out seat's movement: the optimal-movement plan, or a drift
// (already done, returning an empty plan) for a canoe in the current that
// missed its tempo.
func (s *State) movement(seat int, ev []engine.Event) (plan, []engine.Event) {
	from := s.t.Canoes[seat]
	tempo, tricks := s.tempoOf(seat), s.t.Tricks[seat]
	k := movementPoints(tempo, tricks)
	if s.b.Current(from) {
		if tempo != tricks {
			return plan{}, s.drift(seat, ev)
		}
		k = bonus(tempo)
	}
	s.t.Points = k
	occ := s.occupied(seat)
	p := s.b.solve(from, k, &occ)
	if p.Dock {
		s.t.Leftover[seat] = k - p.Steps
	}
	if len(p.Ends) == 0 && !s.quiet {
		ev = append(ev, engine.Public("stay", engine.Seat(seat), map[string]any{"cell": from, "points": k}))
	}
	return p, ev
}

// occupied is the set of cells holding a canoe other than seat's.
func (s *State) occupied(seat int) cellSet {
	var occ cellSet
	for i, c := range s.t.Canoes {
		if i != seat && c >= 0 {
			occ.add(c)
		}
	}
	return occ
}

func (s *State) tempoOf(seat int) int {
	sum := 0
	for _, c := range s.t.Tempo[seat] {
		sum += c
	}
	return sum
}

// moveTo ends seat's movement on cell.
func (s *State) moveTo(seat, cell int, ev []engine.Event) []engine.Event {
	from := s.t.Canoes[seat]
	s.t.Canoes[seat] = cell
	docked := s.b.IsDock(cell)
	if docked {
		s.t.Docked[seat] = true
	}
	if s.quiet {
		return ev
	}
	data := map[string]any{"from": from, "to": cell, "points": s.t.Points}
	if docked {
		data["leftover"] = s.t.Leftover[seat]
	}
	return append(ev, engine.Public("movement", engine.Seat(seat), data))
}

// chooseEnd is a player's pick among the tied endpoints of their movement.
func (s *State) chooseEnd(seat int, m Move) ([]engine.Event, error) {
	c, ok := s.cellOf(m)
	if !ok || !slices.Contains(s.t.Ends, c) {
		args := cellArgs(m)
		args["N"] = len(s.t.Ends)
		return nil, engine.BrokenWith(RuleNotOptimalEndpoint, args, "%d,%d is not one of the tied optimal endpoints", m.Row, m.Col)
	}
	s.t.Ends = s.t.Ends[:0]
	ev := s.moveTo(seat, c, nil)
	s.t.Mover++
	return s.moveCanoes(ev), nil
}

// endRound ends the game if a canoe docked, else moves the round marker on;
// the start player becomes the dealer.
func (s *State) endRound(ev []engine.Event) []engine.Event {
	s.t.Ends, s.t.Points = s.t.Ends[:0], 0
	if !s.quiet {
		ev = append(ev, engine.Public("round-end", engine.NoSeat, map[string]any{"round": s.t.Round}))
	}
	if slices.Contains(s.t.Docked, true) {
		s.t.Phase, s.t.ToMove = PhaseOver, engine.NoSeat
		if s.quiet {
			return ev
		}
		res, _ := s.Result()
		return append(ev, engine.Public("game-end", engine.NoSeat, map[string]any{"winners": res.WinnerList()}))
	}
	s.t.Track = nextTrack(s.t.Track, s.t.LessLuck)
	s.t.Dealer = s.t.Start
	s.t.Start = (s.t.Dealer + 1) % s.t.Seats
	return s.startRound(ev)
}
