package gui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/internal/cuttest"
	"github.com/tablee/tablee/kiosk/kiosktest"
)

// TestSaysALinkThatDropsPacketsIsLostAndComesBack seats the app through a
// proxy, cuts it without closing anything (Wi-Fi that drops packets), and
// checks that the seat screen says the connection is lost, then, once the
// proxy forwards again, shows the seat again.
func TestSaysALinkThatDropsPacketsIsLostAndComesBack(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	proxy := cuttest.Start(t, tb.Addr)
	nearby := tableOf(tb, canoe.ID, 2)
	nearby.Addrs = []string{proxy.Addr()}
	p := openPhone(t, nil, Deps{
		Browse: browseOnce(nearby),
		Dial: func(ctx context.Context, addr, fp string) (*client.Client, error) {
			// Short beats keep the test quick; the defaults are the
			// protocol's (docs/protocol.md, "Heartbeat").
			return client.DialWith(ctx, addr, fp, client.Options{Backoff: 10 * time.Millisecond, MaxBackoff: 80 * time.Millisecond,
				PingEvery: 50 * time.Millisecond, DialTimeout: 300 * time.Millisecond})
		},
	})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	const lost = "Connection lost — reconnecting…"

	proxy.Cut()
	p.u.until(t, "the lost link said", func() bool { return p.stateLine() == lost && !p.seat.linkUp })
	// Nothing else on the seat screen: the last view's words of whose
	// turn it is may be long untrue.
	p.u.do(func() {
		if got, want := p.labels(), "This phone has lost its link to the table; it reconnects by itself as soon as the network is back."; !strings.Contains(got, want) || strings.Contains(got, "Your turn") {
			t.Errorf("while the link is cut the seat screen shows:\n%s", got)
		}
	})
	proxy.Resume()
	p.u.until(t, "the seat again", func() bool { return p.seat.linkUp && p.stateLine() != lost })
}
