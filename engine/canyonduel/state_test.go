package canyonduel

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestTurnsAlternateFromRed(t *testing.T) {
	s := newState()
	for ply, m := range []string{"e1-f1", "d8-d7", "f1-g1", "d7-c8"} {
		if want := engine.Seat(ply % 2); s.Turn() != want || s.Plies() != ply {
			t.Fatalf("ply %d: turn %v, plies %d", ply, s.Turn(), s.Plies())
		}
		mustApply(t, s, m)
	}
}

func TestStartMoves(t *testing.T) {
	// Red's front row steps forward; the pieces behind jump over it.
	legal := legalStrings(newState())
	for _, want := range []string{"e1-f1", "a5-a6", "d1:f1", "a4:a6", "b3:d3"} {
		if !slices.Contains(legal, want) {
			t.Errorf("%s missing from %v", want, legal)
		}
	}
	for _, m := range legal {
		for _, c := range mv(t, m).Path {
			if !c.isCell() {
				t.Errorf("%s leaves the cells", m)
			}
		}
	}
}

func TestEventsTellStepsJumpsAndCaptures(t *testing.T) {
	s := position(t, 0, chainBoard)
	if got := mustApply(t, s, "c3:a3:a1:c1"); !reflect.DeepEqual(eventTypes(got), []string{"jump", "capture", "jump", "jump"}) {
		t.Errorf("events %v", eventTypes(got))
	}
	s = position(t, 0, `
.......Y
.##.....
.###....
..###...
...###..
....###.
.Y...##.
R.......`)
	events := mustApply(t, s, "a1:c3")
	want := []engine.Event{
		engine.Public("jump", 0, map[string]any{"from": "a1", "over": "b2", "to": "c3"}),
		engine.Public("capture", 0, map[string]any{"cell": "b2", "owner": engine.Seat(1)}),
	}
	if !reflect.DeepEqual(events, want) {
		t.Errorf("events %+v, want %+v", events, want)
	}
	events = mustApply(t, s, "h8-g8")
	want = []engine.Event{engine.Public("step", 1, map[string]any{"from": "h8", "to": "g8"})}
	if !reflect.DeepEqual(events, want) {
		t.Errorf("events %+v, want %+v", events, want)
	}
}

func TestEndEventCarriesTheResult(t *testing.T) {
	s := position(t, 0, lastCapture)
	events := mustApply(t, s, "e1:c3")
	last := events[len(events)-1]
	want := engine.Public("end", engine.NoSeat, map[string]any{
		"reason": ReasonNoPieces, "scores": []int{5, 0}, "winners": []engine.Seat{0}})
	if !reflect.DeepEqual(last, want) {
		t.Errorf("end event %+v, want %+v", last, want)
	}
}

func TestHashCoversBoardAndPlies(t *testing.T) {
	a, b := newState(), newState()
	if a.Hash() != b.Hash() {
		t.Fatal("equal states hash differently")
	}
	mustApply(t, a, "e1-f1")
	if a.Hash() == b.Hash() {
		t.Error("a move did not change the hash")
	}
	if position(t, 2, startDiagram).Hash() == b.Hash() {
		t.Error("the ply count is not hashed")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s := newState()
	c := s.Clone()
	mustApply(t, s, "e1-f1")
	if c.Plies() != 0 || c.(*State).board != newState().board {
		t.Error("the clone followed the original")
	}
}

func TestLegalIsEmptyOnceOver(t *testing.T) {
	if got := position(t, MaxPlies, startDiagram).Legal(); got != nil {
		t.Errorf("legal moves after the end: %v", got)
	}
}

func TestLegalMovesDoNotShareCells(t *testing.T) {
	s := position(t, 56, crowded)
	legal := s.Legal()
	before := legal[1].String()
	first := legal[0].(Move)
	first.Path = append(first.Path, Cell{7, 7})
	first.Path[0] = Cell{7, 7}
	if after := legal[1].String(); after != before {
		t.Errorf("changing one move's path turned %s into %s", before, after)
	}
}

// RandomMove draws exactly the move Legal()[IntN(len)] would, from the
// same numbers, so that a search's playouts do not change with it.
func TestRandomMoveDrawsAsLegalDoes(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		enginetest.RandomMoveDrawsAsLegal(t, newState(), seed)
	}
}
