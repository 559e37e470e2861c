package canyon

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

//go:embed canyon-map.txt
var mapText string

// terrain is what a map cell is made of.
type terrain byte

const (
	bank      terrain = iota // M: never entered
	island                   // I: never entered
	water                    // ~ and the arrow cells of the current
	startCell                // s
	dock                     // D: the goal
	cave                     // C: the cave footbridge, shared by fallen canoes
	waterfall                // W: only reached by drifting, never by moving
)

// maxCells bounds the board so that a cellSet is a fixed array on the stack.
const maxCells = 512

// cellSet is a set of cell indices; a fixed array keeps the solver free of
// allocations.
type cellSet [maxCells / 64]uint64

func (s *cellSet) has(c int) bool { return s[c>>6]&(1<<(uint(c)&63)) != 0 }
func (s *cellSet) add(c int)      { s[c>>6] |= 1 << (uint(c) & 63) }
func (s *cellSet) del(c int)      { s[c>>6] &^= 1 << (uint(c) & 63) }

// arrows maps the map's arrow characters to their step, as on a numeric
// keypad: 7 is up-left, 9 up-right, 1 down-left, 3 down-right.
var arrows = map[byte][2]int{
	'<': {0, -1}, '>': {0, 1}, '^': {-1, 0}, 'v': {1, 0},
	'7': {-1, -1}, '9': {-1, 1}, '1': {1, -1}, '3': {1, 1},
}

// Board is the parsed map with everything the rules ask of it precomputed.
// Cells are numbered row*Cols+col, row 0 being the village end.
type Board struct {
	Rows, Cols int
	terrain    []terrain
	drift      []int   // the cell a current cell's arrow points to, else -1
	nbr        [][]int // the cells a canoe may step to (king moves)
	goal       []int   // goal distance: king steps over water to a dock, -1 if none
	starts     []int
	docks      []int
	cave       int
}

// board is the one Canyon map; it is constant, so it is parsed once.
var board = sync.OnceValue(func() *Board {
	b, err := parseBoard(mapText)
	if err != nil {
		panic("canyon: embedded map: " + err.Error())
	}
	return b
})

func parseBoard(text string) (*Board, error) {
	var grid [][]string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		grid = append(grid, strings.Fields(line))
	}
	b := &Board{Rows: len(grid), Cols: len(grid[0]), cave: -1}
	if b.Rows*b.Cols > maxCells {
		return nil, fmt.Errorf("%d×%d cells, at most %d", b.Rows, b.Cols, maxCells)
	}
	b.terrain = make([]terrain, b.Rows*b.Cols)
	b.drift = make([]int, b.Rows*b.Cols)
	for r, row := range grid {
		if len(row) != b.Cols {
			return nil, fmt.Errorf("row %d has %d cells, not %d", r, len(row), b.Cols)
		}
		for c, sym := range row {
			if err := b.setCell(r, c, sym); err != nil {
				return nil, err
			}
		}
	}
	if b.cave < 0 || len(b.docks) == 0 || len(b.starts) == 0 {
		return nil, fmt.Errorf("the map needs a cave, docks and start cells")
	}
	b.linkNeighbours()
	b.goal = b.distancesFrom(b.docks)
	return b, nil
}

func (b *Board) setCell(r, c int, sym string) error {
	i := b.Cell(r, c)
	b.drift[i] = -1
	if len(sym) != 1 {
		return fmt.Errorf("cell %d,%d: %q is not one symbol", r, c, sym)
	}
	switch sym[0] {
	case 'M':
		b.terrain[i] = bank
	case 'I':
		b.terrain[i] = island
	case '~':
		b.terrain[i] = water
	case 's':
		b.terrain[i] = startCell
		b.starts = append(b.starts, i)
	case 'D':
		b.terrain[i] = dock
		b.docks = append(b.docks, i)
	case 'C':
		b.terrain[i] = cave
		b.cave = i
	case 'W':
		b.terrain[i] = waterfall
	default:
		d, ok := arrows[sym[0]]
		if !ok {
			return fmt.Errorf("cell %d,%d: unknown symbol %q", r, c, sym)
		}
		b.terrain[i] = water
		tr, tc := r+d[0], c+d[1]
		if !b.inside(tr, tc) {
			return fmt.Errorf("cell %d,%d: its arrow leaves the map", r, c)
		}
		b.drift[i] = b.Cell(tr, tc)
	}
	return nil
}

func (b *Board) linkNeighbours() {
	b.nbr = make([][]int, len(b.terrain))
	for i := range b.terrain {
		if !b.Navigable(i) {
			continue
		}
		r, c := b.RowCol(i)
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr != 0 || dc != 0) && b.inside(r+dr, c+dc) && b.Navigable(b.Cell(r+dr, c+dc)) {
					b.nbr[i] = append(b.nbr[i], b.Cell(r+dr, c+dc))
				}
			}
		}
	}
}

// distancesFrom is a breadth-first search over navigable cells, ignoring
// canoes, from every source at once.
func (b *Board) distancesFrom(sources []int) []int {
	dist := make([]int, len(b.terrain))
	for i := range dist {
		dist[i] = -1
	}
	queue := append([]int(nil), sources...)
	for _, s := range sources {
		dist[s] = 0
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range b.nbr[c] {
			if dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

func (b *Board) inside(r, c int) bool { return r >= 0 && r < b.Rows && c >= 0 && c < b.Cols }

// Cell numbers the cell at row r, column c.
func (b *Board) Cell(r, c int) int { return r*b.Cols + c }

// RowCol is the inverse of Cell.
func (b *Board) RowCol(i int) (int, int) { return i / b.Cols, i % b.Cols }

// Navigable reports whether a canoe may step onto cell i.
func (b *Board) Navigable(i int) bool {
	switch b.terrain[i] {
	case water, startCell, dock, cave:
		return true
	}
	return false
}

// Current reports whether cell i carries an arrow of the current.
func (b *Board) Current(i int) bool { return b.drift[i] >= 0 }

// IsDock reports whether cell i is a landing dock.
func (b *Board) IsDock(i int) bool { return b.terrain[i] == dock }

// IsStart reports whether cell i is a start cell.
func (b *Board) IsStart(i int) bool { return b.terrain[i] == startCell }

// GoalDistance is the length of the shortest king path over water from cell
// i to a dock, canoes ignored; -1 if there is none.
func (b *Board) GoalDistance(i int) int { return b.goal[i] }

// Cave is the cave footbridge, the only cell several canoes may share.
func (b *Board) Cave() int { return b.cave }
