package canyon

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
)

// cardJSON is how a card appears in a view's JSON.
func cardJSON(c Card) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// No view holds another seat's hand, the cards set aside or the seed: a
// card of another hand shows in a seat's view only once played (in the
// trick or the played pile), and the views have no deck or seed field.
func TestViewsHideSecrets(t *testing.T) {
	for g := range 12 {
		seats := 3 + g%4
		st, _ := engine.NewGame(New(), engine.Setup{Seats: seats, Seed: uint64(100 + g)})
		s := st.(*State)
		rng := engine.NewRNG(uint64(g), 4)
		for ply := 0; s.t.Phase != PhaseOver && ply < 600; ply++ {
			for viewer := engine.Seat(-2); int(viewer) < seats; viewer++ {
				if viewer == engine.NoSeat {
					continue
				}
				checkViewSecrets(t, s, viewer)
			}
			s.Apply(s.Turn(), s.RandomMove(&rng))
		}
	}
}

func checkViewSecrets(t *testing.T, s *State, viewer engine.Seat) {
	t.Helper()
	data, err := json.Marshal(s.View(viewer))
	if err != nil {
		t.Fatal(err)
	}
	js := string(data)
	for _, field := range []string{`"deck"`, `"seed"`, `"rng"`, `"hands"`} {
		if strings.Contains(js, field) {
			t.Fatalf("view of %v has a %s field", viewer, field)
		}
	}
	// Strip what the viewer may see, then look for any other card.
	v := s.View(viewer).(*View)
	v.Hand, v.Trick, v.Played, v.Moves = nil, nil, nil, nil
	v.Draws = nil
	v.Trump = Card{}
	stripped, _ := json.Marshal(v)
	for seat, h := range s.hands {
		if engine.Seat(seat) == viewer {
			continue
		}
		for _, c := range h {
			if strings.Contains(string(stripped), cardJSON(c)) {
				t.Fatalf("view of %v shows %v of seat %d: %s", viewer, c, seat, stripped)
			}
		}
	}
	for _, c := range s.deck {
		if s.t.Round > 0 && strings.Contains(js, cardJSON(c)) && !inDraws(s, c) {
			t.Fatalf("view of %v shows %v set aside", viewer, c)
		}
	}
}

func inDraws(s *State, c Card) bool {
	for _, d := range s.t.Draws {
		if holds(d.Cards, c) {
			return true
		}
	}
	return holds(s.t.Played, c) || holds(s.t.Trick, c)
}

// A seat's view holds its hand, the table's holds none; both show the
// public table: trump, tempos, trick, trick counts, canoes, round, dealer
// and the number of cards in each hand.
func TestViewContents(t *testing.T) {
	s := newGame(t, 4, 21)
	playTempos(t, s)
	lead := s.Turn()
	s.Apply(lead, s.Legal()[0])
	v := s.View(lead).(*View)
	if len(v.Hand) != 7 || v.HandCounts[lead] != 7 || v.HandCounts[(lead+1)%4] != 8 {
		t.Fatalf("hand %v counts %v", v.Hand, v.HandCounts)
	}
	if v.Legal() != nil {
		t.Fatal("legal moves out of turn")
	}
	tv := s.View(engine.Onlooker).(*View)
	if len(tv.Hand) != 0 || tv.Legal() != nil || len(tv.Trick) != 1 || !tv.Trump.valid() ||
		len(tv.Tempo[0]) != 1 || tv.Round != 1 || len(tv.Canoes) != 4 || len(tv.Tricks) != 4 {
		t.Fatalf("onlooker view %+v", tv)
	}
	js, _ := json.Marshal(tv)
	for _, key := range []string{`"trump"`, `"tempo"`, `"trick"`, `"tricks"`, `"canoes"`, `"round"`, `"dealer"`, `"hand_counts"`} {
		if !strings.Contains(string(js), key) {
			t.Errorf("onlooker view lacks %s", key)
		}
	}
}

// Determinize keeps what the view shows and deals the rest consistently:
// the seat sees the same view, and every card is somewhere exactly once.
func TestDeterminize(t *testing.T) {
	r := New()
	s := newGame(t, 5, 8)
	playTempos(t, s)
	rng := engine.NewRNG(2, 2)
	for range 7 {
		s.Apply(s.Turn(), s.RandomMove(&rng))
	}
	for viewer := engine.Seat(0); viewer < 5; viewer++ {
		d, err := r.Determinize(s.View(viewer), &rng)
		if err != nil {
			t.Fatal(err)
		}
		ds := d.(*State)
		checkInvariants(t, ds)
		a, _ := json.Marshal(s.View(viewer))
		b, _ := json.Marshal(d.View(viewer))
		if string(a) != string(b) {
			t.Fatalf("view changed:\n%s\n%s", a, b)
		}
		for seat := range 5 {
			if len(ds.hands[seat]) != len(s.hands[seat]) {
				t.Fatalf("seat %d holds %d cards, not %d", seat, len(ds.hands[seat]), len(s.hands[seat]))
			}
		}
	}
	if _, err := r.Determinize(nil, &rng); err == nil {
		t.Fatal("nil view determinized")
	}
}
