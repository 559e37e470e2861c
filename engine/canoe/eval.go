package canoe

import (
	"math"
	"math/bits"
)

// weights value a canoe placement by how many of its holes a player fills,
// counted only while no opponent peg blocks it and no own peg spoils it. A
// full one is a counting canoe; the steep rise makes a bot finish what it
// starts rather than scatter pegs.
var weights = [5]int{0, 1, 6, 40, 1000}

// potential is how close the pegs own are to canoes, given the opponent's.
func potential(own, opp uint64) int {
	v := 0
	for _, p := range placements {
		if p.pegs&opp != 0 || p.ring&own != 0 {
			continue
		}
		v += weights[bits.OnesCount64(p.pegs&own)]
	}
	return v
}

// evaluate judges an unfinished position for seat p: its potential less
// the opponent's.
func evaluate(b board, p int) int {
	return potential(b[p], b[1-p]) - potential(b[1-p], b[p])
}

// Estimate gives each seat a chance in [0, 1]: the result once the game is
// over, else a logistic of the evaluation, a counting canoe being worth
// about one step of the curve.
func (s *State) Estimate() []float64 {
	if res, over := s.Result(); over {
		if res.Draw() {
			return []float64{0.5, 0.5}
		}
		out := []float64{0, 0}
		out[res.Winners[0]] = 1
		return out
	}
	light := 1 / (1 + math.Exp(-float64(evaluate(s.pegs, 0))/float64(weights[4])))
	return []float64{light, 1 - light}
}
