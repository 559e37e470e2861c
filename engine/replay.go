package engine

import "fmt"

// Replay starts rules' game from setup and applies the moves in order. The
// result is identical (same Hash) to the state the moves were first made in.
func Replay(rules Rules, setup Setup, moves []Record) (State, error) {
	s, err := NewGame(rules, setup)
	if err != nil {
		return nil, err
	}
	for i, r := range moves {
		if _, err := s.Apply(r.Seat, r.Move); err != nil {
			return nil, fmt.Errorf("replay move %d (%s: %v): %w", i+1, r.Seat, r.Move, err)
		}
	}
	return s, nil
}
