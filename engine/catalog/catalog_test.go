package catalog

import (
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
)

// TestCatalogShipsCompleteGames: the catalog holds the games released so
// far (more may come: a fifth game makes this no less true), each under
// the id its rules give, once, with a play time for the lobby's tile,
// seats that make sense, and a game each of its seat counts can start.
func TestCatalogShipsCompleteGames(t *testing.T) {
	got := Registry().IDs()
	for _, id := range []string{"canaille", "canoe", "canyon", "canyonduel"} {
		if !slices.Contains(got, id) {
			t.Errorf("the catalog no longer ships %s (it ships %v)", id, got)
		}
	}
	seen := map[string]bool{}
	for _, rules := range Games() {
		info := rules.Info()
		if seen[info.ID] || info.ID == "" {
			t.Errorf("%q: shipped twice, or without an id", info.ID)
		}
		seen[info.ID] = true
		if r, err := Registry().Get(info.ID); err != nil || r.Info().ID != info.ID {
			t.Errorf("%s: not found under its id in Registry(): %v", info.ID, err)
		}
		if info.Minutes <= 0 {
			t.Errorf("%s: no play time (Info.Minutes) for the lobby's tile", info.ID)
		}
		if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
			t.Errorf("%s seats %d..%d", info.ID, info.MinSeats, info.MaxSeats)
			continue
		}
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			s, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: 1})
			if err != nil {
				t.Errorf("%s: no game of %d seats: %v", info.ID, seats, err)
				continue
			}
			if s.Turn() == engine.NoSeat || len(s.Legal()) == 0 {
				t.Errorf("%s: a game of %d seats over before it starts", info.ID, seats)
			}
		}
	}
}

// The score sheet is a game a session may be, not one the lobby offers.
func TestPlaysAreTheGamesAndTheSheet(t *testing.T) {
	got := Plays().IDs()
	want := []string{"canaille", "canoe", "canyon", "canyonduel", "sheet"}
	if !slices.Equal(got, want) {
		t.Fatalf("plays %v, want %v", got, want)
	}
	for _, g := range Games() {
		if g.Info().ID == Sheet().Info().ID {
			t.Errorf("the score sheet is among the lobby's games")
		}
	}
}

// Every game can make a move without building its events: the searching
// bots, simulate and replays rely on it for their speed
// (enginetest.Conformance checks that Step and Apply agree).
func TestEveryGameSteps(t *testing.T) {
	games := Plays()
	for _, info := range games.Infos() {
		rules, _ := games.Get(info.ID)
		s, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(engine.Stepper); !ok {
			t.Errorf("%s: %T is no engine.Stepper", info.ID, s)
		}
	}
}
