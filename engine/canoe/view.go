package canoe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/tablee/tablee/engine"
)

// Board cells in View.Board: the rules' drawing, with pegs in the holes.
const (
	cellNone  = '.'
	cellEmpty = 'o'
	cellLight = 'L'
	cellDark  = 'D'
)

// View is what a seat or the table sees: everything, since Canoë hides
// nothing. It carries the repetition counts and the ply count too, so that
// a bot can rebuild the exact State from it (Rules.Determinize).
type View struct {
	engine.ViewHeader[Move]
	// Board is 6 rows of 13 cells, row 1 first: '.' no hole, 'o' an empty
	// hole, 'L' a light peg (seat 0), 'D' a dark peg (seat 1).
	Board  []string   `json:"board"`
	Supply [2]int     `json:"supply"` // pegs beside the board, per seat
	Canoes [2][]Canoe `json:"canoes"` // each seat's counting canoes
	Plies  int        `json:"plies"`
	// Seen counts how often each position has stood, keyed
	// "next:light:dark": the seat to move, then each seat's pegs as a hex
	// mask over the holes numbered 0..60 in reading order.
	Seen map[string]int `json:"seen"`
}

// View shows viewer the whole position.
func (s *State) View(viewer engine.Seat) engine.View {
	v := &View{ViewHeader: engine.ViewHeader[Move]{For: viewer, ToMove: s.Turn()}, Board: s.pegs.rows(), Plies: s.plies, Seen: map[string]int{}}
	for p := range 2 {
		v.Supply[p] = s.pegs.supply(p)
		v.Canoes[p] = []Canoe{}
		for _, i := range canoesOf(s.pegs[p]) {
			v.Canoes[p] = append(v.Canoes[p], canoeAt(i))
		}
	}
	for k, n := range s.seen {
		v.Seen[k.String()] = n
	}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	if viewer == s.Turn() {
		for _, a := range s.pegs.actions(s.plies%2, nil) {
			v.Moves = append(v.Moves, a.move())
		}
	}
	return v
}

func (b board) rows() []string {
	rows := make([]string, Rows)
	for r := range Rows {
		row := []byte(layout[r])
		for c := range row {
			if i, ok := (Hole{r, c}).index(); ok {
				row[c] = b.cell(i)
			}
		}
		rows[r] = string(row)
	}
	return rows
}

func (b board) cell(i int) byte {
	switch {
	case b[0]&(1<<i) != 0:
		return cellLight
	case b[1]&(1<<i) != 0:
		return cellDark
	}
	return cellEmpty
}

func (k position) String() string {
	b := make([]byte, 0, 36)
	b = strconv.AppendInt(b, int64(k.next), 10)
	b = strconv.AppendUint(append(b, ':'), k.pegs[0], 16)
	b = strconv.AppendUint(append(b, ':'), k.pegs[1], 16)
	return string(b)
}

// stateOf rebuilds the State a view was made from. It refuses a view that
// no game of Canoë could show, so a bot never searches an impossible state.
func stateOf(v *View) (*State, error) {
	if v.For != engine.Onlooker && !v.For.Valid(2) {
		return nil, fmt.Errorf("canoe view: viewer %v is not a seat of this game", v.For)
	}
	pegs, err := parseRows(v.Board)
	if err != nil {
		return nil, err
	}
	if v.Plies < 0 || v.Plies > MaxPlies {
		return nil, fmt.Errorf("canoe view: %d plies, not 0..%d", v.Plies, MaxPlies)
	}
	s := &State{pegs: pegs, plies: v.Plies}
	if s.seen, err = parseSeen(v.Seen, v.Plies); err != nil {
		return nil, err
	}
	if err := checkHistory(s); err != nil {
		return nil, err
	}
	_, s.over = s.judge()
	if err := sameView(s, v); err != nil {
		return nil, err
	}
	return s, nil
}

