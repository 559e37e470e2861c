package canoe

import (
	"math/bits"
	"slices"
	"testing"
)

// byDefinition is the rules' words, independent of the shape table: two
// orthogonally adjacent middle pegs a and b, and one peg diagonally off each
// end, both ends bent the same way.
func byDefinition(set [4]Hole) bool {
	for _, a := range set {
		for _, d := range []Hole{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			b := Hole{a.Row + d.Row, a.Col + d.Col}
			bend := Hole{d.Col, d.Row} // perpendicular to a-b
			for _, s := range []int{1, -1} {
				x := Hole{a.Row - d.Row + s*bend.Row, a.Col - d.Col + s*bend.Col}
				y := Hole{b.Row + d.Row + s*bend.Row, b.Col + d.Col + s*bend.Col}
				if sameSet(set, [4]Hole{a, b, x, y}) {
					return true
				}
			}
		}
	}
	return false
}

func sameSet(a, b [4]Hole) bool {
	less := func(x, y Hole) int { return (x.Row-y.Row)*100 + x.Col - y.Col }
	as, bs := a[:], b[:]
	slices.SortFunc(as, less)
	slices.SortFunc(bs, less)
	return slices.Equal(as, bs)
}

// TestShapesAreExactlyTheRulesCanoes checks every four points of a 4x4 box
// against the rules' definition: the four shapes, and nothing else.
func TestShapesAreExactlyTheRulesCanoes(t *testing.T) {
	var box []Hole
	for r := range 4 {
		for c := range 4 {
			box = append(box, Hole{r, c})
		}
	}
	found := 0
	for m := uint32(0); m < 1<<16; m++ {
		if bits.OnesCount32(m) != 4 {
			continue
		}
		var set [4]Hole
		n := 0
		for i, p := range box {
			if m>>i&1 == 1 {
				set[n] = p
				n++
			}
		}
		inTable := isShape(set)
		if inTable != byDefinition(set) {
			t.Errorf("%v: shape table says %v, the definition the opposite", set, inTable)
		}
		if inTable {
			found++
		}
	}
	// Each horizontal shape fits a 4x4 box 3 ways, each vertical one too.
	if found != 4*3 {
		t.Errorf("%d canoes in a 4x4 box, want 12", found)
	}
}

// isShape reports whether set is one of the shapes, moved anywhere.
func isShape(set [4]Hole) bool {
	for _, sh := range shapes {
		for dr := -3; dr <= 3; dr++ {
			for dc := -3; dc <= 3; dc++ {
				var moved [4]Hole
				for i, p := range sh.pegs {
					moved[i] = Hole{p.Row + dr, p.Col + dc}
				}
				if sameSet(moved, set) {
					return true
				}
			}
		}
	}
	return false
}

// TestEveryShapeCountsWhereverItFits places each shape, alone, at every
// place of the board where its four pegs fall on holes, edges included.
func TestEveryShapeCountsWhereverItFits(t *testing.T) {
	perShape := make([]int, len(shapes))
	for si, sh := range shapes {
		for r := -3; r < Rows; r++ {
			for c := -3; c < Cols; c++ {
				own, fits := pegsOf(sh, r, c)
				if !fits {
					continue
				}
				perShape[si]++
				got := Canoes(holesOf(own))
				if len(got) != 1 || got[0].Shape != sh.name || countCanoes(own) != 1 {
					t.Errorf("%s at %v: canoes %v", sh.name, Hole{r, c}, got)
				}
			}
		}
	}
	if want := []int{36, 33, 22, 21}; !slices.Equal(perShape, want) {
		t.Errorf("places per shape %v, want %v", perShape, want)
	}
	if len(placements) != 112 {
		t.Errorf("%d placements, want 112", len(placements))
	}
}

func pegsOf(sh shape, r, c int) (uint64, bool) {
	var own uint64
	for _, d := range sh.pegs {
		i, ok := (Hole{r + d.Row, c + d.Col}).index()
		if !ok {
			return 0, false
		}
		own |= 1 << i
	}
	return own, true
}

