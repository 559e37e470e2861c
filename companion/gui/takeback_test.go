package gui

import (
	"testing"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/wire"
)

// TestALostRequestIsSaid: a request the views no longer hold at the same
// version, neither refused nor agreed, was forgotten by a kiosk that
// restarted; the phone says so until the next change, and only then.
func TestALostRequestIsSaid(t *testing.T) {
	asked := &wire.TakeBack{State: wire.TakeBackAsked, Seat: 0, Version: 7}
	steps := []struct {
		what string
		u    client.Update
		lost bool
	}{
		{"Anja's move", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Version: 7}}, false},
		{"her request", client.Update{Version: 7, TakeBack: asked}, false},
		{"the same view again", client.Update{Version: 7, TakeBack: asked}, false},
		{"the kiosk restarted", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Version: 7}}, true},
		{"a seat's change, same version", client.Update{Version: 7}, true},
		{"asked again", client.Update{Version: 7, TakeBack: asked}, false},
		{"refused", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackRefused, Version: 7}}, false},
		{"asked once more", client.Update{Version: 7, TakeBack: asked}, false},
		{"agreed: a new version", client.Update{Version: 8}, false},
		{"the next move", client.Update{Version: 9, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Seat: 1, Version: 9}}, false},
	}
	s := &seatScreen{}
	for _, st := range steps {
		s.tookBack(st.u)
		if s.tbLost != st.lost {
			t.Errorf("%s: lost %v, want %v", st.what, s.tbLost, st.lost)
		}
	}
}