// sameView refuses a view whose derived parts (turn, supplies, canoes,
// result, legal moves) differ from those of the state rebuilt from it.
func sameView(s *State, v *View) error {
	rebuilt := s.View(v.For)
	if reflect.DeepEqual(rebuilt, v) {
		return nil
	}
	// DeepEqual tells an empty list from a missing one, which the JSON
	// form (omitempty) does not: a view that came through JSON may differ so.
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return err
	}
	got, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("canoe view: turn, supplies, canoes, result or legal moves do not match the board")
	}
	return nil
}

// checkHistory refuses counts that a game would have stopped short of: a
// third repetition ends the game, so only the position shown may have one.
func checkHistory(s *State) error {
	now := s.position()
	if s.seen[now] < 1 {
		return fmt.Errorf("canoe view: the position shown is not among those seen")
	}
	for k, n := range s.seen {
		if n == 3 && k != now {
			return fmt.Errorf("canoe view: position %s stood three times before the last", k)
		}
	}
	return nil
}

func parseRows(rows []string) (board, error) {
	var b board
	if len(rows) != Rows {
		return b, fmt.Errorf("canoe view: %d board rows, not %d", len(rows), Rows)
	}
	for r, row := range rows {
		if len(row) != Cols {
			return b, fmt.Errorf("canoe view: row %d has %d cells, not %d", r+1, len(row), Cols)
		}
		for c := range Cols {
			if err := b.setCell(Hole{r, c}, row[c]); err != nil {
				return b, err
			}
		}
	}
	return b, checkPegs(b)
}

func (b *board) setCell(h Hole, cell byte) error {
	i, isHole := h.index()
	switch {
	case !isHole && cell == cellNone:
		return nil
	case !isHole:
		return fmt.Errorf("canoe view: %q at %s, which is no hole", cell, h)
	case cell == cellLight:
		b[0] |= 1 << i
	case cell == cellDark:
		b[1] |= 1 << i
	case cell != cellEmpty:
		return fmt.Errorf("canoe view: %q at %s is not a cell", cell, h)
	}
	return nil
}

func checkPegs(b board) error {
	for p := range 2 {
		if b[p]&^geo.all != 0 || bits.OnesCount64(b[p]) > Pegs {
			return fmt.Errorf("canoe view: seat %d has more than %d pegs or pegs off the board", p, Pegs)
		}
	}
	if b[0]&b[1] != 0 {
		return fmt.Errorf("canoe view: two pegs in one hole")
	}
	return nil
}

// parseSeen rebuilds the repetition counts. A game of n plies has stood in
// n+1 positions, alternately with light and dark to move, none a third
// time before its last.
func parseSeen(seen map[string]int, plies int) (map[position]int, error) {
	out := make(map[position]int, len(seen))
	var total [2]int
	for _, key := range slices.Sorted(maps.Keys(seen)) {
		k, err := parsePosition(key)
		n := seen[key]
		if err != nil {
			return nil, err
		}
		if n < 1 || n > 3 {
			return nil, fmt.Errorf("canoe view: position %s seen %d times", key, n)
		}
		out[k] = n
		total[k.next] += n
	}
	if total[0] != plies/2+1 || total[1] != (plies+1)/2 {
		return nil, fmt.Errorf("canoe view: %d+%d positions seen in %d plies", total[0], total[1], plies)
	}
	return out, nil
}

func parsePosition(key string) (position, error) {
	parts := strings.Split(key, ":")
	bad := fmt.Errorf("canoe view: %q is not a position key", key)
	if len(parts) != 3 || (parts[0] != "0" && parts[0] != "1") {
		return position{}, bad
	}
	k := position{next: int(parts[0][0] - '0')}
	for p := range 2 {
		m, err := strconv.ParseUint(parts[p+1], 16, 64)
		if err != nil {
			return position{}, bad
		}
		k.pegs[p] = m
	}
	if k.String() != key || checkPegs(k.pegs) != nil {
		return position{}, bad
	}
	return k, nil
}
