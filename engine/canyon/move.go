package canyon

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablee/tablee/engine"
)

// Move kinds, one per kind of decision.
const (
	KindPlace = "place" // put the canoe on a start cell (Row, Col)
	KindTempo = "tempo" // reveal the tempo: one card 0..4 or two summing 5..7
	KindPlay  = "play"  // play Card to the trick
	KindMove  = "move"  // end the movement on the tied endpoint (Row, Col)
)

// Move is every Canyon decision; only the fields of its Kind are set.
type Move struct {
	Kind  string `json:"kind"`
	Row   int    `json:"row,omitempty"`
	Col   int    `json:"col,omitempty"`
	Tempo []int  `json:"tempo,omitempty"`
	Card  Card   `json:"card,omitzero"`
}

// Place, Tempo, Play and MoveTo build moves.
func Place(row, col int) Move         { return Move{Kind: KindPlace, Row: row, Col: col} }
func Tempo(cards ...int) Move         { return Move{Kind: KindTempo, Tempo: cards} }
func Play(c Card) Move                { return Move{Kind: KindPlay, Card: c} }
func MoveTo(row, col int) Move        { return Move{Kind: KindMove, Row: row, Col: col} }
func moveToCell(b *Board, c int) Move { r, col := b.RowCol(c); return MoveTo(r, col) }

func (m Move) String() string {
	switch m.Kind {
	case KindPlace, KindMove:
		return fmt.Sprintf("%s %d,%d", m.Kind, m.Row, m.Col)
	case KindTempo:
		parts := make([]string, len(m.Tempo))
		for i, t := range m.Tempo {
			parts[i] = strconv.Itoa(t)
		}
		return "tempo " + strings.Join(parts, "+")
	case KindPlay:
		return "play " + m.Card.String()
	}
	return "move of kind " + strconv.Quote(m.Kind)
}

// DecodeMove parses a move strictly: unknown fields, unknown kinds and fields
// that do not belong to the kind are errors.
func decodeMove(data []byte) (Move, error) {
	var m Move
	if err := engine.DecodeStrict(data, &m); err != nil {
		return Move{}, fmt.Errorf("canyon move: %w", err)
	}
	return m, m.wellFormed()
}

func (m Move) wellFormed() error {
	var ok bool
	switch m.Kind {
	case KindPlace, KindMove:
		ok = m.Tempo == nil && m.Card == Card{} && m.Row >= 0 && m.Col >= 0
	case KindTempo:
		ok = m.Row == 0 && m.Col == 0 && m.Card == Card{} && len(m.Tempo) > 0
	case KindPlay:
		ok = m.Row == 0 && m.Col == 0 && m.Tempo == nil && m.Card.valid()
	}
	if !ok {
		return fmt.Errorf("canyon move: malformed %s", m)
	}
	return nil
}

// asMove accepts a Move or *Move from the engine interface.
func asMove(m engine.Move) (Move, error) {
	switch v := m.(type) {
	case Move:
		return v, nil
	case *Move:
		if v != nil {
			return *v, nil
		}
	}
	return Move{}, engine.Broken(engine.RuleBadMove, "%T is not a canyon move", m)
}
