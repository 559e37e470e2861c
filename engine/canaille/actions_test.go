package canaille

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// Rulebook example 1, river face down: Ça mord 3 / Déplacement / Autre
// pêcheur / Relâche 2 / Brouillard. The named player releases and then
// shares the fog cards, which they see since the river is now face up.
func TestRulebookExample1(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	ex := []Card{p.act(t, Bite, 3, false), p.act(t, Shift, 0, false), p.act(t, Other, 0, false), p.act(t, Release, 2, false), p.act(t, Fog, 0, true)}
	s.hands[0] = append([]Card(nil), ex...)
	s.hands[1] = []Card{p.act(t, Point, 0, true)}
	f1a, f2a, t1a, f3a, f1b, f1c, f2b, f1d := p.fish(t, 1), p.fish(t, 2), p.trash(t, 1), p.fish(t, 3), p.fish(t, 1), p.fish(t, 1), p.fish(t, 2), p.fish(t, 1)
	s.river = River{Cards: []Card{f1a, f2a, t1a, f3a, f1b, f1c, f2b, f1d}}
	f1x, f2x, f3x := p.fish(t, 1), p.fish(t, 2), p.fish(t, 3)
	s.catches[1] = []Card{f1x, f2x, f3x}
	s.row = []Card{p.act(t, Bin, 0, true), p.act(t, Bin, 0, true), p.act(t, Bin, 0, false)}
	for range 6 {
		s.deck = append(s.deck, p.act(t, Other, 0, false))
	}

	mustApply(t, s, 0, sentence(ex...))
	if !sameCards(s.catches[0], []Card{f1a, f2a, t1a}) {
		t.Fatalf("Ça mord 3 caught %v", s.catches[0])
	}
	if !s.river.FaceUp || !sameCards(s.river.Cards, []Card{f1d, f2b, f1c, f1b, f3a}) {
		t.Fatalf("Déplacement left %+v", s.river)
	}
	if s.Turn() != 0 || s.phase != phaseTarget {
		t.Fatalf("Autre pêcheur: turn %v, phase %v", s.Turn(), s.phase)
	}
	mustApply(t, s, 0, Move{Kind: KindTarget, Seat: 1})
	if s.Turn() != 1 || s.phase != phaseRelease {
		t.Fatalf("Relâche: turn %v, phase %v", s.Turn(), s.phase)
	}
	mustApply(t, s, 1, Move{Kind: KindRelease, Card: f1x})
	wantRule(t, s, 1, Move{Kind: KindDone}, RuleReleaseMore)
	mustApply(t, s, 1, Move{Kind: KindRelease, Card: f2x})
	if got := len(s.legal()); got != 2 {
		t.Fatalf("after 2 fish: %d choices (release the last fish, or done), want 2", got)
	}
	mustApply(t, s, 1, Move{Kind: KindDone})
	if !sameCards(s.river.Cards[len(s.river.Cards)-2:], []Card{f1x, f2x}) {
		t.Fatalf("released fish are not under the river: %v", s.river.Cards)
	}
	if s.Turn() != 1 || s.phase != phaseGive || !s.fogSeen || len(s.legal()) != 9 {
		t.Fatalf("Brouillard: turn %v phase %v seen %v, %d choices", s.Turn(), s.phase, s.fogSeen, len(s.legal()))
	}
	mustApply(t, s, 1, Move{Kind: KindGive, Card: f2b, Seat: 1})
	mustApply(t, s, 1, Move{Kind: KindGive, Card: f1d, Seat: 2})
	// The last card can only go to seat 0: the engine gives it.
	if !sameCards(s.catches[0], []Card{f1a, f2a, t1a, f1c}) || !sameCards(s.catches[1], []Card{f3x, f2b}) || !sameCards(s.catches[2], []Card{f1d}) {
		t.Fatalf("catches after the fog: %v", s.catches)
	}
	if s.phase != phaseRefill || s.Turn() != 0 || len(s.discard) != 5 {
		t.Fatalf("after the sentence: phase %v, turn %v, discard %v", s.phase, s.Turn(), s.discard)
	}
	mustApply(t, s, 0, Move{Kind: KindTakeRow, Card: s.row[0]})
	for range 4 {
		mustApply(t, s, 0, Move{Kind: KindDrawDeck})
	}
	if len(s.hands[0]) != HandSize || len(s.row) != RowSize || len(s.deck) != 1 || s.active != 1 {
		t.Fatalf("after refill: hand %v, row %v, deck %v, active %v", s.hands[0], s.row, s.deck, s.active)
	}
}

