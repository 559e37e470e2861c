package canyon

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Position builds a game in a prepared position (a lesson's, a test's)
// from a seat's view of it in JSON, the form DecodeView reads, without its
// legal moves, which follow from the rest. What the view hides (the other
// hands, the cards set aside) is dealt from seed, so the same view and seed
// give the same game.
func (r Rules) Position(view []byte, seed uint64) (engine.State, error) {
	var j viewJSON
	if err := engine.DecodeStrict(view, &j); err != nil {
		return nil, fmt.Errorf("canyon position: %w", err)
	}
	if j.LegalMoves != nil {
		return nil, fmt.Errorf("canyon position: legal moves are derived, not given")
	}
	b := r.b
	if b == nil {
		b = board()
	}
	v := &View{table: j.table, Seat: j.Seat, Hand: j.Hand, HandCounts: j.HandCounts}
	if err := checkViewShape(b, v); err != nil {
		return nil, fmt.Errorf("canyon position: %w", err)
	}
	rng := engine.NewRNG(seed, 0)
	st, err := Rules{b: b}.Determinize(v, &rng)
	if err != nil {
		return nil, fmt.Errorf("canyon position: %w", err)
	}
	return st, nil
}
