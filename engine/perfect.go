package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"reflect"
)

// Whole is a view that shows the whole position of a game without hidden
// information, so that the position can be rebuilt from it exactly.
type Whole interface {
	View
	// Position is the state the view shows, or an error naming what in
	// the view no game could show.
	Position() (State, error)
}

// PerfectInfo is the part of Rules written once for every game without
// hidden information (no hand, no deck: Canoë, Canyon duel), whose view
// type V shows the whole position (P is *V). A game's Rules embeds it for
// DecodeView and Determinize.
type PerfectInfo[V any, P interface {
	*V
	Whole
}] struct{}

// DecodeView reads a view from its JSON form (the view field of ViewJSON)
// strictly: unknown fields and trailing data are refused, and so is a view
// no game could show or whose derived parts (turn, scores, legal moves,
// result) contradict its position, since a phone must not trust them. It
// returns the view rebuilt from the position, the canonical form, which
// marshals back exactly as the table's own view would.
func (PerfectInfo[V, P]) DecodeView(data []byte) (View, error) {
	game := gameOf[V]()
	var v V
	if err := DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("%s view: %w", game, err)
	}
	s, err := P(&v).Position()
	if err != nil {
		return nil, err
	}
	rebuilt := s.View(P(&v).Viewer())
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return nil, fmt.Errorf("%s view: %w", game, err)
	}
	got, err := json.Marshal(P(&v))
	if err != nil {
		return nil, fmt.Errorf("%s view: %w", game, err)
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New(game + " view: its turn, scores, legal moves or result do not match its position")
	}
	return rebuilt, nil
}

// Determinize rebuilds the exact state a view shows: there is nothing
// hidden to draw, so r is not used (it may be nil).
func (PerfectInfo[V, P]) Determinize(v View, _ *RNG) (State, error) {
	pv, ok := v.(P)
	if !ok || pv == nil {
		return nil, fmt.Errorf("%s: cannot rebuild a state from a %T", gameOf[V](), v)
	}
	return pv.Position()
}

// gameOf names the game of view type V by its package, for errors.
func gameOf[V any]() string { return path.Base(reflect.TypeFor[V]().PkgPath()) }
