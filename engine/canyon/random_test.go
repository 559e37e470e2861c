package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// RandomMove only draws legal moves, and every legal move comes up.
func TestRandomMoveIsLegal(t *testing.T) {
	s := newGame(t, 4, 6)
	rng := engine.NewRNG(6, 6)
	for range 400 {
		if s.t.Phase == PhaseOver {
			break
		}
		legal := map[string]bool{}
		for _, m := range s.Legal() {
			legal[m.String()] = true
		}
		drawn := map[string]bool{}
		for range 200 {
			drawn[s.RandomMove(&rng).String()] = true
		}
		for m := range drawn {
			if !legal[m] {
				t.Fatalf("drew %s, not legal", m)
			}
		}
		if len(drawn) != len(legal) {
			t.Fatalf("drew %d of %d legal moves", len(drawn), len(legal))
		}
		s.Apply(s.Turn(), s.RandomMove(&rng))
	}
}

// A quiet playout reaches the very state that Apply reaches with the same
// random moves, and leaves the state as loud as before.
func TestPlayoutMatchesApply(t *testing.T) {
	r := New()
	for seats := 3; seats <= 6; seats++ {
		for seed := uint64(1); seed <= 12; seed++ {
			opts := map[string]string{}
			if seed%2 == 0 {
				opts[OptionLessLuck] = "on"
			}
			setup := engine.Setup{Seats: seats, Seed: seed, Options: opts}
			loud, err := engine.NewGame(r, setup)
			if err != nil {
				t.Fatal(err)
			}
			quiet, _ := engine.NewGame(r, setup)
			rng := engine.NewRNG(seed, 3)
			for loud.Turn() != engine.NoSeat {
				if _, err := loud.Apply(loud.Turn(), loud.(*State).RandomMove(&rng)); err != nil {
					t.Fatal(err)
				}
			}
			rng = engine.NewRNG(seed, 3)
			q := quiet.(*State)
			q.playout(&rng)
			if q.Hash() != loud.Hash() {
				t.Fatalf("%d seats, seed %d: playout ends in another state than Apply (%d vs %d plies)", seats, seed, q.Plies(), loud.Plies())
			}
			if q.quiet {
				t.Fatal("the state stays quiet after the playout")
			}
		}
	}
	// From the middle of a game, on a clone, too.
	s := newGame(t, 5, 77)
	rng := engine.NewRNG(77, 1)
	for range 300 {
		s.Apply(s.Turn(), s.RandomMove(&rng))
	}
	loud, quiet := s.clone(), s.clone()
	r1, r2 := rng, rng
	for loud.Turn() != engine.NoSeat {
		loud.Apply(loud.Turn(), loud.RandomMove(&r1))
	}
	quiet.playout(&r2)
	if quiet.Hash() != loud.Hash() {
		t.Fatal("playout from a clone ends in another state than Apply")
	}
}