// Rulebook example 2: Ça mord / Poubelle / point, then refill 3 cards.
func TestRulebookExample2(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	ex := []Card{p.act(t, Bite, 1, false), p.act(t, Bin, 0, false), p.act(t, Point, 0, true)}
	s.hands[0] = append(append([]Card(nil), ex...), p.act(t, Other, 0, false), p.act(t, Other, 0, false))
	t1, t2, f1 := p.trash(t, 1), p.trash(t, 2), p.fish(t, 1)
	s.catches[0] = []Card{t2, f1}
	s.river = River{Cards: []Card{t1, p.fish(t, 2)}}
	for range 4 {
		s.deck = append(s.deck, p.act(t, Shift, 0, true))
	}
	mustApply(t, s, 0, sentence(ex...))
	if s.phase != phaseBin || len(s.legal()) != 2 {
		t.Fatalf("Poubelle: phase %v, moves %v", s.phase, s.legal())
	}
	mustApply(t, s, 0, Move{Kind: KindBin, Card: t2})
	if !sameCards(s.catches[0], []Card{f1, t1}) || !sameCards(s.binned, []Card{t2}) {
		t.Fatalf("catch %v, binned %v", s.catches[0], s.binned)
	}
	// No face-up row: the three cards are drawn by the engine.
	if len(s.hands[0]) != HandSize || s.active != 1 {
		t.Fatalf("hand %v, active %v", s.hands[0], s.active)
	}
}

// Rulebook example 3: Poubelle / Autre pêcheur / Déplacement / Relâche 2:
// the named player turns the river and releases two of their own fish.
func TestRulebookExample3(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	ex := []Card{p.act(t, Bin, 0, false), p.act(t, Other, 0, false), p.act(t, Shift, 0, false), p.act(t, Release, 2, true)}
	s.hands[0] = append(append([]Card(nil), ex...), p.act(t, Point, 0, true))
	t3, f := p.trash(t, 3), p.fish(t, 1)
	s.catches[0] = []Card{f, t3}
	a, b := p.fish(t, 1), p.fish(t, 2)
	s.catches[2] = []Card{a, b, p.trash(t, 1)}
	r1, r2 := p.fish(t, 3), TheCanaille
	s.river = River{Cards: []Card{r1, r2}}
	s.row = []Card{p.act(t, Fog, 0, true), p.act(t, Fog, 0, true), p.act(t, Fog, 0, false), p.act(t, Other, 0, false)}
	mustApply(t, s, 0, sentence(ex...))
	if !sameCards(s.binned, []Card{t3}) || s.phase != phaseTarget {
		t.Fatalf("the only trash was not binned: %v, phase %v", s.binned, s.phase)
	}
	mustApply(t, s, 0, Move{Kind: KindTarget, Seat: 2})
	if !s.river.FaceUp || s.river.Top() != TheCanaille || s.Turn() != 2 {
		t.Fatalf("river %+v, turn %v", s.river, s.Turn())
	}
	mustApply(t, s, 2, Move{Kind: KindRelease, Card: b})
	// a is the last fish: released by the engine, the sentence ends.
	if len(ofKind(s.catches[2], Fish)) != 0 || !sameCards(s.river.Cards, []Card{TheCanaille, r1, b, a}) {
		t.Fatalf("catch %v, river %v", s.catches[2], s.river.Cards)
	}
	if s.phase != phaseRefill || s.Turn() != 0 {
		t.Fatalf("phase %v turn %v", s.phase, s.Turn())
	}
	for range 4 {
		mustApply(t, s, 0, Move{Kind: KindTakeRow, Card: s.row[0]})
	}
	if len(s.hands[0]) != HandSize || s.active != 1 {
		t.Fatalf("hand %v, active %v", s.hands[0], s.active)
	}
}

