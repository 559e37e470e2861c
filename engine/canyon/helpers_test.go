package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// at numbers the cell at row r, column c of the map.
func at(r, c int) int { return board().Cell(r, c) }

// occ builds the set of cells holding the other canoes.
func occ(cells ...int) *cellSet {
	var s cellSet
	for _, c := range cells {
		s.add(c)
	}
	return &s
}

// position builds a game of len(canoes) seats whose tricks have just been
// played: seat 0 is the start player, the last seat the dealer, seat i's
// canoe is on canoes[i] (-1: fell last round) with tempo cards tempo[i] and
// tricks[i] tricks won. Movement has not begun.
func position(canoes []int, tempo [][]int, tricks []int) *State {
	n := len(canoes)
	s := newState(board(), n, false, engine.NewRNG(1, 2))
	s.t.Round, s.t.Dealer, s.t.Start = 1, n-1, 0
	s.t.Phase = PhasePlay
	for i := range n {
		s.t.Canoes[i] = canoes[i]
		s.t.Fallen[i] = canoes[i] < 0
		s.t.Tempo[i] = tempo[i]
		s.t.Tricks[i] = tricks[i]
		s.hands[i] = []Card{}
	}
	return s
}

// moveAll runs the movement phase of a position, picking the first tied
// endpoint whenever a player must choose, and returns the events.
func moveAll(t *testing.T, s *State) []engine.Event {
	t.Helper()
	ev := s.startMovement(nil)
	for s.t.Phase == PhaseMove {
		more, err := s.Apply(s.Turn(), s.Legal()[0])
		if err != nil {
			t.Fatal(err)
		}
		ev = append(ev, more...)
	}
	return ev
}

// eventsOf keeps the events of one type.
func eventsOf(ev []engine.Event, typ string) []engine.Event {
	var out []engine.Event
	for _, e := range ev {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// bruteEnds is the optimal-movement rule by plain enumeration of every
// simple path, the reference the solver is checked against.
func bruteEnds(b *Board, from, k int, o *cellSet) plan {
	dockSteps := -1
	for L := 1; L <= k && dockSteps < 0; L++ {
		walk(b, from, L, o, true, func(end int) {
			if b.IsDock(end) {
				dockSteps = L
			}
		})
	}
	if dockSteps > 0 {
		p := plan{Dock: true, Steps: dockSteps}
		walk(b, from, dockSteps, o, true, func(end int) {
			if b.IsDock(end) && !contains(p.Ends, end) {
				p.Ends = append(p.Ends, end)
			}
		})
		return p
	}
	for L := k; L >= 1; L-- {
		best := b.goal[from]
		var ends []int
		walk(b, from, L, o, false, func(end int) {
			switch g := b.goal[end]; {
			case g < best:
				best, ends = g, []int{end}
			case g == best && len(ends) > 0 && !contains(ends, end):
				ends = append(ends, end)
			}
		})
		if len(ends) > 0 {
			return plan{Ends: ends, Steps: L}
		}
	}
	return plan{}
}

// walk calls f with the end of every simple path of exactly L steps over
// free water; a dock may only end a path, and only if docks is set.
func walk(b *Board, from, L int, o *cellSet, docks bool, f func(int)) {
	var seen cellSet
	seen.add(from)
	var rec func(c, r int)
	rec = func(c, r int) {
		if r == 0 {
			f(c)
			return
		}
		for _, n := range b.nbr[c] {
			if seen.has(n) || b.blocked(n, o) {
				continue
			}
			if b.IsDock(n) {
				if docks && r == 1 {
					f(n)
				}
				continue
			}
			seen.add(n)
			rec(n, r-1)
			seen.del(n)
		}
	}
	rec(from, L)
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
