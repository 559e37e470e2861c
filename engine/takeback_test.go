package engine

import "testing"

func TestStandingLeavesOutWhatWasTakenBack(t *testing.T) {
	a, b := Record{Seat: 0, Move: testMove("a")}, Record{Seat: 1, Move: testMove("b")}
	c := Record{Seat: 0, Move: testMove("c")}
	got, err := Standing([]Record{a, b, {Seat: 1, TakeBack: true}, c})
	if err != nil || len(got) != 2 || got[0] != a || got[1] != c {
		t.Fatalf("standing = %v, %v", got, err)
	}
	if _, err := Standing([]Record{a, b, {Seat: 0, TakeBack: true}}); err == nil {
		t.Error("seat 0 took back seat 1's move")
	}
	if _, err := Standing([]Record{{Seat: 0, TakeBack: true}}); err == nil {
		t.Error("a take-back before any move")
	}
}

type testMove string

func (m testMove) String() string { return string(m) }
