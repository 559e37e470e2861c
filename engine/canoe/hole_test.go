package canoe

import (
	"encoding/json"
	"math/bits"
	"strings"
	"testing"
)

// The board as the decisions draw it.
const rulesBoard = `
. o o . . . . . . . . o o
o o o o o o o o o o o o o
o o o o o o o o o o o o o
o o o o o o o o o o o o o
. o o o o o o o o o o o .
. . . o o o o o o o . . .`

func TestBoardHas61HolesInTheRulesShape(t *testing.T) {
	want := strings.Fields(strings.ReplaceAll(rulesBoard, " ", ""))
	got := board{}.rows()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("board\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := bits.OnesCount64(geo.all); n != 61 {
		t.Errorf("%d holes, want 61", n)
	}
	perRow := []int{4, 13, 13, 13, 11, 7}
	for r, want := range perRow {
		if n := strings.Count(got[r], "o"); n != want {
			t.Errorf("row %d has %d holes, want %d", r+1, n, want)
		}
	}
}

func TestHoleNotationRoundTrips(t *testing.T) {
	for i, hole := range geo.holes {
		p, err := ParseHole(hole.String())
		if err != nil || p != hole {
			t.Errorf("hole %d %v read back as %v, %v", i, hole, p, err)
		}
	}
	for s, want := range map[string]Hole{"b1": {0, 1}, "m1": {0, 12}, "a2": {1, 0}, "g3": {2, 6}, "d6": {5, 3}, "j6": {5, 9}} {
		if got := h(t, s); got != want {
			t.Errorf("%s = %+v, want %+v", s, got, want)
		}
	}
}

func TestParseHoleRefusesPointsOffTheBoard(t *testing.T) {
	for _, s := range []string{"", "b", "a1", "d1", "a5", "m5", "c6", "k6", "n2", "a0", "a7", "B2", "b2 ", " b2", "b12", "2b", "é1"} {
		if p, err := ParseHole(s); err == nil {
			t.Errorf("ParseHole(%q) = %v, want an error", s, p)
		}
	}
	var hole Hole
	if err := json.Unmarshal([]byte(`"a1"`), &hole); err == nil {
		t.Error("a1 (no hole) unmarshalled")
	}
	if _, err := json.Marshal(Hole{9, 9}); err == nil {
		t.Error("a point off the grid marshalled")
	}
	if s := (Hole{-1, 40}).String(); s != "(-1,40)" {
		t.Errorf("String of a point off the grid = %q", s)
	}
}

func TestNeighboursAreTheEightDirectionsOnTheBoard(t *testing.T) {
	cases := map[string]string{
		"b1": "c1 a2 b2 c2",
		"m1": "l1 l2 m2",
		"g3": "f2 g2 h2 f3 h3 f4 g4 h4",
		"a2": "b1 b2 a3 b3",
		"d6": "c5 d5 e5 e6",
		"b5": "a4 b4 c4 c5",
	}
	for hole, want := range cases {
		i, _ := h(t, hole).index()
		if got := geo.near[i]; got != mask(t, want) {
			t.Errorf("neighbours of %s = %v, want %s", hole, holesOf(got), want)
		}
	}
	for i := range Holes {
		for j := range Holes {
			if (geo.near[i]>>j&1 == 1) != (geo.near[j]>>i&1 == 1) {
				t.Fatalf("%v and %v: neighbours one way only", geo.holes[i], geo.holes[j])
			}
		}
	}
}