func TestBiteFaceDownAndUp(t *testing.T) {
	for _, up := range []bool{false, true} {
		p := newPicker()
		s := table(2, 0)
		bite := p.act(t, Bite, 2, true)
		s.hands[0] = []Card{bite}
		x, y, z := p.fish(t, 3), p.trash(t, 1), p.fish(t, 1)
		s.river = River{Cards: []Card{x, y, z}, FaceUp: up}
		if v := s.View(1).(*View); (v.River.Top == x) != up {
			t.Errorf("face up %v: the table sees top %v", up, v.River.Top)
		}
		mustApply(t, s, 0, sentence(bite))
		if !sameCards(s.catches[0], []Card{x, y}) || !sameCards(s.river.Cards, []Card{z}) || s.river.FaceUp != up {
			t.Errorf("face up %v: catch %v, river %+v", up, s.catches[0], s.river)
		}
		v := s.View(1).(*View)
		if v.Catches[0].Top != y || v.Catches[0].Count != 2 || v.Catches[0].Cards != nil {
			t.Errorf("the other seat sees catch %+v", v.Catches[0])
		}
	}
}

func TestShiftFaceDownAndUp(t *testing.T) {
	for _, up := range []bool{false, true} {
		p := newPicker()
		s := table(2, 0)
		shift := p.act(t, Shift, 0, true)
		s.hands[0] = []Card{shift}
		x, y := p.fish(t, 3), p.trash(t, 1)
		s.river = River{Cards: []Card{x, y}, FaceUp: up}
		mustApply(t, s, 0, sentence(shift))
		if s.river.FaceUp == up || !sameCards(s.river.Cards, []Card{y, x}) {
			t.Errorf("from face up %v: %+v", up, s.river)
		}
	}
}

func TestReleaseFaceDownAndUp(t *testing.T) {
	for _, up := range []bool{false, true} {
		p := newPicker()
		s := table(2, 0)
		p.fillRow(t, s)
		rel := p.act(t, Release, 3, true)
		s.hands[0] = []Card{rel}
		a, b, tr := p.fish(t, 1), p.fish(t, 2), p.trash(t, 2)
		s.catches[0] = []Card{a, tr, b}
		x := p.fish(t, 3)
		s.river = River{Cards: []Card{x}, FaceUp: up}
		mustApply(t, s, 0, sentence(rel))
		// Two fish for Relâche 3: both go, in the order chosen.
		mustApply(t, s, 0, Move{Kind: KindRelease, Card: b})
		if !sameCards(s.catches[0], []Card{tr}) || !sameCards(s.river.Cards, []Card{x, b, a}) || s.river.FaceUp != up {
			t.Errorf("face up %v: catch %v, river %+v", up, s.catches[0], s.river)
		}
		if s.phase != phaseRefill {
			t.Errorf("phase %v", s.phase)
		}
	}
}

func TestActionsWithoutEffectAreSkipped(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	p.fillRow(t, s)
	cs := []Card{p.act(t, Release, 1, false), p.act(t, Bin, 0, false), p.act(t, Bite, 1, false), p.act(t, Fog, 0, false), p.act(t, Shift, 0, true)}
	s.hands[0] = cs
	s.catches[0] = []Card{p.trash(t, 1)} // no fish to release, one trash to bin
	mustApply(t, s, 0, sentence(cs...))
	// The river is empty: nothing to catch, no fog, nothing to turn over.
	if s.phase != phaseRefill || len(s.catches[0]) != 0 || len(s.binned) != 1 || s.river.FaceUp {
		t.Fatalf("phase %v, catch %v, binned %v, river %+v", s.phase, s.catches[0], s.binned, s.river)
	}
}

