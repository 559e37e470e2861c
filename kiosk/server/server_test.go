package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/waittest"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// table is a real host behind a real TLS server. Its store is
// hosttest's in-memory one, which keeps the database's rules: the tests
// are about the protocol, not the disk. The few about what reaches the
// disk run on a SQLite file (newSQLiteTable, tests named …OnSQLite).
type table struct {
	srv  *Server
	host *host.Host
	sess *host.Session
	url  string
	fp   string
	db   *db.DB // nil on the in-memory store
}

func newTable(t testing.TB, game string, seats []session.Seat) *table {
	t.Helper()
	return newTableWith(t, game, seats, Config{})
}

// newTableWith is newTable with cfg's limits and hooks (Table is set here).
func newTableWith(t testing.TB, game string, seats []session.Seat, cfg Config) *table {
	t.Helper()
	return newTableOn(t, hosttest.NewStore(), 1, game, seats, cfg)
}

// newSQLiteTable is newTable on a new SQLite file, fsync'd as at the
// table, with phones unthrottled: for the end-to-end tests of what the
// server keeps on disk.
func newSQLiteTable(t testing.TB, game string, seats []session.Seat) *table {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	tb, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	table := newTableOn(t, d, tb.ID, game, seats, unthrottled)
	table.db = d
	return table
}

// newTableOn starts game on a host over store, at the table tableID, and
// serves it over TLS on loopback.
func newTableOn(t testing.TB, store host.Store, tableID int64, game string, seats []session.Seat, cfg Config) *table {
	t.Helper()
	return newTableOf(t, store, catalog.Registry(), host.StartRequest{TableID: tableID, Game: game, Seats: seats}, cfg)
}

// newTableOf is newTableOn with the host's games and the whole start
// request (options included) given.
func newTableOf(t testing.TB, store host.Store, games *engine.Registry, req host.StartRequest, cfg Config) *table {
	t.Helper()
	ctx := context.Background()
	h, err := host.New(host.Config{Store: store, Games: games})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	sess, err := h.Start(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Table = "Table 1"
	srv := New(cfg)
	t.Cleanup(srv.Close)
	if err := srv.SetSession(sess); err != nil {
		t.Fatal(err)
	}
	cert, err := tlscert.LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv)
	ts.Listener = srv.Listener(ts.Listener) // as the table listens
	ts.TLS = tlscert.ServerConfig(cert)
	ts.StartTLS()
	t.Cleanup(ts.Close)
	return &table{srv: srv, host: h, sess: sess, url: "wss" + strings.TrimPrefix(ts.URL, "https") + wire.Path, fp: tlscert.Fingerprint(cert)}
}

func twoGuests() []session.Seat { return []session.Seat{host.GuestSeat(""), host.GuestSeat("")} }

// phone is a raw WebSocket client: the tests speak the protocol by hand.
type phone struct {
	t  *testing.T
	ws *websocket.Conn
}

func (tb *table) dial(t *testing.T) *phone {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(tb.fp)}}
	ws, _, err := websocket.Dial(ctx, tb.url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return &phone{t: t, ws: ws}
}

func (p *phone) sendRaw(s string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		p.t.Fatal(err)
	}
}

func (p *phone) send(m wire.Message) {
	p.t.Helper()
	m.V = wire.Version
	data, _ := json.Marshal(m)
	p.sendRaw(string(data))
}

func (p *phone) recv() (wire.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, data, err := p.ws.Read(ctx)
	if err != nil {
		return wire.Message{}, err
	}
	var m wire.Message
	if err := json.Unmarshal(data, &m); err != nil {
		p.t.Fatalf("table sent non-JSON %q", data)
	}
	return m, nil
}

func (p *phone) expect(typ string) wire.Message {
	p.t.Helper()
	m, err := p.recv()
	if err != nil {
		p.t.Fatalf("waiting for %s: %v", typ, err)
	}
	if m.Type != typ {
		p.t.Fatalf("got %s %+v, want %s", m.Type, m.Error, typ)
	}
	return m
}

func (p *phone) expectError(code string) *wire.Error {
	p.t.Helper()
	m := p.expect(wire.TypeError)
	if m.Error == nil || m.Error.Code != code || m.Error.Message == "" {
		p.t.Fatalf("error %+v, want code %s with a message", m.Error, code)
	}
	return m.Error
}

// join takes a seat; it returns the welcome, with the first view's seat
// status in Waiting and Away.
func (p *phone) join(tb *table, name string) wire.Message {
	p.t.Helper()
	p.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: name})
	w := p.expect(wire.TypeWelcome)
	if w.Seat == nil || len(w.Token) < 32 || w.Game != tb.sess.Game().Info().ID || w.Table != "Table 1" {
		p.t.Fatalf("welcome %+v", w)
	}
	v := p.expect(wire.TypeView)
	w.Waiting, w.Away = v.Waiting, v.Away
	return w
}

