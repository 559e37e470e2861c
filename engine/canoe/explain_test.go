package canoe

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// Every refusal of Canoë is explained from the seat's view by the rule
// that refuses it at the table, naming the holes and numbers that matter;
// a legal move is explained as legal.
func TestExplainEveryRule(t *testing.T) {
	r := New()
	s := newGame(t)
	play(t, s, "place g3", "place h3")
	for _, tt := range []struct {
		move Move
		rule string
		args map[string]any
	}{
		{Place(h(t, "g3")), RuleHoleOccupied, map[string]any{"Cell": "g3"}},
		{Place(Hole{0, 0}), RuleNotAHole, nil},
		{Remove(h(t, "h3")), RuleNotYourPeg, map[string]any{"Cell": "h3"}},
		{MoveFrom(h(t, "g3"), h(t, "g5")), RuleNotAdjacent, map[string]any{"From": "g3", "To": "g5"}},
		{MoveFrom(h(t, "g3"), h(t, "g4")), "", nil},
		{Place(h(t, "b1")), "", nil},
	} {
		ex := enginetest.Explains(t, r, s, 0, tt.move, tt.rule)
		for k, v := range tt.args {
			if ex.Args[k] != v {
				t.Errorf("%v: explanation names %v, want %v", tt.move, ex.Args, tt.args)
			}
		}
	}
	enginetest.Explains(t, r, s, 1, Place(h(t, "b1")), engine.RuleNotYourTurn)
	full := newGame(t)
	for c := range Cols {
		play(t, full, Place(Hole{1, c}).String(), Place(Hole{2, c}).String())
	}
	ex := enginetest.Explains(t, r, full, 0, Place(h(t, "b1")), RuleNoPegsLeft)
	if ex.Args["N"] != Pegs {
		t.Errorf("no pegs left names %v, want %d pegs", ex.Args, Pegs)
	}
}
