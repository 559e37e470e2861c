package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// The tests in this file need a table that misbehaves on purpose, which the
// real kiosk never does: a skipped version, a damaged hash, a view without
// the move's ref, a connection cut mid-move, a move never answered, a table
// that stops answering pings. The fake is only a TLS WebSocket endpoint;
// each test writes the table's frames by hand. Every other test runs
// against the real kiosk (client_test.go).

// fake accepts phones and hands each test the table's end of the
// connection; deaf peers never read, so pings go unanswered.
type fake struct {
	addr, fp string
	peers    chan *peer
	deaf     bool
}

func newFake(t *testing.T, deaf bool) *fake {
	cert, err := tlscert.LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := &fake{fp: tlscert.Fingerprint(cert), peers: make(chan *peer, 4), deaf: deaf}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		p := &peer{t: t, conn: conn, msgs: make(chan []byte, 16)}
		t.Cleanup(func() { conn.CloseNow() })
		if !f.deaf {
			go p.read()
		}
		f.peers <- p
	}))
	srv.TLS = tlscert.ServerConfig(cert)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	f.addr = strings.TrimPrefix(srv.URL, "https://")
	return f
}

// next is the table's end of the next phone to connect.
func (f *fake) next(t *testing.T) *peer {
	t.Helper()
	select {
	case p := <-f.peers:
		return p
	case <-time.After(wait):
		t.Fatal("no phone connected")
		return nil
	}
}

// peer is the table's end of one phone's connection.
type peer struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan []byte // what the phone sent, closed when the connection ends
	end  error       // why it ended, once msgs is closed
}

// read keeps reading, as a table does, so that a phone's close is answered.
func (p *peer) read() {
	defer close(p.msgs)
	for {
		_, data, err := p.conn.Read(context.Background())
		if err != nil {
			p.end = err
			return
		}
		p.msgs <- data
	}
}

// expect reads the phone's next message, skipping pings, and checks its type.
func (p *peer) expect(typ string) wire.Message {
	p.t.Helper()
	for {
		var data []byte
		select {
		case d, ok := <-p.msgs:
			if !ok {
				p.t.Fatal("the phone closed the connection")
			}
			data = d
		case <-time.After(wait):
			p.t.Fatal("the phone sent nothing")
		}
		m, werr := wire.DecodeClient(data)
		if werr != nil {
			p.t.Fatalf("table got %s: %v", data, werr)
		}
		if m.Type == wire.TypePing {
			continue
		}
		if m.Type != typ {
			p.t.Fatalf("table got %+v, want a %s", m, typ)
		}
		return m
	}
}

func (p *peer) send(m wire.Message) {
	p.t.Helper()
	m.V = wire.Version
	data, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := p.conn.Write(ctx, websocket.MessageText, data); err != nil {
		p.t.Fatalf("table writes: %v", err)
	}
}

// view sends a view whose body names its version; hash "" is the right one.
func (p *peer) view(version int64, ref, hash string) {
	body, _ := json.Marshal(engine.ViewJSON{V: 1, Game: "canoe", Viewer: 1, View: json.RawMessage(fmt.Sprintf(`{"n":%d}`, version))})
	if hash == "" {
		sum := sha256.Sum256(body)
		hash = hex.EncodeToString(sum[:])
	}
	p.send(wire.Message{Type: wire.TypeView, Ref: ref, Version: version, Hash: hash, View: body, Game: "canoe"})
}

// joinFake is a client seated by the fake at view version.
func joinFake(t *testing.T, f *fake, version int64) (*Client, *peer) {
	t.Helper()
	c, _ := dialTo(t, f.addr, f.fp, Options{})
	p := f.next(t)
	done := make(chan error, 1)
	go func() {
		_, err := c.Join(ctxT(t), "042700", "Anja")
		done <- err
	}()
	m := p.expect(wire.TypeJoin)
	seat := engine.Seat(1)
	p.send(wire.Message{Type: wire.TypeWelcome, Ref: m.Ref, Seat: &seat, Token: "tok", Game: "canoe", Table: "Fake"})
	p.view(version, "", "")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if u := nextUpdate(t, c); u.Version != version {
		t.Fatalf("first view %d, want %d", u.Version, version)
	}
	return c, p
}

func TestAGapAsksForSync(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 1)
	p.view(3, "", "") // 2 went missing
	p.expect(wire.TypeSync)
	p.view(3, "", "")
	if u := nextUpdate(t, c); u.Version != 3 {
		t.Fatalf("after sync: view %d", u.Version)
	}
}

