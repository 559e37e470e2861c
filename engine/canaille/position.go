package canaille

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Position builds a game in a prepared position (a lesson's, a test's)
// from a seat's view of it in JSON, the form DecodeView reads, without its
// legal moves, which follow from the rest. What the view hides (the other
// hands, the river, the action deck) is dealt from seed, so the same view
// and seed give the same game.
func (Rules) Position(view []byte, seed uint64) (engine.State, error) {
	var v View
	if err := engine.DecodeStrict(view, &v); err != nil {
		return nil, fmt.Errorf("canaille position: %w", err)
	}
	if v.Moves != nil {
		return nil, fmt.Errorf("canaille position: legal moves are derived, not given")
	}
	if err := checkViewShape(&v); err != nil {
		return nil, fmt.Errorf("canaille position: %w", err)
	}
	r := engine.NewRNG(seed, 0)
	s, err := determinize(&v, &r)
	if err != nil {
		return nil, fmt.Errorf("canaille position: %w", err)
	}
	if err := checkCardsOnce(s); err != nil {
		return nil, fmt.Errorf("canaille position: %w", err)
	}
	return s, nil
}
