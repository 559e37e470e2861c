package canyonduel

import "testing"

func TestJumpsNeverCrossTheCanyon(t *testing.T) {
	for i := range numSquares {
		for _, h := range geo.jumps[i] {
			from, over, land := cellAt(i), cellAt(int(h.over)), cellAt(int(h.land))
			if !from.isCell() || !over.isCell() || !land.isCell() {
				t.Errorf("jump %v over %v to %v leaves the cells", from, over, land)
			}
			if from.diagonal() <= 5 && land.diagonal() >= 9 || from.diagonal() >= 9 && land.diagonal() <= 5 {
				t.Errorf("jump %v over %v to %v crosses the canyon", from, over, land)
			}
		}
	}
}

func TestStepsAndJumpsInEightDirections(t *testing.T) {
	if n := len(geo.steps[cell(t, "c2").index()]); n != 8 {
		t.Errorf("c2 has %d neighbours, want 8", n)
	}
	// No cell has all 8 jumps (the canyon is in the way of some), but
	// every direction has its jumps.
	for _, d := range directions {
		found := false
		for i := range numSquares {
			for _, h := range geo.jumps[i] {
				from, land := cellAt(i), cellAt(int(h.land))
				found = found || land == Cell{from.Col + 2*d.Col, from.Row + 2*d.Row}
			}
		}
		if !found {
			t.Errorf("no jump in direction %v", d)
		}
	}
}

func TestPassagesAreTheOnlyWayAcross(t *testing.T) {
	reach := func(blocked map[string]bool) bool {
		seen := map[int8]bool{0: true}
		todo := []int8{0}
		for len(todo) > 0 {
			i := todo[0]
			todo = todo[1:]
			for _, n := range geo.steps[i] {
				if !seen[n] && !blocked[cellAt(int(n)).String()] {
					seen[n], todo = true, append(todo, n)
				}
			}
		}
		return seen[int8(cell(t, "h8").index())]
	}
	if !reach(nil) {
		t.Fatal("h8 cannot be reached from a1")
	}
	if !reach(map[string]bool{"a7": true}) || !reach(map[string]bool{"g1": true}) {
		t.Error("closing one passage should leave the other open")
	}
	if reach(map[string]bool{"a7": true, "g1": true}) {
		t.Error("with both passages closed a1 still reaches h8")
	}
}
