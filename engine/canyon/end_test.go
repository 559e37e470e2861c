package canyon

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

// finish runs the movement of a position and returns the result.
func finish(t *testing.T, s *State) engine.Result {
	t.Helper()
	moveAll(t, s)
	res, over := s.Result()
	if !over || s.Turn() != engine.NoSeat {
		t.Fatalf("game not over: phase %s", s.t.Phase)
	}
	return res
}

// The round in which a canoe docks ends only after every canoe has moved.
func TestGameEndsAfterEveryCanoeMoved(t *testing.T) {
	// Seat 0 docks first; seat 1 still moves 3 points after it.
	s := position([]int{at(1, 8), at(20, 4), at(27, 5)}, [][]int{{1}, {1}, {1}}, []int{1, 1, 0})
	ev := moveAll(t, s)
	if !s.t.Docked[0] || movedBy(ev, 1) != 3 {
		t.Fatalf("docked %v, seat 1 moved %d", s.t.Docked, movedBy(ev, 1))
	}
	res, _ := s.Result()
	if !slices.Equal(res.Winners, []engine.Seat{0}) || res.Reason != "dock" {
		t.Fatalf("result %+v", res)
	}
	if len(eventsOf(ev, "game-end")) != 1 {
		t.Fatal("no game-end event")
	}
}

// Several canoes dock: the most leftover points win.
func TestTieBreakLeftover(t *testing.T) {
	// Both in the current with an exact tempo 2: 3 points; seat 0 is 1 step
	// from a dock (2 left over), seat 1 is 2 steps (1 left over).
	s := position([]int{at(1, 9), at(2, 7), at(27, 5)}, [][]int{{2}, {2}, {1}}, []int{2, 2, 0})
	res := finish(t, s)
	if !slices.Equal(res.Winners, []engine.Seat{0}) || res.Ranks[1] != 2 || res.Ranks[2] != 3 {
		t.Fatalf("result %+v, leftover %v", res, s.t.Leftover)
	}
}

// Equal leftovers: the highest tempo of that round wins.
func TestTieBreakTempo(t *testing.T) {
	// Both in the current, 2 steps from the docks with an exact tempo:
	// 3 points and 1 left over each; seat 1's tempo 3 beats seat 0's 2.
	s := position([]int{at(2, 9), at(2, 7), at(27, 5)}, [][]int{{2}, {3}, {1}}, []int{2, 3, 0})
	res := finish(t, s)
	if s.t.Leftover[0] != 1 || s.t.Leftover[1] != 1 {
		t.Fatalf("leftover %v", s.t.Leftover)
	}
	if !slices.Equal(res.Winners, []engine.Seat{1}) || res.Ranks[0] != 2 {
		t.Fatalf("result %+v", res)
	}
}

// Equal leftovers and tempos: a shared win.
func TestTieBreakSharedWin(t *testing.T) {
	s := position([]int{at(2, 9), at(2, 7), at(27, 5)}, [][]int{{2}, {2}, {1}}, []int{2, 2, 0})
	res := finish(t, s)
	if !slices.Equal(res.Winners, []engine.Seat{0, 1}) || res.Ranks[0] != 1 || res.Ranks[1] != 1 || res.Ranks[2] != 3 {
		t.Fatalf("result %+v", res)
	}
}

// The canoes that did not dock rank after the finishers by goal distance; a
// fallen canoe counts from the cave footbridge.
func TestRanksOfTheOthers(t *testing.T) {
	s := position([]int{at(1, 8), at(20, 4), at(9, 5), at(4, 2)}, [][]int{{1}, {1}, {1}, {1}}, []int{1, 0, 0, 0})
	s.t.Canoes[3] = at(4, 3)
	s.t.Canoes[2] = at(4, 2) // seat 3 drifts and pushes seat 2 over the edge
	res := finish(t, s)
	if !s.t.Fallen[2] {
		t.Fatal("seat 2 did not fall")
	}
	want := []int{1, 4, 3, 2} // dock; 20; cave (9); 4,2 (5)
	if !slices.Equal(res.Ranks, want) {
		t.Fatalf("ranks %v, want %v (scores %v)", res.Ranks, want, res.Scores)
	}
	if res.Scores[0] != 0 || res.Scores[2] != -9 {
		t.Fatalf("scores %v", res.Scores)
	}
}

// The game-end event, as the phones receive it, writes the winners as a
// list, and the same list as the result: never null, whatever the ranks.
func TestGameEndEventWritesItsWinnersAsAList(t *testing.T) {
	// Both canoes dock with the same leftover and tempo: a shared win.
	s := position([]int{at(2, 9), at(2, 9), at(27, 5)}, [][]int{{2}, {2}, {1}}, []int{2, 2, 0})
	ev := moveAll(t, s)
	ends := eventsOf(ev, "game-end")
	if len(ends) != 1 {
		t.Fatalf("game-end events %+v, want one", ends)
	}
	res, _ := s.Result()
	data, err := json.Marshal(ends[0])
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Data struct {
			Winners *[]engine.Seat `json:"winners"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Data.Winners == nil || !slices.Equal(*got.Data.Winners, res.Winners) {
		t.Errorf("game-end event %s, want the result's winners %v as a list", data, res.Winners)
	}
	if w := (engine.Result{}).WinnerList(); w == nil || len(w) != 0 {
		t.Errorf("a result without winners lists %v, want an empty list", w)
	}
}
