//go:build measure

// A measurement, not a check (it cannot fail on its figures): built only
// with -tags measure, so that no Test… of the suite passes for lack of a
// way to fail.

package venue

import (
	"context"
	"testing"
	"time"
)

// The CPU a table removed while it runs costs: a hub and one kiosk in this
// process, the kiosk linked and idle, then revoked at the hub and left
// running. A measurement, not a check: it logs the process's CPU over each
// span, and runs only when asked (docs/venue.md, "Removing a table"):
//
//	go test -tags measure -count=1 -run TestRemovedTableCPU -v ./venue
func TestRemovedTableCPU(t *testing.T) {
	const span = 10 * time.Second
	ctx := context.Background()
	hn := newNode(t, "")
	hub := startHub(t, hn, "127.0.0.1:0")
	kn := newNode(t, "A")
	k := startKiosk(t, kn, pairing(t, hub, hub.Addr()))
	waitFor(t, "A linked", leaf(k, true))
	measure := func() float64 {
		// Past the watchdogs' first looks, and past the refusals a
		// removed kiosk counts before it stops dialling.
		time.Sleep(hotFor + 5*time.Second)
		before := cpuTime(t)
		time.Sleep(span) // the measurement itself, not a synchronisation
		return float64(cpuTime(t)-before) / span.Seconds() / float64(time.Millisecond)
	}
	linked := measure()
	if err := hub.Revoke(ctx, k.ID()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "A cut off", leaf(k, false))
	removed := measure()
	t.Logf("CPU of the process (hub + kiosk), ms a second: kiosk linked and idle %.1f, kiosk removed %.1f", linked, removed)
}
