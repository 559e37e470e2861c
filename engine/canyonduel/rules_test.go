package canyonduel

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{Seats: []int{2}, Games: 20, MaxPlies: 350})
}

func TestInfo(t *testing.T) {
	info := New().Info()
	if info.ID != "canyonduel" || info.MinSeats != 2 || info.MaxSeats != 2 || len(info.Options) != 0 {
		t.Errorf("info = %+v", info)
	}
}

func TestNewRefusesOtherSeatCountsAndOptions(t *testing.T) {
	for _, setup := range []engine.Setup{{Seats: 1}, {Seats: 3}, {Seats: 2, Options: map[string]string{"x": "y"}}} {
		if _, err := engine.NewGame(New(), setup); err == nil {
			t.Errorf("New(%+v) accepted", setup)
		}
	}
}
