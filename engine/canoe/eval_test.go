package canoe

import (
	"testing"
)

func TestEstimate(t *testing.T) {
	if e := newGame(t).Estimate(); e[0] != 0.5 || e[1] != 0.5 {
		t.Errorf("the empty board: %v", e)
	}
	ahead := stateAt(board{mask(t, "b2 e2 c3 d3 g2 j2"), mask(t, "m1")}, 1).Estimate()
	if ahead[0] <= 0.5 || ahead[0]+ahead[1] != 1 {
		t.Errorf("light a canoe and a half ahead: %v", ahead)
	}
	won := stateAt(board{0, mask(t, "b2 e2 c3 d3 g2 j2 h3 i3")}, 1).Estimate()
	if won[0] != 0 || won[1] != 1 {
		t.Errorf("dark has won: %v", won)
	}
	s := newGame(t)
	play(t, s, "place g3", "place a2", "remove g3", "remove a2", "place g3", "place a2", "remove g3", "remove a2")
	if e := s.Estimate(); e[0] != 0.5 || e[1] != 0.5 {
		t.Errorf("a draw: %v", e)
	}
}

// TestPotentialPrefersFinishingACanoe: the third peg of a canoe is worth
// more than a new start, and an own peg that spoils is worth less.
func TestPotentialPrefersFinishingACanoe(t *testing.T) {
	base := mask(t, "b2 e2 c3")
	finish := potential(base|mask(t, "d3"), 0)
	elsewhere := potential(base|mask(t, "j3"), 0)
	spoil := potential(base|mask(t, "f2"), 0)
	if !(finish > elsewhere && elsewhere > spoil) {
		t.Errorf("finish %d, elsewhere %d, spoil %d", finish, elsewhere, spoil)
	}
	if blocked := potential(base, mask(t, "d3")); blocked >= potential(base, 0) {
		t.Errorf("an opponent peg in the canoe's hole should lower it: %d", blocked)
	}
}
