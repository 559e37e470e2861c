package canoe

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{Seats: []int{2}, Games: 20, MaxPlies: 250})
}

func TestInfo(t *testing.T) {
	info := New().Info()
	if info.ID != "canoe" || info.MinSeats != 2 || info.MaxSeats != 2 || len(info.Options) != 0 {
		t.Errorf("info = %+v", info)
	}
}

func TestNewRefusesOtherSeatCountsAndOptions(t *testing.T) {
	for _, setup := range []engine.Setup{
		{Seats: 1}, {Seats: 3}, {Seats: 2, Options: map[string]string{"fast": "yes"}},
	} {
		if _, err := engine.NewGame(New(), setup); err == nil {
			t.Errorf("New(%+v) started a game", setup)
		}
	}
}

func TestNewGameIsEmptyWithLightToMove(t *testing.T) {
	s := newGame(t)
	if s.Turn() != 0 || s.Plies() != 0 {
		t.Fatalf("turn %v after %d plies", s.Turn(), s.Plies())
	}
	if s.pegs != (board{}) || s.pegs.supply(0) != 13 || s.pegs.supply(1) != 13 {
		t.Errorf("pegs %v, supplies %d/%d", s.pegs, s.pegs.supply(0), s.pegs.supply(1))
	}
	if got := len(s.Legal()); got != Holes {
		t.Errorf("%d first moves, want one placement per hole (%d)", got, Holes)
	}
}

func newGame(t testing.TB) *State {
	t.Helper()
	s, err := engine.NewGame(New(), engine.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}
