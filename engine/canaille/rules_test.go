package canaille

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{
		Seats: []int{2, 3, 4}, Games: 4, MaxPlies: 2000,
	})
}

func TestConformanceFirstOption(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{
		Seats: []int{2}, Options: map[string]string{OptFirst: "2"}, Games: 2, MaxPlies: 2000,
	})
}

func TestInfo(t *testing.T) {
	inf := New().Info()
	if inf.ID != "canaille" || inf.MinSeats != 2 || inf.MaxSeats != 4 {
		t.Fatalf("info %+v", inf)
	}
	o := inf.Options[0]
	if o.Key != "first" || o.Default != "random" {
		t.Errorf("option %+v", o)
	}
}

func TestFirstOption(t *testing.T) {
	for v, want := range map[string]engine.Seat{"1": 0, "2": 1, "3": 2} {
		s, err := engine.NewGame(New(), engine.Setup{Seats: 3, Seed: 9, Options: map[string]string{OptFirst: v}})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.(*State).active; got != want {
			t.Errorf("first=%s: active %v, want %v", v, got, want)
		}
	}
	if _, err := engine.NewGame(New(), engine.Setup{Seats: 3, Seed: 9, Options: map[string]string{OptFirst: "4"}}); err == nil {
		t.Error("first=4 with 3 seats accepted")
	}
	if _, err := engine.NewGame(New(), engine.Setup{Seats: 2, Seed: 9, Options: map[string]string{OptFirst: "3"}}); err == nil {
		t.Error("New accepted first=3 with 2 seats")
	}
	seen := map[engine.Seat]bool{}
	for seed := range uint64(40) {
		s, _ := engine.NewGame(New(), engine.Setup{Seats: 4, Seed: seed})
		seen[s.(*State).active] = true
	}
	if len(seen) != 4 {
		t.Errorf("random first player took only %v", seen)
	}
}
