package venue

import (
	"context"
	"os"
	"testing"
	"time"
)

// The CPU a table removed while it runs costs: a hub and one kiosk in this
// process, the kiosk linked and idle, then revoked at the hub and left
// running. A measurement, not a check: it logs the process's CPU over each
// span, and runs only when asked (docs/venue.md, "Removing a table"):
//
//	TABLEE_VENUE_REMOVED=1 go test -count=1 -run TestRemovedTableCPU -v ./venue
func TestRemovedTableCPU(t *testing.T) {
	if testing.Short() || os.Getenv("TABLEE_VENUE_REMOVED") == "" {
		t.Skip("a 30-second measurement: TABLEE_VENUE_REMOVED=1 go test -count=1 -run TestRemovedTableCPU -v ./venue")
	}
	const span = 10 * time.Second
	ctx := context.Background()
	hn := newNode(t, "")
	hub := startHub(t, hn, "127.0.0.1:0")
	kn := newNode(t, "A")
	k := startKiosk(t, kn, &Pairing{Addr: hub.Addr(), Code: hub.Code(), Fingerprint: hub.Fingerprint()})
	waitFor(t, "A linked", k.LeafConnected)
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
	waitFor(t, "A cut off", func() bool { return !k.LeafConnected() })
	removed := measure()
	t.Logf("CPU of the process (hub + kiosk), ms a second: kiosk linked and idle %.1f, kiosk removed %.1f", linked, removed)
}