func TestFogBlind(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	p.fillRow(t, s)
	fog := p.act(t, Fog, 0, true)
	s.hands[0] = []Card{fog}
	x, y, z, w := p.fish(t, 3), p.trash(t, 3), p.fish(t, 1), p.fish(t, 2)
	s.river = River{Cards: []Card{x, y, z, w}}
	ev := mustApply(t, s, 0, sentence(fog))
	legal := s.legal()
	if s.phase != phaseGive || s.fogSeen || len(legal) != 3 || legal[0].Card != NoCard {
		t.Fatalf("phase %v seen %v moves %v", s.phase, s.fogSeen, legal)
	}
	data, _ := json.Marshal(struct {
		V  engine.View
		Ev []engine.Event
	}{s.View(0), ev})
	for _, c := range []Card{x, y, z} {
		if strings.Contains(string(data), `"`+c.ID()+`"`) {
			t.Errorf("the distributor sees blind fog card %v: %s", c, data)
		}
	}
	wantRule(t, s, 0, Move{Kind: KindGive, Card: x, Seat: 1}, RuleBlindGive)
	mustApply(t, s, 0, Move{Kind: KindGive, Seat: 2})
	wantRule(t, s, 0, Move{Kind: KindGive, Seat: 2}, RuleBadRecipient)
	mustApply(t, s, 0, Move{Kind: KindGive, Seat: 0})
	if !sameCards(s.catches[2], []Card{x}) || !sameCards(s.catches[0], []Card{y}) || !sameCards(s.catches[1], []Card{z}) {
		t.Fatalf("catches %v", s.catches)
	}
	if !sameCards(s.river.Cards, []Card{w}) || s.phase != phaseRefill {
		t.Fatalf("river %v, phase %v", s.river.Cards, s.phase)
	}
}

func TestFogSeenKeepsCanaille(t *testing.T) {
	p := newPicker()
	s := table(3, 1)
	fog := p.act(t, Fog, 0, true)
	s.hands[1] = []Card{fog}
	x, y := p.fish(t, 3), p.trash(t, 3)
	s.river = River{Cards: []Card{x, TheCanaille, y}, FaceUp: true}
	mustApply(t, s, 1, sentence(fog))
	if s.taker != 1 || !s.fogGot[1] || len(s.legal()) != 4 {
		t.Fatalf("taker %v, got %v, moves %v", s.taker, s.fogGot, s.legal())
	}
	wantRule(t, s, 1, Move{Kind: KindGive, Card: x, Seat: 1}, RuleBadRecipient)
	wantRule(t, s, 1, Move{Kind: KindGive, Card: TheCanaille, Seat: 0}, RuleNotDrawn)
	mustApply(t, s, 1, Move{Kind: KindGive, Card: y, Seat: 0})
	if _, over := s.Result(); !over || !sameCards(s.catches[2], []Card{x}) || !sameCards(s.catches[0], []Card{y}) {
		t.Fatalf("over %v, catches %v", over, s.catches)
	}
}

func TestFogBlindCanailleGoesToItsRecipient(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	fog := p.act(t, Fog, 0, true)
	s.hands[0] = []Card{fog}
	x := p.fish(t, 3)
	s.river = River{Cards: []Card{TheCanaille, x}}
	s.catches[1] = []Card{p.fish(t, 2)}
	mustApply(t, s, 0, sentence(fog))
	mustApply(t, s, 0, Move{Kind: KindGive, Seat: 1})
	res, over := s.Result()
	if !over || s.taker != 1 || !sameCards(s.catches[0], []Card{x}) || len(s.catches[1]) != 0 {
		t.Fatalf("over %v, taker %v, catches %v", over, s.taker, s.catches)
	}
	if res.Reason != "canaille" || !res.Won(0) || res.Scores[0] != 3 || res.Scores[1] != 0 {
		t.Fatalf("result %+v", res)
	}
}

func TestFogShortRiver(t *testing.T) {
	p := newPicker()
	s := table(4, 0)
	p.fillRow(t, s)
	fog := p.act(t, Fog, 0, true)
	s.hands[0] = []Card{fog}
	x := p.fish(t, 3)
	s.river = River{Cards: []Card{x}, FaceUp: true}
	mustApply(t, s, 0, sentence(fog))
	if got := len(s.legal()); got != 4 {
		t.Fatalf("one card for four players: %d choices, want 4", got)
	}
	mustApply(t, s, 0, Move{Kind: KindGive, Card: x, Seat: 3})
	if !sameCards(s.catches[3], []Card{x}) || s.river.Len() != 0 || s.phase != phaseRefill {
		t.Fatalf("catches %v, river %v, phase %v", s.catches, s.river.Cards, s.phase)
	}
}

