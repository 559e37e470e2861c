package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// With no full stop in hand, the player swaps one card at a time, returning
// a fish of their choice under the river per swap, until a full stop comes.
func TestSwapUntilFullStop(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	for range HandSize {
		s.hands[0] = append(s.hands[0], p.act(t, Other, 0, false))
	}
	noStop, stop := p.act(t, Bite, 1, false), p.act(t, Shift, 0, true)
	s.deck = []Card{stop, noStop} // top last
	a, b, tr := p.fish(t, 1), p.fish(t, 3), p.trash(t, 1)
	s.catches[0] = []Card{a, tr, b}
	s.river = River{Cards: []Card{p.fish(t, 2)}}
	s.startTurn()
	if s.phase != phaseSwap || len(s.legal()) != HandSize {
		t.Fatalf("phase %v, moves %v", s.phase, s.legal())
	}
	wantRule(t, s, 0, sentence(s.hands[0][0]), RuleNotNow)
	first := s.hands[0][0]
	mustApply(t, s, 0, Move{Kind: KindSwap, Card: first})
	if s.phase != phaseReturn || len(s.legal()) != 2 || indexOf(s.hands[0], noStop) < 0 {
		t.Fatalf("after a swap: phase %v, moves %v, hand %v", s.phase, s.legal(), s.hands[0])
	}
	wantRule(t, s, 0, Move{Kind: KindReturn, Card: tr}, RuleNotAFish)
	mustApply(t, s, 0, Move{Kind: KindReturn, Card: a})
	if s.phase != phaseSwap || s.river.Cards[s.river.Len()-1] != a {
		t.Fatalf("phase %v, river %v", s.phase, s.river.Cards)
	}
	// The second swap brings a full stop; the last fish is returned by the
	// engine, as it is the only choice.
	mustApply(t, s, 0, Move{Kind: KindSwap, Card: s.hands[0][0]})
	if s.phase != phaseSentence || !sameCards(s.catches[0], []Card{tr}) || len(s.discard) != 2 || indexOf(s.discard, first) != 0 {
		t.Fatalf("phase %v, catch %v, discard %v", s.phase, s.catches[0], s.discard)
	}
}

func TestSwapWithoutFishReturnsNothing(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	for range HandSize {
		s.hands[0] = append(s.hands[0], p.act(t, Other, 0, false))
	}
	s.deck = []Card{p.act(t, Point, 0, true)}
	s.startTurn()
	mustApply(t, s, 0, Move{Kind: KindSwap, Card: s.hands[0][2]})
	if s.phase != phaseSentence || len(s.hands[0]) != HandSize {
		t.Fatalf("phase %v, hand %v", s.phase, s.hands[0])
	}
}

// The hand is refilled one card at a time from the row or the deck, then
// the row is topped up; an empty deck is rebuilt from the shuffled discards.
func TestRefillFromRowAndDeckWithRebuild(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	pt := p.act(t, Point, 0, true)
	s.hands[0] = []Card{pt, p.act(t, Other, 0, false)}
	p.fillRow(t, s)
	r0, r1 := s.row[0], s.row[1]
	d := p.act(t, Bin, 0, true)
	s.deck = []Card{d}
	old := []Card{p.act(t, Fog, 0, true), p.act(t, Fog, 0, true)}
	s.discard = append([]Card(nil), old...)
	s.river = River{Cards: []Card{p.fish(t, 1)}}
	mustApply(t, s, 0, sentence(pt))
	legal := s.legal()
	if s.phase != phaseRefill || len(legal) != RowSize+1 || legal[RowSize].Kind != KindDrawDeck {
		t.Fatalf("phase %v, moves %v", s.phase, legal)
	}
	wantRule(t, s, 0, Move{Kind: KindTakeRow, Card: d}, RuleNotInRow)
	mustApply(t, s, 0, Move{Kind: KindTakeRow, Card: r1})
	mustApply(t, s, 0, Move{Kind: KindDrawDeck})
	if indexOf(s.hands[0], d) < 0 || len(s.deck) != 0 || len(s.discard) != 3 {
		t.Fatalf("hand %v, deck %v, discard %v", s.hands[0], s.deck, s.discard)
	}
	ev := mustApply(t, s, 0, Move{Kind: KindDrawDeck}) // rebuilds the deck from 3 discards
	if !hasEvent(ev, "rebuild") || len(s.discard) != 0 || len(s.hands[0]) != 4 {
		t.Fatalf("no rebuild: deck %v, discard %v, hand %v", s.deck, s.discard, s.hands[0])
	}
	mustApply(t, s, 0, Move{Kind: KindTakeRow, Card: r0})
	// The row is topped up from the two cards left in the rebuilt deck.
	if len(s.hands[0]) != HandSize || len(s.row) != 3 || len(s.deck) != 0 || s.active != 1 {
		t.Fatalf("hand %v, row %v, deck %v, active %v", s.hands[0], s.row, s.deck, s.active)
	}
}

func hasEvent(ev []engine.Event, typ string) bool {
	for _, e := range ev {
		if e.Type == typ {
			return true
		}
	}
	return false
}

