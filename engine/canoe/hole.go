package canoe

import (
	"fmt"
	"math/bits"
)

// The board's grid; only 61 of its points are holes.
const (
	Rows  = 6
	Cols  = 13
	Holes = 61
)

// layout is the board as the rules draw it: 'o' a hole, '.' none.
var layout = [Rows]string{
	".oo........oo",
	"ooooooooooooo",
	"ooooooooooooo",
	"ooooooooooooo",
	".ooooooooooo.",
	"...ooooooo...",
}

// Hole is a point of the grid, Row 0 at the top, Col 0 at the left. Its zero
// value is not a hole of the board, so moves use it for "no hole".
type Hole struct{ Row, Col int }

// geometry is the board's constant tables, built once from layout.
type geometry struct {
	index [Rows][Cols]int8 // hole number, -1 where there is no hole
	holes [Holes]Hole      // the inverse of index
	near  [Holes]uint64    // each hole's up-to-8 neighbouring holes
	all   uint64           // every hole
}

var geo = newGeometry()

func newGeometry() *geometry {
	g := &geometry{}
	n := 0
	for r := range Rows {
		for c := range Cols {
			g.index[r][c] = -1
			if layout[r][c] == 'o' {
				g.index[r][c] = int8(n)
				g.holes[n] = Hole{r, c}
				g.all |= 1 << n
				n++
			}
		}
	}
	if n != Holes {
		panic(fmt.Sprintf("canoe: layout has %d holes, not %d", n, Holes))
	}
	for i, h := range g.holes {
		for _, d := range directions {
			if r, c := h.Row+d.Row, h.Col+d.Col; inGrid(r, c) && g.index[r][c] >= 0 {
				g.near[i] |= 1 << g.index[r][c]
			}
		}
	}
	return g
}

// directions are the eight steps to a neighbouring point.
var directions = [8]Hole{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func inGrid(r, c int) bool { return r >= 0 && r < Rows && c >= 0 && c < Cols }

// index is the hole's number in reading order, if h is a hole.
func (h Hole) index() (int, bool) {
	if !inGrid(h.Row, h.Col) || geo.index[h.Row][h.Col] < 0 {
		return 0, false
	}
	return int(geo.index[h.Row][h.Col]), true
}

// Valid reports whether h is one of the board's 61 holes.
func (h Hole) Valid() bool {
	_, ok := h.index()
	return ok
}

// String is the hole in the move notation: "c2" is column c, row 2.
func (h Hole) String() string {
	if !inGrid(h.Row, h.Col) {
		return fmt.Sprintf("(%d,%d)", h.Row, h.Col)
	}
	return string(rune('a'+h.Col)) + string(rune('1'+h.Row))
}

// ParseHole reads a hole in the move notation and refuses points that are
// not holes of the board.
func ParseHole(s string) (Hole, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+Cols || s[1] < '1' || s[1] >= '1'+Rows {
		return Hole{}, fmt.Errorf("canoe: %q is not a hole (columns a-m, rows 1-6)", s)
	}
	h := Hole{Row: int(s[1] - '1'), Col: int(s[0] - 'a')}
	if !h.Valid() {
		return Hole{}, fmt.Errorf("canoe: %s is off the board", h)
	}
	return h, nil
}

// MarshalText writes the hole in the move notation.
func (h Hole) MarshalText() ([]byte, error) {
	if !h.Valid() {
		return nil, fmt.Errorf("canoe: %s is not a hole", h)
	}
	return []byte(h.String()), nil
}

// UnmarshalText reads the move notation; only holes of the board pass.
func (h *Hole) UnmarshalText(text []byte) error {
	p, err := ParseHole(string(text))
	if err != nil {
		return err
	}
	*h = p
	return nil
}

// holesOf lists the holes of mask in reading order.
func holesOf(mask uint64) []Hole {
	out := make([]Hole, 0, bits.OnesCount64(mask))
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, geo.holes[bits.TrailingZeros64(mask)])
	}
	return out
}
