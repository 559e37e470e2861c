package canaille

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// secretsFrom lists the cards viewer must not see: other hands, the deck,
// the river but its visible top, others' catches but their tops, and fog
// cards drawn face down.
func secretsFrom(s *State, viewer engine.Seat) []Card {
	var out []Card
	for p := range engine.Seat(s.n) {
		if p == viewer {
			continue
		}
		out = append(out, s.hands[p]...)
		if cs := s.catches[p]; len(cs) > 1 {
			out = append(out, cs[:len(cs)-1]...)
		}
	}
	out = append(out, s.deck...)
	for i, c := range s.river.Cards {
		if i > 0 || !s.river.FaceUp {
			out = append(out, c)
		}
	}
	if !s.fogSeen {
		out = append(out, s.fog...)
	}
	return out
}

func TestViewsLeakNothing(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for g := range 12 {
			seed := uint64(987654321987 + 1000*n + g)
			checked := 0
			randomGame(t, n, seed, func(s *State) {
				for v := engine.Onlooker; v < engine.Seat(n); v++ {
					if v == engine.NoSeat {
						continue
					}
					data, err := json.Marshal(s.View(v))
					if err != nil {
						t.Fatal(err)
					}
					js := string(data)
					for _, c := range secretsFrom(s, v) {
						if strings.Contains(js, `"`+c.ID()+`"`) {
							t.Fatalf("seed %d: %v's view shows hidden card %v: %s", seed, v, c, js)
						}
					}
					if strings.Contains(js, strconv.FormatUint(seed, 10)) || strings.Contains(js, "seed") {
						t.Fatalf("the seed is in a view: %s", js)
					}
					checked++
				}
			})
			if checked == 0 {
				t.Fatal("no view checked")
			}
		}
	}
}

// Events that name a card drawn from the action deck go to the drawer only.
func TestDrawnCardsArePrivate(t *testing.T) {
	st, _ := engine.NewGame(New(), engine.Setup{Seats: 3, Seed: 11})
	s := st.(*State)
	r := engine.NewRNG(11, 1)
	for range 400 {
		if _, over := s.Result(); over {
			break
		}
		legal := s.legal()
		seat := s.Turn()
		ev := mustApply(t, s, seat, legal[r.IntN(len(legal))])
		for _, e := range ev {
			switch {
			case e.Type == "drawn" && (e.To != e.Seat || e.To == engine.NoSeat):
				t.Fatalf("drawn card shown to %v: %+v", e.To, e)
			case e.To == engine.NoSeat && e.Data["card"] != nil:
				c, _ := ParseCard(e.Data["card"].(string))
				if indexOf(s.deck, c) >= 0 {
					t.Fatalf("public event names a deck card: %+v", e)
				}
			}
		}
	}
}

func TestTableViewHasNoHand(t *testing.T) {
	s := newGame(3, 0, 2)
	v := s.View(engine.Onlooker).(*View)
	if v.Hand != nil || v.Legal() != nil || len(v.Hands) != 3 {
		t.Fatalf("onlooker view %+v", v)
	}
	own := s.View(0).(*View)
	if !sameCards(own.Hand, s.hands[0]) || len(own.Legal()) == 0 {
		t.Fatalf("own view %+v", own)
	}
}

// allCards lists where every card is; each of the 97 must be there once.
func allCards(s *State) []Card {
	var out []Card
	for p := range s.n {
		out = append(out, s.hands[p]...)
		out = append(out, s.catches[p]...)
	}
	for _, cs := range [][]Card{s.deck, s.row, s.discard, s.river.Cards, s.binned, s.eaten, s.sentence, s.fog} {
		out = append(out, cs...)
	}
	if s.taker != engine.NoSeat {
		out = append(out, TheCanaille)
	}
	return out
}

func checkConserved(t *testing.T, s *State, what string) {
	t.Helper()
	seen := make([]bool, NumCards+1)
	cards := allCards(s)
	for _, c := range cards {
		if !c.Valid() || seen[c] {
			t.Fatalf("%s: card %v is twice or invalid", what, c)
		}
		seen[c] = true
	}
	if len(cards) != NumCards {
		t.Fatalf("%s: %d cards, want %d", what, len(cards), NumCards)
	}
}

func TestCardsAreConserved(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for g := range uint64(40) {
			randomGame(t, n, g, func(s *State) { checkConserved(t, s, "game") })
		}
	}
}
