package canyon

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{
		Seats: []int{3, 4, 5, 6}, Games: 3, MaxPlies: 3000,
	})
}

func TestConformanceLessLuck(t *testing.T) {
	enginetest.Conformance(t, New(), enginetest.Config{
		Seats: []int{3, 4, 5, 6}, Options: map[string]string{OptionLessLuck: "on"}, Games: 1, MaxPlies: 3000,
	})
}

func TestInfo(t *testing.T) {
	info := New().Info()
	if info.ID != "canyon" || info.MinSeats != 3 || info.MaxSeats != 6 {
		t.Fatalf("info %+v", info)
	}
	o := info.Options[0]
	if len(info.Options) != 1 || o.Key != "less-luck" || o.Default != "off" ||
		len(o.Choices) != 2 || o.Choices[0] != "off" || o.Choices[1] != "on" {
		t.Errorf("option %+v", o)
	}
	for _, n := range []int{2, 7} {
		if _, err := engine.NewGame(New(), engine.Setup{Seats: n}); err == nil {
			t.Errorf("%d seats accepted", n)
		}
	}
	if _, err := engine.NewGame(New(), engine.Setup{Seats: 4, Options: map[string]string{"less-luck": "maybe"}}); err == nil {
		t.Error("bad option value accepted")
	}
}
