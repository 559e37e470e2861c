// Package lesson holds the table's guided first games: for each game, a
// prepared position built from the rulebook's worked examples and a
// handful of steps, each saying what to do next, waiting for that move
// and explaining any other. It is data and pure logic, with no screen: the
// kiosk's learn screen shows a Run on the real board.
package lesson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
)

// Reply is a move another seat makes after a step, as the lesson
// scripts it; a nil Move is that seat's first legal move.
type Reply struct {
	Seat engine.Seat
	Move engine.Move
}

// Step is one thing the learner does.
type Step struct {
	// Text is the i18n key of what to do now, in a sentence or two.
	Text string
	// Expect are the moves that complete the step; the first is the one
	// the table points at.
	Expect []engine.Move
	// Other is the i18n key said when the learner makes another legal
	// move ("that works too, but…"); "" says lesson.other.
	Other string
	// Why, when set, computes the explanation of another legal move m
	// from the position before it and after it: the key of what m does,
	// said instead of Other when not "" (Other's sentence is true only of
	// some moves: "this peg would touch your canoe").
	Why func(before, after engine.State, seat engine.Seat, m engine.Move) string
	// Wrong is a mistake a learner makes here, which the tests make: a
	// move the engine refuses or another legal move; nil when the step
	// leaves no room for one.
	Wrong engine.Move
	// Replies are the other seats' moves after the step; once they are
	// made, the other seats play their first legal moves until the
	// learner is to move again (not after the last step).
	Replies []Reply
}

// Lesson is a guided first game of one game.
type Lesson struct {
	Game    string       // the game's ID
	Rules   engine.Rules // the game's rules
	Seats   int          // seats at the table: the learner and bots
	Learner engine.Seat  // the seat the learner plays
	// Start builds the prepared position.
	Start func() (engine.State, error)
	Steps []Step
	// End is the i18n key of the closing words, before the offer of a
	// real game.
	End string
}

// Verdict is what the lesson makes of a move.
type Verdict int

// The verdicts of Try.
const (
	// Done: the step's move; it was played, with the other seats' replies.
	Done Verdict = iota
	// Refused: the engine refuses the move (Answer.Err names the rule).
	Refused
	// Other: a legal move, but not the step's; nothing was played.
	Other
)

// Answer is the lesson's answer to a move.
type Answer struct {
	Verdict Verdict
	Err     error  // Refused: the engine's error, a *engine.RuleError for a rule
	Text    string // Other: the i18n key of the explanation
}

// Run is one learner going through a lesson. It is not safe for use by
// several goroutines at once.
type Run struct {
	l    *Lesson
	st   engine.State
	step int
}

// Begin builds the lesson's prepared position and plays the other seats
// up to the learner's first move.
func (l *Lesson) Begin() (*Run, error) {
	st, err := l.Start()
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Game, err)
	}
	r := &Run{l: l, st: st}
	if err := r.others(); err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Game, err)
	}
	return r, nil
}

// Lesson is the lesson being run.
func (r *Run) Lesson() *Lesson { return r.l }

// View is what viewer sees now.
func (r *Run) View(viewer engine.Seat) engine.View { return r.st.View(viewer) }

// Index is the number of the current step, from 0; len(Steps) once
// finished.
func (r *Run) Index() int { return r.step }

// Step is the current step, nil once the lesson is finished.
func (r *Run) Step() *Step {
	if r.step >= len(r.l.Steps) {
		return nil
	}
	return &r.l.Steps[r.step]
}

// Finished reports whether every step was made.
func (r *Run) Finished() bool { return r.step >= len(r.l.Steps) }

