package canaille

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// resolve carries out the sentence from the current card until a player
// must decide or the sentence is over. Actions that cannot take effect are
// skipped.
func (s *State) resolve() {
	for s.step < len(s.sentence) {
		if s.startAction(s.sentence[s.step].Face()) {
			return // a decision is needed
		}
		s.step++
	}
	s.endSentence()
}

// startAction carries out an action as far as it goes without a decision,
// and reports whether it now waits for one.
func (s *State) startAction(f Face) bool {
	a := s.actor
	switch f.Kind {
	case Bite:
		for range f.N {
			s.catch(a)
		}
	case Shift:
		if s.river.Len() > 0 {
			s.river.TurnOver()
			if s.loud {
				s.emit(engine.Public("shift", a, map[string]any{"face_up": s.river.FaceUp}))
			}
		}
	case Other:
		s.phase = phaseTarget
		return true
	case Bin:
		if len(ofKind(s.catches[a], Trash)) > 0 {
			s.phase = phaseBin
			return true
		}
	case Release:
		if len(ofKind(s.catches[a], Fish)) > 0 {
			s.phase, s.released = phaseRelease, 0
			return true
		}
	case Fog:
		return s.startFog()
	}
	return false
}

// catch draws the top river card onto the actor's catch.
func (s *State) catch(p engine.Seat) {
	c := s.river.Draw()
	if c != NoCard {
		s.receive(p, c)
	}
}

// receive puts a river card on p's catch, face up for all to see; Canaille
// is set aside beside it, and ends the game after this sentence.
func (s *State) receive(p engine.Seat, c Card) {
	if c == TheCanaille {
		s.taker = p
		if s.loud {
			s.emit(engine.Public("canaille", p, cardData(c)))
		}
		return
	}
	s.catches[p] = append(s.catches[p], c)
	if s.loud {
		s.emit(engine.Public("catch", p, cardData(c)))
	}
}

// startFog draws one river card per player (fewer if the river is short).
// Drawn face up they are seen, and a seen Canaille stays with the actor.
func (s *State) startFog() bool {
	k := min(s.n, s.river.Len())
	if k == 0 {
		return false
	}
	s.fogSeen = s.river.FaceUp
	s.fog = s.fog[:0]
	for range k {
		s.fog = append(s.fog, s.river.Draw())
	}
	clear(s.fogGot)
	if s.loud {
		data := map[string]any{"count": k, "seen": s.fogSeen}
		if s.fogSeen {
			data["cards"] = ids(s.fog)
		}
		s.emit(engine.Public("fog", s.actor, data))
	}
	if s.fogSeen && slices.Contains(s.fog, TheCanaille) {
		s.give(TheCanaille, s.actor)
	}
	if len(s.fog) == 0 {
		return false
	}
	s.phase = phaseGive
	return true
}

// give hands fog card c to p.
func (s *State) give(c Card, p engine.Seat) {
	s.fog = remove(s.fog, c)
	s.fogGot[p] = true
	if s.loud {
		s.emit(engine.Public("give", s.actor, map[string]any{"card": c.ID(), "to": int(p)}))
	}
	s.receive(p, c)
}

// legalAction lists the choices of the action being resolved.
func (s *State) legalAction() []Move {
	a := s.actor
	switch s.phase {
	case phaseTarget:
		var out []Move
		for p := range engine.Seat(s.n) {
			if p != a {
				out = append(out, Move{Kind: KindTarget, Seat: p})
			}
		}
		return out
	case phaseRelease:
		out := cardMoves(KindRelease, ofKind(s.catches[a], Fish))
		if s.released >= s.need() {
			out = append(out, Move{Kind: KindDone})
		}
		return out
	case phaseBin:
		return cardMoves(KindBin, ofKind(s.catches[a], Trash))
	case phaseGive:
		return s.legalGive()
	}
	return nil
}

func (s *State) legalGive() []Move {
	var out []Move
	cards := []Card{NoCard} // blind: the next card, unseen
	if s.fogSeen {
		cards = s.fog
	}
	for _, c := range cards {
		for p := range engine.Seat(s.n) {
			if !s.fogGot[p] {
				out = append(out, Move{Kind: KindGive, Card: c, Seat: p})
			}
		}
	}
	return out
}

// need is the N of the Relâche being resolved.
func (s *State) need() int { return s.sentence[s.step].Face().N }

// checkAction returns why m is not a valid choice for the current action.
func (s *State) checkAction(m Move) error {
	a := s.actor
	switch m.Kind {
	case KindTarget:
		if !m.Seat.Valid(s.n) || m.Seat == a {
			return engine.Broken(RuleBadTarget, "%v must name another player, not %v", a, m.Seat)
		}
	case KindRelease:
		return inCatch(s.catches[a], m.Card, Fish)
	case KindDone:
		if s.released < s.need() {
			return engine.BrokenWith(RuleReleaseMore, map[string]any{"N": s.need(), "Done": s.released}, "release at least %d fish (%d so far)", s.need(), s.released)
		}
	case KindBin:
		return inCatch(s.catches[a], m.Card, Trash)
	case KindGive:
		return s.checkGive(m)
	}
	return nil
}

func (s *State) checkGive(m Move) error {
	if !m.Seat.Valid(s.n) || s.fogGot[m.Seat] {
		return engine.Broken(RuleBadRecipient, "%v cannot receive a fog card: each player gets at most one", m.Seat)
	}
	if !s.fogSeen && m.Card != NoCard {
		return engine.Broken(RuleBlindGive, "the fog cards were drawn face down: give the next one unseen")
	}
	if s.fogSeen && indexOf(s.fog, m.Card) < 0 {
		return engine.Broken(RuleNotDrawn, "%v is not among the fog cards to give", m.Card)
	}
	return nil
}

// doAction makes a checked choice and resumes the sentence when the action
// is complete.
func (s *State) doAction(m Move) {
	a := s.actor
	switch m.Kind {
	case KindTarget:
		if s.loud {
			s.emit(engine.Public("target", a, map[string]any{"to": int(m.Seat)}))
		}
		s.actor = m.Seat
	case KindRelease:
		s.catches[a] = remove(s.catches[a], m.Card)
		s.river.PutUnder(m.Card)
		s.released++
		if s.loud {
			s.emit(engine.Public("release", a, cardData(m.Card)))
		}
		if len(ofKind(s.catches[a], Fish)) > 0 {
			return
		}
	case KindBin:
		s.catches[a] = remove(s.catches[a], m.Card)
		s.binned = append(s.binned, m.Card)
		if s.loud {
			s.emit(engine.Public("bin", a, cardData(m.Card)))
		}
	case KindGive:
		c := m.Card
		if !s.fogSeen {
			c = s.fog[0]
		}
		s.give(c, m.Seat)
		if len(s.fog) > 0 {
			return
		}
	}
	s.step++
	s.resolve()
}
