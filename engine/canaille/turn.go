package canaille

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// Rule ids of decisions other than the sentence.
const (
	RuleNotNow       = "not-now"       // this kind of move is not the decision asked
	RuleNotInCatch   = "not-in-catch"  // the card is not in the actor's catch
	RuleNotAFish     = "not-a-fish"    // only fish are released or returned
	RuleNotTrash     = "not-trash"     // only trash is binned
	RuleBadTarget    = "bad-target"    // Autre pêcheur names another player
	RuleReleaseMore  = "release-more"  // Relâche N: at least N fish first
	RuleBadRecipient = "bad-recipient" // each player gets at most one fog card
	RuleNotDrawn     = "not-drawn"     // the fog card given is not among those drawn
	RuleBlindGive    = "blind-give"    // fog drawn face down: cards cannot be told apart
	RuleNotInRow     = "not-in-row"    // take-row names a face-up action card
	RuleEmptyDeck    = "empty-deck"    // no action card left to draw
)

// Apply makes seat's move, then every forced step that follows (a decision
// with a single option is taken by the engine, not asked).
func (s *State) Apply(seat engine.Seat, mv engine.Move) ([]engine.Event, error) {
	s.events, s.loud = nil, true
	err := s.act(seat, mv)
	ev := s.events
	s.events, s.loud = nil, false
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// Step is Apply without the events, for engine.Stepper: the same checks
// and rules, with no event built.
func (s *State) Step(seat engine.Seat, mv engine.Move) error { return s.act(seat, mv) }

// act checks seat's move, then makes it and the forced steps after it;
// events are built only while s.loud.
func (s *State) act(seat engine.Seat, mv engine.Move) error {
	if turn := s.Turn(); seat != turn {
		return engine.NotYourTurn(seat, turn)
	}
	m, ok := asMove(mv)
	if !ok {
		return engine.Broken(engine.RuleBadMove, "%T is not a Canaille move", mv)
	}
	if err := s.check(m); err != nil {
		return err
	}
	s.do(m)
	s.plies++
	s.settle()
	return nil
}

func asMove(mv engine.Move) (Move, bool) {
	switch m := mv.(type) {
	case Move:
		return m, true
	case *Move:
		if m != nil {
			return *m, true
		}
	}
	return Move{}, false
}

// wants lists the move kinds each phase accepts.
var wants = map[phase][]MoveKind{
	phaseSwap:     {KindSwap},
	phaseReturn:   {KindReturn},
	phaseSentence: {KindSentence},
	phaseTarget:   {KindTarget},
	phaseRelease:  {KindRelease, KindDone},
	phaseBin:      {KindBin},
	phaseGive:     {KindGive},
	phaseRefill:   {KindTakeRow, KindDrawDeck},
}

// check returns why m cannot be made now, without changing anything.
func (s *State) check(m Move) error {
	if !slices.Contains(wants[s.phase], m.Kind) {
		return engine.Broken(RuleNotNow, "%s is not possible now: %v must %s", m.Kind, s.Turn(), s.phase)
	}
	switch m.Kind {
	case KindSwap:
		return inHand(s.hands[s.active], m.Card)
	case KindReturn:
		return inCatch(s.catches[s.active], m.Card, Fish)
	case KindSentence:
		return CheckSentence(s.hands[s.active], m.Cards)
	case KindTakeRow:
		if indexOf(s.row, m.Card) < 0 {
			return engine.BrokenWith(RuleNotInRow, cardArgs(m.Card), "%v is not face up beside the deck", m.Card)
		}
	case KindDrawDeck:
		if len(s.deck)+len(s.discard) == 0 {
			return engine.Broken(RuleEmptyDeck, "no action card is left to draw")
		}
	default:
		return s.checkAction(m)
	}
	return nil
}

func inHand(hand []Card, c Card) error {
	if indexOf(hand, c) < 0 {
		return engine.BrokenWith(RuleNotInHand, cardArgs(c), "%v is not in your hand", c)
	}
	return nil
}

func inCatch(catch []Card, c Card, k Kind) error {
	if indexOf(catch, c) < 0 {
		return engine.BrokenWith(RuleNotInCatch, cardArgs(c), "%v is not in the catch", c)
	}
	if c.Kind() != k {
		if k == Fish {
			return engine.BrokenWith(RuleNotAFish, cardArgs(c), "%v is not a fish", c)
		}
		return engine.BrokenWith(RuleNotTrash, cardArgs(c), "%v is not trash", c)
	}
	return nil
}

// do makes a checked move.
func (s *State) do(m Move) {
	switch m.Kind {
	case KindSwap:
		s.swap(m.Card)
	case KindReturn:
		s.returnFish(m.Card)
	case KindSentence:
		s.lay(m.Cards)
	case KindTakeRow:
		s.takeRow(m.Card)
	case KindDrawDeck:
		s.drawDeck()
	default:
		s.doAction(m)
	}
}

// settle takes every decision that has a single option, so players are
// asked only real choices. A sentence is always asked: it is the turn.
func (s *State) settle() {
	for s.phase != phaseSentence && s.phase != phaseOver {
		legal := s.legal()
		if len(legal) != 1 {
			return
		}
		s.do(legal[0])
	}
}

// Legal lists the moves of Turn().
func (s *State) Legal() []engine.Move {
	ms := s.legal()
	if len(ms) == 0 {
		return nil
	}
	out := make([]engine.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// RandomMove draws a uniformly random legal move, for engine.RandomMover:
// the move Legal()[r.IntN(n)] would be, the same number drawn, without
// boxing every legal move as Legal does.
func (s *State) RandomMove(r *engine.RNG) engine.Move {
	ms := s.legal()
	if len(ms) == 0 {
		return nil
	}
	return ms[r.IntN(len(ms))]
}

func (s *State) legal() []Move {
	switch s.phase {
	case phaseSwap:
		return cardMoves(KindSwap, s.hands[s.active])
	case phaseReturn:
		return cardMoves(KindReturn, ofKind(s.catches[s.active], Fish))
	case phaseSentence:
		var out []Move
		for _, cs := range Sentences(s.hands[s.active]) {
			out = append(out, Move{Kind: KindSentence, Cards: cs})
		}
		return out
	case phaseRefill:
		out := cardMoves(KindTakeRow, s.row)
		if len(s.deck)+len(s.discard) > 0 {
			out = append(out, Move{Kind: KindDrawDeck})
		}
		return out
	case phaseOver:
		return nil
	}
	return s.legalAction()
}

func cardMoves(k MoveKind, cs []Card) []Move {
	out := make([]Move, 0, len(cs)+1)
	for _, c := range cs {
		out = append(out, Move{Kind: k, Card: c})
	}
	return out
}

func ofKind(cs []Card, k Kind) []Card {
	var out []Card
	for _, c := range cs {
		if c.Kind() == k {
			out = append(out, c)
		}
	}
	return out
}

// startTurn asks the active player for a sentence, or for swaps first if
// they hold no full stop.
func (s *State) startTurn() {
	s.actor = s.active
	if HasFullStop(s.hands[s.active]) {
		s.phase = phaseSentence
	} else {
		s.phase = phaseSwap
	}
}

// swap discards c and draws the top of the action deck; then a fish goes
// back to the river if the catch holds one.
func (s *State) swap(c Card) {
	p := s.active
	s.hands[p] = remove(s.hands[p], c)
	s.discard = append(s.discard, c)
	if s.loud {
		s.emit(engine.Public("swap", p, cardData(c)))
	}
	s.hands[p] = append(s.hands[p], s.drawAction(p))
	if len(ofKind(s.catches[p], Fish)) > 0 {
		s.phase = phaseReturn
		return
	}
	s.startTurn()
}

func (s *State) returnFish(c Card) {
	p := s.active
	s.catches[p] = remove(s.catches[p], c)
	s.river.PutUnder(c)
	if s.loud {
		s.emit(engine.Public("return", p, cardData(c)))
	}
	s.startTurn()
}

// lay starts resolving a sentence.
func (s *State) lay(cards []Card) {
	p := s.active
	s.sentence = slices.Clone(cards) // before the hand shrinks: cards may share its array
	for _, c := range s.sentence {
		s.hands[p] = remove(s.hands[p], c)
	}
	s.step, s.actor = 0, p
	s.turns++
	if s.loud {
		s.emit(engine.Public("sentence", p, map[string]any{"cards": ids(s.sentence)}))
	}
	s.resolve()
}

// endSentence discards the sentence; the game ends if Canaille came out,
// else the active player refills their hand.
func (s *State) endSentence() {
	s.discard = append(s.discard, s.sentence...)
	s.sentence, s.step, s.actor = nil, 0, s.active
	if s.taker != engine.NoSeat {
		s.finish(ReasonCanaille)
		return
	}
	s.phase = phaseRefill
	s.refillDone()
}

func (s *State) takeRow(c Card) {
	s.row = remove(s.row, c)
	s.hands[s.active] = append(s.hands[s.active], c)
	if s.loud {
		s.emit(engine.Public("take-row", s.active, cardData(c)))
	}
	s.refillDone()
}

func (s *State) drawDeck() {
	s.hands[s.active] = append(s.hands[s.active], s.drawAction(s.active))
	s.refillDone()
}

// refillDone ends the refill once the hand is full (or nothing is left to
// take): the row is topped up and the next player begins.
func (s *State) refillDone() {
	if len(s.hands[s.active]) < HandSize && len(s.row)+len(s.deck)+len(s.discard) > 0 {
		return
	}
	s.refillRow()
	s.active = (s.active + 1) % engine.Seat(s.n)
	if s.turns >= MaxTurns {
		s.finish(ReasonTurnLimit)
		return
	}
	s.startTurn()
}

func (s *State) refillRow() {
	for len(s.row) < RowSize && len(s.deck)+len(s.discard) > 0 {
		c := s.popDeck()
		s.row = append(s.row, c)
		if s.loud {
			s.emit(engine.Public("row", engine.NoSeat, cardData(c)))
		}
	}
}

// drawAction draws the top action card into p's knowledge: only p learns
// which card it is.
func (s *State) drawAction(p engine.Seat) Card {
	c := s.popDeck()
	if s.loud {
		s.emit(engine.Public("draw-deck", p, nil))
		s.emit(engine.Private("drawn", p, p, cardData(c)))
	}
	return c
}

// popDeck takes the top of the action deck, first rebuilding an empty deck
// from the shuffled discards. Callers make sure a card is left.
func (s *State) popDeck() Card {
	if len(s.deck) == 0 {
		s.deck, s.discard = s.discard, nil
		s.shuffle(s.deck)
		if s.loud {
			s.emit(engine.Public("rebuild", engine.NoSeat, map[string]any{"count": len(s.deck)}))
		}
	}
	c := s.deck[len(s.deck)-1]
	s.deck = s.deck[:len(s.deck)-1]
	return c
}

// Why a game of Canaille ends, the Reason of its Result.
const (
	ReasonCanaille  = "canaille"   // the sentence that drew Canaille was played out
	ReasonTurnLimit = "turn-limit" // MaxTurns turns were played
)

// finish scores the game. Canaille, if drawn, first eats the five fish
// nearest the top of its taker's catch.
func (s *State) finish(reason string) {
	if s.taker != engine.NoSeat {
		s.eat(s.taker)
	}
	scores := make([]int, s.n)
	for i := range scores {
		scores[i] = s.Score(engine.Seat(i))
	}
	s.result = engine.RankByScores(scores, reason)
	s.phase = phaseOver
	if s.loud {
		s.emit(engine.Public("end", engine.NoSeat, map[string]any{"reason": reason, "scores": scores}))
	}
}

// CanailleEats is how many fish Canaille eats.
const CanailleEats = 5

func (s *State) eat(p engine.Seat) {
	catch := s.catches[p]
	for i := len(catch) - 1; i >= 0 && len(s.eaten) < CanailleEats; i-- {
		if catch[i].Kind() == Fish {
			s.eaten = append(s.eaten, catch[i])
			catch = slices.Delete(catch, i, i+1)
		}
	}
	s.catches[p] = catch
	if s.loud {
		s.emit(engine.Public("eaten", p, map[string]any{"cards": ids(s.eaten)}))
	}
}

// emit records an event of the move being applied; callers build events
// only while s.loud, so a Step allocates none.
func (s *State) emit(e engine.Event) { s.events = append(s.events, e) }

func remove(cs []Card, c Card) []Card {
	if i := indexOf(cs, c); i >= 0 {
		return slices.Delete(cs, i, i+1)
	}
	return cs
}

func cardData(c Card) map[string]any { return map[string]any{"card": c.ID()} }

func ids(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID()
	}
	return out
}