// Autre pêcheur twice in one sentence: the second is named by whoever holds
// the sentence then, and each carries out the actions that follow.
func TestOtherFisherChainedTwice(t *testing.T) {
	p := newPicker()
	s := table(3, 0)
	p.fillRow(t, s)
	cs := []Card{p.act(t, Other, 0, false), p.act(t, Bite, 1, false), p.act(t, Other, 0, false), p.act(t, Bite, 2, true)}
	s.hands[0] = append([]Card(nil), cs...)
	x, y, z := p.fish(t, 1), p.fish(t, 2), p.fish(t, 3)
	s.river = River{Cards: []Card{x, y, z, p.fish(t, 1)}}
	mustApply(t, s, 0, sentence(cs...))
	wantRule(t, s, 0, Move{Kind: KindTarget, Seat: 0}, RuleBadTarget)
	wantRule(t, s, 0, Move{Kind: KindTarget, Seat: 3}, RuleBadTarget)
	mustApply(t, s, 0, Move{Kind: KindTarget, Seat: 1})
	if s.Turn() != 1 || !sameCards(s.catches[1], []Card{x}) {
		t.Fatalf("turn %v, catch of seat 1 %v", s.Turn(), s.catches[1])
	}
	wantRule(t, s, 0, Move{Kind: KindTarget, Seat: 2}, engine.RuleNotYourTurn)
	wantRule(t, s, 1, Move{Kind: KindTarget, Seat: 1}, RuleBadTarget)
	mustApply(t, s, 1, Move{Kind: KindTarget, Seat: 0})
	if !sameCards(s.catches[0], []Card{y, z}) || s.phase != phaseRefill || s.Turn() != 0 {
		t.Fatalf("catches %v, phase %v, turn %v", s.catches, s.phase, s.Turn())
	}
}

func TestOtherFisherInTwoPlayersIsForced(t *testing.T) {
	p := newPicker()
	s := table(2, 1)
	cs := []Card{p.act(t, Other, 0, false), p.act(t, Bite, 1, true)}
	s.hands[1] = cs
	x := p.fish(t, 2)
	s.river = River{Cards: []Card{x}}
	mustApply(t, s, 1, sentence(cs...))
	if !sameCards(s.catches[0], []Card{x}) {
		t.Fatalf("the only other player did not fish: %v", s.catches)
	}
}

// Poubelle and Autre pêcheur do not touch the river, whatever its face.
func TestBinAndOtherFisherFaceDownAndUp(t *testing.T) {
	for _, up := range []bool{false, true} {
		p := newPicker()
		s := table(3, 0)
		p.fillRow(t, s)
		cs := []Card{p.act(t, Bin, 0, false), p.act(t, Other, 0, false), p.act(t, Bin, 0, true)}
		s.hands[0] = append([]Card(nil), cs...)
		t1, t3 := p.trash(t, 1), p.trash(t, 3)
		s.catches[0] = []Card{t1, t3}
		u := p.trash(t, 2)
		s.catches[2] = []Card{u, p.fish(t, 1)}
		x, y := p.fish(t, 3), p.fish(t, 2)
		s.river = River{Cards: []Card{x, y}, FaceUp: up}
		mustApply(t, s, 0, sentence(cs...))
		mustApply(t, s, 0, Move{Kind: KindBin, Card: t3})
		mustApply(t, s, 0, Move{Kind: KindTarget, Seat: 2}) // seat 2's only trash goes
		if !sameCards(s.binned, []Card{t3, u}) || !sameCards(s.catches[0], []Card{t1}) ||
			!sameCards(s.river.Cards, []Card{x, y}) || s.river.FaceUp != up || s.phase != phaseRefill {
			t.Errorf("face up %v: binned %v, catches %v, river %+v, phase %v", up, s.binned, s.catches, s.river, s.phase)
		}
	}
}
