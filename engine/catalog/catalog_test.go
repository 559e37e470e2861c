package catalog

import (
	"reflect"
	"testing"
)

func TestCatalogShipsTheFourGames(t *testing.T) {
	got := Registry().IDs()
	want := []string{"canaille", "canoe", "canyon", "canyonduel"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("games %v, want %v", got, want)
	}
	for _, info := range Registry().Infos() {
		if info.Name.FR == "" || info.Name.DE == "" || info.Name.EN == "" {
			t.Errorf("%s lacks a name in some language: %+v", info.ID, info.Name)
		}
		if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
			t.Errorf("%s seats %d..%d", info.ID, info.MinSeats, info.MaxSeats)
		}
	}
}
