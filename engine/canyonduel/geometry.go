package canyonduel

import "sort"

// hop is one jump from a cell: over the neighbour to the cell beyond.
type hop struct{ over, land int8 }

// geometry holds what never changes about the board, worked out once so
// that move generation is table look-ups.
type geometry struct {
	isCell [numSquares]bool
	steps  [numSquares][]int8 // neighbouring cells, for king steps
	jumps  [numSquares][]hop  // jumps whose both squares are cells
	// best[n] is the highest total n pieces can score: the sum of the n
	// highest values of the board (the same from either side).
	best [numCells + 1]int
}

// directions are the 8 king directions, as (column, row) offsets.
var directions = [8]Cell{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// geo is read-only once built: package state, but not mutable state.
var geo = newGeometry()

func newGeometry() *geometry {
	g := &geometry{}
	for i := range numSquares {
		g.isCell[i] = cellAt(i).isCell()
	}
	for i := range numSquares {
		if g.isCell[i] {
			g.steps[i], g.jumps[i] = neighbours(cellAt(i))
		}
	}
	g.best = bestTotals()
	return g
}

// neighbours lists the king steps and the jumps from c that stay on cells;
// requiring both the jumped and the landing square to be cells is what
// makes the canyon impossible to jump.
func neighbours(c Cell) ([]int8, []hop) {
	var steps []int8
	var jumps []hop
	for _, d := range directions {
		next := Cell{c.Col + d.Col, c.Row + d.Row}
		if !next.isCell() {
			continue
		}
		steps = append(steps, int8(next.index()))
		if land := (Cell{next.Col + d.Col, next.Row + d.Row}); land.isCell() {
			jumps = append(jumps, hop{over: int8(next.index()), land: int8(land.index())})
		}
	}
	return steps, jumps
}

func bestTotals() [numCells + 1]int {
	var values []int
	for i := range numSquares {
		if c := cellAt(i); c.isCell() {
			values = append(values, c.value(0))
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(values)))
	var best [numCells + 1]int
	for n, v := range values {
		best[n+1] = best[n] + v
	}
	return best
}
