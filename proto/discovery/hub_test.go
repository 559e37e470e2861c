package discovery

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A hub advertised on loopback is found by BrowseHubs, with its
// fingerprint, leaf port and pairing port; a table is not a hub.
func TestAdvertisedHubIsFoundOnLoopback(t *testing.T) {
	scope := loopback(t)
	fp := strings.Repeat("1e", 32)
	a, err := AdvertiseHub(Hub{Name: "Salle Lumière", Proto: 1, Fingerprint: fp, PairPort: 45692}, 45690, scope)
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	defer a.Close()
	table, err := Advertise(Kiosk{Name: "Table pas un hub", Proto: 1, Fingerprint: strings.Repeat("2e", 32)}, 45691, scope)
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	defer table.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		hubs, err := BrowseHubs(ctx, time.Second, Scope{Ifaces: scope.Ifaces})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hubs {
			if h.Fingerprint != fp {
				t.Errorf("not the hub: %+v", h)
			}
		}
		if len(hubs) == 1 {
			if h := hubs[0]; h.Name != "Salle Lumière" || h.Proto != 1 || len(h.Addrs) == 0 || h.Addrs[0] != "127.0.0.1:45690" || h.PairPort != 45692 {
				t.Errorf("found %+v", h)
			}
			return
		}
		if ctx.Err() != nil {
			t.Fatal("the hub was not found")
		}
	}
}
