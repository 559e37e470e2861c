package enginetest

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// RandomMoveDrawsAsLegal plays s to its end with its RandomMove and fails
// unless every draw is exactly the move Legal()[IntN(len)] would be from
// the same numbers: a game's fast draw must not change a seeded search's
// choices. It steps the moves it draws.
func RandomMoveDrawsAsLegal(t *testing.T, s engine.State, seed uint64) {
	t.Helper()
	rm, ok := s.(engine.RandomMover)
	if !ok {
		t.Fatalf("%T has no RandomMove", s)
	}
	fast, slow := engine.NewRNG(seed, 5), engine.NewRNG(seed, 5)
	for ply := 0; s.Turn() != engine.NoSeat; ply++ {
		legal := s.Legal()
		want := legal[slow.IntN(len(legal))]
		got := rm.RandomMove(&fast)
		if got.String() != want.String() {
			t.Fatalf("seed %d, ply %d: RandomMove drew %v, Legal gives %v", seed, ply, got, want)
		}
		if err := engine.Step(s, s.Turn(), got); err != nil {
			t.Fatalf("seed %d, ply %d: %v refused: %v", seed, ply, got, err)
		}
	}
	if rm.RandomMove(&fast) != nil {
		t.Fatalf("seed %d: RandomMove drew a move in a finished game", seed)
	}
}