func TestCanoesAtTheEdgesOfTheBoard(t *testing.T) {
	cases := map[string]string{
		"b1 a2 a3 b4": `(`,    // the left tip
		"l1 m2 m3 l4": `)`,    // the right tip
		"b1 c1 a2 d2": `/‾‾\`, // the top row's left pair
		"l1 m1 j2 m2": "",     // /‾‾\ would need n2: no canoe
		"d5 g5 e6 f6": `\__/`, // the bottom row
		"i5 l5 j6 k6": "",     // \__/ would need k6: no canoe
		"a2 d2 b3 c3": `\__/`, // the left column
		"k4 l4 j5 m5": "",     // m5 is no hole
		"a3 b4 b5 a6": "",     // a6 is no hole
	}
	for list, want := range cases {
		var own uint64
		for _, s := range splitHoles(list) {
			if i, ok := s.index(); ok {
				own |= 1 << i
			}
		}
		got := Canoes(holesOf(own))
		switch {
		case want == "" && len(got) != 0:
			t.Errorf("%s: canoes %v, want none", list, got)
		case want != "" && (len(got) != 1 || got[0].Shape != want):
			t.Errorf("%s: canoes %v, want one %s", list, got, want)
		}
	}
}

// splitHoles reads "b1 c2 ..." allowing points that are no holes.
func splitHoles(list string) []Hole {
	var out []Hole
	for i := 0; i+1 < len(list); i += 3 {
		out = append(out, Hole{Row: int(list[i+1] - '1'), Col: int(list[i] - 'a')})
	}
	return out
}

// TestDiagonalMiddlePegsAreNoCanoe is the rulebook's ✗: the two middle pegs
// must touch along a side, not at a corner.
func TestDiagonalMiddlePegsAreNoCanoe(t *testing.T) {
	for _, list := range []string{
		"b2 c3 d4 e3", // middles c3-d4 diagonal, ends bent alike
		"b2 c3 d4 e5", // a straight diagonal
		"b3 c2 d3 e2", // a zigzag
		"c2 b3 c4 b5", // a vertical zigzag
		"b2 c3 d2 e3", // middles c3-d2 diagonal
		"b2 c3 d3 e4", // middles touch, but the ends bend opposite ways
		"b3 c3 d3 e3", // a straight row
		"b2 b3 b4 b5", // a straight column
		"b2 c2 c3 b3", // a square
	} {
		if n := countCanoes(mask(t, list)); n != 0 {
			t.Errorf("%s: %d canoes, want none", list, n)
		}
	}
	if n := countCanoes(mask(t, "b2 c3 d3 e2")); n != 1 {
		t.Errorf("the ✓ canoe b2 c3 d3 e2: %d canoes", n)
	}
}

// TestOwnNeighbourSpoilsACanoeOpponentsMayTouch puts a peg in each hole
// around a canoe: one of its own colour spoils it, the opponent's does not.
func TestOwnNeighbourSpoilsACanoeOpponentsMayTouch(t *testing.T) {
	canoe := mask(t, "e3 h3 f4 g4")
	ring := placements[placementOf(t, canoe)].ring
	if got, want := ring, mask(t, "d2 e2 f2 g2 h2 i2 d3 f3 g3 i3 d4 e4 h4 i4 e5 f5 g5 h5"); got != want {
		t.Fatalf("ring %v, want %v", holesOf(got), holesOf(want))
	}
	for r := ring; r != 0; r &= r - 1 {
		spoiler := uint64(1) << bits.TrailingZeros64(r)
		own := stateAt(board{canoe | spoiler, 0}, 1)
		if got := own.scores(); got[0] != 0 {
			t.Errorf("light peg at %v: light has %d canoes, want 0", holesOf(spoiler), got[0])
		}
		theirs := stateAt(board{canoe, spoiler}, 1)
		if got := theirs.scores(); got[0] != 1 {
			t.Errorf("dark peg at %v: light has %d canoes, want 1", holesOf(spoiler), got[0])
		}
	}
	if got := stateAt(board{canoe, ring &^ mask(t, "f3 g3")}, 1).scores(); got[0] != 1 {
		t.Errorf("a canoe ringed by dark pegs: %d canoes, want 1", got[0])
	}
}

func placementOf(t *testing.T, pegs uint64) int {
	t.Helper()
	for i, p := range placements {
		if p.pegs == pegs {
			return i
		}
	}
	t.Fatalf("%v is no canoe", holesOf(pegs))
	return 0
}

// TestTouchingCanoesAreNotTwoCanoes: two canoes of one colour that touch
// spoil each other; one hole apart, both count.
func TestTouchingCanoesAreNotTwoCanoes(t *testing.T) {
	cases := []struct {
		pegs string
		want int
	}{
		{"b2 e2 c3 d3 f2 i2 g3 h3", 0}, // e2 touches f2
		{"b2 e2 c3 d3 g2 j2 h3 i3", 2}, // one hole between e2 and g2
		{"b2 e2 c3 d3 c4 f4 d5 e5", 0}, // stacked: c4 touches c3
		{"b2 e2 c3 d3 d5 g5 e6 f6", 2}, // stacked, one row apart
		{"b1 a2 a3 b4 c2 f2 d3 e3", 0}, // ( and \__/: b1 touches c2
		{"b1 a2 a3 b4 d2 g2 e3 f3", 2}, // one hole apart
	}
	for _, c := range cases {
		if n := countCanoes(mask(t, c.pegs)); n != c.want {
			t.Errorf("%s: %d canoes, want %d", c.pegs, n, c.want)
		}
	}
}

// TestCanoesMayCrossTheOpponents is the rulebook's "un canoë peut toucher
// un canoë adverse ou le croiser": a dark ( threads through a light \__/.
func TestCanoesMayCrossTheOpponents(t *testing.T) {
	light, dark := mask(t, "j2 m2 k3 l3"), mask(t, "k2 j3 j4 k5")
	s := stateAt(board{light, dark}, 1)
	if got := s.scores(); !slices.Equal(got, []int{1, 1}) {
		t.Errorf("crossing canoes: scores %v, want [1 1]", got)
	}
}