// expectSeats waits for the view a change of seats sends, and checks it.
func (p *phone) expectSeats(waiting int, away []engine.Seat) wire.Message {
	p.t.Helper()
	v := p.expect(wire.TypeView)
	if v.Waiting != waiting || fmt.Sprint(v.Away) != fmt.Sprint(away) || len(v.Events) != 0 {
		p.t.Fatalf("seat view: waiting %d away %v events %v; want %d, %v and no events", v.Waiting, v.Away, v.Events, waiting, away)
	}
	return v
}

func TestJoinSeatsPhonesUntilTheTableIsFull(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b, c := tb.dial(t), tb.dial(t), tb.dial(t)
	wa, wb := a.join(tb, "Anja"), b.join(tb, "Bernd")
	if *wa.Seat != 0 || *wb.Seat != 1 || wa.Token == wb.Token {
		t.Fatalf("seats %v and %v", *wa.Seat, *wb.Seat)
	}
	if len(wa.Token) != 64 {
		t.Errorf("token of %d hex digits; want 256 bits", len(wa.Token))
	}
	c.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Carola"})
	c.expectError(wire.TableFull)
	seats := tb.srv.Seats()
	if seats[0].State != SeatConnected || seats[0].Name != "Anja" || tb.srv.FreeCount() != 0 {
		t.Errorf("seats %+v", seats)
	}
}

func TestWrongCodesAreRateLimited(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	wrong := "000000"
	if tb.srv.Code() == wrong {
		wrong = "111111"
	}
	for i := 0; i < 5; i++ {
		p.send(wire.Message{Type: wire.TypeJoin, Code: wrong, Name: "Eve"})
		p.expectError(wire.WrongCode)
	}
	p.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Eve"})
	p.expectError(wire.RateLimited)
}

