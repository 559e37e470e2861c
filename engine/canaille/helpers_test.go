package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

// picker hands out card ids by face, each id once, to build positions.
type picker struct{ used map[Card]bool }

func newPicker() *picker { return &picker{used: map[Card]bool{}} }

func (p *picker) get(t *testing.T, f Face) Card {
	t.Helper()
	for c := Card(1); c <= NumCards; c++ {
		if !p.used[c] && c.Face() == f {
			p.used[c] = true
			return c
		}
	}
	t.Fatalf("no card %v left", f)
	return NoCard
}

func (p *picker) fish(t *testing.T, n int) Card  { return p.get(t, Face{Fish, n, false}) }
func (p *picker) trash(t *testing.T, n int) Card { return p.get(t, Face{Trash, n, false}) }
func (p *picker) act(t *testing.T, k Kind, n int, stop bool) Card {
	return p.get(t, Face{k, n, stop})
}

// table builds a position directly: n seats, active to lay a sentence, all
// piles empty. Tests fill in what they need.
func table(n int, active engine.Seat) *State {
	s := &State{
		n: n, rng: engine.NewRNG(1, 0),
		hands: make([][]Card, n), catches: make([][]Card, n), fogGot: make([]bool, n),
		taker: engine.NoSeat, active: active, actor: active, phase: phaseSentence,
	}
	return s
}

func mustApply(t *testing.T, s *State, seat engine.Seat, m Move) []engine.Event {
	t.Helper()
	ev, err := s.Apply(seat, m)
	if err != nil {
		t.Fatalf("%v plays %v: %v", seat, m, err)
	}
	return ev
}

func wantRule(t *testing.T, s *State, seat engine.Seat, m engine.Move, rule string) {
	t.Helper()
	before := s.Hash()
	_, err := s.Apply(seat, m)
	if got := engine.RuleOf(err); got != rule {
		t.Fatalf("%v plays %v: rule %q (%v), want %q", seat, m, got, err, rule)
	}
	if s.Hash() != before {
		t.Fatalf("refused move %v changed the state", m)
	} // The phone's "why not?" gives the same rule, from the seat's view.
	if rule != engine.RuleBadMove {
		enginetest.Explains(t, New(), completed(s), seat, m, rule)
	}
}

func sentence(cs ...Card) Move { return Move{Kind: KindSentence, Cards: cs} }

func sameCards(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// randomGame plays seeded random moves, calling each after every move.
func randomGame(t *testing.T, n int, seed uint64, each func(s *State)) *State {
	t.Helper()
	st, err := engine.NewGame(New(), engine.Setup{Seats: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRNG(seed, 99)
	for {
		if each != nil {
			each(s)
		}
		if _, over := s.Result(); over {
			return s
		}
		legal := s.legal()
		mustApply(t, s, s.Turn(), legal[r.IntN(len(legal))])
	}
}

// fillRow lays out a face-up row, so the refill after a sentence is a
// decision rather than forced draws.
func (p *picker) fillRow(t *testing.T, s *State) {
	t.Helper()
	s.row = []Card{p.act(t, Other, 0, false), p.act(t, Other, 0, false), p.act(t, Shift, 0, true)}
}

// completed is a copy of a position built by hand with every card it
// leaves out put where a game keeps unseen cards, action cards at the
// bottom of the deck and river cards at the bottom of the river, so that
// its views account for all the cards, as a real game's do.
func completed(s *State) *State {
	c := s.Clone().(*State)
	used := map[Card]bool{TheCanaille: c.taker != engine.NoSeat}
	piles := [][]Card{c.deck, c.row, c.discard, c.river.Cards, c.binned, c.eaten, c.sentence, c.fog}
	piles = append(append(piles, c.hands...), c.catches...)
	for _, pile := range piles {
		for _, card := range pile {
			used[card] = true
		}
	}
	for id := 1; id <= NumCards; id++ {
		card := Card(id)
		switch {
		case used[card]:
		case id <= NumActions:
			c.deck = append(c.deck, card)
		default:
			c.river.Cards = append(c.river.Cards, card)
		}
	}
	return c
}
