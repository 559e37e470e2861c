package engine

import (
	"encoding/json"
	"sort"
)

// Result is the outcome of a finished game.
type Result struct {
	// Scores per seat, in the game's own unit (points, row values...).
	Scores []int `json:"scores"`
	// Ranks per seat, 1 for first; seats that tie share a rank (1, 1, 3).
	Ranks []int `json:"ranks"`
	// Winners are the seats ranked first. Several is a shared win; none is a
	// draw in which nobody wins.
	Winners []Seat `json:"winners"`
	// Reason says how the game ended, e.g. "two-canoes" or "repetition".
	Reason string `json:"reason"`
}

// MarshalJSON writes a draw's winners as [] rather than null: the
// protocol promises a list, and a page that counts the winners must not
// meet null.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result // without this method
	p := plain(r)
	if p.Winners == nil {
		p.Winners = []Seat{}
	}
	return json.Marshal(p)
}

// WinnerList is Winners as a list that is never nil, for events and other
// JSON that carries the winners outside a Result: a draw's winners are
// written [] there too, never null.
func (r Result) WinnerList() []Seat {
	if r.Winners == nil {
		return []Seat{}
	}
	return r.Winners
}

// Draw reports whether nobody won alone or in a share.
func (r Result) Draw() bool { return len(r.Winners) == 0 }

// Won reports whether seat is among the winners.
func (r Result) Won(seat Seat) bool {
	for _, w := range r.Winners {
		if w == seat {
			return true
		}
	}
	return false
}

// RankByScores ranks seats by descending score, ties sharing a rank, and
// names the seats ranked first as winners.
func RankByScores(scores []int, reason string) Result {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	ranks := make([]int, len(scores))
	var winners []Seat
	for pos, seat := range order {
		if pos > 0 && scores[seat] == scores[order[pos-1]] {
			ranks[seat] = ranks[order[pos-1]]
		} else {
			ranks[seat] = pos + 1
		}
		if ranks[seat] == 1 {
			winners = append(winners, Seat(seat))
		}
	}
	sort.Slice(winners, func(a, b int) bool { return winners[a] < winners[b] })
	return Result{Scores: append([]int(nil), scores...), Ranks: ranks, Winners: winners, Reason: reason}
}

// DrawResult is a result in which every seat ties and nobody wins.
func DrawResult(scores []int, reason string) Result {
	ranks := make([]int, len(scores))
	for i := range ranks {
		ranks[i] = 1
	}
	return Result{Scores: append([]int(nil), scores...), Ranks: ranks, Reason: reason}
}
