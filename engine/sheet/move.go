package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/scoresheet"
)

// Kind says what a move does.
type Kind string

// The moves of a score sheet.
const (
	// KindEnter writes Value in the mover's line Category, round Round
	// (0 for a once line); a correction is another entry.
	KindEnter Kind = "enter"
	// KindReveal shows line Category of round Round to every seat at
	// once, when every seat has written it.
	KindReveal Kind = "reveal"
	// KindRound opens the next round of an open sheet, when the current
	// one is complete.
	KindRound Kind = "round"
	// KindDecide records the group's decision: a coop outcome (Won), a
	// ranks sheet's places (Ranks), the winners of a named sheet or of a
	// tie the sheet cannot break (Winners).
	KindDecide Kind = "decide"
	// KindEnd closes the sheet: every line written, the winner decided.
	KindEnd Kind = "end"
	// KindStop ends the play early, incomplete, as it stands.
	KindStop Kind = "stop"
)

// Move is one decision of one seat on the sheet. Seat is the seat making
// it (a seat writes only its own lines; the table moves as seat 0 or as
// the touch seat it fills in for).
type Move struct {
	Kind     Kind        `json:"kind"`
	Seat     engine.Seat `json:"seat"`
	Category string      `json:"category,omitempty"`
	Round    int         `json:"round,omitempty"`
	Value    int         `json:"value,omitempty"`
	Won      *bool       `json:"won,omitempty"`
	Ranks    []int       `json:"ranks,omitempty"`
	Winners  []int       `json:"winners,omitempty"`
}

// Enter is seat's entry of value in category (round 0 for a once line).
func Enter(seat engine.Seat, category string, round, value int) Move {
	return Move{Kind: KindEnter, Seat: seat, Category: category, Round: round, Value: value}
}

// String is a short form for logs and the staff CLI: "enter 2 eggs=5",
// "enter 1 points#3=-2", "reveal 0 bid#2", "decide 0 winners=1,3".
func (m Move) String() string {
	cell := m.Category
	if m.Round != 0 {
		cell += "#" + strconv.Itoa(m.Round)
	}
	switch m.Kind {
	case KindEnter:
		return fmt.Sprintf("enter %d %s=%d", m.Seat, cell, m.Value)
	case KindReveal:
		return fmt.Sprintf("reveal %d %s", m.Seat, cell)
	case KindDecide:
		switch {
		case m.Won != nil:
			return fmt.Sprintf("decide %d won=%v", m.Seat, *m.Won)
		case m.Ranks != nil:
			return fmt.Sprintf("decide %d ranks=%s", m.Seat, ints(m.Ranks))
		}
		return fmt.Sprintf("decide %d winners=%s", m.Seat, ints(m.Winners))
	}
	return fmt.Sprintf("%s %d", m.Kind, m.Seat)
}

func ints(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

// decodeMove reads a move strictly: known kinds, each with exactly the
// fields it uses, seats and rounds within the sheets' bounds.
func decodeMove(data []byte) (Move, error) {
	var m Move
	if err := engine.DecodeStrict(data, &m); err != nil {
		return Move{}, fmt.Errorf("sheet move: %w", err)
	}
	if m.Seat < 0 || m.Seat >= MaxSeats {
		return Move{}, fmt.Errorf("sheet move: seat %d is not 0 to %d", m.Seat, MaxSeats-1)
	}
	if m.Round < 0 || m.Round > scoresheet.MaxRounds {
		return Move{}, fmt.Errorf("sheet move: round %d is not 0 to %d", m.Round, scoresheet.MaxRounds)
	}
	// A value beyond the sheet's limit is not refused here but by the
	// play (RuleLimit, with the sheet's own limit): a decoding error
	// reaches the phone as a bad move, without the limit to say.
	if len(m.Category) > 32 || len(m.Ranks) > MaxSeats || len(m.Winners) > MaxSeats {
		return Move{}, fmt.Errorf("sheet move: too long")
	}
	decision := m.Won != nil || m.Ranks != nil || m.Winners != nil
	cell := m.Category != "" || m.Round != 0
	ok := false
	switch m.Kind {
	case KindEnter:
		ok = m.Category != "" && !decision
	case KindReveal:
		ok = m.Category != "" && m.Value == 0 && !decision
	case KindDecide:
		n := 0
		for _, set := range []bool{m.Won != nil, m.Ranks != nil, m.Winners != nil} {
			if set {
				n++
			}
		}
		ok = n == 1 && !cell && m.Value == 0
	case KindRound, KindEnd, KindStop:
		ok = !cell && m.Value == 0 && !decision
	}
	if !ok {
		return Move{}, fmt.Errorf("sheet move: %q with fields it does not take, or without those it needs", m.Kind)
	}
	// Empty lists are written as absent: keep one form.
	if m.Ranks != nil && len(m.Ranks) == 0 || m.Winners != nil && len(m.Winners) == 0 {
		return Move{}, fmt.Errorf("sheet move: an empty list")
	}
	return m, nil
}
