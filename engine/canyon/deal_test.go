package canyon

import (
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

func trackRun(lessLuck bool, n int) []int {
	var out []int
	for pos, i := 0, 0; i < n; i++ {
		out = append(out, roundTrack[pos])
		pos = nextTrack(pos, lessLuck)
	}
	return out
}

func TestRoundTrack(t *testing.T) {
	want := []int{8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 7, 6}
	if got := trackRun(false, len(want)); !slices.Equal(got, want) {
		t.Fatalf("track %v, want %v", got, want)
	}
}

// Less luck: after round 5 straight to round 10, also on later laps.
func TestRoundTrackLessLuck(t *testing.T) {
	want := []int{8, 7, 6, 5, 4, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 4}
	if got := trackRun(true, len(want)); !slices.Equal(got, want) {
		t.Fatalf("track %v, want %v", got, want)
	}
}

// Each round deals the track's number of cards; the start player becomes
// the dealer and the player to their left starts.
func TestRoundsFollowTheTrackAndRotate(t *testing.T) {
	for _, lessLuck := range []bool{false, true} {
		opts := map[string]string{OptionLessLuck: "off"}
		if lessLuck {
			opts[OptionLessLuck] = "on"
		}
		st, _ := engine.NewGame(New(), engine.Setup{Seats: 5, Seed: 11, Options: opts})
		s := st.(*State)
		rng := engine.NewRNG(3, 3)
		round, start := 0, s.t.Start
		for s.t.Phase != PhaseOver && s.t.Round < 16 {
			if s.t.Round != round {
				round = s.t.Round
				if want := trackRun(lessLuck, round)[round-1]; len(s.hands[0]) != want {
					t.Fatalf("less luck %v, round %d: %d cards, want %d", lessLuck, round, len(s.hands[0]), want)
				}
				if round > 1 && (s.t.Dealer != start || s.t.Start != (start+1)%5) {
					t.Fatalf("round %d: dealer %d start %d, previous start %d", round, s.t.Dealer, s.t.Start, start)
				}
				start = s.t.Start
			}
			legal := s.Legal()
			if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The highest drawn card deals; ties draw again; the start player sits left
// (seat+1) of the dealer and places the first canoe.
func TestDealerDraw(t *testing.T) {
	sawTie := false
	for seed := uint64(0); seed < 200; seed++ {
		st, _ := engine.NewGame(New(), engine.Setup{Seats: 6, Seed: seed})
		s := st.(*State)
		last := s.t.Draws[len(s.t.Draws)-1]
		best := slices.MaxFunc(last.Cards, func(a, b Card) int { return a.Value - b.Value })
		for i, c := range last.Cards {
			if c.Value == best.Value && last.Seats[i] != s.t.Dealer {
				t.Fatalf("seed %d: a tie in the last draw", seed)
			}
		}
		if len(s.t.Draws) > 1 {
			sawTie = true
			prev := s.t.Draws[len(s.t.Draws)-2]
			top := slices.MaxFunc(prev.Cards, func(a, b Card) int { return a.Value - b.Value })
			for _, seat := range last.Seats {
				if i := slices.Index(prev.Seats, seat); i < 0 || prev.Cards[i].Value != top.Value {
					t.Fatalf("seed %d: seat %d redraws without a tie", seed, seat)
				}
			}
		}
		if s.t.Start != (s.t.Dealer+1)%6 || s.Turn() != engine.Seat(s.t.Start) || s.t.Phase != PhasePlace {
			t.Fatalf("seed %d: dealer %d, start %d, turn %v", seed, s.t.Dealer, s.t.Start, s.Turn())
		}
	}
	if !sawTie {
		t.Fatal("no seed drew a tie")
	}
}

// Canoes are placed in turn order from the start player, each on a free
// start cell.
func TestPlacement(t *testing.T) {
	st, _ := engine.NewGame(New(), engine.Setup{Seats: 3, Seed: 4})
	s := st.(*State)
	first := s.Turn()
	if _, err := s.Apply(first, Place(28, 4)); err != nil {
		t.Fatal(err)
	}
	second := s.Turn()
	if second != (first+1)%3 {
		t.Fatalf("second placer %v after %v", second, first)
	}
	if _, err := s.Apply(second, Place(28, 4)); engine.RuleOf(err) != "start-cell-taken" {
		t.Fatalf("taken cell: %v", err)
	}
	if _, err := s.Apply(second, Place(27, 4)); engine.RuleOf(err) != "not-a-start-cell" {
		t.Fatalf("not a start cell: %v", err)
	}
	if len(s.Legal()) != 5 {
		t.Fatalf("%d free start cells", len(s.Legal()))
	}
}

func TestDealAndTrump(t *testing.T) {
	rng := engine.NewRNG(1, 1)
	hands, trump, rest := deal(&rng, 6, 8)
	seen := map[Card]bool{trump: true}
	for _, h := range hands {
		if len(h) != 8 {
			t.Fatalf("hand of %d", len(h))
		}
		for _, c := range h {
			seen[c] = true
		}
	}
	for _, c := range rest {
		seen[c] = true
	}
	if len(seen) != deckSize || len(rest) != 1 {
		t.Fatalf("%d distinct cards, %d set aside", len(seen), len(rest))
	}
}

// dealInto, which reuses the hands and the deck, deals exactly as deal does
// from the same random source, round after round.
func TestDealIntoDealsAsDeal(t *testing.T) {
	r1, r2 := engine.NewRNG(4, 4), engine.NewRNG(4, 4)
	hands := make([][]Card, 5)
	var buf []Card
	for _, n := range roundTrack {
		want, trump, rest := deal(&r1, 5, n)
		buf = dealInto(&r2, hands, buf, n)
		for s := range hands {
			if !slices.Equal(hands[s], want[s]) {
				t.Fatalf("%d cards: hand %d is %v, deal gives %v", n, s, hands[s], want[s])
			}
		}
		if buf[5*n] != trump || !slices.Equal(buf[5*n+1:], rest) {
			t.Fatalf("%d cards: trump or the cards set aside differ", n)
		}
	}
}
