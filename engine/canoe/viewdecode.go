package canoe

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// DecodeView reads a view from its JSON form (the view field of
// engine.ViewJSON), as a phone does to show it or let a bot play it. It is
// strict: unknown fields, trailing data and views that no game of Canoë
// could show are refused, since the view says more than it needs to (turn,
// supplies, canoes, legal moves) and a phone must not trust a derived part
// that contradicts the board.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	var v View
	if err := engine.DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("canoe view: %w", err)
	}
	s, err := stateOf(&v)
	if err != nil {
		return nil, err
	}
	// The rebuilt view, not the decoded one: it is the canonical form, so it
	// marshals back exactly as the table's own view would.
	return s.View(v.For), nil
}
