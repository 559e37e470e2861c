package server

import (
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/wire"
)

// TestJoinTimeoutClosesWith1008OnTheWire: a phone that never joins reads
// the documented 1008 join-timeout on its real WebSocket, not an abrupt
// 1006 (the read was cancelled before the close frame left).
func TestJoinTimeoutClosesWith1008OnTheWire(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	timers := make(chan func(), 1)
	tb.srv.afterFunc = func(_ time.Duration, f func()) func() bool {
		timers <- f
		return func() bool { return true }
	}
	p := tb.dial(t)
	(<-timers)()
	_, err := p.recv()
	if got := websocket.CloseStatus(err); got != websocket.StatusCode(wire.ClosePolicy) {
		t.Fatalf("join timeout read %v (status %d), want %d", err, got, wire.ClosePolicy)
	}
}

// TestShutdownClosesWith1001OnTheWire: when the table shuts down (SIGTERM
// closes the server) a seated phone reads 1001 going away and so knows to
// resume, rather than 1006.
func TestShutdownClosesWith1001OnTheWire(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	p.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Anja"})
	p.expect(wire.TypeWelcome)
	p.expect(wire.TypeView)
	// The phone keeps reading, as every client does, so it answers the
	// table's close frame while the table shuts down.
	got := make(chan error, 1)
	go func() {
		for {
			if _, err := p.recv(); err != nil {
				got <- err
				return
			}
		}
	}()
	tb.srv.Close()
	err := <-got
	if code := websocket.CloseStatus(err); code != websocket.StatusCode(wire.CloseGoingAway) {
		t.Fatalf("shutdown read %v (status %d), want %d", err, code, wire.CloseGoingAway)
	}
}
