package canoe

import (
	"github.com/tablee/tablee/engine"
)

// Position is the state v shows: Canoë has no secrets, so it is the
// game itself. It refuses a view no game of Canoë could show, since the
// view says more than it needs to (turn, supplies, canoes, legal moves)
// and a phone must not trust a derived part that contradicts the board;
// engine.PerfectInfo's DecodeView also compares the whole view with the
// one rebuilt.
func (v *View) Position() (engine.State, error) {
	s, err := stateOf(v)
	if err != nil {
		return nil, err
	}
	return s, nil
}