func TestMovesReachEveryPhoneWithTheirOwnView(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	b.join(tb, "Bernd")
	a.expectSeats(0, nil) // Bernd took the last seat

	b.send(wire.Message{Type: wire.TypeMove, Ref: "early", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	if e := b.expectError(wire.NotYourTurn); e.Rule != engine.RuleNotYourTurn {
		t.Errorf("rule %q", e.Rule)
	}
	a.send(wire.Message{Type: wire.TypeMove, Ref: "m1", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	va, vb := a.expect(wire.TypeView), b.expect(wire.TypeView)
	if va.Version != 1 || vb.Version != 1 || va.Ref != "m1" || vb.Ref != "" {
		t.Fatalf("views: a v%d ref %q, b v%d ref %q", va.Version, va.Ref, vb.Version, vb.Ref)
	}
	var vj engine.ViewJSON
	if err := json.Unmarshal(vb.View, &vj); err != nil || vj.Viewer != 1 || vj.Game != "canoe" {
		t.Fatalf("b's view %s: %v", vb.View, err)
	}
	b.send(wire.Message{Type: wire.TypeMove, Ref: "m2", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	if e := b.expectError(wire.IllegalMove); e.Rule == "" {
		t.Error("illegal move error names no rule")
	}
	b.send(wire.Message{Type: wire.TypeMove, Ref: "m3", Move: json.RawMessage(`{"kind":"fly"}`)})
	b.expectError(wire.BadMove)
}

func TestGarbageGetsAnErrorAndTheConnectionSurvives(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	p.sendRaw(`{"v":2,"type":`)
	p.expectError(wire.BadJSON)
	p.sendRaw(`{"v":2,"type":"teleport"}`)
	p.expectError(wire.UnknownType)
	p.send(wire.Message{Type: wire.TypeMove, Move: json.RawMessage(`{}`)})
	p.expectError(wire.NotJoined)
	p.send(wire.Message{Type: wire.TypePing, Ref: "still there?"})
	if m := p.expect(wire.TypePong); m.Ref != "still there?" {
		t.Errorf("pong ref %q", m.Ref)
	}
}

func TestOversizedFrameClosesTheConnection(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	p.sendRaw(`{"v":2,"type":"ping","ref":"` + strings.Repeat("x", wire.MaxFrame+10) + `"}`)
	for {
		m, err := p.recv()
		if err != nil {
			return // closed, as it should be
		}
		if m.Type == wire.TypeError && m.Error.Code != wire.TooLarge {
			t.Fatalf("unexpected error %+v", m.Error)
		}
	}
}

func TestResumeWithTheTokenAndOnlyWithIt(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	w := a.join(tb, "Anja")
	a.ws.Close(websocket.StatusNormalClosure, "sleep")
	waitFor(t, seatIs(tb, 0, SeatAway))

	again := tb.dial(t)
	again.send(wire.Message{Type: wire.TypeResume, Token: w.Token})
	if m := again.expect(wire.TypeWelcome); *m.Seat != 0 || m.Token == w.Token || len(m.Token) != 64 {
		t.Fatalf("resume welcome %+v: want seat 0 and a new token", m)
	}
	again.expect(wire.TypeView)

	thief := tb.dial(t)
	thief.send(wire.Message{Type: wire.TypeResume, Token: strings.Repeat("0", 64)})
	if e := thief.expectError(wire.BadToken); !e.Fatal {
		t.Error("a bad token must end the connection")
	}
}

func TestReleaseRevokesTheTokenAndFreesTheSeat(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	w := a.join(tb, "Anja")
	if err := tb.srv.Release(0); err != nil {
		t.Fatal(err)
	}
	a.expect(wire.TypeRemoved)
	if tb.srv.Seats()[0].State != SeatFree {
		t.Fatalf("seat 0 is %s after release", tb.srv.Seats()[0].State)
	}
	b := tb.dial(t)
	b.send(wire.Message{Type: wire.TypeResume, Token: w.Token})
	b.expectError(wire.BadToken)
	c := tb.dial(t)
	if got := c.join(tb, "Carola"); *got.Seat != 0 {
		t.Fatalf("the new phone got seat %v", *got.Seat)
	}
}

func TestSeatsAndCodeSurviveARestartOnSQLite(t *testing.T) {
	tb := newSQLiteTable(t, "canoe", twoGuests())
	w := tb.dial(t).join(tb, "Anja")
	code := tb.srv.Code()
	restarted := New(Config{Table: "Table 1"})
	defer restarted.Close()
	if err := restarted.SetSession(tb.sess); err != nil {
		t.Fatal(err)
	}
	if restarted.Code() != code {
		t.Errorf("code %s after restart, was %s", restarted.Code(), code)
	}
	st := restarted.Seats()[0]
	if st.State != SeatAway || st.Name != "Anja" || restarted.seats[0].tokenHash != hashToken(w.Token) {
		t.Errorf("seat 0 after restart: %+v", st)
	}
}

// waitFor waits until check passes, trying it every 10 ms; after a
// guard of 30 s it fails with what the check last saw.
func waitFor(t *testing.T, check func() error) {
	t.Helper()
	waittest.For(t, 30*time.Second, 10*time.Millisecond, check)
}

// seatIs is the check that seat of tb's server is in state want.
func seatIs(tb *table, seat int, want SeatState) func() error {
	return func() error {
		if got := tb.srv.Seats()[seat]; got.State != want {
			return fmt.Errorf("seat %d is %+v, want %s", seat, got, want)
		}
		return nil
	}
}

func TestAnAwaySeatCanBeHandedToABot(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	wb := b.join(tb, "Bernd")
	b.ws.Close(websocket.StatusNormalClosure, "battery")
	waitFor(t, seatIs(tb, 1, SeatAway))
	if err := tb.srv.HandToBot(context.Background(), 1, engine.LevelDefault); err != nil {
		t.Fatal(err)
	}
	if st := tb.srv.Seats()[1]; st.State != SeatBot {
		t.Fatalf("seat 1 is %s", st.State)
	}
	// Anja plays; the bot answers for Bernd's seat by itself.
	a.send(wire.Message{Type: wire.TypeMove, Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	for v := int64(0); v < 2; {
		v = a.expect(wire.TypeView).Version
	}
	back := tb.dial(t)
	back.send(wire.Message{Type: wire.TypeResume, Token: wb.Token})
	back.expectError(wire.BadToken)
	rec := tb.sess.Record()
	if rec.Seats[0].Name != "Anja" || rec.Seats[1].Kind != session.Bot {
		t.Errorf("stored seats %+v", rec.Seats)
	}
}

func TestNobodyPlaysUntilEverySeatIsTaken(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	if v := a.join(tb, "Anja"); v.Waiting != 1 {
		t.Errorf("first view says %d seat(s) free, want 1", v.Waiting)
	}
	a.send(wire.Message{Type: wire.TypeMove, Ref: "eager", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	if e := a.expectError(wire.Waiting); !strings.Contains(e.Message, "1 more") {
		t.Errorf("message %q", e.Message)
	}
	tb.dial(t).join(tb, "Bernd")
	// No dead end: the refused phone learns at once that play has begun.
	if v := a.expectSeats(0, nil); v.Version != 0 || v.Ref != "" {
		t.Errorf("seat view: version %d ref %q", v.Version, v.Ref)
	}
	a.send(wire.Message{Type: wire.TypeMove, Ref: "now", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	if v := a.expect(wire.TypeView); v.Version != 1 || v.Ref != "now" {
		t.Errorf("view %d ref %q", v.Version, v.Ref)
	}
}

// Before joining, a phone with the QR code's link code learns the table's
// name, its game and whether the code is the current game's; a typed code
// gets no answer about itself (info spends no guessing budget).
func TestInfoNamesTheTableAndTheGameBeforeJoining(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	p.send(wire.Message{Type: wire.TypeInfo, Code: tb.srv.LinkCode()})
	m := p.expect(wire.TypeInfo)
	if m.Table != "Table 1" || m.Game != "canoe" || m.Current == nil || !*m.Current || m.Free == nil || *m.Free != 2 {
		t.Errorf("info for the current QR: %+v", m)
	}
	old := tb.srv.Code() + "-" + strings.Repeat("a", wire.LinkSecretLen)
	p.send(wire.Message{Type: wire.TypeInfo, Code: old})
	if m := p.expect(wire.TypeInfo); m.Current == nil || *m.Current {
		t.Errorf("info for another game's QR: %+v", m)
	}
	p.send(wire.Message{Type: wire.TypeInfo, Code: tb.srv.Code()})
	p.expectError(wire.WrongCode)
	// The phone may still join after asking.
	p.join(tb, "Anja")
}
