package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// The rulebook's example sentences are valid; its counter-example is not.
func TestRulebookSentences(t *testing.T) {
	p := newPicker()
	bite3 := p.act(t, Bite, 3, false)
	shift := p.act(t, Shift, 0, false)
	other := p.act(t, Other, 0, false)
	rel2 := p.act(t, Release, 2, false)
	fog := p.act(t, Fog, 0, true)
	ex1 := []Card{bite3, shift, other, rel2, fog}
	if err := CheckSentence(ex1, ex1); err != nil {
		t.Errorf("example 1 (Ça mord/Déplacement/Autre pêcheur/Relâche 2/Brouillard): %v", err)
	}
	bite1, bin, point := p.act(t, Bite, 1, false), p.act(t, Bin, 0, false), p.act(t, Point, 0, true)
	ex2 := []Card{bite1, bin, point}
	if err := CheckSentence(ex2, ex2); err != nil {
		t.Errorf("example 2 (Ça mord/Poubelle/point): %v", err)
	}
	rel2stop := p.act(t, Release, 2, true)
	ex3 := []Card{bin, other, shift, rel2stop}
	if err := CheckSentence(ex3, ex3); err != nil {
		t.Errorf("example 3 (Poubelle/Autre pêcheur/Déplacement/Relâche 2): %v", err)
	}
	bite3stop := p.act(t, Bite, 3, true)
	bad := []Card{bite1, bite3stop}
	if rule := engine.RuleOf(CheckSentence(bad, bad)); rule != RuleSameTypeAdjacent {
		t.Errorf("Ça mord 1 then Ça mord 3: rule %q, want %q", rule, RuleSameTypeAdjacent)
	}
	fixed := []Card{bite1, shift, bite3stop}
	if err := CheckSentence(fixed, fixed); err != nil {
		t.Errorf("the corrected sentence: %v", err)
	}
}

func TestSentenceRules(t *testing.T) {
	p := newPicker()
	bite1 := p.act(t, Bite, 1, true)
	bite2 := p.act(t, Bite, 2, true)
	rel1 := p.act(t, Release, 1, false)
	rel2 := p.act(t, Release, 2, true)
	other := p.act(t, Other, 0, false)
	point := p.act(t, Point, 0, true)
	shift := p.act(t, Shift, 0, false)
	hand := []Card{bite1, bite2, rel1, rel2, other, point}
	notMine := p.act(t, Fog, 0, true)
	for _, c := range []struct {
		cards []Card
		rule  string
	}{
		{nil, RuleSentenceLength},
		{[]Card{bite1, other, bite2, other, rel2, point}, RuleSentenceLength},
		{[]Card{notMine}, RuleNotInHand},
		{[]Card{bite1, other, bite1}, RuleNotInHand},
		{[]Card{shift}, RuleNotInHand},
		{[]Card{point, bite1}, RulePointNotLast},
		{[]Card{bite1, bite2}, RuleSameTypeAdjacent},
		{[]Card{rel1, rel2}, RuleSameTypeAdjacent},
		{[]Card{bite1, other}, RuleNoFullStop},
		{[]Card{rel1}, RuleNoFullStop},
		{[]Card{bite1, rel1, bite2, other, point}, ""},
		{[]Card{point}, ""},
	} {
		if got := engine.RuleOf(CheckSentence(hand, c.cards)); got != c.rule {
			t.Errorf("%v: rule %q, want %q", c.cards, got, c.rule)
		}
	}
}

func TestSentencesListsEachPlayOnce(t *testing.T) {
	for seed := range uint64(200) {
		s := newGame(2, 0, seed)
		hand := s.hands[0]
		seen := map[string]bool{}
		for _, cs := range Sentences(hand) {
			if err := CheckSentence(hand, cs); err != nil {
				t.Fatalf("hand %v: listed %v: %v", hand, cs, err)
			}
			key := ""
			for _, c := range cs {
				key += c.Face().String() + " "
			}
			if seen[key] {
				t.Fatalf("hand %v: %s listed twice", hand, key)
			}
			seen[key] = true
		}
		if want := countFaceSequences(hand); len(seen) != want {
			t.Fatalf("hand %v: %d sentences, want %d", hand, len(seen), want)
		}
	}
}

// countFaceSequences counts valid sentences by brute force over every
// ordering of ids, keeping distinct face sequences.
func countFaceSequences(hand []Card) int {
	seen := map[string]bool{}
	var walk func(cur []Card, used []bool)
	walk = func(cur []Card, used []bool) {
		if len(cur) > 0 && CheckSentence(hand, cur) == nil {
			key := ""
			for _, c := range cur {
				key += c.Face().String() + " "
			}
			seen[key] = true
		}
		if len(cur) == MaxSentence {
			return
		}
		for i, c := range hand {
			if !used[i] {
				used[i] = true
				walk(append(cur, c), used)
				used[i] = false
			}
		}
	}
	walk(nil, make([]bool, len(hand)))
	return len(seen)
}
