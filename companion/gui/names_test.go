package gui

import (
	"testing"

	"github.com/tablee/tablee/engine"
)

// The phone names the other seats by the nicknames the kiosk shows (the
// views' names), not "Seat 2".
func TestThePhoneNamesTheSeatsByTheirNicknames(t *testing.T) {
	tb, p := anjaSeatedAt(t, "canoe", 2)
	runBots(t, tb, 1)
	p.u.until(t, "the other seat's nickname", func() bool {
		me := p.seat.w.Seat
		return p.seatName(me) == "Anja" && p.seatName(1-me) == "Bot1"
	})
	if got := p.seatName(engine.Seat(5)); got != "Seat 6" {
		t.Errorf("a seat without a name is called %q", got)
	}
}
