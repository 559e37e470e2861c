package canyon

import "testing"

func TestEstimate(t *testing.T) {
	s := position([]int{at(0, 7), at(14, 4), -1, at(28, 3)}, [][]int{{0}, {0}, {0}, {0}}, []int{0, 0, 0, 0})
	e := s.Estimate()
	if e[0] != 1 || e[1] != 0.5 || e[2] != 1-9.0/28 || e[3] != 0 {
		t.Fatalf("estimates %v", e)
	}
	if e := newGame(t, 3, 1).Estimate(); e[0] != 0 {
		t.Fatalf("at the start: %v", e)
	}
}
