package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// movedBy returns the points of seat's movement event, or -1.
func movedBy(ev []engine.Event, seat engine.Seat) int {
	for _, e := range eventsOf(ev, "movement") {
		if e.Seat == seat {
			return e.Data["points"].(int)
		}
	}
	return -1
}

// Rulebook, current examples: on a current cell only an exact tempo moves,
// and only by its bonus; a missed tempo drifts one cell along the arrow.
func TestCurrentExamples(t *testing.T) {
	b := board()
	anja, bernd, carola, dirk := at(7, 3), at(7, 6), at(5, 4), at(6, 8)
	s := position([]int{anja, bernd, carola, dirk},
		[][]int{{2}, {0}, {2}, {4}}, []int{2, 0, 4, 4})
	ev := moveAll(t, s)
	for seat, want := range []int{3, 1, -1, 3} {
		if got := movedBy(ev, engine.Seat(seat)); got != want {
			t.Errorf("seat %d moved by %d points, want %d", seat, got, want)
		}
	}
	if g := b.goal[s.t.Canoes[0]]; g != 4 {
		t.Errorf("Anja at goal distance %d, want 7-3", g)
	}
	if g := b.goal[s.t.Canoes[1]]; g != 6 {
		t.Errorf("Bernd at goal distance %d, want 7-1", g)
	}
	if s.t.Canoes[2] != at(5, 3) || len(eventsOf(ev, "drift")) != 1 {
		t.Errorf("Carola on %d, want drifted to 5,3", s.t.Canoes[2])
	}
	if g := b.goal[s.t.Canoes[3]]; g != 3 {
		t.Errorf("Dirk at goal distance %d, want 6-3", g)
	}
}

// Entering the current from a normal cell is a normal movement: all points.
func TestMovingIntoTheCurrent(t *testing.T) {
	s := position([]int{at(8, 4), at(27, 2), at(27, 3)}, [][]int{{3}, {1}, {1}}, []int{3, 0, 0})
	ev := moveAll(t, s)
	if got := movedBy(ev, 0); got != 6 || board().goal[s.t.Canoes[0]] != 2 {
		t.Fatalf("moved %d points to goal distance %d", got, board().goal[s.t.Canoes[0]])
	}
}

// Rulebook, drift example: Bernd and Anja have moved in the current; Carola
// missed her tempo and drifts, pushing Anja and Bernd along their arrows;
// Bernd falls into the waterfall and starts the next round's movement on
// the cave footbridge.
func TestDriftPushesIntoTheWaterfall(t *testing.T) {
	bernd, anja, carola := at(4, 2), at(4, 3), at(4, 4)
	s := position([]int{bernd, anja, carola, at(27, 5)}, [][]int{{1}, {1}, {2}, {1}}, []int{1, 1, 1, 0})
	s.t.Mover = 2 // Bernd and Anja have moved already
	ev := s.moveCanoes(nil)
	if s.t.Canoes[2] != anja || s.t.Canoes[1] != bernd {
		t.Fatalf("Carola on %d, Anja on %d", s.t.Canoes[2], s.t.Canoes[1])
	}
	if !s.t.Fallen[0] || s.t.Canoes[0] != -1 {
		t.Fatalf("Bernd did not fall: cell %d", s.t.Canoes[0])
	}
	if len(eventsOf(ev, "push")) != 2 || len(eventsOf(ev, "fall")) != 1 {
		t.Fatalf("events %v", ev)
	}
	// The next round: Bernd is off the board until the movement phase.
	if s.t.Phase != PhaseTempo || s.t.Round != 2 {
		t.Fatalf("phase %s round %d", s.t.Phase, s.t.Round)
	}
	var more []engine.Event
	for s.t.Phase != PhaseTempo || s.t.Round == 2 {
		if s.t.Canoes[0] != -1 && s.t.Round == 2 && s.t.Phase != PhaseMove {
			t.Fatal("Bernd is back before the movement phase")
		}
		e, err := s.Apply(s.Turn(), s.Legal()[0])
		if err != nil {
			t.Fatal(err)
		}
		more = append(more, e...)
	}
	re := eventsOf(more, "reenter")
	if len(re) != 1 || re[0].Seat != 0 || re[0].Data["cell"] != board().Cave() {
		t.Fatalf("re-entry events %v", re)
	}
	if s.t.Fallen[0] || s.t.Canoes[0] < 0 {
		t.Fatal("Bernd is still off the board")
	}
}

// Several fallen canoes share the footbridge, and a canoe that fell before
// its turn does not move that round.
func TestFallenCanoesShareTheFootbridge(t *testing.T) {
	s := position([]int{-1, -1, at(27, 5)}, [][]int{{1}, {1}, {1}}, []int{0, 0, 0})
	moveAll(t, s)
	if s.t.Canoes[0] != board().Cave() || s.t.Canoes[1] != board().Cave() {
		t.Fatalf("canoes on %v", s.t.Canoes)
	}
	// Carola (seat 0) drifts first and pushes Bernd (seat 1) over the edge;
	// Bernd made his tempo but is off the board for the rest of the round.
	s = position([]int{at(4, 3), at(4, 2), at(27, 5)}, [][]int{{1}, {0}, {1}}, []int{0, 0, 0})
	ev := moveAll(t, s)
	if !s.t.Fallen[1] || movedBy(ev, 1) != -1 {
		t.Fatalf("Bernd: fallen %v, moved %d", s.t.Fallen[1], movedBy(ev, 1))
	}
}
