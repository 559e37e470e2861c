package canaille

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tablee/tablee/engine"
)

// MoveKind says which decision a Move is.
type MoveKind string

// The decisions of Canaille.
const (
	KindSwap     MoveKind = "swap"      // no full stop held: discard Card, draw one
	KindReturn   MoveKind = "return"    // after a swap: put fish Card back in the river
	KindSentence MoveKind = "sentence"  // lay Cards, in order
	KindTarget   MoveKind = "target"    // Autre pêcheur: Seat carries on
	KindRelease  MoveKind = "release"   // Relâche: return fish Card to the river
	KindDone     MoveKind = "done"      // Relâche: enough fish released
	KindBin      MoveKind = "bin"       // Poubelle: remove trash Card
	KindGive     MoveKind = "give"      // Brouillard: a drawn card to Seat (Card if seen)
	KindTakeRow  MoveKind = "take-row"  // refill: take face-up action Card
	KindDrawDeck MoveKind = "draw-deck" // refill: draw the top of the action deck
)

// Move is one decision. Only the fields its Kind uses are set: Cards for a
// sentence, Card for the card chosen, Seat for the player named.
type Move struct {
	Kind  MoveKind
	Cards []Card
	Card  Card
	Seat  engine.Seat
}

// fields lists which Move fields each kind carries.
var fields = map[MoveKind]struct{ cards, card, seat bool }{
	KindSwap:     {card: true},
	KindReturn:   {card: true},
	KindSentence: {cards: true},
	KindTarget:   {seat: true},
	KindRelease:  {card: true},
	KindDone:     {},
	KindBin:      {card: true},
	KindGive:     {seat: true}, // Card is optional: a blind give names none
	KindTakeRow:  {card: true},
	KindDrawDeck: {},
}

// moveJSON is the wire form: absent fields are omitted, so seat 0 and "no
// seat" differ.
type moveJSON struct {
	Kind  MoveKind     `json:"kind"`
	Cards []Card       `json:"cards,omitempty"`
	Card  *Card        `json:"card,omitempty"`
	Seat  *engine.Seat `json:"seat,omitempty"`
}

// MarshalJSON writes only the fields m's kind uses.
func (m Move) MarshalJSON() ([]byte, error) {
	f, ok := fields[m.Kind]
	if !ok {
		return nil, fmt.Errorf("canaille: unknown move kind %q", m.Kind)
	}
	j := moveJSON{Kind: m.Kind}
	if f.cards {
		j.Cards = m.Cards
	}
	if f.card || (m.Kind == KindGive && m.Card != NoCard) {
		c := m.Card
		j.Card = &c
	}
	if f.seat {
		s := m.Seat
		j.Seat = &s
	}
	return json.Marshal(j)
}

// decodeMove parses a move strictly: unknown kinds or fields, missing or
// extra fields and unknown cards are errors.
func decodeMove(data []byte) (Move, error) {
	var j moveJSON
	if err := engine.DecodeStrict(data, &j); err != nil {
		return Move{}, fmt.Errorf("canaille move: %w", err)
	}
	f, ok := fields[j.Kind]
	if !ok {
		return Move{}, fmt.Errorf("canaille move: unknown kind %q", j.Kind)
	}
	if f.cards != (j.Cards != nil) || f.seat != (j.Seat != nil) ||
		(f.card && j.Card == nil) || (!f.card && j.Kind != KindGive && j.Card != nil) {
		return Move{}, fmt.Errorf("canaille move: wrong fields for %q", j.Kind)
	}
	m := Move{Kind: j.Kind, Cards: j.Cards}
	if j.Card != nil {
		m.Card = *j.Card
	}
	if j.Seat != nil {
		m.Seat = *j.Seat
	}
	return m, nil
}

// String is a short readable form, e.g. "sentence A05:bite1. A20:other".
func (m Move) String() string {
	var b strings.Builder
	b.WriteString(string(m.Kind))
	for _, c := range m.Cards {
		b.WriteString(" " + c.String())
	}
	if m.Card != NoCard {
		b.WriteString(" " + m.Card.String())
	}
	if fields[m.Kind].seat {
		b.WriteString(" to " + m.Seat.String())
	}
	return b.String()
}
