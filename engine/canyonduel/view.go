package canyonduel

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tablee/tablee/engine"
)

// Board characters of a View.
const (
	markRed    = 'R'
	markYellow = 'Y'
	markFree   = '.'
	markCanyon = '#'
)

// View is everything about a position, which every viewer may know: Canyon
// duel has no secrets.
type View struct {
	engine.ViewHeader[Move]
	// Board is 8 strings, row 1 (red's side) first, column a first in each:
	// R red, Y yellow, . a free cell, # the canyon.
	Board  []string `json:"board"`
	Ply    int      `json:"plies"`
	Scores []int    `json:"scores"`        // current totals, red's then yellow's
	End    string   `json:"end,omitempty"` // the Reason once the game is over
}

// View shows viewer the whole position, and their moves if it is their turn.
func (s *State) View(viewer engine.Seat) engine.View {
	v := &View{
		ViewHeader: engine.ViewHeader[Move]{For: viewer, ToMove: s.Turn()},
		Board:      s.board.rows(),
		Ply:        s.plies,
		Scores:     []int{s.board.score(0), s.board.score(1)},
		End:        s.end,
	}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	if viewer == v.ToMove {
		for _, m := range s.Legal() {
			v.Moves = append(v.Moves, m.(Move))
		}
	}
	return v
}

// rows draws b as a View's Board.
func (b *board) rows() []string {
	out := make([]string, size)
	for r := range size {
		row := make([]byte, size)
		for c := range size {
			row[c] = mark(b, Cell{c, r})
		}
		out[r] = string(row)
	}
	return out
}

func mark(b *board, c Cell) byte {
	switch {
	case c.inCanyon():
		return markCanyon
	case b[c.index()] == piece(0):
		return markRed
	case b[c.index()] == piece(1):
		return markYellow
	}
	return markFree
}

// stateOf rebuilds the State a view shows, and refuses a view that no
// state of the game could show.
func stateOf(ev engine.View) (*State, error) {
	v, ok := ev.(*View)
	if !ok || v == nil {
		return nil, fmt.Errorf("canyonduel: %T is not a Canyon duel view", ev)
	}
	b, err := parseRows(v.Board)
	if err != nil {
		return nil, err
	}
	if v.Ply < 0 || v.Ply > MaxPlies {
		return nil, fmt.Errorf("canyonduel view: %d plies is out of 0..%d", v.Ply, MaxPlies)
	}
	s := &State{board: b, plies: v.Ply}
	s.end = endReason(&s.board, s.plies)
	if s.Turn() != v.ToMove || s.end != v.End || !slices.Equal(v.Scores, []int{b.score(0), b.score(1)}) {
		return nil, errors.New("canyonduel view: its turn, end or scores do not match its board and plies")
	}
	return s, nil
}

// parseRows reads a View's Board back.
func parseRows(rows []string) (board, error) {
	var b board
	if len(rows) != size {
		return b, fmt.Errorf("canyonduel view: %d rows, not %d", len(rows), size)
	}
	for r, row := range rows {
		if len(row) != size {
			return b, fmt.Errorf("canyonduel view: row %d has %d squares, not %d", r+1, len(row), size)
		}
		for c := range size {
			if err := b.set(Cell{c, r}, row[c]); err != nil {
				return b, err
			}
		}
	}
	if b.count(0) > startCount || b.count(1) > startCount {
		return b, errors.New("canyonduel view: more than 15 pieces of one colour")
	}
	return b, nil
}

// set puts the piece a board character names on c.
func (b *board) set(c Cell, ch byte) error {
	if (ch == markCanyon) != c.inCanyon() {
		return fmt.Errorf("canyonduel view: %v is wrongly marked %q", c, ch)
	}
	switch ch {
	case markRed:
		b[c.index()] = piece(0)
	case markYellow:
		b[c.index()] = piece(1)
	case markFree, markCanyon:
	default:
		return fmt.Errorf("canyonduel view: %v holds unknown mark %q", c, ch)
	}
	return nil
}
