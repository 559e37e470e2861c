package venue

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A kiosk started again and again, each time playing a game and settling
// at once (kiosk --headless --exit-when-over in a loop, issue 42): every
// Settle ends because the table's game is back in its copy of the venue,
// never on its 10 s bound. Every other run used to wait it out: a kiosk
// back within freshKickEvery of its source's last restart had its source
// left waiting for the consumer in the server that had gone (mayKick now
// restarts it for every new link).
func TestSettleAfterQuickRestarts(t *testing.T) {
	if testing.Short() {
		t.Skip("eight kiosk starts against a hub (about 3 s)")
	}
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	p := pairing(t, hub, hub.Addr())
	var ids []string
	for i := range 8 {
		k := startKiosk(t, a, p)
		p = nil
		ids = append(ids, a.play(t))
		if err := k.Settle(context.Background()); err != nil {
			t.Errorf("run %d: %v", i+1, err)
		}
		k.Close()
	}
	hubNode.waitHas(t, hub.Loaded(), ids...)
}

// A kiosk whose own stream lost its last events (a store put back from a
// copy older than its database's acknowledgements) publishes them again
// at its start: otherwise its next game takes the lost one's number in
// the stream, and the hub's source, which resumes after the last number
// it copied, never copies it.
func TestVenueKioskStreamLostItsTail(t *testing.T) {
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	ids := []string{a.play(t)}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	store := filepath.Join(a.dir, "venue", "jetstream")
	snapshotStore(t, store, store+".old")
	ids = append(ids, a.play(t))
	hubNode.waitHas(t, hub.Loaded(), ids...)
	ka.Close()
	if err := os.RemoveAll(store); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(store+".old", store); err != nil {
		t.Fatal(err)
	}
	ka = startKiosk(t, a, nil)
	ids = append(ids, a.play(t))
	hubNode.waitHas(t, hub.Loaded(), ids...)
	a.waitHas(t, ka.Loaded(), ids...)
}
