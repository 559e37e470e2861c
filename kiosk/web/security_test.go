package web_test

import (
	"context"
	"crypto/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/nacl/box"

	"github.com/tablee/tablee/kiosk/server"
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
}

// replay plays a recorded connection's frames (the page's key in clear,
// then its boxes) to the kiosk as a listener on the network could, and
// checks that the kiosk ends it at the first box, which no longer opens:
// the kiosk's fresh key makes every connection's keys new.
func replay(t *testing.T, ctx context.Context, addr string, recorded [][]byte) {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+web.BoxPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	for _, f := range recorded {
		if ws.Write(ctx, websocket.MessageBinary, f) != nil {
			break
		}
	}
	frames := 0
	for {
		_, _, err := ws.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("the replayed connection ended with %v, want a policy-violation close", err)
			}
			break
		}
		frames++
	}
	// The hello, then the boxed bad-frame error: nothing of the table.
	if frames != 2 {
		t.Errorf("the replayed connection got %d frames, want the hello and the refusal", frames)
	}
}

// TestARecordedConnectionNeverOpensAgain is issue 27's first finding: a
// sniffer who recorded a join, or a resume, plays it again — at once, many
// handshakes later, and after the kiosk restarted on the same key. Each
// replay is refused at its first box; no seat is taken, and the guest
// whose resume was recorded keeps the seat and token.
func TestARecordedConnectionNeverOpensAgain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	// Many connections from loopback: more than one address's allowance
	// of new connections (server.AllowConn), which is not under test here.
	onDir := func(c *table.Config) { c.DataDir, c.DBPath, c.ConnBurst = dir, filepath.Join(dir, "t.db"), 1000 }
	k := openKiosk(t, "canaille", []table.Seat{{}, {}, {}}, onDir)
	anja, aw := seated(t, ctx, k, "Anja")
	joinRecording := anja.sentFrames
	back := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	back.send(ctx, map[string]any{"type": "resume", "token": aw.Token})
	bw := back.until(t, ctx, "welcome")
	back.send(ctx, map[string]any{"type": "seats"}) // speaks: the new token holds
	back.until(t, ctx, "seats")
	resumeRecording := back.sentFrames

	replay(t, ctx, k.WebAddr(), joinRecording)
	replay(t, ctx, k.WebAddr(), resumeRecording)
	// The first channel kept its page keys in a list the attack flushed
	// with 16,400 handshakes; now there is no list to flush.
	for range 20 {
		p, err := dialPhoneErr(ctx, k.WebAddr(), k.join.BoxKey)
		if err != nil {
			t.Fatal(err)
		}
		p.ws.CloseNow()
	}
	replay(t, ctx, k.WebAddr(), joinRecording)
	if !kioskLog(t).has("does not decrypt") {
		t.Error("the kiosk's log does not say the replayed box did not decrypt")
	}
	seats := k.Server().Seats()
	if seats[0].Name != "Anja" || seats[1].State != "free" || seats[2].State != "free" {
		t.Fatalf("seats after the replays: %+v", seats)
	}
	stillServed(t, ctx, back, "Anja")

	// The same kiosk key after a restart: the recordings still open nothing.
	k.Close()
	k2 := openKiosk(t, "canaille", []table.Seat{{}, {}, {}}, onDir)
	if k2.join.BoxKey != k.join.BoxKey {
		t.Fatal("the kiosk's key changed across the restart")
	}
	replay(t, ctx, k2.WebAddr(), joinRecording)
	replay(t, ctx, k2.WebAddr(), resumeRecording)
	if seats := k2.Server().Seats(); seats[0].State != "free" {
		t.Fatalf("seat 0 after replays on the restarted kiosk: %+v (token of %v)", seats, bw.Seat)
	}
}

// TestAnOldPageIsToldToReload: a page of the first web channel (its key,
// then at once its join, both under the kiosk's long-term key) gets, in
// the only box it can open, a fatal reload error, and the connection
// closes.
func TestAnOldPageIsToldToReload(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.OldBoxPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	pub, sec, err := box.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := &phone{ws: ws, pub: *pub}
	box.Precompute(&p.shared, &k.join.BoxKey, sec)
	ws.Write(ctx, websocket.MessageBinary, pub[:])
	p.send(ctx, map[string]any{"type": "join", "code": k.join.Code, "name": "Old"})
	m, err := p.read(ctx)
	if err != nil || m.Type != "error" || m.Error == nil || m.Error.Code != web.Reload || !m.Error.Fatal {
		t.Fatalf("an old page got %+v, %v; want a fatal reload error", m, err)
	}
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("then %v, want a policy-violation close", err)
	}
	if k.Server().FreeCount() != 2 {
		t.Error("an old page took a seat")
	}
}

