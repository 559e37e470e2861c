package canoe

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// hole reads a hole in the move notation, failing the test if it is none.
func h(t testing.TB, s string) Hole {
	t.Helper()
	p, err := ParseHole(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mask is the holes of a space-separated list such as "b2 c3 d3 e2".
func mask(t testing.TB, list string) uint64 {
	t.Helper()
	var m uint64
	for _, s := range strings.Fields(list) {
		i, _ := h(t, s).index()
		m |= 1 << i
	}
	return m
}

// stateAt is a game standing at pegs after plies moves, seen once. Its
// history is that one position, so only plies 0 and 1 make a state whose
// view Determinize accepts.
func stateAt(pegs board, plies int) *State {
	s := &State{pegs: pegs, plies: plies, seen: map[position]int{}}
	s.seen[s.position()] = 1
	_, s.over = s.judge()
	return s
}

// play applies moves in the notation, each by the seat to move.
func play(t testing.TB, s *State, moves ...string) []engine.Event {
	t.Helper()
	var events []engine.Event
	for _, text := range moves {
		m, err := ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.Apply(s.Turn(), m)
		if err != nil {
			t.Fatalf("ply %d, %v: %v", s.plies+1, m, err)
		}
		events = append(events, ev...)
	}
	return events
}

// refused checks that seat's move is refused for rule and changes nothing.
func refused(t *testing.T, s *State, seat engine.Seat, m engine.Move, rule string) {
	t.Helper()
	before := s.Hash()
	events, err := s.Apply(seat, m)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Errorf("%v by %v: error %v, want rule %q", m, seat, err, rule)
	}
	if events != nil || s.Hash() != before {
		t.Errorf("%v by %v: a refused move changed the game", m, seat)
	}
}

func eventTypes(events []engine.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Type
	}
	return out
}
