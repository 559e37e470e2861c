package canyonduel

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestViewShowsTheWholeBoardToEveryone(t *testing.T) {
	s := newState()
	for _, viewer := range []engine.Seat{0, 1, engine.Onlooker} {
		v := s.View(viewer).(*View)
		rows := slices.Clone(v.Board)
		slices.Reverse(rows)
		if got := strings.Join(rows, "\n"); got != strings.TrimSpace(startDiagram) {
			t.Errorf("%v sees\n%s", viewer, got)
		}
		if v.Viewer() != viewer || v.Turn() != 0 || v.Ply != 0 || !slices.Equal(v.Scores, []int{55, 55}) {
			t.Errorf("%v's view: %+v", viewer, v)
		}
		if (viewer == 0) != (v.Legal() != nil) {
			t.Errorf("%v sees %d legal moves", viewer, len(v.Legal()))
		}
	}
}

func TestViewOfAFinishedGame(t *testing.T) {
	v := position(t, MaxPlies, startDiagram).View(0).(*View)
	if v.Turn() != engine.NoSeat || v.End != ReasonPlyLimit || v.Legal() != nil {
		t.Errorf("view %+v", v)
	}
}

func TestDeterminizeRebuildsTheState(t *testing.T) {
	s := newState()
	rng := engine.NewRNG(1, 1)
	for s.Turn() != engine.NoSeat {
		for _, viewer := range []engine.Seat{0, 1, engine.Onlooker} {
			d, err := New().Determinize(s.View(viewer), nil)
			if err != nil || d.Hash() != s.Hash() {
				t.Fatalf("ply %d, %v: determinized %v (%v)", s.Plies(), viewer, d, err)
			}
		}
		legal := s.Legal()
		if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// A remote bot gets the view as JSON: decoded, it must still rebuild the
// state.
func TestDeterminizeFromJSON(t *testing.T) {
	s := newState()
	mustApply(t, s, "d1:f1")
	data, err := json.Marshal(s.View(1))
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	d, err := New().Determinize(&v, nil)
	if err != nil || d.Hash() != s.Hash() {
		t.Errorf("determinized %v (%v)", d, err)
	}
}

type otherView struct{}

func (otherView) Viewer() engine.Seat           { return 0 }
func (otherView) Turn() engine.Seat             { return 0 }
func (otherView) Legal() []engine.Move          { return nil }
func (otherView) Result() (engine.Result, bool) { return engine.Result{}, false }

func TestDeterminizeRefusesImpossibleViews(t *testing.T) {
	good := func() *View { return newState().View(0).(*View) }
	tests := map[string]func(v *View){
		"short board":     func(v *View) { v.Board = v.Board[:7] },
		"short row":       func(v *View) { v.Board[0] = "RRRR" },
		"unknown mark":    func(v *View) { v.Board[0] = "RRRRRX.." },
		"piece in canyon": func(v *View) { v.Board[2] = "RRR.R##." },
		"canyon missing":  func(v *View) { v.Board[2] = "RRR....." },
		"canyon invented": func(v *View) { v.Board[0] = "RRRRR..#" },
		"16 red pieces":   func(v *View) { v.Board[0] = "RRRRRRRR" },
		"negative plies":  func(v *View) { v.Ply = -2 },
		"too many plies":  func(v *View) { v.Ply = MaxPlies + 2 },
		"wrong turn":      func(v *View) { v.ToMove = 1 },
		"wrong end":       func(v *View) { v.End = ReasonHome },
		"wrong scores":    func(v *View) { v.Scores = []int{55, 54} },
		"no scores":       func(v *View) { v.Scores = nil },
	}
	for name, spoil := range tests {
		v := good()
		spoil(v)
		if _, err := New().Determinize(v, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for _, v := range []engine.View{nil, (*View)(nil), otherView{}} {
		if _, err := New().Determinize(v, nil); err == nil {
			t.Errorf("%#v accepted", v)
		}
	}
}
