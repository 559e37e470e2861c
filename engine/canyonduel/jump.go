package canyonduel

// visitor receives one legal move: whether it is a jump chain, its path of
// square indexes and the opponent's pieces it captures. Both slices are
// scratch space, valid only during the call.
type visitor func(jump bool, path, captured []int8)

// eachMove calls visit for every legal move of seat on b: for each piece in
// square order, its steps, then its jump chains depth first.
func (b *board) eachMove(seat int, visit visitor) {
	g := chainer{b: *b, me: piece(seat), visit: visit}
	var step [2]int8
	for i, p := range b {
		if p != g.me {
			continue
		}
		for _, n := range geo.steps[i] {
			if b[n] == empty {
				step = [2]int8{int8(i), n}
				visit(false, step[:], nil)
			}
		}
		g.chains(int8(i))
	}
}

// chainer walks the jump chains of one piece on a private copy of the
// board, so that captured pieces can vanish mid-chain and come back after.
type chainer struct {
	b        board
	me       int8
	start    int8
	path     []int8
	captured []int8
	landed   uint64 // squares landed on so far in this chain
	visit    visitor
}

// chains visits every chain from start, each stopping point being its own
// move. Paths are distinct by construction (a hop is fixed by its two ends),
// so no deduplication is needed.
func (g *chainer) chains(start int8) {
	g.start = start
	g.path = append(g.path[:0], start)
	g.captured = g.captured[:0]
	g.landed = 0
	g.b[start] = empty // the piece has left: the chain may pass over its start
	g.from(start)
	g.b[start] = g.me
}

func (g *chainer) from(at int8) {
	for _, h := range geo.jumps[at] {
		jumped := g.b[h.over]
		if jumped == empty || g.b[h.land] != empty || g.landed&(1<<h.land) != 0 {
			continue
		}
		g.landed |= 1 << h.land
		g.path = append(g.path, h.land)
		if jumped != g.me {
			g.b[h.over] = empty // captured at once: free for the rest of the chain
			g.captured = append(g.captured, h.over)
		}
		if h.land != g.start {
			g.visit(true, g.path, g.captured)
		}
		g.from(h.land)
		if jumped != g.me {
			g.b[h.over] = jumped
			g.captured = g.captured[:len(g.captured)-1]
		}
		g.path = g.path[:len(g.path)-1]
		g.landed &^= 1 << h.land
	}
}

// canMove reports whether seat has any legal move. A single jump always
// ends away from its start, so a free neighbour or one possible jump is
// enough.
func (b *board) canMove(seat int) bool {
	me := piece(seat)
	for i, p := range b {
		if p != me {
			continue
		}
		for _, n := range geo.steps[i] {
			if b[n] == empty {
				return true
			}
		}
		for _, h := range geo.jumps[i] {
			if b[h.over] != empty && b[h.land] == empty {
				return true
			}
		}
	}
	return false
}
