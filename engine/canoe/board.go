package canoe

import "math/bits"

// Pegs is how many pegs each player has; the spare pegs are not used.
const Pegs = 13

// board is a position's pegs: one mask over the hole numbers per seat.
type board [2]uint64

// kind says what an action does, in the compact form search uses.
type kind uint8

const (
	placing kind = iota
	removing
	moving
)

// maxActions bounds a seat's legal actions: 61 placements at most, or 13
// removals and 13 pegs with 8 neighbours each.
const maxActions = Holes + Pegs + 8*Pegs

// action is a Move in hole numbers: what bots generate and States apply.
type action struct {
	kind     kind
	from, to int8
}

func (b board) empty() uint64 { return geo.all &^ (b[0] | b[1]) }

// supply is how many pegs seat p still holds beside the board.
func (b board) supply(p int) int { return Pegs - bits.OnesCount64(b[p]) }

// actions appends every legal action of seat p to buf: placements, then
// removals, then moves, each in hole order, so listings are stable.
func (b board) actions(p int, buf []action) []action {
	empty := b.empty()
	if b.supply(p) > 0 {
		for m := empty; m != 0; m &= m - 1 {
			buf = append(buf, action{kind: placing, to: int8(bits.TrailingZeros64(m))})
		}
	}
	for m := b[p]; m != 0; m &= m - 1 {
		buf = append(buf, action{kind: removing, from: int8(bits.TrailingZeros64(m))})
	}
	for m := b[p]; m != 0; m &= m - 1 {
		from := bits.TrailingZeros64(m)
		for t := geo.near[from] & empty; t != 0; t &= t - 1 {
			buf = append(buf, action{kind: moving, from: int8(from), to: int8(bits.TrailingZeros64(t))})
		}
	}
	return buf
}

// play makes seat p's action, which must be legal.
func (b *board) play(p int, a action) {
	switch a.kind {
	case placing:
		b[p] |= 1 << a.to
	case removing:
		b[p] &^= 1 << a.from
	case moving:
		b[p] = b[p]&^(1<<a.from) | 1<<a.to
	}
}
