package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// Why a game of Canyon ends, the Reason of its Result.
const (
	// ReasonDock: a round ended with at least one canoe at a dock, the only
	// way a game of Canyon ends.
	ReasonDock = "dock"
)

// Result ranks the canoes once the game is over. The canoes that reached a
// dock come first, ordered by leftover points, then by their tempo of the
// last round; equals share a rank, and the first rank wins. The others follow
// by goal distance (a fallen canoe counts from the cave footbridge). Scores
// are the negated goal distances, 0 at a dock.
func (s *State) Result() (engine.Result, bool) {
	if s.t.Phase != PhaseOver {
		return engine.Result{}, false
	}
	n := s.t.Seats
	keys := make([][3]int, n) // compared in order, greater is better
	scores := make([]int, n)
	for seat := range n {
		d := s.distance(seat)
		scores[seat] = -d
		if s.t.Docked[seat] {
			keys[seat] = [3]int{1, s.t.Leftover[seat], s.tempoOf(seat)}
		} else {
			keys[seat] = [3]int{0, -d, 0}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	better := func(a, b int) int { return slices.Compare(keys[b][:], keys[a][:]) }
	slices.SortStableFunc(order, better)
	res := engine.Result{Scores: scores, Ranks: make([]int, n), Reason: ReasonDock}
	for pos, seat := range order {
		res.Ranks[seat] = pos + 1
		if pos > 0 && better(order[pos-1], seat) == 0 {
			res.Ranks[seat] = res.Ranks[order[pos-1]]
		}
		if res.Ranks[seat] == 1 {
			res.Winners = append(res.Winners, engine.Seat(seat))
		}
	}
	slices.Sort(res.Winners)
	return res, true
}

// distance is seat's goal distance for the ranking.
func (s *State) distance(seat int) int {
	c := s.t.Canoes[seat]
	if c < 0 {
		c = s.b.cave
	}
	return s.b.goal[c]
}
