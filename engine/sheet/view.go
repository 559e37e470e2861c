package sheet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/scoresheet"
)

// Cell is one line's value as a viewer sees it. A private line another
// seat wrote and nobody revealed yet is Hidden: the viewer knows it is
// written, not what it says.
type Cell struct {
	Seat     int    `json:"seat"`
	Category string `json:"category"`
	Round    int    `json:"round,omitempty"`
	Value    int    `json:"value,omitempty"`
	Hidden   bool   `json:"hidden,omitempty"`
}

// Shown is a private line revealed to everyone.
type Shown struct {
	Category string `json:"category"`
	Round    int    `json:"round,omitempty"`
}

// View is what one viewer may know of the sheet: every public line, its
// own private lines, the private lines revealed; the rest only as written.
type View struct {
	engine.ViewHeader[Move]
	Sheet string `json:"sheet"`
	// Title is the title played, as the setup names it: what a phone
	// calls the play it keeps (its CSV's game).
	Title    string               `json:"title,omitempty"`
	Seats    int                  `json:"seats"`
	Rounds   int                  `json:"rounds"`
	Plies    int                  `json:"plies"`
	Cells    []Cell               `json:"cells,omitempty"`
	Revealed []Shown              `json:"revealed,omitempty"`
	Decision *scoresheet.Decision `json:"decision,omitempty"`
	Stopped  bool                 `json:"stopped,omitempty"`
	Over     bool                 `json:"over,omitempty"`
	// Missing is what the sheet still lacks, for the table to name
	// ("Anja has no score for Eggs").
	Missing []scoresheet.Missing `json:"missing,omitempty"`
	// Standing is the sheet's verdict on what the viewer sees, once
	// every line is written and shown.
	Standing *scoresheet.Standing `json:"standing,omitempty"`
	viewDef
}

// viewDef is the part of a view that carries its sheet.
type viewDef struct {
	// Def is the sheet itself, when the phones cannot know it by its id:
	// a sheet the staff made in the console (the ready ones, which
	// every build ships, are named by Sheet only). SheetIn reads it.
	Def *scoresheet.Sheet `json:"def,omitempty"`
}

// SheetIn is the view's sheet: the one it carries (Def), else lib's
// sheet named Sheet (the ready sheets, scoresheet.Ready, on a phone).
func (v *View) SheetIn(lib *scoresheet.Library) (*scoresheet.Sheet, bool) {
	if v.Def != nil {
		return v.Def, true
	}
	return lib.Get(v.Sheet)
}

// View is what viewer (a seat, or engine.Onlooker) may know now.
func (s *State) View(viewer engine.Seat) engine.View {
	v := &View{
		ViewHeader: engine.ViewHeader[Move]{For: viewer, ToMove: s.Turn()},
		Sheet:      s.sheet.ID, Title: s.title, Seats: s.card.Seats(), Rounds: s.card.Rounds(), Plies: s.plies,
		Stopped: s.stopped, Over: s.over, Missing: s.card.Missing(),
	}
	if s.carry {
		v.Def = s.sheet
	}
	if viewer == s.Turn() {
		v.Moves = s.legal()
	}
	for _, e := range s.card.Entries() {
		c := Cell{Seat: e.Seat, Category: e.Category, Round: e.Round, Value: e.Value}
		if cat, _ := s.sheet.Category(e.Category); cat.Private && engine.Seat(e.Seat) != viewer && !s.revealed[spot{e.Category, e.Round}] {
			c.Value, c.Hidden = 0, true
		}
		v.Cells = append(v.Cells, c)
	}
	for _, r := range s.revealedList() {
		v.Revealed = append(v.Revealed, Shown{Category: r.category, Round: r.round})
	}
	if d := s.card.Decision(); d.Won != nil || d.Ranks != nil || d.Winners != nil {
		v.Decision = &d
	}
	if len(v.Missing) == 0 && len(s.revealable()) == 0 {
		st := s.card.Standing()
		v.Standing = &st
	}
	if res, over := s.Result(); over {
		v.Outcome = &res
	}
	return v
}

// Position rebuilds a state v could show: the values v hides written as
// 0. It refuses a view no play could show: an unknown sheet, cells the
// sheet refuses, a decision it does not take.
func (v *View) position(rules Rules) (*State, error) {
	sh, ok := v.SheetIn(rules.lib)
	if !ok {
		return nil, fmt.Errorf("sheet view: no score sheet %q", v.Sheet)
	}
	if v.Def != nil {
		if v.Def.ID != v.Sheet {
			return nil, fmt.Errorf("sheet view: it carries sheet %q, names %q", v.Def.ID, v.Sheet)
		}
		if err := v.Def.Check(); err != nil {
			return nil, fmt.Errorf("sheet view: %w", err)
		}
	}
	if v.Seats < 1 || v.Seats > MaxSeats || v.Plies < 0 || v.Rounds < 1 || v.Rounds > scoresheet.MaxRounds {
		return nil, errors.New("sheet view: seats, plies or rounds out of range")
	}
	if v.For != engine.Onlooker && !v.For.Valid(v.Seats) {
		return nil, fmt.Errorf("sheet view: viewer %v is not a seat", v.For)
	}
	if len(v.Title) > MaxTitle || !utf8.ValidString(v.Title) {
		return nil, errors.New("sheet view: the title is too long or not UTF-8")
	}
	s, err := newState(sh, v.Seats, v.Title)
	if err != nil {
		return nil, err
	}
	for s.card.Rounds() < v.Rounds {
		if err := s.card.NextRound(); err != nil {
			return nil, errors.New("sheet view: more rounds than the sheet has")
		}
	}
	for _, c := range v.Cells {
		value := c.Value
		if c.Hidden {
			value = 0
		}
		if err := s.card.Enter(scoresheet.Entry{Seat: c.Seat, Category: c.Category, Round: c.Round, Value: value}); err != nil {
			return nil, fmt.Errorf("sheet view: %w", err)
		}
	}
	for _, r := range v.Revealed {
		s.revealed[spot{r.Category, r.Round}] = true
	}
	if v.Decision != nil {
		if err := s.card.Decide(*v.Decision); err != nil {
			return nil, fmt.Errorf("sheet view: %w", err)
		}
	}
	s.plies, s.over, s.stopped, s.carry = v.Plies, v.Over, v.Stopped, v.Def != nil
	return s, nil
}

// DecodeView reads a view strictly and refuses one whose derived parts
// (turn, legal moves, missing lines, standing, result) do not follow from
// its cells: it returns the view rebuilt from them.
func (r Rules) DecodeView(data []byte) (engine.View, error) {
	var v View
	if err := engine.DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("sheet view: %w", err)
	}
	s, err := v.position(r)
	if err != nil {
		return nil, err
	}
	rebuilt := s.View(v.For)
	want, err := json.Marshal(rebuilt)
	if err != nil {
		return nil, err
	}
	got, err := json.Marshal(&v)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New("sheet view: its turn, legal moves, standing or result do not match its cells")
	}
	return rebuilt, nil
}

// Determinize returns a state v could show, the values it hides written
// as 0: a bot on the sheet needs nothing it cannot see.
func (r Rules) Determinize(ev engine.View, _ *engine.RNG) (engine.State, error) {
	v, ok := ev.(*View)
	if !ok || v == nil {
		return nil, fmt.Errorf("sheet: cannot rebuild a state from a %T", ev)
	}
	return v.position(r)
}
