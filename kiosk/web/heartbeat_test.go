package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/cuttest"
	"github.com/tablee/tablee/kiosk/table"
)

// TestBrowserSaysALinkThatDropsPacketsIsLostAndComesBack cuts the network
// between the page and the kiosk without closing anything — a proxy that
// stops forwarding, as Wi-Fi that drops packets does — and checks that the
// page says the connection is lost (never whose turn it is), then, once
// the proxy forwards again, reconnects by itself and plays on.
func TestBrowserSaysALinkThatDropsPacketsIsLostAndComesBack(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	proxy := cuttest.Start(t, k.WebAddr())
	via := &kiosk{Table: k.Table, join: k.join}
	via.join.WebPort = proxy.Port()
	joinInBrowser(t, ctx, via, "Anja")
	before := k.Session().Moves()
	playUntil(t, ctx, "two moves", func(string) bool { return k.Session().Moves() >= before+2 })

	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	lostText := cat.T(i18n.FR, "web.reconnecting")
	proxy.Cut()
	cutAt := time.Now()
	waitState(t, ctx, "the lost link said", func(s string) bool { return s == "reconnecting" })
	t.Logf("the page said the link was lost %v after the cut", time.Since(cutAt).Round(10*time.Millisecond))
	if said := eval(t, ctx, `document.getElementById('status').textContent`); said != lostText {
		t.Fatalf("the status line says %q while the link is cut, not %q", said, lostText)
	}
	// Nothing on the page says whose turn it is: the last view's words may
	// be long untrue.
	if main := eval(t, ctx, `document.getElementById('app').textContent`); main != cat.T(i18n.FR, "web.reconnecting.body") {
		t.Fatalf("while the link is cut the page says %q", main)
	}
	// Kept cut while the page tries twice more: it keeps saying so.
	tries := proxy.Accepted()
	for proxy.Accepted() < tries+2 {
		pause(t, ctx, "two more tries through the cut link", "reconnecting")
	}
	if said := eval(t, ctx, `document.getElementById('status').textContent`); said != lostText {
		t.Fatalf("the status line says %q while the link is still cut, not %q", said, lostText)
	}

	proxy.Resume()
	backAt := time.Now()
	s := waitState(t, ctx, "the seat back", func(s string) bool { return strings.HasPrefix(s, "canaille-") || s == "result" })
	t.Logf("the page was back (%s) %v after the network", s, time.Since(backAt).Round(10*time.Millisecond))
	if said := eval(t, ctx, `document.getElementById('status').textContent`); said == lostText {
		t.Fatalf("back at the seat (%s), the status line still says %q", s, said)
	}
	after := k.Session().Moves()
	playUntil(t, ctx, "two more moves", func(s string) bool { return s == "result" || k.Session().Moves() >= after+2 })
}

// TestBrowserComesBackAfterAKioskRestart kills the kiosk under a seated
// page and starts it again at the same ports: the page says the link is
// lost, then resumes its seat by itself, its short back-off finding the
// table again at once (it waited up to 8 s before the heartbeat).
func TestBrowserComesBackAfterAKioskRestart(t *testing.T) {
	bin := kioskBinary(t)
	args := crashArgs(t, t.TempDir())
	k := startRealKiosk(t, bin, args)
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	joinInBrowser(t, ctx, &kiosk{join: k.join}, "Anja")
	seated := waitState(t, ctx, "the seat waiting for the other phone", func(s string) bool { return s == "waiting" })

	k.kill9()
	waitState(t, ctx, "the lost link said", func(s string) bool { return s == "reconnecting" })
	startRealKiosk(t, bin, args) // stopped when the test ends
	upAt := time.Now()
	waitState(t, ctx, "the seat back", func(s string) bool { return s == seated })
	t.Logf("the page was back %v after the restarted kiosk printed its code line", time.Since(upAt).Round(10*time.Millisecond))
}