func TestABadHashAsksForSync(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 1)
	p.view(2, "", strings.Repeat("0", 64))
	p.expect(wire.TypeSync)
	p.view(2, "", "")
	if u := nextUpdate(t, c); u.Version != 2 {
		t.Fatalf("after sync: view %d", u.Version)
	}
	select {
	case u := <-c.Updates():
		t.Fatalf("the damaged view was delivered too: %+v", u)
	default:
	}
}

func TestAMoveIsAnsweredByANewerViewWithoutRef(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 5)
	done := make(chan error, 1)
	go func() { done <- c.Move(ctxT(t), json.RawMessage(`{"kind":"remove","from":"b2"}`)) }()
	p.expect(wire.TypeMove)
	p.send(wire.Message{Type: wire.TypeError, Error: wire.Errorf(wire.IllegalMove, "not yours"), Ref: "another"})
	p.view(6, "", "")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if u := nextUpdate(t, c); u.Version != 6 || u.Ref != "" {
		t.Fatalf("update %+v", u)
	}
}

func TestAMoveInFlightFailsWhenTheConnectionDrops(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 2)
	done := make(chan error, 1)
	go func() { done <- c.Move(ctxT(t), json.RawMessage(`{"kind":"place","to":"b1"}`)) }()
	p.expect(wire.TypeMove)
	p.conn.CloseNow()
	if err := <-done; !errors.Is(err, ErrDisconnected) {
		t.Fatalf("move: %v, want %v", err, ErrDisconnected)
	}
}

// A request sent between the welcome and the view that follows it is not
// answered by that view, though it is newer than anything the client knew:
// the view is the seat's state on resuming. The table here answers the
// take-back with a refusal after that view; the client must return it.
func TestTheViewAfterAWelcomeAnswersNoRequest(t *testing.T) {
	f := newFake(t, false)
	c, _ := dialTo(t, f.addr, f.fp, Options{})
	p := f.next(t)
	resumed := make(chan error, 1)
	go func() {
		_, err := c.Resume(ctxT(t), "tok")
		resumed <- err
	}()
	m := p.expect(wire.TypeResume)
	seat := engine.Seat(1)
	p.send(wire.Message{Type: wire.TypeWelcome, Ref: m.Ref, Seat: &seat, Token: "tok2", Game: "canoe", Table: "Fake"})
	if err := <-resumed; err != nil {
		t.Fatal(err)
	}
	answered := make(chan error, 1)
	go func() { answered <- c.AnswerTakeBack(ctxT(t), 7, true) }()
	a := p.expect(wire.TypeTakeBackAnswer)
	p.view(7, "", "") // the resumed seat's view, sent before the answer was read
	refusal := wire.Errorf(wire.IllegalMove, "no take-back asked")
	refusal.Rule = engine.RuleTakeBackNotAsked
	p.send(refusal.Reply(a.Ref))
	var werr *wire.Error
	if err := <-answered; !errors.As(err, &werr) || werr.Rule != engine.RuleTakeBackNotAsked {
		t.Fatalf("the answer returned %v, want the table's refusal (%s)", err, engine.RuleTakeBackNotAsked)
	}
	if u := nextUpdate(t, c); u.Version != 7 {
		t.Fatalf("the resumed view is %d, want 7", u.Version)
	}
	// A view after that one answers a request sent after the welcome.
	moved := make(chan error, 1)
	go func() { moved <- c.Move(ctxT(t), json.RawMessage(`{}`)) }()
	p.expect(wire.TypeMove)
	p.view(8, "", "")
	if err := <-moved; err != nil {
		t.Fatalf("move: %v", err)
	}
}

func TestContextCancelsAWaitingRequest(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 2)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Move(ctx, json.RawMessage(`{}`)) }()
	p.expect(wire.TypeMove) // and never answered
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("move: %v", err)
	}
}

func TestCloseSaysGoodbye(t *testing.T) {
	c, p := joinFake(t, newFake(t, false), 2)
	c.Close()
	for m := range p.msgs {
		if mm, _ := wire.DecodeClient(m); mm.Type != wire.TypePing {
			t.Errorf("the phone sent %s while closing", m)
		}
	}
	if st := websocket.CloseStatus(p.end); st != websocket.StatusNormalClosure {
		t.Errorf("close status %v, want a normal closure", st)
	}
}

func TestASilentTableIsLeftAndRedialled(t *testing.T) {
	f := newFake(t, true)
	_, logs := dialTo(t, f.addr, f.fp, Options{PingEvery: 30 * time.Millisecond})
	f.next(t) // never answers the ping
	f.next(t) // the client dialled again
	if !logs.has("does not answer") {
		t.Errorf("log %q", logs.lines)
	}
}
