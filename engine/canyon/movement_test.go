package canyon

import (
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

func sameCells(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// Rulebook, movement example 1: Bernd must move 2 and is forced diagonally
// past the island, which blocks Carola, the next player.
func TestMovementExampleDiagonalPastIsland(t *testing.T) {
	b := board()
	anja, carola := at(17, 7), at(18, 6)
	p := b.solve(at(19, 8), 2, occ(anja, carola))
	if !sameCells(p.Ends, []int{at(17, 6)}) || p.Steps != 2 {
		t.Fatalf("Bernd: %+v, want only 17,6 beside the island", p)
	}
	if before := b.solve(carola, 2, occ(anja, at(19, 8))); len(before.Ends) == 0 {
		t.Fatal("Carola could move before Bernd's move")
	}
	if after := b.solve(carola, 2, occ(anja, at(17, 6))); len(after.Ends) != 0 {
		t.Fatalf("Carola is not blocked by Bernd: %+v", after)
	}
}

// Rulebook, movement example 2: Dirk must move 3 and is blocked ahead; he
// moves back first, then forward, and ends beside Bernd.
func TestMovementExampleBackAroundBlockade(t *testing.T) {
	b := board()
	bernd, anja, dirk := at(14, 4), at(15, 4), at(15, 3)
	p := b.solve(dirk, 3, occ(bernd, anja))
	if !sameCells(p.Ends, []int{at(14, 5)}) || p.Steps != 3 {
		t.Fatalf("Dirk: %+v, want 14,5", p)
	}
	// Every way there starts backwards, to row 16.
	var seen cellSet
	seen.add(dirk)
	for _, first := range b.nbr[dirk] {
		if !b.blocked(first, occ(bernd, anja)) && b.goal[first] <= b.goal[dirk] {
			t.Fatalf("Dirk could start forward or sideways to %d", first)
		}
	}
}

// Rulebook, movement example 3: a mountain, Anja, Bernd and the island close
// the whole row ahead of Carola: with 3 points she cannot move.
func TestMovementExampleClosedRow(t *testing.T) {
	b := board()
	p := b.solve(at(11, 1), 3, occ(at(10, 1), at(10, 2)))
	if len(p.Ends) != 0 {
		t.Fatalf("Carola moves: %+v", p)
	}
	s := position([]int{at(10, 1), at(10, 2), at(11, 1)}, [][]int{{0}, {0}, {2}}, []int{1, 1, 3})
	s.t.Start = 2 // Carola moves first
	ev := moveAll(t, s)
	if s.t.Canoes[2] != at(11, 1) || len(eventsOf(ev, "stay")) == 0 {
		t.Fatalf("Carola ended on %d, events %v", s.t.Canoes[2], ev)
	}
}

// Rulebook, movement example 4: Carola must use her 2 points to the full,
// though she would rather stay in the narrows; she ends beside Anja.
func TestMovementExampleForcedOutOfNarrows(t *testing.T) {
	b := board()
	anja := at(12, 6)
	p := b.solve(at(14, 8), 2, occ(anja))
	if !sameCells(p.Ends, []int{at(12, 7)}) {
		t.Fatalf("Carola: %+v, want 12,7 beside Anja", p)
	}
}

// A free dock in reach is taken by the fewest steps; the rest is leftover.
func TestDockByFewestSteps(t *testing.T) {
	// 3 points (the bonus in the current) from 2 steps away: 1 left over.
	s := position([]int{at(2, 8), at(8, 4), at(9, 5)}, [][]int{{2}, {1}, {1}}, []int{2, 0, 0})
	moveAll(t, s)
	if !s.t.Docked[0] || s.t.Leftover[0] != 1 || !board().IsDock(s.t.Canoes[0]) {
		t.Fatalf("docked %v leftover %d canoe %d", s.t.Docked[0], s.t.Leftover[0], s.t.Canoes[0])
	}
	b := board()
	p := b.solve(at(3, 7), 5, occ())
	if !p.Dock || p.Steps != 3 || !sameCells(p.Ends, b.docks) {
		t.Fatalf("from 3,7 with 5: %+v", p)
	}
	// An occupied dock is no goal: the next one is.
	p = b.solve(at(1, 9), 3, occ(at(0, 9), at(0, 8)))
	if !p.Dock || p.Steps != 2 || !sameCells(p.Ends, []int{at(0, 7)}) {
		t.Fatalf("from 1,9 beside two full docks: %+v", p)
	}
}

// A path never passes through a dock: a canoe beside the docks that cannot
// dock (all full) cannot use them as stepping stones.
func TestNoPathThroughADock(t *testing.T) {
	b := board()
	walk(b, at(1, 7), 2, occ(), false, func(end int) {
		if b.IsDock(end) {
			t.Fatal("walk ended on a dock")
		}
	})
	p := b.solve(at(1, 7), 2, occ(at(0, 7), at(0, 8), at(0, 9)))
	if p.Dock {
		t.Fatalf("docked on a full dock: %+v", p)
	}
}

// The cave footbridge never blocks: several canoes may stand and pass there.
func TestCaveIsShared(t *testing.T) {
	b := board()
	p := b.solve(at(10, 1), 1, occ(b.Cave(), at(9, 2), at(10, 2)))
	if !sameCells(p.Ends, []int{b.Cave()}) {
		t.Fatalf("onto the occupied footbridge: %+v", p)
	}
}

// When several endpoints tie the seat chooses; a single one is applied at
// once with a movement event.
func TestTiedEndpointsAreAMove(t *testing.T) {
	s := position([]int{at(20, 7), at(27, 2), at(27, 5)}, [][]int{{1}, {1}, {2}}, []int{1, 0, 0})
	ev := s.startMovement(nil)
	if s.t.Phase != PhaseMove || s.Turn() != 0 || len(s.Legal()) < 2 {
		t.Fatalf("phase %s turn %v legal %v", s.t.Phase, s.Turn(), s.Legal())
	}
	if len(eventsOf(ev, "movement")) != 0 {
		t.Fatal("moved before choosing")
	}
	if _, err := s.Apply(0, MoveTo(27, 9)); engine.RuleOf(err) != "not-an-optimal-endpoint" {
		t.Fatalf("bad endpoint: %v", err)
	}
	choice := s.Legal()[1].(Move)
	ev, err := s.Apply(0, choice)
	if err != nil {
		t.Fatal(err)
	}
	if s.t.Canoes[0] != at(choice.Row, choice.Col) || len(eventsOf(ev, "movement")) == 0 {
		t.Fatalf("canoe on %d after choosing %v", s.t.Canoes[0], choice)
	}
	if s.t.Phase != PhaseTempo {
		t.Fatalf("the others did not move on: phase %s", s.t.Phase)
	}
}

// Blocked ahead, a canoe uses fewer points (k-1, ...) if that brings it
// closer, and stays if nothing does.
func TestShorterPathWhenBlocked(t *testing.T) {
	b := board()
	// In the right channel at 14,9 with 13,8 and 14,8 taken, nothing comes
	// closer with up to 4 points; 5 reach the left channel round the rock.
	for k := 1; k <= 4; k++ {
		if p := b.solve(at(14, 9), k, occ(at(13, 8), at(14, 8))); len(p.Ends) != 0 {
			t.Fatalf("k=%d: %+v", k, p)
		}
	}
	p := b.solve(at(14, 9), 5, occ(at(13, 8), at(14, 8)))
	if !sameCells(p.Ends, []int{at(13, 4), at(13, 5)}) || p.Steps != 5 {
		t.Fatalf("k=5: %+v", p)
	}
	// With 7 points the whole 7 are spent round the rock.
	p = b.solve(at(14, 9), 7, occ(at(13, 8), at(14, 8)))
	if len(p.Ends) == 0 || p.Steps != 7 || b.goal[p.Ends[0]] != 11 {
		t.Fatalf("k=7: %+v", p)
	}
	// Shut in on every side: the canoe stays.
	p = b.solve(at(27, 9), 3, occ(at(26, 8), at(26, 9), at(27, 8)))
	if len(p.Ends) != 0 {
		t.Fatalf("pocket: %+v", p)
	}
}

// The solver agrees with plain enumeration on random crowded positions.
func TestSolverMatchesBruteForce(t *testing.T) {
	b := board()
	rng := engine.NewRNG(5, 5)
	var water []int
	for i := range b.terrain {
		if b.Navigable(i) {
			water = append(water, i)
		}
	}
	for range 1500 {
		from := water[rng.IntN(len(water))]
		var o cellSet
		for range rng.IntN(8) {
			if c := water[rng.IntN(len(water))]; c != from {
				o.add(c)
			}
		}
		k := 1 + rng.IntN(6)
		got, want := b.solve(from, k, &o), bruteEnds(b, from, k, &o)
		if !sameCells(got.Ends, want.Ends) || got.Dock != want.Dock || len(got.Ends) > 0 && got.Steps != want.Steps {
			r, c := b.RowCol(from)
			t.Fatalf("from %d,%d k=%d: solver %+v, brute force %+v", r, c, k, got, want)
		}
	}
}
