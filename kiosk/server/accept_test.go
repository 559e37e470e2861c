package server

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tablee/tablee/proto/tlscert"
)

// dialFrom opens a WebSocket to tb from the loopback address local
// (127.0.0.0/8 is all loopback on Linux): the TLS handshake included.
func dialFrom(tb *table, local string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(tb.fp), DialContext: d.DialContext}}
	ws, _, err := websocket.Dial(ctx, tb.url, &websocket.DialOptions{HTTPClient: hc})
	if err == nil {
		ws.CloseNow()
	}
	return err
}

// Issue 27 item 4: a phone that reconnects in a loop gets ConnBurst
// connections, then is closed as soon as accepted — before the TLS
// handshake, which is what its reconnects cost the table — while another
// address connects as usual. The refused connection is held refusedHold
// before it is closed; the test's timer ends the hold at once, having
// checked it was asked for, rather than wait that second.
func TestAReconnectingPhoneIsRefusedBeforeTheTLSHandshake(t *testing.T) {
	tb := newTableWith(t, "canoe", twoGuests(), Config{ConnRate: rate.Every(time.Hour), ConnBurst: 3})
	holds := make(chan time.Duration, 4)
	tb.srv.connMu.Lock()
	tb.srv.holdFor = func(d time.Duration, release func()) { holds <- d; go release() }
	tb.srv.connMu.Unlock()
	for i := range 3 {
		if err := dialFrom(tb, "127.0.0.1"); err != nil {
			t.Fatalf("connection %d within the burst: %v", i+1, err)
		}
	}
	err := dialFrom(tb, "127.0.0.1")
	if err == nil {
		t.Fatal("a fourth connection at once was let in")
	}
	if got := tb.srv.refusedConns()["127.0.0.1"]; got != 1 {
		t.Errorf("%d connections counted refused, want 1 (the error was %v)", got, err)
	}
	if d := <-holds; d != refusedHold {
		t.Errorf("the refused connection was held %v, want %v", d, refusedHold)
	}
	if err := dialFrom(tb, "127.0.0.2"); err != nil {
		t.Errorf("another address was refused too: %v", err)
	}
	if len(holds) != 0 {
		t.Errorf("%d more connections held", len(holds))
	}
}

// The addresses followed are bounded: when maxConnLimiters are, those
// whose allowance is whole again are forgotten.
func TestConnectionRatesForgetQuietAddresses(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	srv := New(Config{ConnBurst: 2, Now: func() time.Time { return now }})
	defer srv.Close()
	allow := func(i int) {
		t.Helper()
		if !srv.AllowConn(net.IPv4(10, 9, byte(i>>8), byte(i)).String()) {
			t.Fatalf("address %d refused its first connection", i)
		}
	}
	for i := range maxConnLimiters {
		allow(i)
	}
	now = now.Add(time.Minute) // every allowance is whole again
	for i := range 10 {
		allow(maxConnLimiters + i)
	}
	srv.connMu.Lock()
	n := len(srv.connRates)
	srv.connMu.Unlock()
	if n != 10 {
		t.Errorf("%d addresses followed, want the 10 recent ones", n)
	}
}
