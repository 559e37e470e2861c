package canyonduel

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// DecodeView reads a view from its JSON form (the view field of
// engine.ViewJSON), as a phone does to show it or let a bot play it. It is
// strict: unknown fields, trailing data and views that no game of Canyon
// duel could show are refused. The view says more than the board and the
// ply count (turn, scores, end, legal moves), and a phone must not trust a
// derived part that contradicts them.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	var v View
	if err := engine.DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("canyonduel view: %w", err)
	}
	if v.Seat != engine.Table && !v.Seat.Valid(2) {
		return nil, fmt.Errorf("canyonduel view: viewer %v is not a seat of this game", v.Seat)
	}
	s, err := stateOf(&v)
	if err != nil {
		return nil, err
	}
	// The rebuilt view, not the decoded one: it is the canonical form, so it
	// marshals back exactly as the table's own view would.
	rebuilt := s.View(v.Seat)
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return nil, err
	}
	got, err := json.Marshal(&v)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New("canyonduel view: its legal moves do not match its board and plies")
	}
	return rebuilt, nil
}
