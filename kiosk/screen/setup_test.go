package screen

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
)

var canyonInfo = engine.Info{ID: "canyon", Name: engine.Text{FR: "Canyon"}, MinSeats: 3, MaxSeats: 6,
	Options: []engine.Option{{Key: "less-luck", Name: engine.Text{FR: "Moins de hasard"}, Default: "off", Choices: []string{"off", "on"}}}}

func TestSetupOffersEachSeatAndTheOptions(t *testing.T) {
	test.NewTempApp(t)
	var opts map[string]string
	var seats []SeatChoice
	s := NewSetup(canyonInfo, "fr", func(o map[string]string, c []SeatChoice) { opts, seats = o, c }, nil)
	test.NewTempWindow(t, s.Content())
	if len(s.seats) != 3 {
		t.Fatalf("%d seats offered, want the minimum 3", len(s.seats))
	}
	s.count.SetSelected("5")
	s.seats[4].SetSelectedIndex(1)
	s.options["less-luck"].SetSelected("on")
	s.start()
	if len(seats) != 5 || !seats[0].Phone || seats[4].Phone || seats[4].Level != engine.LevelDefault {
		t.Errorf("seats %+v", seats)
	}
	if opts["less-luck"] != "on" {
		t.Errorf("options %v", opts)
	}
}
