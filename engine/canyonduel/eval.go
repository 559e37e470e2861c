package canyonduel

import (
	"math"

	"github.com/tablee/tablee/engine"
)

// pieceBonus is what a piece is worth beyond its potential: losing one
// loses its whole row value at the count, wherever it stands.
const pieceBonus = 3

// potentials[seat][square] is how much a piece of seat on square is worth
// to a searcher. Past the canyon's first diagonal it is the row value. Behind
// it, the canyon's mouths are the only way on, so a piece is worth the
// mouth's value (6) less its king steps to the nearer mouth: row value alone
// would lure pieces into the dead-end middle of diagonal 5.
var potentials = newPotentials()

func newPotentials() [2][numSquares]int {
	var p [2][numSquares]int
	mouths := [2]Cell{{0, 5}, {5, 0}}
	for i := range numSquares {
		c := cellAt(i)
		if !c.isCell() {
			continue
		}
		p[0][i] = c.value(0)
		if c.diagonal() <= mouths[0].diagonal() {
			p[0][i] = mouths[0].value(0) - min(kingDistance(c, mouths[0]), kingDistance(c, mouths[1]))
		}
		// Yellow's board is red's turned half a turn: square i becomes 63-i.
		p[1][numSquares-1-i] = p[0][i]
	}
	return p
}

func kingDistance(a, b Cell) int {
	return max(abs(a.Col-b.Col), abs(a.Row-b.Row))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// worth is seat's pieces' potential plus bonus, less the opponent's.
func (b *board) worth(seat int) int {
	total := 0
	for i, p := range b {
		switch p {
		case piece(seat):
			total += potentials[seat][i] + pieceBonus
		case piece(1 - seat):
			total -= potentials[1-seat][i] + pieceBonus
		}
	}
	return total
}

// gain is how much a move of seat from path's first to its last square,
// capturing captured, adds to seat's worth.
func gain(seat int, path, captured []int8) int {
	g := potentials[seat][path[len(path)-1]] - potentials[seat][path[0]]
	for _, sq := range captured {
		g += potentials[1-seat][sq] + pieceBonus
	}
	return g
}

// estimateScale turns a worth difference into a probability: about a
// piece's crossing (10 points) makes a 62 % favourite.
const estimateScale = 20.0

// Estimate judges the position for each seat in [0, 1]: the result once
// the game is over, else a logistic of red's worth.
func (s *State) Estimate() []float64 {
	if res, over := s.Result(); over {
		return estimateResult(res)
	}
	red := 1 / (1 + math.Exp(-float64(s.board.worth(0))/estimateScale))
	return []float64{red, 1 - red}
}

func estimateResult(res engine.Result) []float64 {
	out := []float64{0, 0}
	for seat := range out {
		switch {
		case res.Draw():
			out[seat] = 0.5
		case res.Won(engine.Seat(seat)):
			out[seat] = 1
		}
	}
	return out
}
