package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// SchemaVersion is the version of the JSON forms of moves, events and
// views. Readers refuse a version they do not know.
const SchemaVersion = 1

// Record is one entry of a game's move list: who moved and what. A
// take-back (TakeBack set, Move nil) undoes the last move still standing,
// which Seat had made and the other players agreed to take back: the list
// only grows, and Replay respects it.
type Record struct {
	Seat     Seat
	Move     Move
	TakeBack bool
}

// MoveJSON is the stored and transmitted form of a move, or of a
// take-back (TakeBack set, no Move).
type MoveJSON struct {
	V        int             `json:"v"`
	Game     string          `json:"game"`
	Seat     Seat            `json:"seat"`
	Move     json.RawMessage `json:"move,omitempty"`
	TakeBack bool            `json:"take_back,omitempty"`
}

// ViewJSON is the transmitted form of a view.
type ViewJSON struct {
	V      int             `json:"v"`
	Game   string          `json:"game"`
	Viewer Seat            `json:"viewer"`
	View   json.RawMessage `json:"view"`
}

// EventsJSON is the transmitted form of the events of one move.
type EventsJSON struct {
	V      int     `json:"v"`
	Game   string  `json:"game"`
	Events []Event `json:"events"`
}

// EncodeMove returns the versioned JSON form of seat's move in game.
func EncodeMove(game string, seat Seat, m Move) ([]byte, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encode %s move %v: %w", game, m, err)
	}
	return json.Marshal(MoveJSON{V: SchemaVersion, Game: game, Seat: seat, Move: body})
}

// EncodeTakeBack returns the versioned JSON form of a take-back of seat's
// last move in game.
func EncodeTakeBack(game string, seat Seat) ([]byte, error) {
	return json.Marshal(MoveJSON{V: SchemaVersion, Game: game, Seat: seat, TakeBack: true})
}

// DecodeMove parses the versioned JSON form of a move of rules' game, or
// of a take-back.
func DecodeMove(rules Rules, data []byte) (Record, error) {
	var mj MoveJSON
	if err := json.Unmarshal(data, &mj); err != nil {
		return Record{}, fmt.Errorf("decode move: %w", err)
	}
	if mj.V != SchemaVersion {
		return Record{}, fmt.Errorf("decode move: schema version %d, this build reads %d", mj.V, SchemaVersion)
	}
	if id := rules.Info().ID; mj.Game != id {
		return Record{}, fmt.Errorf("decode move: it is a %q move, not %q", mj.Game, id)
	}
	if mj.TakeBack {
		if mj.Move != nil {
			return Record{}, errors.New("decode move: a take-back carries no move")
		}
		return Record{Seat: mj.Seat, TakeBack: true}, nil
	}
	m, err := rules.DecodeMove(mj.Move)
	if err != nil {
		return Record{}, fmt.Errorf("decode %s move: %w", mj.Game, err)
	}
	return Record{Seat: mj.Seat, Move: m}, nil
}

// EncodeView returns the versioned JSON form of a view of game.
func EncodeView(game string, v View) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %s view: %w", game, err)
	}
	return json.Marshal(ViewJSON{V: SchemaVersion, Game: game, Viewer: v.Viewer(), View: body})
}

// DecodeView parses the versioned JSON form of a view of rules' game, as
// EncodeView wrote it, strictly: the version and the game are checked here
// once, the view itself by the game's Rules.DecodeView.
func DecodeView(rules Rules, data []byte) (View, error) {
	var vj ViewJSON
	if err := DecodeStrict(data, &vj); err != nil {
		return nil, fmt.Errorf("decode view: %w", err)
	}
	if vj.V != SchemaVersion {
		return nil, fmt.Errorf("decode view: schema version %d, this build reads %d", vj.V, SchemaVersion)
	}
	if id := rules.Info().ID; vj.Game != id {
		return nil, fmt.Errorf("decode view: it is a %q view, not %q", vj.Game, id)
	}
	v, err := rules.DecodeView(vj.View)
	if err != nil {
		return nil, fmt.Errorf("decode %s view: %w", vj.Game, err)
	}
	if v.Viewer() != vj.Viewer {
		return nil, fmt.Errorf("decode %s view: it says it is for %v and shows %v's", vj.Game, vj.Viewer, v.Viewer())
	}
	return v, nil
}

// EncodeEvents returns the versioned JSON form of the events viewer may see.
func EncodeEvents(game string, events []Event, viewer Seat) ([]byte, error) {
	return json.Marshal(EventsJSON{V: SchemaVersion, Game: game, Events: EventsFor(events, viewer)})
}

// DecodeStrict unmarshals one JSON value into v, refusing unknown fields
// and anything after the value: moves and views come from phones and are
// not trusted to be tidy.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the value")
	}
	return nil
}
