package canoe

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// TestActionsFitTheirBound over the positions of random games, including
// full supplies and empty ones.
func TestActionsFitTheirBound(t *testing.T) {
	r := engine.NewRNG(7, 7)
	most := 0
	for g := range 20 {
		s := newGame(t)
		for s.Turn() != engine.NoSeat {
			most = max(most, len(s.pegs.actions(s.plies%2, nil)))
			if _, err := s.Apply(s.Turn(), s.RandomMove(&r)); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
		}
	}
	if most > maxActions {
		t.Errorf("%d actions, more than the bound %d", most, maxActions)
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
