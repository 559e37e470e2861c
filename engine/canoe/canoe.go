package canoe

import "math/bits"

// shape is one of the four ways four pegs make a canoe: two orthogonally
// adjacent middle pegs and one peg diagonally off each end, both ends bent
// the same way. Pegs are relative to the top-left of the shape's box.
type shape struct {
	name string
	pegs [4]Hole
}

// shapes are the canoes of the rules, in the decisions' order.
var shapes = [4]shape{
	{`\__/`, [4]Hole{{0, 0}, {0, 3}, {1, 1}, {1, 2}}},
	{`/‾‾\`, [4]Hole{{0, 1}, {0, 2}, {1, 0}, {1, 3}}},
	{`(`, [4]Hole{{0, 1}, {1, 0}, {2, 0}, {3, 1}}},
	{`)`, [4]Hole{{0, 0}, {1, 1}, {2, 1}, {3, 0}}},
}

// placement is one shape at one place of the board. A player's pegs make it
// a counting canoe when they fill pegs and leave ring empty.
type placement struct {
	pegs  uint64
	ring  uint64 // the holes touching pegs, where no peg of that colour may be
	shape int
}

// placements is every shape at every place where all four of its pegs fall
// on holes.
var placements = allPlacements()

func allPlacements() []placement {
	var out []placement
	for i, sh := range shapes {
		for r := range Rows {
			for c := range Cols {
				if p, ok := place(sh, r, c); ok {
					p.shape = i
					out = append(out, p)
				}
			}
		}
	}
	return out
}

func place(sh shape, r, c int) (placement, bool) {
	var p placement
	for _, d := range sh.pegs {
		i, ok := (Hole{r + d.Row, c + d.Col}).index()
		if !ok {
			return placement{}, false
		}
		p.pegs |= 1 << i
	}
	for m := p.pegs; m != 0; m &= m - 1 {
		p.ring |= geo.near[bits.TrailingZeros64(m)]
	}
	p.ring &^= p.pegs
	return p, true
}

// counts reports whether own, one player's pegs, show this canoe. Since the
// ring is empty, the four pegs are a group of their own: two counting
// canoes never share or touch a peg, whatever their shapes.
func (p placement) counts(own uint64) bool {
	return own&p.pegs == p.pegs && own&p.ring == 0
}

// countCanoes is how many counting canoes the pegs own show.
func countCanoes(own uint64) int {
	n := 0
	for _, p := range placements {
		if p.counts(own) {
			n++
		}
	}
	return n
}

// Canoe is one counting canoe: its shape's name and its holes in reading order.
type Canoe struct {
	Shape string `json:"shape"`
	Holes []Hole `json:"holes"`
}

// canoesOf lists the counting canoes that the pegs own show, by placement.
func canoesOf(own uint64) []int {
	var out []int
	for i, p := range placements {
		if p.counts(own) {
			out = append(out, i)
		}
	}
	return out
}

func canoeAt(i int) Canoe {
	p := placements[i]
	return Canoe{Shape: shapes[p.shape].name, Holes: holesOf(p.pegs)}
}

// Canoes lists the counting canoes that a player's pegs show.
func Canoes(pegs []Hole) []Canoe {
	var own uint64
	for _, h := range pegs {
		if i, ok := h.index(); ok {
			own |= 1 << i
		}
	}
	out := []Canoe{}
	for _, i := range canoesOf(own) {
		out = append(out, canoeAt(i))
	}
	return out
}
