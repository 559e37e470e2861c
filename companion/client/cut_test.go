package client

import (
	"testing"
	"time"

	"github.com/tablee/tablee/internal/cuttest"
)

// TestALinkThatDropsPacketsIsSaidLostAndComesBack cuts the network between
// a phone and the table without closing anything — a proxy that stops
// forwarding, as Wi-Fi that drops packets does — and checks that the
// client drops the link by itself (its pings go unanswered), keeps trying
// while the cut lasts, and once the proxy forwards again resumes its seat,
// sees the move made meanwhile and plays on.
func TestALinkThatDropsPacketsIsSaidLostAndComesBack(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	proxy := cuttest.Start(t, k.Addr)
	// Short beats and attempts keep the test quick; the defaults are the
	// protocol's (docs/protocol.md, "Heartbeat").
	b, _ := dialTo(t, proxy.Addr(), k.Fingerprint, Options{PingEvery: 50 * time.Millisecond, DialTimeout: 300 * time.Millisecond})
	if _, err := b.Join(ctxT(t), k.Code(), "Bernd"); err != nil {
		t.Fatalf("Bernd joins: %v", err)
	}
	nextUpdate(t, b)

	proxy.Cut()
	for b.Connected() {
		select {
		case <-b.Links():
		case <-ctxT(t).Done():
			t.Fatal("the client still says it is connected through the cut link")
		}
	}
	tries := proxy.Accepted()
	for proxy.Accepted() < tries+2 {
		select {
		case <-b.Links():
		case <-time.After(10 * time.Millisecond):
		case <-ctxT(t).Done():
			t.Fatalf("the client tried %d times through the cut link, not twice more", proxy.Accepted()-tries)
		}
		if b.Connected() {
			t.Fatal("the client says it is connected while the link is still cut")
		}
	}
	moved := play(t, k, a) // the table plays on meanwhile

	proxy.Resume()
	for {
		u := nextUpdate(t, b)
		if u.Version >= moved.Version {
			break
		}
	}
	if !b.Connected() {
		t.Fatal("a view came but the client says it is not connected")
	}
	play(t, k, b)
}
