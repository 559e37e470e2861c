package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

const (
	blue, green, red, yellow, violet = 0, 1, 2, 3, 4
)

// Rulebook, trick example: green is trump; Anja leads blue 7, Bernd plays
// blue 8, Carola blue 3, Dirk red 9. Bernd takes the trick and leads next.
func TestTrickExample(t *testing.T) {
	trick := []Card{{blue, 7}, {blue, 8}, {blue, 3}, {red, 9}}
	if w := trickWinner(trick, green); w != 1 {
		t.Fatalf("winner %d, want Bernd (1)", w)
	}
	s := newGame(t, 4, 3)
	playTempos(t, s)
	anja := s.t.Start
	s.t.Trump = Card{green, 1}
	hands := [][]Card{{{blue, 7}, {green, 2}}, {{blue, 8}, {red, 1}}, {{blue, 3}, {red, 2}}, {{red, 9}, {red, 3}}}
	for i, h := range hands {
		s.hands[(anja+i)%4] = h
	}
	for i, h := range hands {
		if _, err := s.Apply(engine.Seat((anja+i)%4), Play(h[0])); err != nil {
			t.Fatal(err)
		}
	}
	bernd := (anja + 1) % 4
	if s.t.Tricks[bernd] != 1 || s.Turn() != engine.Seat(bernd) || s.t.Leader != bernd {
		t.Fatalf("tricks %v, turn %v", s.t.Tricks, s.Turn())
	}
}

func TestTrumpTakesTheTrick(t *testing.T) {
	if w := trickWinner([]Card{{blue, 10}, {green, 1}, {green, 2}, {red, 10}}, green); w != 2 {
		t.Fatalf("winner %d, want the higher trump", w)
	}
	if w := trickWinner([]Card{{red, 2}, {blue, 10}, {red, 3}}, green); w != 2 {
		t.Fatalf("winner %d: an off-suit card never wins", w)
	}
	if w := trickWinner([]Card{{green, 2}, {green, 9}, {red, 3}}, green); w != 1 {
		t.Fatalf("winner %d: trump led", w)
	}
}

// The led suit must be followed when the hand holds it; otherwise any card.
func TestFollowSuit(t *testing.T) {
	hand := []Card{{blue, 2}, {blue, 9}, {red, 5}}
	trick := []Card{{blue, 7}}
	if err := canPlay(hand, trick, Card{red, 5}); engine.RuleOf(err) != "follow-suit" {
		t.Fatalf("red on blue: %v", err)
	}
	if err := canPlay(hand, trick, Card{blue, 2}); err != nil {
		t.Fatal(err)
	}
	if err := canPlay(hand, []Card{{green, 7}}, Card{red, 5}); err != nil {
		t.Fatalf("void in green: %v", err)
	}
	if err := canPlay(hand, trick, Card{green, 5}); engine.RuleOf(err) != "not-in-hand" {
		t.Fatalf("card not held: %v", err)
	}
	if got := playable(hand, trick); len(got) != 2 {
		t.Fatalf("playable %v", got)
	}
	if got := playable(hand, nil); len(got) != 3 {
		t.Fatalf("leading: %v", got)
	}
}

// newGame starts a game and places the canoes on the first free start cells.
func newGame(t *testing.T, seats int, seed uint64) *State {
	t.Helper()
	st, err := engine.NewGame(New(), engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.t.Phase == PhasePlace {
		if _, err := s.Apply(s.Turn(), s.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// playTempos has every seat reveal tempo 1.
func playTempos(t *testing.T, s *State) {
	t.Helper()
	for s.t.Phase == PhaseTempo {
		if _, err := s.Apply(s.Turn(), Tempo(1)); err != nil {
			t.Fatal(err)
		}
	}
}
