package engine

import "fmt"

// Replay starts rules' game from setup and applies the moves in order. The
// result is identical (same Hash) to the state the moves were first made in.
// Nobody reads the events of a replay, so it steps where the game can.
func Replay(rules Rules, setup Setup, moves []Record) (State, error) {
	s, err := NewGame(rules, setup)
	if err != nil {
		return nil, err
	}
	for i, r := range moves {
		if err := Step(s, r.Seat, r.Move); err != nil {
			return nil, fmt.Errorf("replay move %d (%s: %v): %w", i+1, r.Seat, r.Move, err)
		}
	}
	return s, nil
}