// TestUnkeyedSocketsAreCappedPerAddress: sockets that never send their
// key count against the address's connections like seated ones, so one
// address cannot hold the kiosk's handshakes open.
func TestUnkeyedSocketsAreCappedPerAddress(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	var idle []*websocket.Conn
	defer func() {
		for _, ws := range idle {
			ws.CloseNow()
		}
	}()
	for range server.DefaultMaxConnsPerAddr {
		ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.BoxPath, nil)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, ws)
		// The kiosk answers a ping only from inside the handshake's read,
		// after counting the socket: the answer orders the dials.
		ws.CloseRead(ctx)
		if err := ws.Ping(ctx); err != nil {
			t.Fatalf("an unkeyed socket within the cap: %v", err)
		}
	}
	ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.BoxPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	_, _, err = ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Fatalf("one unkeyed socket over the cap: %v, want try-again-later (1013)", err)
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

// TestSeatsGoesThroughTheTablesRules is issue 27's second finding: the
// seats question is a message of the table protocol like any other, read
// by the strict decoder, and it counts as the phone speaking after a
// welcome, which voids the token it resumed with.
func TestSeatsGoesThroughTheTablesRules(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	anja, first := seated(t, ctx, k, "Anja")
	for raw, code := range map[string]string{
		`{"v":2,"type":"seats","seat":1}`: "bad-json",
		`{"v":1,"type":"seats"}`:          "bad-version",
		`{"v":2,"type":"seats","v":2}`:    "bad-json",
	} {
		anja.ws.Write(ctx, websocket.MessageBinary, anja.seal([]byte(raw)))
		if m := anja.until(t, ctx, "error"); m.Error == nil || m.Error.Code != code {
			t.Errorf("%s: %+v, want %s", raw, m, code)
		}
	}
	anja.ws.Close(websocket.StatusNormalClosure, "")
	// Back on a new connection; it only asks for the seats, then leaves.
	back := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	back.send(ctx, map[string]any{"type": "resume", "token": first.Token})
	back.until(t, ctx, "welcome")
	back.send(ctx, map[string]any{"type": "seats", "ref": "q"})
	if m := back.until(t, ctx, "seats"); m.Ref != "q" || len(m.Seats) != 2 {
		t.Fatalf("seats answer: %+v", m)
	}
	back.ws.Close(websocket.StatusNormalClosure, "")
	// It spoke, so it holds the new token: the old one is void.
	old := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	old.send(ctx, map[string]any{"type": "resume", "token": first.Token})
	if m := old.until(t, ctx, "welcome"); m.Type != "error" || m.Error.Code != "bad-token" {
		t.Fatalf("the token resumed with, after the phone spoke: %+v, want bad-token", m)
	}
}

// TestSeatsQuestionsAreThrottled: seats questions spend the phone's
// throttle like any message (before issue 27 they were answered at
// thousands a second, before the throttle): a phone asking 100 at once
// gets the answers its burst allows, then a fatal too-fast error.
func TestSeatsQuestionsAreThrottled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}}, func(c *table.Config) { c.PhoneRate = 1e-3 })
	anja, _ := seated(t, ctx, k, "Anja")
	for range 100 {
		anja.send(ctx, map[string]any{"type": "seats"})
	}
	answers, cut := 0, false
	for {
		m, err := anja.read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("the connection ended with %v, want 1008", err)
			}
			break
		}
		switch {
		case m.Type == "seats":
			answers++
		case m.Type == "error" && m.Error.Code == "too-fast" && m.Error.Fatal:
			cut = true
		}
	}
	// The join spent one of the burst of 40.
	if !cut || answers != server.DefaultMsgBurst-1 {
		t.Errorf("100 seats questions: %d answers (want %d), cut off: %v", answers, server.DefaultMsgBurst-1, cut)
	}
}
