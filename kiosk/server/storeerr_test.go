package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/proto/wire"
)

// TestAFailedMoveWriteIsLoggedWithItsCause is part of issue 27's ninth
// finding: a move the store could not write (a full disk) was answered to
// the phone but never logged.
func TestAFailedMoveWriteIsLoggedWithItsCause(t *testing.T) {
	ctx := context.Background()
	store := hosttest.NewStore()
	h, err := host.New(host.Config{Store: store, Games: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	sess, err := h.Start(ctx, host.StartRequest{TableID: 1, Game: "canoe", Seats: twoGuests()})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var lines []string
	srv := New(Config{Table: "Table 1", Logf: func(f string, args ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(f, args...))
		mu.Unlock()
	}})
	t.Cleanup(srv.Close)
	if err := srv.SetSession(sess); err != nil {
		t.Fatal(err)
	}
	a, b := newPipe("10.0.0.1"), newPipe("10.0.0.2")
	go srv.ServeTransport(ctx, a)
	go srv.ServeTransport(ctx, b)
	a.send(t, wire.Message{Type: wire.TypeJoin, Code: srv.Code(), Name: "Anja"})
	a.expect(t, wire.TypeWelcome)
	b.send(t, wire.Message{Type: wire.TypeJoin, Code: srv.Code(), Name: "Bernd"})
	b.expect(t, wire.TypeWelcome)
	// Set before the move's frame is sent: the pipe orders it before the
	// store reads it.
	store.FailAppend = errors.New("no space left on device")
	a.send(t, wire.Message{Type: wire.TypeMove, Ref: "m", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	for {
		var m wire.Message
		if err := json.Unmarshal(<-a.out, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type == wire.TypeError {
			if m.Error.Code != wire.Internal || m.Ref != "m" {
				t.Fatalf("the failed move was answered %+v", m.Error)
			}
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	n := 0
	for _, l := range lines {
		if strings.Contains(l, "no space left on device") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the cause is logged %d times, want once:\n%s", n, strings.Join(lines, "\n"))
	}
}
