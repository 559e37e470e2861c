package canoe

import (
	"maps"

	"github.com/tablee/tablee/engine"
)

// MaxPlies ends the game in a draw when nobody has won after this many moves.
const MaxPlies = 200

// Why a game of Canoë ends, the Reason of its Result.
const (
	ReasonTwoCanoes  = "two-canoes" // a player formed two canoes and won
	ReasonRepetition = "repetition" // a position stood a third time: a draw
	ReasonPlyLimit   = "ply-limit"  // MaxPlies moves were made: a draw
)

// position is what three-fold repetition compares: the pegs (which also fix
// both supplies) and the seat to move.
type position struct {
	pegs board
	next int
}

// State is one position of a game of Canoë, with the history that the
// repetition rule needs. Light is seat 0 and moves first.
type State struct {
	pegs  board
	plies int
	seen  map[position]int // how often each position has stood, this one included
	over  bool
}

func newState() *State {
	s := &State{seen: map[position]int{}}
	s.seen[s.position()] = 1
	return s
}

func (s *State) position() position { return position{s.pegs, s.plies % 2} }

// Turn is the seat to move, or NoSeat once the game is over.
func (s *State) Turn() engine.Seat {
	if s.over {
		return engine.NoSeat
	}
	return engine.Seat(s.plies % 2)
}

// Plies counts the moves made.
func (s *State) Plies() int { return s.plies }

// Legal lists the moves of the seat to move: placements, removals, then
// moves, each in hole order.
func (s *State) Legal() []engine.Move {
	if s.over {
		return nil
	}
	var buf [maxActions]action
	acts := s.pegs.actions(s.plies%2, buf[:0])
	out := make([]engine.Move, len(acts))
	for i, a := range acts {
		out[i] = a.move()
	}
	return out
}

// RandomMove draws a uniformly random legal move; listing the actions on
// the stack is far cheaper than Legal's boxed moves.
func (s *State) RandomMove(r *engine.RNG) engine.Move {
	if s.over {
		return nil
	}
	var buf [maxActions]action
	acts := s.pegs.actions(s.plies%2, buf[:0])
	return acts[r.IntN(len(acts))].move()
}

// Apply makes seat's move, or refuses it with a *engine.RuleError and
// leaves the state unchanged.
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
	if seat != s.Turn() {
		return nil, engine.NotYourTurn(seat, s.Turn())
	}
	var mv Move
	switch m := m.(type) {
	case Move:
		mv = m
	case *Move:
		if m == nil {
			return nil, engine.Broken(engine.RuleBadMove, "no move")
		}
		mv = *m
	default:
		return nil, engine.Broken(engine.RuleBadMove, "%T is not a Canoë move", m)
	}
	a, err := s.pegs.check(int(seat), mv)
	if err != nil {
		return nil, err
	}
	return s.play(a, loud), nil
}

// play makes a checked action and, when loud, reports what happened.
func (s *State) play(a action, loud bool) []engine.Event {
	p := s.plies % 2
	var before []int
	if loud {
		before = canoesOf(s.pegs[p])
	}
	s.pegs.play(p, a)
	s.plies++
	s.seen[s.position()]++
	res, over := s.judge()
	s.over = over
	if !loud {
		return nil
	}
	events := []engine.Event{actionEvent(engine.Seat(p), a)}
	events = append(events, canoeEvents(engine.Seat(p), before, canoesOf(s.pegs[p]))...)
	if over {
		events = append(events, endEvent(res))
	}
	return events
}

// judge decides whether the game is over. Only the mover's canoes can
// change in a move, so the first seat found with two is the one who just
// made them.
func (s *State) judge() (engine.Result, bool) {
	scores := s.scores()
	for p, n := range scores {
		if n >= 2 {
			ranks := []int{2, 2}
			ranks[p] = 1
			return engine.Result{Scores: scores, Ranks: ranks, Winners: []engine.Seat{engine.Seat(p)}, Reason: ReasonTwoCanoes}, true
		}
	}
	if s.seen[s.position()] >= 3 {
		return engine.DrawResult(scores, ReasonRepetition), true
	}
	if s.plies >= MaxPlies {
		return engine.DrawResult(scores, ReasonPlyLimit), true
	}
	return engine.Result{}, false
}

// scores is each seat's number of counting canoes.
func (s *State) scores() []int {
	return []int{countCanoes(s.pegs[0]), countCanoes(s.pegs[1])}
}

// Result is the outcome once the game is over.
func (s *State) Result() (engine.Result, bool) {
	if !s.over {
		return engine.Result{}, false
	}
	return s.judge()
}

// Hash covers the pegs, the ply count and the repetition counts, the whole
// of what decides the rest of the game.
func (s *State) Hash() string {
	return engine.NewHasher(ID).Uint64(s.pegs[0]).Uint64(s.pegs[1]).Int(s.plies).Bool(s.over).
		Int(len(s.seen)).Uint64(s.seenDigest()).Sum()
}

// seenDigest condenses the repetition counts in any order, so hashing does
// not sort them: a sum of well-mixed 64-bit values per entry.
func (s *State) seenDigest() uint64 {
	var sum uint64
	for k, n := range s.seen {
		x := mix(k.pegs[0] ^ mix(k.pegs[1]^mix(uint64(k.next)<<8|uint64(n))))
		sum += x
	}
	return sum
}

// mix is SplitMix64's finalizer: every input bit flips about half the output.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	c.seen = maps.Clone(s.seen)
	return &c
}
