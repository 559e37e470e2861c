package venue

import (
	"context"
	"path/filepath"
	"testing"
)

// A table's mirror meters another table's events as the hub does: a
// kiosk over the hub's limit of four events a minute (ten sessions made
// within one, as the audit's tampered kiosk queued sixty) is cut off at
// the hub, and the honest table B, whose mirror copies the whole venue
// stream, holds exactly the sessions of it the hub holds — by the hub's
// own limits, told in its hellos' answers. Let in again, the rest reach B
// as they reach the hub. (Before, B's mirror loaded every event the hub's
// stream held, the ones the hub refused too: B held all ten.)
func TestAKioskMirrorMetersAsTheHub(t *testing.T) {
	if testing.Short() {
		t.Skip("a table cut off and let in again, two hellos of the other table (about 10 s)")
	}
	ctx := context.Background()
	hn, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub, err := StartHub(ctx, HubConfig{DB: hn.d, DataDir: filepath.Join(hn.dir, "hub"), Listen: "127.0.0.1:0", PairListen: "127.0.0.1:0", Logf: t.Logf,
		Limits: KioskLimits{EventsPerMinute: 4}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	testHubs.Store(hub.Fingerprint(), hub)
	kb := startKiosk(t, b, pairing(t, hub, hub.Addr()))
	waitFor(t, "B heard the hub's limits", func() error {
		m := kb.meter.meter()
		return saw(m != nil && m.limits.EventsPerMinute == 4, "its meter %v", m)
	})
	var flood []string
	for range 10 {
		flood = append(flood, a.play(t))
	}
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	waitFor(t, "A cut off", func() error {
		tables, err := hub.Tables(ctx)
		cut := false
		for _, tb := range tables {
			cut = cut || tb.Kiosk == ka.ID() && tb.CutOff != nil
		}
		return saw(err == nil && cut && !ka.LeafConnected(), "tables %+v (%v), A linked %v", tables, err, ka.LeafConnected())
	})
	// B's loader past everything the hub's stream holds (loaded, or
	// refused for good), and the hub's past it too.
	s, err := hub.e.js.Stream(ctx, VenueStream)
	if err != nil {
		t.Fatal(err)
	}
	last := s.CachedInfo().State.LastSeq
	waitFor(t, "B's and the hub's loaders past the stream's end", func() error {
		fb, _ := kb.loaderFloor(ctx)
		fh := hub.load.floor(ctx)
		return saw(fb >= last && fh >= last, "B's floor %d, the hub's %d, the stream's last %d", fb, fh, last)
	})
	count := func(n *node) int {
		held := 0
		for _, table := range n.venueIDs(t) {
			if table == "Table A" {
				held++
			}
		}
		return held
	}
	if h, bh := count(hn), count(b); h > 4 || bh != h {
		t.Errorf("of A's %d sessions over a limit of 4 a minute, the hub holds %d and table B %d (want B as the hub, at most 4)", len(flood), h, bh)
	}

	// Let in again (B heard the hub cut A off first: the staff's
	// minutes): the rest reach the hub and B.
	waitFor(t, "B heard the hub cut A off", func() error {
		return saw(kb.meter.isHubCut(ka.ID()), "B's meter takes A for not cut off by the hub")
	})
	if err := hub.LetIn(ctx, ka.ID()); err != nil {
		t.Fatal(err)
	}
	hn.waitHas(t, hub.Loaded(), flood...)
	b.waitHas(t, kb.Loaded(), flood...)
}
