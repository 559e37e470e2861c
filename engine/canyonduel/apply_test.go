package canyonduel

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestApplyRefusesBrokenMoves(t *testing.T) {
	tests := []struct {
		move, rule string
	}{
		{"a1-a2", RuleCellOccupied},   // onto an own piece
		{"a1:c3", RuleCellOccupied},   // over b2 onto c3
		{"f1-g1", RuleNotYourPiece},   // f1 is empty
		{"h8-g6", RuleNotYourPiece},   // yellow's piece
		{"e1-g1", RuleNotAdjacent},    // two squares away
		{"e1:f1", RuleNotAJump},       // one square
		{"a1:d1", RuleNotAJump},       // three squares
		{"b1:c3", RuleNotAJump},       // a knight's move
		{"e1:g1", RuleNoPieceToJump},  // f1 is empty
		{"d2-e3", RuleCanyon},         // e3 is cut out
		{"d1:d3:f3", RuleCanyon},      // onto f3
		{"d1:d3:d5", RuleCanyon},      // onto d5, across d4
		{"d1:f1:d1", RuleEndsOnStart}, // back where it started
	}
	for _, tt := range tests {
		wantRule(t, newState(), tt.move, tt.rule)
	}
}

func TestApplyRefusesMalformedMoves(t *testing.T) {
	bad := []struct {
		m    engine.Move
		rule string
	}{
		{nil, engine.RuleBadMove},
		{(*Move)(nil), engine.RuleBadMove},
		{otherMove{}, engine.RuleBadMove},
		{Move{}, engine.RuleBadMove},
		{Move{Kind: "fly", Path: []Cell{{4, 0}, {5, 0}}}, engine.RuleBadMove},
		{Move{Kind: KindStep, Path: []Cell{{4, 0}}}, engine.RuleBadMove},
		{Move{Kind: KindStep, Path: []Cell{{4, 0}, {5, 0}, {6, 0}}}, engine.RuleBadMove},
		{Move{Kind: KindJump, Path: []Cell{{4, 0}}}, engine.RuleBadMove},
		{Move{Kind: KindJump, Path: make([]Cell, maxPath+1)}, engine.RuleBadMove},
		{Move{Kind: KindStep, Path: []Cell{{4, 0}, {8, 0}}}, RuleNotACell},
		{Move{Kind: KindJump, Path: []Cell{{-2, 0}, {0, 0}}}, RuleNotACell},
		{Move{Kind: KindJump, Path: []Cell{{3, 0}, {5, 0}, {7, -2}}}, RuleNotACell},
	}
	for _, tt := range bad {
		s := newState()
		before := s.Hash()
		_, err := s.Apply(0, tt.m)
		if got := engine.RuleOf(err); got != tt.rule {
			t.Errorf("%#v: error %v, want rule %q", tt.m, err, tt.rule)
		}
		if s.Hash() != before {
			t.Errorf("%#v changed the state", tt.m)
		}
	}
}

type otherMove struct{}

func (otherMove) String() string { return "other" }

func TestApplyAcceptsAMovePointer(t *testing.T) {
	s := newState()
	m := mv(t, "e1-f1")
	if _, err := s.Apply(0, &m); err != nil {
		t.Fatal(err)
	}
	if at(t, s, "f1") != 'R' {
		t.Errorf("e1-f1 not made:\n%v", s)
	}
}

func TestApplyRefusesTheWrongSeat(t *testing.T) {
	s := newState()
	for _, seat := range []engine.Seat{1, 2, -1, engine.Onlooker} {
		if _, err := s.Apply(seat, mv(t, "e1-f1")); engine.RuleOf(err) != engine.RuleNotYourTurn {
			t.Errorf("seat %v: %v, want %q", seat, err, engine.RuleNotYourTurn)
		}
	}
	mustApply(t, s, "e1-f1")
	if _, err := s.Apply(0, mv(t, "f1-g1")); engine.RuleOf(err) != engine.RuleNotYourTurn {
		t.Errorf("red moved twice: %v", err)
	}
}

func TestApplyRefusesMovesOnceOver(t *testing.T) {
	s := position(t, MaxPlies, startDiagram)
	if _, err := s.Apply(0, mv(t, "e1-f1")); engine.RuleOf(err) != engine.RuleGameOver {
		t.Errorf("move after the end: %v, want %q", err, engine.RuleGameOver)
	}
}
