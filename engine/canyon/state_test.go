package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// Refused moves name their rule and leave the state as it was.
func TestApplyRefusals(t *testing.T) {
	s := newGame(t, 4, 9)
	turn := s.Turn()
	other := (turn + 1) % 4
	for _, c := range []struct {
		seat engine.Seat
		move engine.Move
		rule string
	}{
		{other, Tempo(1), engine.RuleNotYourTurn},
		{turn, nil, engine.RuleBadMove},
		{turn, (*Move)(nil), engine.RuleBadMove},
		{turn, foreignMove{}, engine.RuleBadMove},
		{turn, Move{Kind: "jump"}, engine.RuleBadMove},
		{turn, Play(Card{blue, 3}), "wrong-phase"},
		{turn, Tempo(2, 2), "tempo-card-used"},
		{turn, Tempo(1, 2), "tempo-cards"},
		{turn, Tempo(), engine.RuleBadMove},
		{engine.Onlooker, Tempo(1), engine.RuleNotYourTurn},
	} {
		before := s.Hash()
		if _, err := s.Apply(c.seat, c.move); engine.RuleOf(err) != c.rule {
			t.Errorf("%v by %v: %v, want rule %s", c.move, c.seat, err, c.rule)
		}
		if s.Hash() != before {
			t.Fatalf("refused %v changed the state", c.move)
		}
	}
	playTempos(t, s)
	leader := s.Turn()
	hand := s.hands[leader]
	notHeld := notIn(hand)
	if _, err := s.Apply(leader, Play(notHeld)); engine.RuleOf(err) != "not-in-hand" {
		t.Fatalf("card not held: %v", err)
	}
	led := hand[0].Suit
	if _, err := s.Apply(leader, Play(hand[0])); err != nil {
		t.Fatal(err)
	}
	next := s.Turn()
	if hasSuit(s.hands[next], led) {
		for _, c := range s.hands[next] {
			if c.Suit != led {
				if _, err := s.Apply(next, Play(c)); engine.RuleOf(err) != "follow-suit" {
					t.Fatalf("off-suit card: %v", err)
				}
				break
			}
		}
	}
}

type foreignMove struct{}

func (foreignMove) String() string { return "foreign" }

// Over many random games no card is lost or duplicated, no two canoes share
// a cell but the cave footbridge, and every game ends. Random players
// seldom make their tempo, so they drift in the current for many rounds.
func TestRandomGamesKeepTheInvariants(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	for g := range games {
		seats := 3 + g%4
		st, _ := engine.NewGame(New(), engine.Setup{Seats: seats, Seed: uint64(g), Options: map[string]string{}})
		s := st.(*State)
		rng := engine.NewRNG(uint64(g), 9)
		for s.t.Phase != PhaseOver {
			if s.t.Round > 20000 {
				t.Fatalf("game %d does not end: round %d, canoes %v", g, s.t.Round, s.t.Canoes)
			}
			checkInvariants(t, s)
			m := s.RandomMove(&rng)
			if _, err := s.Apply(s.Turn(), m); err != nil {
				t.Fatalf("game %d: %v: %v", g, m, err)
			}
		}
		checkInvariants(t, s)
	}
}

func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	if s.t.Round > 0 {
		count := map[Card]int{s.t.Trump: 1}
		for _, cs := range append([][]Card{s.deck, s.t.Trick, s.t.Played}, s.hands...) {
			for _, c := range cs {
				count[c]++
			}
		}
		for _, c := range newDeck() {
			if count[c] != 1 {
				t.Fatalf("round %d: %v is there %d times", s.t.Round, c, count[c])
			}
		}
	}
	cells := map[int]int{}
	for seat, c := range s.t.Canoes {
		if c >= 0 {
			cells[c]++
			if cells[c] > 1 && c != s.b.cave {
				t.Fatalf("two canoes on %d", c)
			}
		}
		if s.t.Fallen[seat] != (c < 0 && s.t.Phase != PhasePlace) {
			t.Fatalf("seat %d: fallen %v on %d", seat, s.t.Fallen[seat], c)
		}
	}
}

// notIn is the first card of the deck that hand lacks.
func notIn(hand []Card) Card {
	for _, c := range newDeck() {
		if !holds(hand, c) {
			return c
		}
	}
	return Card{}
}
