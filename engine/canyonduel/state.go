package canyonduel

import (
	"fmt"
	"sync"

	"github.com/tablee/tablee/engine"
)

// State is a position of Canyon duel. Red (seat 0) moves on even plies and
// yellow on odd ones: nobody ever passes, so the ply count gives the turn.
type State struct {
	board board
	plies int
	end   string // the Reason once the game is over, else ""
}

func newState() *State {
	s := &State{board: startBoard()}
	s.end = endReason(&s.board, s.plies)
	return s
}

// Turn is the seat to move, or engine.NoSeat once the game is over.
func (s *State) Turn() engine.Seat {
	if s.end != "" {
		return engine.NoSeat
	}
	return engine.Seat(s.plies % 2)
}

// Plies counts the moves made.
func (s *State) Plies() int { return s.plies }

// Legal lists every step and every stopping point of every jump chain.
func (s *State) Legal() []engine.Move {
	if s.end != "" {
		return nil
	}
	var out []engine.Move
	var slab []Cell
	s.board.eachMove(s.plies%2, func(jump bool, path, _ []int8) {
		if cap(slab)-len(slab) < len(path) {
			slab = make([]Cell, 0, max(slabSize, len(path)))
		}
		n := len(slab)
		slab = appendCells(slab, path)
		// Capped, so that appending to one move's path cannot overwrite the next.
		out = append(out, Move{Kind: kindOf(jump), Path: slab[n:len(slab):len(slab)]})
	})
	return out
}

// RandomMove draws a uniformly random legal move, for engine.RandomMover:
// the move legal[r.IntN(len(legal))] would be with legal = Legal(), the
// same number drawn, but without boxing every move as Legal does, which
// was most of a playout's time.
func (s *State) RandomMove(r *engine.RNG) engine.Move {
	if s.end != "" {
		return nil
	}
	g := gatherers.Get().(*gatherer)
	defer gatherers.Put(g)
	g.cells, g.spans = g.cells[:0], g.spans[:0]
	s.board.eachMove(s.plies%2, g.visit)
	if len(g.spans) == 0 {
		return nil
	}
	sp := g.spans[r.IntN(len(g.spans))]
	return moveOf(sp.jump, g.cells[sp.at:sp.at+sp.n])
}

// gatherer holds the paths of every legal move of a position, one after
// the other, while RandomMove draws one of them.
type gatherer struct {
	cells []int8
	spans []pathSpan
}

// pathSpan is one gathered move: its kind and where its path lies in cells.
type pathSpan struct {
	jump  bool
	at, n int
}

func (g *gatherer) visit(jump bool, path, _ []int8) {
	g.spans = append(g.spans, pathSpan{jump: jump, at: len(g.cells), n: len(path)})
	g.cells = append(g.cells, path...)
}

// gatherers keeps RandomMove's scratch space between calls: playouts draw
// thousands of moves a second, and a crowded position's paths fill
// kilobytes. A pool, since states are cloned and played in many goroutines.
var gatherers = sync.Pool{New: func() any { return new(gatherer) }}

// slabSize is how many cells Legal allocates at once: a crowded position
// has hundreds of moves, and one allocation per path was a third of the
// time.
const slabSize = 512

// moveOf turns a generated path into a Move.
func moveOf(jump bool, path []int8) Move {
	return Move{Kind: kindOf(jump), Path: appendCells(make([]Cell, 0, len(path)), path)}
}

func kindOf(jump bool) string {
	if jump {
		return KindJump
	}
	return KindStep
}

func appendCells(cells []Cell, path []int8) []Cell {
	for _, sq := range path {
		cells = append(cells, cellAt(int(sq)))
	}
	return cells
}

// Apply and Step read as Canoë's (engine/canoe/state.go) and stay apart:
// each game's State implements engine.State and engine.Stepper over its
// own act.

// Apply makes seat's move m, a Move or a *Move, or explains why not.
func (s *State) Apply(seat engine.Seat, m engine.Move) ([]engine.Event, error) {
	return s.act(seat, m, true)
}

// Step is Apply without the events, for engine.Stepper.
func (s *State) Step(seat engine.Seat, m engine.Move) error {
	_, err := s.act(seat, m, false)
	return err
}

// act checks seat's move and makes it; the events are built only when
// loud, since searches and simulations read none.
func (s *State) act(seat engine.Seat, m engine.Move, loud bool) ([]engine.Event, error) {
	if turn := s.Turn(); seat != turn {
		return nil, engine.NotYourTurn(seat, turn)
	}
	mv, err := asMove(m)
	if err != nil {
		return nil, err
	}
	b, events, err := play(s.board, seat, mv, loud)
	if err != nil {
		return nil, err
	}
	s.board = b
	s.plies++
	if s.end = endReason(&s.board, s.plies); s.end != "" && loud {
		events = append(events, s.endEvent())
	}
	return events, nil
}

func asMove(m engine.Move) (Move, error) {
	switch mv := m.(type) {
	case Move:
		return mv, nil
	case *Move:
		if mv != nil {
			return *mv, nil
		}
	}
	return Move{}, engine.Broken(engine.RuleBadMove, "%T is not a Canyon duel move", m)
}

func (s *State) endEvent() engine.Event {
	res := result(&s.board, s.end)
	return engine.Public("end", engine.NoSeat, map[string]any{
		"reason": res.Reason, "scores": res.Scores, "winners": res.WinnerList()})
}

// Result is the outcome once the game is over.
func (s *State) Result() (engine.Result, bool) {
	if s.end == "" {
		return engine.Result{}, false
	}
	return result(&s.board, s.end), true
}

// Hash covers the board and the ply count, which is the whole state.
func (s *State) Hash() string {
	h := engine.NewHasher(ID)
	for _, p := range s.board {
		h.Int(int(p))
	}
	return h.Int(s.plies).Sum()
}

// Clone returns an independent copy; State holds no references.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// String draws the board, row 8 on top, for test failures and the CLI.
func (s *State) String() string {
	out := ""
	for _, row := range s.board.rows() {
		out = row + "\n" + out
	}
	return out + fmt.Sprintf("ply %d, %v to move\n", s.plies, s.Turn())
}
