package canyonduel

import (
	"math"
	"testing"
)

// Along the way through the left passage every step is worth more, so a
// searcher is drawn through it rather than into the dead end of d3..e2.
func TestPotentialsLeadThroughThePassages(t *testing.T) {
	route := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}
	for i := 1; i < len(route); i++ {
		prev, next := cell(t, route[i-1]).index(), cell(t, route[i]).index()
		if potentials[0][next] <= potentials[0][prev] {
			t.Errorf("red: %s (%d) is not worth more than %s (%d)", route[i], potentials[0][next], route[i-1], potentials[0][prev])
		}
		if potentials[1][numSquares-1-next] != potentials[0][next] {
			t.Errorf("yellow's potentials are not red's turned round at %s", route[i])
		}
	}
	if mouth, deadEnd := potentials[0][cell(t, "a6").index()], potentials[0][cell(t, "d3").index()]; deadEnd >= mouth {
		t.Errorf("d3 (%d) is worth as much as the mouth a6 (%d)", deadEnd, mouth)
	}
}

func TestEstimate(t *testing.T) {
	even := newState().Estimate()
	if math.Abs(even[0]-0.5) > 1e-9 || math.Abs(even[0]+even[1]-1) > 1e-9 {
		t.Errorf("start estimate %v, want an even game", even)
	}
	up := position(t, 0, `
.......Y
.##.....
.###....
..###...
...###..
....###.
.....##.
RR......`)
	if e := up.Estimate(); e[0] <= 0.5 {
		t.Errorf("red a piece up, estimate %v", e)
	}
	s := position(t, 0, lastCapture)
	mustApply(t, s, "e1:c3")
	if e := s.Estimate(); e[0] != 1 || e[1] != 0 {
		t.Errorf("red has won, estimate %v", e)
	}
	if e := position(t, MaxPlies, startDiagram).Estimate(); e[0] != 0.5 || e[1] != 0.5 {
		t.Errorf("drawn game, estimate %v", e)
	}
}

func TestGainMatchesWorth(t *testing.T) {
	s := position(t, 0, chainBoard)
	before := s.board.worth(0)
	s.board.eachMove(0, func(_ bool, path, captured []int8) {
		after := s.board
		after.move(path, captured)
		if got, want := gain(0, path, captured), after.worth(0)-before; got != want {
			t.Errorf("path %v: gain %d, worth changed by %d", path, got, want)
		}
	})
}