// Try is seat's move m: the step's move is played and the lesson moves
// on; any other is answered without changing anything.
func (r *Run) Try(seat engine.Seat, m engine.Move) (Answer, error) {
	s := r.Step()
	if s == nil || seat != r.l.Learner || r.st.Turn() != seat {
		return Answer{Verdict: Refused, Err: errors.New("lesson: not the learner's move now")}, nil
	}
	probe := r.st.Clone()
	if _, err := probe.Apply(seat, m); err != nil {
		return Answer{Verdict: Refused, Err: err}, nil
	}
	if !Matches(s.Expect, m) {
		other := s.Other
		if s.Why != nil {
			if k := s.Why(r.st, probe, seat, m); k != "" {
				other = k
			}
		}
		if other == "" {
			other = "lesson.other"
		}
		return Answer{Verdict: Other, Text: other}, nil
	}
	r.st = probe
	r.step++
	for _, rep := range s.Replies {
		if err := r.play(rep.Seat, rep.Move); err != nil {
			return Answer{}, fmt.Errorf("lesson %s step %d: reply: %w", r.l.Game, r.step, err)
		}
	}
	if !r.Finished() {
		if err := r.others(); err != nil {
			return Answer{}, fmt.Errorf("lesson %s step %d: %w", r.l.Game, r.step, err)
		}
	}
	return Answer{Verdict: Done}, nil
}

// others plays the other seats' first legal moves until the learner is to
// move or the game is over.
func (r *Run) others() error {
	for range 500 {
		turn := r.st.Turn()
		if turn == r.l.Learner || turn == engine.NoSeat {
			return nil
		}
		if err := r.play(turn, nil); err != nil {
			return err
		}
	}
	return errors.New("the other seats never hand the move back")
}

// play makes seat's move m, or its first legal move when m is nil.
func (r *Run) play(seat engine.Seat, m engine.Move) error {
	if m == nil {
		legal := r.st.Legal()
		if len(legal) == 0 {
			return fmt.Errorf("seat %v has no move", seat)
		}
		m = legal[0]
	}
	if _, err := r.st.Apply(seat, m); err != nil {
		return fmt.Errorf("seat %v plays %v: %w", seat, m, err)
	}
	return nil
}

// Matches reports whether m is one of want, compared in their JSON form.
func Matches(want []engine.Move, m engine.Move) bool {
	got, err := json.Marshal(m)
	if err != nil {
		return false
	}
	for _, w := range want {
		if b, err := json.Marshal(w); err == nil && bytes.Equal(b, got) {
			return true
		}
	}
	return false
}

// lessons is the one place kiosk/lesson names the games: each game's id
// and the lesson that teaches it, in the lobby's order. A game the
// catalog ships with no line here has no lesson (the lobby offers none),
// and TestEveryGameHasALesson names it.
func lessons() []entry {
	return []entry{
		{canyon.ID, Canyon},
		{canyonduel.ID, CanyonDuel},
		{canoe.ID, Canoe},
		{canaille.ID, Canaille},
	}
}

// entry is one line of lessons: a game's id and its lesson.
type entry struct {
	id     string
	lesson func() *Lesson
}

// All are the lessons of the games, in the lobby's order.
func All() []*Lesson {
	var out []*Lesson
	for _, e := range lessons() {
		out = append(out, e.lesson())
	}
	return out
}

// For is the lesson of game, if it has one.
func For(game string) (*Lesson, bool) {
	for _, e := range lessons() {
		if e.id == game {
			return e.lesson(), true
		}
	}
	return nil, false
}

// fromMoves is a Start building the position reached from setup by
// moves, each written as the game's notation parses it.
func fromMoves(r engine.Rules, setup engine.Setup, parse func(string) (engine.Move, error), moves ...string) func() (engine.State, error) {
	return func() (engine.State, error) {
		st, err := engine.NewGame(r, setup)
		if err != nil {
			return nil, err
		}
		for i, s := range moves {
			m, err := parse(s)
			if err != nil {
				return nil, fmt.Errorf("prepared move %d: %w", i+1, err)
			}
			if _, err := st.Apply(st.Turn(), m); err != nil {
				return nil, fmt.Errorf("prepared move %d (%s): %w", i+1, s, err)
			}
		}
		return st, nil
	}
}

// must is m, or a panic when the lesson's own data is wrong (the tests
// build every lesson).
func must[M any](m M, err error) M {
	if err != nil {
		panic(fmt.Sprintf("lesson data: %v", err))
	}
	return m
}
