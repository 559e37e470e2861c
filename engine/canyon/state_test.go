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
		{engine.Table, Tempo(1), engine.RuleNotYourTurn},
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
	var notHeld Card
	for _, c := range newDeck() {
		if !holds(hand, c) {
			notHeld = c
			break
		}
	}
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

func TestDecodeMove(t *testing.T) {
	r := NewRules()
	for _, good := range []Move{Place(28, 3), Tempo(0), Tempo(2, 4), Play(Card{violet, 10}), MoveTo(0, 7)} {
		data, err := engine.EncodeMove("canyon", 1, good)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.DecodeMove(r, data)
		if err != nil || rec.Move.String() != good.String() {
			t.Fatalf("%v came back as %v, %v", good, rec.Move, err)
		}
	}
	for _, bad := range []string{
		``, `null`, `[]`, `"play"`, `{}`, `{"kind":"fly"}`, `{"kind":"play"}`,
		`{"kind":"play","card":{"suit":5,"value":1}}`, `{"kind":"play","card":{"suit":0,"value":11}}`,
		`{"kind":"tempo"}`, `{"kind":"tempo","tempo":[1],"row":3}`, `{"kind":"place","row":-1,"col":2}`,
		`{"kind":"move","row":1,"col":2,"extra":1}`, `{"kind":"play","card":{"suit":0,"value":1}} {}`,
		`{"kind":"place","row":"a"}`, `{"kind":"move","row":1e99}`,
	} {
		if m, err := r.DecodeMove([]byte(bad)); err == nil {
			t.Errorf("%s decoded as %v", bad, m)
		}
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"kind":"tempo","tempo":[3,4]}`))
	f.Add([]byte(`{"kind":"move","row":2,"col":7}`))
	r := NewRules()
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := r.DecodeMove(data)
		if err != nil {
			return
		}
		s := newGame(t, 3, 1)
		s.Apply(s.Turn(), m) // must not panic
	})
}

func TestMoveStrings(t *testing.T) {
	for m, want := range map[string]Move{
		"place 28,3": Place(28, 3), "tempo 2+4": Tempo(2, 4), "tempo 0": Tempo(0),
		"play violet 10": Play(Card{violet, 10}), "move 0,7": MoveTo(0, 7),
	} {
		if want.String() != m {
			t.Errorf("%q, want %q", want.String(), m)
		}
	}
}

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
		st, _ := NewRules().New(engine.Setup{Seats: seats, Seed: uint64(g), Options: map[string]string{}})
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
