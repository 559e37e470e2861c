package canyonduel

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Position is the state v shows: the game has perfect information, so it
// is the game itself. It refuses a viewer that is no seat and a board or
// ply count no game could show; engine.PerfectInfo's DecodeView also
// compares the view's derived parts (turn, scores, end, legal moves) with
// the view rebuilt.
func (v *View) Position() (engine.State, error) {
	if v.For != engine.Onlooker && !v.For.Valid(2) {
		return nil, fmt.Errorf("canyonduel view: viewer %v is not a seat of this game", v.For)
	}
	s, err := stateOf(v)
	if err != nil {
		return nil, err
	}
	return s, nil
}
