package canoe

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// TestCountActionsMatchesTheListing over the positions of random games,
// including full supplies and empty ones.
func TestCountActionsMatchesTheListing(t *testing.T) {
	r := engine.NewRNG(7, 7)
	for g := range 20 {
		s := newGame(t)
		for s.Turn() != engine.NoSeat {
			p := s.plies % 2
			if n, listed := s.pegs.countActions(p), len(s.pegs.actions(p, nil)); n != listed {
				t.Fatalf("game %d ply %d: counted %d actions, listed %d", g, s.plies, n, listed)
			}
			if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestPlayMovesOnlyThatPeg(t *testing.T) {
	b := board{mask(t, "g3 a2"), mask(t, "h3")}
	cases := []struct {
		a    action
		want board
	}{
		{action{kind: placing, to: idx(t, "b1")}, board{mask(t, "g3 a2 b1"), mask(t, "h3")}},
		{action{kind: removing, from: idx(t, "a2")}, board{mask(t, "g3"), mask(t, "h3")}},
		{action{kind: moving, from: idx(t, "g3"), to: idx(t, "g4")}, board{mask(t, "g4 a2"), mask(t, "h3")}},
	}
	for _, c := range cases {
		got := b
		got.play(0, c.a)
		if got != c.want {
			t.Errorf("%v: %v, want %v", c.a.move(), got, c.want)
		}
	}
}

func idx(t *testing.T, s string) int8 {
	i, _ := h(t, s).index()
	return int8(i)
}
