package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// The rules of a sentence are explained from the seat's view by the rule
// that refuses the sentence at the table, naming the card that breaks it
// ("Déplacement cannot follow Déplacement"); the other rules of Canaille
// are explained wherever a test refuses a move (wantRule).
func TestExplainSentenceRules(t *testing.T) {
	r := New()
	p := newPicker()
	s := table(2, 0)
	shift1, shift2 := p.act(t, Shift, 0, true), p.act(t, Shift, 0, false)
	point, bite := p.act(t, Point, 0, true), p.act(t, Bite, 1, false)
	s.hands[0] = []Card{shift1, shift2, point, bite}
	s.hands[1] = []Card{p.act(t, Bite, 2, true)}
	s.deck = []Card{p.act(t, Bite, 3, true)}
	s = completed(s)
	for _, tt := range []struct {
		cards []Card
		rule  string
		args  map[string]any
	}{
		{nil, RuleSentenceLength, map[string]any{"N": 0, "Max": MaxSentence}},
		{[]Card{shift2, shift1}, RuleSameTypeAdjacent, map[string]any{"Kind": "kind-shift"}},
		{[]Card{point, shift1}, RulePointNotLast, map[string]any{"Kind": "kind-point"}},
		{[]Card{shift1, bite}, RuleNoFullStop, map[string]any{"Kind": "kind-bite", "N": 1}},
		{[]Card{s.hands[1][0]}, RuleNotInHand, map[string]any{"Kind": "kind-bite", "N": 2}},
		{[]Card{bite, shift1}, "", nil},
	} {
		ex := enginetest.Explains(t, r, s, 0, sentence(tt.cards...), tt.rule)
		for k, v := range tt.args {
			if ex.Args[k] != v {
				t.Errorf("%v: explanation names %v, want %v", tt.cards, ex.Args, tt.args)
			}
		}
	}
	enginetest.Explains(t, r, s, 1, sentence(s.hands[1][0]), engine.RuleNotYourTurn)
}

// A refill from an empty deck is explained by the rule that refuses it.
func TestExplainEmptyDeck(t *testing.T) {
	p := newPicker()
	s := table(2, 0)
	s.phase = phaseRefill
	s.hands[0] = []Card{p.act(t, Shift, 0, true)}
	s = completed(s)
	// Every action card left goes to the other hand: nothing to draw.
	s.hands[1], s.deck = append(s.hands[1], s.deck...), nil
	enginetest.Explains(t, New(), s, 0, Move{Kind: KindDrawDeck}, RuleEmptyDeck)
}
