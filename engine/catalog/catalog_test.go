package catalog

import (
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
)

func TestCatalogShipsTheFourGames(t *testing.T) {
	got := Registry().IDs()
	want := []string{"canaille", "canoe", "canyon", "canyonduel"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("games %v, want %v", got, want)
	}
	for _, info := range Registry().Infos() {
		if info.Minutes <= 0 {
			t.Errorf("%s: no play time (Info.Minutes) for the lobby's tile", info.ID)
		}
		if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
			t.Errorf("%s seats %d..%d", info.ID, info.MinSeats, info.MaxSeats)
		}
	}
}

// The score sheet is a game a session may be, not one the lobby offers.
func TestPlaysAreTheGamesAndTheSheet(t *testing.T) {
	got := Plays().IDs()
	want := []string{"canaille", "canoe", "canyon", "canyonduel", "sheet"}
	if !reflect.DeepEqual(got, want) {
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
