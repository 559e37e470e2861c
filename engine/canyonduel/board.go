package canyonduel

import "fmt"

// Board dimensions and the game's fixed sizes.
const (
	size       = 8
	numSquares = size * size
	numCells   = 48 // squares left once the canyon is cut out
	maxValue   = 15
	startCount = 15 // pieces per player
)

// Cell is a square of the 8×8 grid, Col and Row in 0..7; (0,0) is red's
// corner a1 and (7,7) yellow's corner h8.
type Cell struct {
	Col int `json:"col"`
	Row int `json:"row"`
}

// onGrid reports whether c lies on the 8×8 grid (canyon squares included).
func (c Cell) onGrid() bool {
	return c.Col >= 0 && c.Col < size && c.Row >= 0 && c.Row < size
}

// index is c's place in a board array; c must be on the grid.
func (c Cell) index() int { return c.Row*size + c.Col }

// cellAt is the inverse of index.
func cellAt(i int) Cell { return Cell{Col: i % size, Row: i / size} }

// String names c like a chess square ("a1" is red's corner); squares off
// the grid are shown as coordinates so that a bad move still prints.
func (c Cell) String() string {
	if !c.onGrid() {
		return fmt.Sprintf("(%d,%d)", c.Col, c.Row)
	}
	return string([]byte{byte('a' + c.Col), byte('1' + c.Row)})
}

// parseCell reads a square name such as "c1".
func parseCell(s string) (Cell, error) {
	if len(s) != 2 {
		return Cell{}, fmt.Errorf("%q is not a square name", s)
	}
	c := Cell{Col: int(s[0]) - 'a', Row: int(s[1]) - '1'}
	if !c.onGrid() {
		return Cell{}, fmt.Errorf("%q is not a square of the board", s)
	}
	return c, nil
}

// diagonal is column + row, 0 at red's corner and 14 at yellow's.
func (c Cell) diagonal() int { return c.Col + c.Row }

// inCanyon reports whether c is one of the 16 squares cut out: the inner
// squares of the diagonals 6, 7 and 8, whose two end squares stay as the
// passages.
func (c Cell) inCanyon() bool {
	d := c.diagonal()
	if d < 6 || d > 8 {
		return false
	}
	return c.Col != max(0, d-(size-1)) && c.Col != min(d, size-1)
}

// isCell reports whether c is one of the 48 cells pieces may stand on.
func (c Cell) isCell() bool { return c.onGrid() && !c.inCanyon() }

// value is the row value of c read from seat's side: 1 in the seat's own
// corner, 15 in the opposite one.
func (c Cell) value(seat int) int {
	if seat == 0 {
		return c.diagonal() + 1
	}
	return maxValue - c.diagonal()
}

// board says who stands on each square: empty, or the seat number plus one.
type board [numSquares]int8

const empty int8 = 0

// piece is how seat's pieces are marked on a board.
func piece(seat int) int8 { return int8(seat + 1) }

// startBoard fills each player's five lowest rows, the corner triangle of
// values 1..5.
func startBoard() board {
	var b board
	for i := range numSquares {
		for seat := range 2 {
			if v := cellAt(i).value(seat); v <= 5 {
				b[i] = piece(seat)
			}
		}
	}
	return b
}

// count is the number of seat's pieces on b.
func (b *board) count(seat int) int {
	n := 0
	for _, p := range b {
		if p == piece(seat) {
			n++
		}
	}
	return n
}

// score sums the row values of seat's pieces, read from seat's side.
func (b *board) score(seat int) int {
	total := 0
	for i, p := range b {
		if p == piece(seat) {
			total += cellAt(i).value(seat)
		}
	}
	return total
}
