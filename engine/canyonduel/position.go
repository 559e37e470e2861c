package canyonduel

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Position builds a game in a prepared position (a lesson's, a test's):
// the board as View.Board draws it ('R' red, 'Y' yellow, '.' free, '#'
// the canyon) after plies moves, which say whose turn it is (red on even
// plies).
func (Rules) Position(rows []string, plies int) (engine.State, error) {
	b, err := parseRows(rows)
	if err != nil {
		return nil, fmt.Errorf("canyonduel position: %w", err)
	}
	if plies < 0 || plies > MaxPlies {
		return nil, fmt.Errorf("canyonduel position: %d plies is out of 0..%d", plies, MaxPlies)
	}
	s := &State{board: b, plies: plies}
	s.end = endReason(&s.board, s.plies)
	return s, nil
}
