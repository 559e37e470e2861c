package canyonduel

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// Every refusal of the duel is explained from the seat's view by the rule
// that refuses it at the table, naming the squares that matter; a legal
// move is explained as legal.
func TestExplainEveryRule(t *testing.T) {
	r := New()
	for _, tt := range []struct {
		move, rule, cell string
	}{
		{"a1-a2", RuleCellOccupied, "a2"},
		{"f1-g1", RuleNotYourPiece, "f1"},
		{"e1-g1", RuleNotAdjacent, ""},
		{"e1:f1", RuleNotAJump, ""},
		{"e1:g1", RuleNoPieceToJump, "f1"},
		{"d2-e3", RuleCanyon, "e3"},
		{"d1:f1:d1", RuleEndsOnStart, "d1"},
		{"d1-e2", "", ""},
	} {
		s := newState()
		ex := enginetest.Explains(t, r, s, s.Turn(), mv(t, tt.move), tt.rule)
		if tt.cell != "" && ex.Args["Cell"] != tt.cell {
			t.Errorf("%s: explanation names %v, want %s", tt.move, ex.Args, tt.cell)
		}
	}
	s := position(t, 0, loop)
	ex := enginetest.Explains(t, r, s, s.Turn(), mv(t, "c3:a3:a1:a3"), RuleLandedTwice)
	if ex.Args["Cell"] != "a3" {
		t.Errorf("landed twice on %v, want a3", ex.Args)
	}
	s = newState()
	off := Move{Kind: KindStep, Path: []Cell{{0, 0}, {-1, 0}}}
	enginetest.Explains(t, r, s, s.Turn(), off, RuleNotACell)
	enginetest.Explains(t, r, s, s.Turn()^1, mv(t, "h8-h7"), engine.RuleNotYourTurn)
}
