package client

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/kiosk/tlscert"
	"github.com/tablee/tablee/kiosk/wire"
)

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	t.Cleanup(cancel)
	return ctx
}

// joined is a client that joined seat 1 and took view version.
func joined(t *testing.T, f *fakeTable, version int64) (*Client, *peer, *logLines) {
	t.Helper()
	c, logs := f.dial()
	p := f.next()
	done := make(chan error, 1)
	go func() {
		_, err := c.Join(ctxT(t), "0427", "Anja")
		done <- err
	}()
	p.join(version)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if u := nextUpdate(t, c); u.Version != version {
		t.Fatalf("first view %d, want %d", u.Version, version)
	}
	return c, p, logs
}

func TestJoinGivesTheSeatAndItsView(t *testing.T) {
	f := newFakeTable(t)
	c, _ := f.dial()
	p := f.next()
	type result struct {
		w   Welcome
		err error
	}
	done := make(chan result, 1)
	go func() {
		w, err := c.Join(ctxT(t), "0427", "Anja")
		done <- result{w, err}
	}()
	m := p.expect(wire.TypeJoin)
	if m.Code != "0427" || m.Name != "Anja" || m.Ref == "" {
		t.Errorf("join %+v", m)
	}
	p.welcome(m.Ref, 1, "tok")
	p.view(4, "")
	r := <-done
	want := Welcome{Seat: 1, Token: "tok", Game: "canoe", Table: "Table 1"}
	if r.err != nil || r.w != want {
		t.Fatalf("join: %+v, %v", r.w, r.err)
	}
	u := nextUpdate(t, c)
	if u.Version != 4 || string(u.View) != string(viewBody(4)) || u.Game != "canoe" {
		t.Errorf("update %+v", u)
	}
	if c.Welcome() != want {
		t.Errorf("Welcome() = %+v", c.Welcome())
	}
}

func TestJoinRefusedGivesTheWireError(t *testing.T) {
	f := newFakeTable(t)
	c, _ := f.dial()
	p := f.next()
	done := make(chan error, 1)
	go func() {
		_, err := c.Join(ctxT(t), "9999", "Anja")
		done <- err
	}()
	m := p.expect(wire.TypeJoin)
	p.send(wire.Errorf(wire.WrongCode, "not this session's code").Reply(m.Ref))
	var we *wire.Error
	if err := <-done; !errors.As(err, &we) || we.Code != wire.WrongCode {
		t.Fatalf("join: %v, want %s", err, wire.WrongCode)
	}
}

func TestViewsFollowInOrder(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 0)
	for v := int64(1); v <= 3; v++ {
		p.view(v, "")
		if u := nextUpdate(t, c); u.Version != v {
			t.Fatalf("view %d, want %d", u.Version, v)
		}
	}
}

func TestAGapAsksForSync(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 1)
	p.view(3, "") // 2 went missing
	p.expect(wire.TypeSync)
	p.view(3, "")
	if u := nextUpdate(t, c); u.Version != 3 {
		t.Fatalf("after sync: view %d", u.Version)
	}
}

func TestABadHashAsksForSync(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 1)
	body := viewBody(2)
	p.send(wire.Message{Type: wire.TypeView, Version: 2, Hash: hashOf([]byte("other")), View: body})
	p.expect(wire.TypeSync)
	p.view(2, "")
	if u := nextUpdate(t, c); u.Version != 2 {
		t.Fatalf("after sync: view %d", u.Version)
	}
	select {
	case u := <-c.Updates():
		t.Fatalf("the damaged view was delivered too: %+v", u)
	default:
	}
}

func TestARefusedMoveReturnsTheRule(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 5)
	done := make(chan error, 1)
	go func() { done <- c.Move(ctxT(t), json.RawMessage(`{"kind":"place","to":"b1"}`)) }()
	m := p.expect(wire.TypeMove)
	if string(m.Move) != `{"kind":"place","to":"b1"}` || m.Ref == "" {
		t.Errorf("move %+v", m)
	}
	p.send(wire.Message{Type: wire.TypeError, Error: wire.Errorf(wire.IllegalMove, "taken"), Ref: "another"})
	e := wire.Errorf(wire.IllegalMove, "the hole is taken")
	e.Rule = "empty-hole"
	p.send(e.Reply(m.Ref))
	var we *wire.Error
	if err := <-done; !errors.As(err, &we) || we.Code != wire.IllegalMove || we.Rule != "empty-hole" {
		t.Fatalf("move: %v", err)
	}
}

func TestAMoveIsAnsweredByItsView(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 5)
	v := int64(5)
	for _, echo := range []bool{true, false} {
		done := make(chan error, 1)
		go func() { done <- c.Move(ctxT(t), json.RawMessage(`{"kind":"remove","from":"b2"}`)) }()
		m := p.expect(wire.TypeMove)
		ref := ""
		if echo {
			ref = m.Ref
		}
		v++
		p.view(v, ref)
		if err := <-done; err != nil {
			t.Fatalf("echo %v: %v", echo, err)
		}
		if u := nextUpdate(t, c); u.Version != v || u.Ref != ref {
			t.Fatalf("echo %v: update %+v", echo, u)
		}
	}
}

