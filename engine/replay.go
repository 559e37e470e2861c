package engine

import "fmt"

// Replay starts rules' game from setup and applies the moves in order, a
// take-back undoing the last move still standing. The result is identical
// (same Hash) to the state the moves were first made in. Nobody reads the
// events of a replay, so it steps where the game can.
func Replay(rules Rules, setup Setup, moves []Record) (State, error) {
	standing, err := Standing(moves)
	if err != nil {
		return nil, err
	}
	s, err := NewGame(rules, setup)
	if err != nil {
		return nil, err
	}
	for i, r := range standing {
		if err := Step(s, r.Seat, r.Move); err != nil {
			return nil, fmt.Errorf("replay move %d (%s: %v): %w", i+1, r.Seat, r.Move, err)
		}
	}
	return s, nil
}

// Standing is the moves of log still standing once its take-backs have
// undone the moves they take back: the game as it stands is its setup and
// these. A take-back must be by the seat that made the move it undoes.
func Standing(log []Record) ([]Record, error) {
	out := make([]Record, 0, len(log))
	for i, r := range log {
		if !r.TakeBack {
			out = append(out, r)
			continue
		}
		if len(out) == 0 || out[len(out)-1].Seat != r.Seat {
			return nil, fmt.Errorf("entry %d: %v takes back a move that is not theirs", i+1, r.Seat)
		}
		out = out[:len(out)-1]
	}
	return out, nil
}
