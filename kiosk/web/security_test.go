package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
)

// seated joins a phone to the kiosk and returns it with its welcome.
func seated(t *testing.T, ctx context.Context, k *kiosk, name string) (*phone, message) {
	t.Helper()
	p := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	if err := p.send(ctx, map[string]any{"type": "join", "code": k.join.Code, "name": name}); err != nil {
		t.Fatal(err)
	}
	w := p.until(t, ctx, "welcome")
	if w.Type != "welcome" || w.Token == "" {
		t.Fatalf("%s: %+v", name, w)
	}
	p.until(t, ctx, "view")
	return p, w
}

// stillServed checks that p's connection and seat work: a sync gets a view.
func stillServed(t *testing.T, ctx context.Context, p *phone, who string) {
	t.Helper()
	if err := p.send(ctx, map[string]any{"type": "sync", "ref": "s"}); err != nil {
		t.Fatalf("%s: %v", who, err)
	}
	// Views without a ref may come first: since protocol 2 the table
	// sends a view again when a seat's phone leaves or comes back.
	m := p.until(t, ctx, "view")
	for m.Type == "view" && m.Ref == "" {
		m = p.until(t, ctx, "view")
	}
	if m.Type != "view" || m.Ref != "s" {
		t.Fatalf("%s after the attack: %+v", who, m)
	}
}

// refused checks that p's connection was ended with a boxed bad-frame
// error saying why and a close status naming it.
func refused(t *testing.T, ctx context.Context, p *phone, why string) {
	t.Helper()
	m, err := p.read(ctx)
	if err != nil {
		t.Fatalf("%s: no error before the close: %v", why, err)
	}
	if m.Type != "error" || m.Error == nil || m.Error.Code != web.BadFrame || !m.Error.Fatal ||
		!strings.Contains(m.Error.Message, why) {
		t.Fatalf("got %+v, want a fatal bad-frame error saying %q", m, why)
	}
	_, _, err = p.ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("%s: connection ended with %v, want policy violation (1008)", why, err)
	}
}

func TestBadFramesAreRefusedWithoutTouchingOtherSeats(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}, {}})
	anja, _ := seated(t, ctx, k, "Anja")
	bernd, bw := seated(t, ctx, k, "Bernd")

	t.Run("does not decrypt", func(t *testing.T) {
		x := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		frame := x.seal([]byte(`{"v":2,"type":"ping"}`))
		frame[len(frame)-1] ^= 0x40
		x.ws.Write(ctx, websocket.MessageBinary, frame)
		refused(t, ctx, x, "does not decrypt")
	})
	t.Run("replayed", func(t *testing.T) {
		x := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		frame := x.seal([]byte(`{"v":2,"type":"ping"}`))
		x.ws.Write(ctx, websocket.MessageBinary, frame)
		if m := x.until(t, ctx, "pong"); m.Type != "pong" {
			t.Fatalf("genuine ping: %+v", m)
		}
		x.ws.Write(ctx, websocket.MessageBinary, frame)
		refused(t, ctx, x, "replayed")
	})
	t.Run("another connection's key", func(t *testing.T) {
		x := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		y := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		// A genuine box of y, at the counter x's channel expects.
		x.ws.Write(ctx, websocket.MessageBinary, y.seal([]byte(`{"v":2,"type":"ping"}`)))
		refused(t, ctx, x, "does not decrypt")
	})
	t.Run("plaintext after the handshake", func(t *testing.T) {
		x := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		x.ws.Write(ctx, websocket.MessageText, []byte(`{"v":2,"type":"join","code":"`+k.join.Code+`","name":"Eve"}`))
		refused(t, ctx, x, "plaintext")
	})
	t.Run("replayed on a seated phone's own connection", func(t *testing.T) {
		frame := bernd.seal([]byte(`{"v":2,"type":"ping"}`))
		bernd.ws.Write(ctx, websocket.MessageBinary, frame)
		bernd.until(t, ctx, "pong")
		bernd.ws.Write(ctx, websocket.MessageBinary, frame)
		refused(t, ctx, bernd, "replayed")
		// Bernd's seat is kept: a new connection resumes it.
		again := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
		again.send(ctx, map[string]any{"type": "resume", "token": bw.Token})
		if w := again.until(t, ctx, "welcome"); w.Seat == nil || *w.Seat != *bw.Seat {
			t.Fatalf("resume after the refused frame: %+v", w)
		}
	})
	stillServed(t, ctx, anja, "Anja")
	if seats := k.Server().Seats(); seats[0].Name != "Anja" || seats[1].Name != "Bernd" || seats[2].State != "free" {
		t.Errorf("seats after the attacks: %+v", seats)
	}
	for _, why := range []string{"does not decrypt", "replayed", "plaintext"} {
		if !kioskLog(t).has(why) {
			t.Errorf("the kiosk's log does not say %q", why)
		}
	}
}

func TestHandshakeRefusals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	for name, first := range map[string]struct {
		typ  websocket.MessageType
		data []byte
	}{
		"text first":    {websocket.MessageText, []byte(`{"v":2,"type":"ping"}`)},
		"short key":     {websocket.MessageBinary, make([]byte, 31)},
		"low-order key": {websocket.MessageBinary, make([]byte, 32)},
	} {
		ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.BoxPath, nil)
		if err != nil {
			t.Fatal(err)
		}
		ws.Write(ctx, first.typ, first.data)
		_, _, err = ws.Read(ctx)
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Errorf("%s: %v, want a policy-violation close", name, err)
		}
		ws.CloseNow()
	}
	// A key already used by a connection is refused, so no two connections
	// ever share keys and nonces.
	used := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	used.send(ctx, map[string]any{"type": "ping"})
	used.until(t, ctx, "pong")
	ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.BoxPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.Write(ctx, websocket.MessageBinary, used.pub[:])
	_, _, err = ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("a key used twice: %v, want a policy-violation close", err)
	}
	// The first connection goes on.
	used.send(ctx, map[string]any{"type": "ping"})
	if m := used.until(t, ctx, "pong"); m.Type != "pong" {
		t.Errorf("the key's first connection after the refusal: %+v", m)
	}
}

func TestSeatsNeedASeat(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}, {Bot: "default"}})
	x := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	x.send(ctx, map[string]any{"type": "seats"})
	if m := x.until(t, ctx, "seats"); m.Type != "error" || m.Error.Code != "not-joined" {
		t.Fatalf("names before joining: %+v", m)
	}
	anja, _ := seated(t, ctx, k, "Anja")
	anja.send(ctx, map[string]any{"type": "seats"})
	m := anja.until(t, ctx, "seats")
	if len(m.Seats) != 3 || m.Seats[0].Name != "Anja" || m.Seats[1].State != "free" || m.Seats[2].State != "bot" || m.Free != 1 {
		t.Fatalf("seats: %+v", m)
	}
}
