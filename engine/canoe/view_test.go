package canoe

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestViewShowsTheWholePosition(t *testing.T) {
	s := newGame(t)
	play(t, s, "place b2", "place g3", "place e2", "place h3", "place c3", "place a2", "place d3")
	v := s.View(1).(*View)
	wantBoard := []string{
		".oo........oo",
		"DLooLoooooooo",
		"ooLLooDDooooo",
		"ooooooooooooo",
		".ooooooooooo.",
		"...ooooooo...",
	}
	if !reflect.DeepEqual(v.Board, wantBoard) {
		t.Errorf("board\n%s", strings.Join(v.Board, "\n"))
	}
	if v.For != 1 || v.ToMove != 1 || v.Plies != 7 || v.Supply != [2]int{9, 10} || v.Outcome != nil {
		t.Errorf("view %+v", v)
	}
	wantCanoes := [2][]Canoe{{{Shape: `\__/`, Holes: []Hole{h(t, "b2"), h(t, "e2"), h(t, "c3"), h(t, "d3")}}}, {}}
	if !reflect.DeepEqual(v.Canoes, wantCanoes) {
		t.Errorf("canoes %+v", v.Canoes)
	}
	if len(v.Seen) != 8 || v.Seen["0:0:0"] != 1 {
		t.Errorf("seen %v", v.Seen)
	}
	if got := len(v.Legal()); got != len(s.Legal()) {
		t.Errorf("%d legal moves in the view, %d in the state", got, len(s.Legal()))
	}
	for _, viewer := range []engine.Seat{0, engine.Onlooker} {
		if other := s.View(viewer); other.Legal() != nil || other.Viewer() != viewer || other.Turn() != 1 {
			t.Errorf("view for %v: legal %v, turn %v", viewer, other.Legal(), other.Turn())
		}
	}
}

func TestViewOfTheStartInJSON(t *testing.T) {
	data, err := engine.EncodeView(ID, newGame(t).View(engine.Onlooker))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"v":1,"game":"canoe","viewer":-2,"view":{"viewer":-2,"turn":0,` +
		`"board":[".oo........oo","ooooooooooooo","ooooooooooooo","ooooooooooooo",".ooooooooooo.","...ooooooo..."],` +
		`"supply":[13,13],"canoes":[[],[]],"plies":0,"seen":{"0:0:0":1}}}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
}

// TestViewsDoNotDependOnTheSeed: Canoë has no chance, so no seed to hide.
func TestViewsDoNotDependOnTheSeed(t *testing.T) {
	var views []string
	for _, seed := range []uint64{1, 99} {
		s, err := engine.NewGame(New(), engine.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(s.View(0))
		views = append(views, string(data))
		if strings.Contains(string(data), "seed") {
			t.Errorf("the view mentions a seed: %s", data)
		}
	}
	if views[0] != views[1] {
		t.Errorf("views differ by seed:\n%s\n%s", views[0], views[1])
	}
}

// TestDeterminizeRebuildsTheExactState, through JSON too, at every ply of
// random games, finished ones included.
func TestDeterminizeRebuildsTheExactState(t *testing.T) {
	r := engine.NewRNG(3, 3)
	for g := range 4 {
		s := newGame(t)
		for {
			for _, viewer := range []engine.Seat{0, 1, engine.Onlooker} {
				checkRebuilt(t, s, viewer)
			}
			if s.Turn() == engine.NoSeat {
				break
			}
			if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
		}
	}
}

func checkRebuilt(t *testing.T, s *State, viewer engine.Seat) {
	t.Helper()
	data, err := json.Marshal(s.View(viewer))
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	d, err := New().Determinize(&v, nil)
	if err != nil {
		t.Fatalf("ply %d, viewer %v: %v", s.plies, viewer, err)
	}
	if d.Hash() != s.Hash() {
		t.Fatalf("ply %d, viewer %v: the rebuilt state differs", s.plies, viewer)
	}
}

type otherView struct{}

func (otherView) Viewer() engine.Seat           { return 0 }
func (otherView) Turn() engine.Seat             { return 0 }
func (otherView) Legal() []engine.Move          { return nil }
func (otherView) Result() (engine.Result, bool) { return engine.Result{}, false }

func TestDeterminizeRefusesImpossibleViews(t *testing.T) {
	base := newGame(t)
	play(t, base, "place b2", "place g3", "place e2")
	good := func() *View { return base.View(1).(*View) }
	cases := map[string]func(v *View){
		"viewer 5":            func(v *View) { v.For = 5 },
		"five rows":           func(v *View) { v.Board = v.Board[:5] },
		"a short row":         func(v *View) { v.Board[2] = "ooo" },
		"an unknown cell":     func(v *View) { v.Board[2] = "ooxoooooooooo" },
		"a peg on no hole":    func(v *View) { v.Board[0] = "Loo........oo" },
		"too many light pegs": func(v *View) { v.Board[3] = "LLLLLLLLLLLLL" },
		"a wrong supply":      func(v *View) { v.Supply[0] = 13 },
		"the wrong turn":      func(v *View) { v.ToMove = 0 },
		"over when it is not": func(v *View) { v.ToMove = engine.NoSeat },
		"negative plies":      func(v *View) { v.Plies = -1 },
		"too many plies":      func(v *View) { v.Plies = MaxPlies + 1 },
		"plies and history":   func(v *View) { v.Plies = 5 },
		"a garbage key":       func(v *View) { v.Seen["x"] = 1 },
		"an odd key":          func(v *View) { v.Seen["0:00:0"] = v.Seen["0:0:0"]; delete(v.Seen, "0:0:0") },
		"a zero count":        func(v *View) { v.Seen["0:0:0"] = 0 },
		"a third before":      func(v *View) { v.Seen["0:0:0"] = 3 },
		"no history":          func(v *View) { v.Seen = nil },
		"a wrong canoe list":  func(v *View) { v.Canoes[0] = []Canoe{{Shape: "("}} },
		"a result too early":  func(v *View) { v.Outcome = &engine.Result{Reason: ReasonPlyLimit} },
		"missing legal moves": func(v *View) { v.Moves = nil },
	}
	for name, spoil := range cases {
		v := good()
		spoil(v)
		if _, err := New().Determinize(v, nil); err == nil {
			t.Errorf("%s: determinized", name)
		}
	}
	if _, err := New().Determinize(good(), nil); err != nil {
		t.Errorf("the unspoilt view: %v", err)
	}
	for _, v := range []engine.View{otherView{}, (*View)(nil), nil} {
		if _, err := New().Determinize(v, nil); err == nil {
			t.Errorf("determinized a %T", v)
		}
	}
}
