package canoe

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tablee/tablee/engine"
)

// Kind says what a move does.
type Kind string

// The three kinds of turn.
const (
	KindPlace  Kind = "place"  // a peg from the supply into an empty hole (To)
	KindRemove Kind = "remove" // one of your pegs (From) back to your supply
	KindMove   Kind = "move"   // one of your pegs (From) to an adjacent empty hole (To)
)

// Move is one turn of Canoë. Holes a kind does not use stay zero, which is
// no hole of the board, and are left out of the JSON form.
type Move struct {
	Kind Kind `json:"kind"`
	From Hole `json:"from,omitzero"`
	To   Hole `json:"to,omitzero"`
}

// Place puts a peg from the supply into hole to.
func Place(to Hole) Move { return Move{Kind: KindPlace, To: to} }

// Remove takes the peg in hole from back to the supply.
func Remove(from Hole) Move { return Move{Kind: KindRemove, From: from} }

// MoveFrom moves the peg in hole from to the adjacent hole to.
func MoveFrom(from, to Hole) Move { return Move{Kind: KindMove, From: from, To: to} }

// String is the move notation: "place c5", "remove c5", "move c5-d6".
func (m Move) String() string {
	switch m.Kind {
	case KindPlace:
		return "place " + m.To.String()
	case KindRemove:
		return "remove " + m.From.String()
	case KindMove:
		return "move " + m.From.String() + "-" + m.To.String()
	}
	return fmt.Sprintf("%q %v-%v", string(m.Kind), m.From, m.To)
}

// ParseMove reads the move notation of String, for people and the staff CLI.
func ParseMove(s string) (Move, error) {
	word, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	var m Move
	var err error
	switch Kind(word) {
	case KindPlace:
		m.To, err = ParseHole(rest)
	case KindRemove:
		m.From, err = ParseHole(rest)
	case KindMove:
		from, to, _ := strings.Cut(rest, "-")
		if m.From, err = ParseHole(from); err == nil {
			m.To, err = ParseHole(to)
		}
	default:
		return Move{}, fmt.Errorf("canoe: %q is not a move (place, remove or move)", s)
	}
	if err != nil {
		return Move{}, err
	}
	m.Kind = Kind(word)
	return m, nil
}

// decodeMove reads a move's JSON form strictly: no unknown fields, no
// trailing data, each kind with exactly the holes it uses.
func decodeMove(data []byte) (Move, error) {
	var raw struct {
		Kind *Kind `json:"kind"`
		From *Hole `json:"from"`
		To   *Hole `json:"to"`
	}
	if err := engine.DecodeStrict(data, &raw); err != nil {
		return Move{}, fmt.Errorf("canoe move: %w", err)
	}
	if raw.Kind == nil {
		return Move{}, errors.New("canoe move: no kind")
	}
	needFrom, needTo, err := holesUsed(*raw.Kind)
	if err != nil {
		return Move{}, err
	}
	if (raw.From != nil) != needFrom || (raw.To != nil) != needTo {
		return Move{}, fmt.Errorf("canoe move: a %s move takes from: %v, to: %v", *raw.Kind, needFrom, needTo)
	}
	m := Move{Kind: *raw.Kind}
	if needFrom {
		m.From = *raw.From
	}
	if needTo {
		m.To = *raw.To
	}
	return m, nil
}

func holesUsed(k Kind) (from, to bool, err error) {
	switch k {
	case KindPlace:
		return false, true, nil
	case KindRemove:
		return true, false, nil
	case KindMove:
		return true, true, nil
	}
	return false, false, fmt.Errorf("canoe move: unknown kind %q", string(k))
}

// move is the public form of an action.
func (a action) move() Move {
	switch a.kind {
	case placing:
		return Place(geo.holes[a.to])
	case removing:
		return Remove(geo.holes[a.from])
	}
	return MoveFrom(geo.holes[a.from], geo.holes[a.to])
}