// Canaille drawn mid-sentence: the sentence is finished, then Canaille eats
// the five fish nearest the top of its taker's catch, never trash.
func TestCanailleEatsFiveFish(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	cs := []Card{p.act(t, Bite, 2, false), p.act(t, Shift, 0, false), p.act(t, Bite, 1, true)}
	s.hands[0] = append([]Card(nil), cs...)
	bottom := []Card{p.fish(t, 3), p.fish(t, 3)}
	mid := []Card{p.fish(t, 1), p.trash(t, 2), p.fish(t, 2), p.fish(t, 1)}
	s.catches[0] = append(append([]Card(nil), bottom...), mid...)
	s.catches[1] = []Card{p.fish(t, 2), p.fish(t, 2), p.fish(t, 2)}
	after, last, under := p.fish(t, 2), p.trash(t, 1), p.fish(t, 3)
	s.river = River{Cards: []Card{TheCanaille, after, last, under}}
	mustApply(t, s, 0, sentence(cs...))
	res, over := s.Result()
	if !over || res.Reason != "canaille" || s.taker != 0 {
		t.Fatalf("over %v, result %+v, taker %v", over, res, s.taker)
	}
	// Caught after Canaille: "after" (Ça mord 2), then the river is turned
	// and Ça mord 1 takes "under".
	wantLeft := append(append([]Card(nil), bottom...), mid[1])
	if !sameCards(s.catches[0], wantLeft) || len(s.eaten) != 5 {
		t.Fatalf("catch left %v, eaten %v", s.catches[0], s.eaten)
	}
	if res.Scores[0] != 3+3-2 || res.Scores[1] != 6 || !res.Won(1) || res.Won(0) {
		t.Fatalf("result %+v", res)
	}
	if s.Turn() != engine.NoSeat || s.Legal() != nil {
		t.Fatalf("turn %v after the end", s.Turn())
	}
	wantRule(t, s, 0, Move{Kind: KindDrawDeck}, engine.RuleGameOver)
}

func TestEqualScoresShareTheWin(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	bite := p.act(t, Bite, 1, true)
	s.hands[0] = []Card{bite}
	s.catches[1] = []Card{p.fish(t, 2)}
	s.catches[2] = []Card{p.fish(t, 1), p.fish(t, 1)}
	s.river = River{Cards: []Card{TheCanaille}}
	mustApply(t, s, 0, sentence(bite))
	res, _ := s.Result()
	if len(res.Winners) != 2 || !res.Won(1) || !res.Won(2) || res.Ranks[0] != 3 {
		t.Fatalf("result %+v", res)
	}
}

// A game in which Canaille is never drawn still ends: after MaxTurns
// sentences it is scored as it stands.
func TestTurnLimit(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	pt := p.act(t, Point, 0, true)
	s.hands[0] = []Card{pt}
	s.catches[1] = []Card{p.fish(t, 1)}
	s.turns = MaxTurns - 1
	s.river = River{Cards: []Card{TheCanaille}}
	mustApply(t, s, 0, sentence(pt))
	res, over := s.Result()
	if !over || res.Reason != "turn-limit" || !res.Won(1) {
		t.Fatalf("over %v, result %+v", over, res)
	}
}

func TestApplyRefusesBadInput(t *testing.T) {
	s := newGame(2, 0, 5)
	legal := s.legal()
	wantRule(t, s, 1, legal[0], engine.RuleNotYourTurn)
	wantRule(t, s, 0, nil, engine.RuleBadMove)
	wantRule(t, s, 0, (*Move)(nil), engine.RuleBadMove)
	wantRule(t, s, 0, fakeMove{}, engine.RuleBadMove)
	wantRule(t, s, 0, Move{}, RuleNotNow)
	wantRule(t, s, 0, Move{Kind: "fly"}, RuleNotNow)
	wantRule(t, s, 0, Move{Kind: KindSentence, Cards: []Card{0, 200}}, RuleNotInHand)
	wantRule(t, s, -5, legal[0], engine.RuleNotYourTurn)
	m := legal[0]
	if _, err := s.Apply(0, &m); err != nil {
		t.Fatalf("a *Move was refused: %v", err)
	}
}

type fakeMove struct{}

func (fakeMove) String() string { return "fake" }

func TestDecisionsRefuseBadChoices(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	cs := []Card{p.act(t, Release, 1, false), p.act(t, Bin, 0, true)}
	s.hands[0] = append([]Card(nil), cs...)
	f1, f2, t1, t2 := p.fish(t, 1), p.fish(t, 2), p.trash(t, 1), p.trash(t, 2)
	s.catches[0] = []Card{f1, t1, f2, t2}
	other := p.fish(t, 3)
	s.catches[1] = []Card{other}
	mustApply(t, s, 0, sentence(cs...))
	wantRule(t, s, 0, Move{Kind: KindDone}, RuleReleaseMore)
	wantRule(t, s, 0, Move{Kind: KindRelease, Card: t1}, RuleNotAFish)
	wantRule(t, s, 0, Move{Kind: KindRelease, Card: other}, RuleNotInCatch)
	wantRule(t, s, 0, Move{Kind: KindBin, Card: t1}, RuleNotNow)
	mustApply(t, s, 0, Move{Kind: KindRelease, Card: f1})
	mustApply(t, s, 0, Move{Kind: KindDone})
	wantRule(t, s, 0, Move{Kind: KindBin, Card: f2}, RuleNotTrash)
	mustApply(t, s, 0, Move{Kind: KindBin, Card: t2})
	if !sameCards(s.catches[0], []Card{t1, f2}) || !sameCards(s.binned, []Card{t2}) {
		t.Fatalf("catch %v, binned %v", s.catches[0], s.binned)
	}
}

// RandomMove draws exactly the move Legal()[IntN(len)] would, from the
// same numbers, so that a search's playouts do not change with it.
func TestRandomMoveDrawsAsLegalDoes(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		st, err := engine.NewGame(New(), engine.Setup{Seats: 2 + int(seed%3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		enginetest.RandomMoveDrawsAsLegal(t, st, seed)
	}
}