func TestReconnectsAndResumesWhenDropped(t *testing.T) {
	f := newFakeTable(t)
	c, p, logs := joined(t, f, 2)
	p.conn.CloseNow()
	p = f.next()
	m := p.expect(wire.TypeResume)
	if m.Token != "tok" {
		t.Fatalf("resume %+v", m)
	}
	p.welcome(m.Ref, 1, "tok")
	p.view(2, "") // the same version: the view after a welcome is always taken
	if u := nextUpdate(t, c); u.Version != 2 {
		t.Fatalf("view %d after resume", u.Version)
	}
	if !logs.has("reconnecting") || !logs.has("resumed seat 1") {
		t.Errorf("log %q", logs.lines)
	}
}

func TestResumesAfterTheTableRestarts(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 7)
	p.conn.CloseNow()
	f.restart(300 * time.Millisecond) // several refused attempts meanwhile
	p = f.next()
	m := p.expect(wire.TypeResume)
	p.welcome(m.Ref, 1, m.Token)
	p.view(8, "")
	if u := nextUpdate(t, c); u.Version != 8 {
		t.Fatalf("view %d after restart", u.Version)
	}
	if c.Err() != nil {
		t.Fatal(c.Err())
	}
}

func TestAMoveInFlightFailsWhenTheConnectionDrops(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 2)
	done := make(chan error, 1)
	go func() { done <- c.Move(ctxT(t), json.RawMessage(`{"kind":"place","to":"b1"}`)) }()
	p.expect(wire.TypeMove)
	p.conn.CloseNow()
	if err := <-done; !errors.Is(err, ErrDisconnected) {
		t.Fatalf("move: %v, want %v", err, ErrDisconnected)
	}
}

func TestACertificateMismatchIsRefused(t *testing.T) {
	f := newFakeTable(t)
	other := "00" + f.fp[2:]
	if other == f.fp {
		other = "ff" + f.fp[2:]
	}
	_, err := Dial(ctxT(t), f.addr, other)
	if !errors.Is(err, tlscert.ErrMismatch) {
		t.Fatalf("dial: %v, want %v", err, tlscert.ErrMismatch)

	}
}

func TestRemovedStopsTheClient(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 2)
	p.send(wire.Message{Type: wire.TypeRemoved, Error: wire.Errorf(wire.BadToken, "the staff moved your seat")})
	waitDone(t, c)
	var we *wire.Error
	if err := c.Err(); !errors.Is(err, ErrRemoved) || !errors.As(err, &we) || we.Code != wire.BadToken {
		t.Fatalf("Err() = %v", err)
	}
	if _, ok := <-c.Updates(); ok {
		t.Error("updates still open")
	}
	if err := c.Move(ctxT(t), json.RawMessage(`{}`)); !errors.Is(err, ErrRemoved) {
		t.Errorf("move after removal: %v", err)
	}
}

func TestARevokedTokenStopsTheClientOnResume(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 2)
	p.conn.CloseNow()
	p = f.next()
	m := p.expect(wire.TypeResume)
	e := wire.Errorf(wire.BadToken, "unknown token")
	e.Fatal = true
	p.send(e.Reply(m.Ref))
	waitDone(t, c)
	if err := c.Err(); !errors.Is(err, ErrRemoved) {
		t.Fatalf("Err() = %v", err)
	}
}

func TestCloseStopsEverything(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 2)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, c)
	for m := range p.msgs {
		if mm, _ := wire.DecodeClient(m); mm.Type != wire.TypePing {
			t.Errorf("the phone sent %s while closing", m)
		}
	}
	if st := websocket.CloseStatus(p.closeErr()); st != websocket.StatusNormalClosure {
		t.Errorf("close status %v, want a normal closure", st)
	}
	if !errors.Is(c.Err(), ErrClosed) {
		t.Errorf("Err() = %v", c.Err())
	}
	if _, err := c.Join(ctxT(t), "0427", "A"); !errors.Is(err, ErrClosed) {
		t.Errorf("join after close: %v", err)
	}
}

func TestContextCancelsAWaitingRequest(t *testing.T) {
	f := newFakeTable(t)
	c, p, _ := joined(t, f, 2)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Move(ctx, json.RawMessage(`{}`)) }()
	p.expect(wire.TypeMove)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("move: %v", err)
	}
}

func waitDone(t *testing.T, c *Client) {
	t.Helper()
	select {
	case <-c.Done():
	case <-time.After(wait):
		t.Fatal("the client did not stop")
	}
}

func TestNoGoroutineOutlivesClose(t *testing.T) {
	f := newFakeTable(t)
	before := runtime.NumGoroutine()
	c, p, _ := joined(t, f, 2)
	p.conn.CloseNow()
	p = f.next()
	m := p.expect(wire.TypeResume)
	p.welcome(m.Ref, 1, "tok")
	p.view(2, "")
	nextUpdate(t, c)
	c.Close()
	for range p.msgs {
	}
	deadline := time.Now().Add(wait)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestASilentTableIsLeftAndRedialled(t *testing.T) {
	f := newFakeTable(t)
	f.deaf.Store(true)
	_, logs := f.dialWith(Options{PingEvery: 30 * time.Millisecond})
	f.next() // never answers the ping
	f.next() // the client dialled again
	if !logs.has("does not answer") {
		t.Errorf("log %q", logs.lines)
	}
}
