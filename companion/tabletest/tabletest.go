// Package tabletest is a small table for the companion's tests: it serves
// the table protocol on loopback over TLS for one game of a real engine,
// seating phones by code and applying their moves. It stands in for the
// kiosk's server, which lives elsewhere; it is not that server.
package tabletest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/tlscert"
	"github.com/tablee/tablee/kiosk/wire"
)

// Table is one running game and the phones at it.
type Table struct {
	Addr        string // host:port on loopback
	Fingerprint string // the pinned certificate's
	Name        string
	Code        string

	rules engine.Rules
	srv   *httptest.Server

	mu     sync.Mutex
	state  engine.State
	tokens []string // per seat, "" while free
	conns  map[*websocket.Conn]engine.Seat
	dropAt map[int]bool // plies after which the table crashes
}

// Start serves a new game of rules for seats phones, joined with code.
func Start(t testing.TB, rules engine.Rules, seats int, code string) *Table {
	t.Helper()
	state, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	cert, err := tlscert.LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{
		Fingerprint: tlscert.Fingerprint(cert), Name: "Table 1", Code: code,
		rules: rules, state: state, tokens: make([]string, seats), conns: map[*websocket.Conn]engine.Seat{},
		dropAt: map[int]bool{},
	}
	tb.srv = httptest.NewUnstartedServer(http.HandlerFunc(tb.serve))
	tb.srv.TLS = tlscert.ServerConfig(cert)
	tb.srv.StartTLS()
	tb.Addr = tb.srv.Listener.Addr().String()
	t.Cleanup(tb.Close)
	return tb
}

// Close drops every phone and stops serving.
func (tb *Table) Close() {
	tb.DropAll()
	tb.srv.Close()
}

// DropAt makes the table drop every phone once the game reaches plies,
// after recording the move and before telling anyone: the mover never
// hears its move was played until it resumes.
func (tb *Table) DropAt(plies ...int) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, p := range plies {
		tb.dropAt[p] = true
	}
}

// DropAll closes every phone's connection, as a kiosk crash does.
func (tb *Table) DropAll() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.dropAll()
}

func (tb *Table) dropAll() {
	for c := range tb.conns {
		_ = c.CloseNow()
		delete(tb.conns, c)
	}
}

// Result is the game's outcome once it is over.
func (tb *Table) Result() (engine.Result, bool) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.state.Result()
}

func (tb *Table) serve(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	conn.SetReadLimit(wire.MaxFrame)
	defer conn.CloseNow()
	tb.mu.Lock()
	tb.conns[conn] = engine.NoSeat
	tb.mu.Unlock()
	defer func() {
		tb.mu.Lock()
		delete(tb.conns, conn)
		tb.mu.Unlock()
	}()
	ctx := context.Background()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		m, werr := wire.DecodeClient(data)
		if werr != nil {
			send(conn, werr.Reply(m.Ref))
			continue
		}
		tb.mu.Lock()
		tb.handle(conn, m)
		tb.mu.Unlock()
	}
}

// handle answers one message; tb.mu is held.
func (tb *Table) handle(conn *websocket.Conn, m wire.Message) {
	seat := tb.conns[conn]
	switch m.Type {
	case wire.TypeJoin:
		tb.join(conn, m)
	case wire.TypeResume:
		tb.resume(conn, m)
	case wire.TypeSync:
		if seat == engine.NoSeat {
			send(conn, wire.Errorf(wire.NotJoined, "join first").Reply(m.Ref))
			return
		}
		tb.sendView(conn, seat, nil, "")
	case wire.TypeMove:
		tb.move(conn, seat, m)
	case wire.TypePing:
		send(conn, wire.Message{V: wire.Version, Type: wire.TypePong, Ref: m.Ref})
	}
}

func (tb *Table) join(conn *websocket.Conn, m wire.Message) {
	if m.Code != tb.Code {
		send(conn, wire.Errorf(wire.WrongCode, "that is not this table's code").Reply(m.Ref))
		return
	}
	for s, tok := range tb.tokens {
		if tok == "" {
			tb.tokens[s] = "tok-" + strconv.Itoa(s)
			tb.seat(conn, engine.Seat(s), m.Ref)
			return
		}
	}
	send(conn, wire.Errorf(wire.TableFull, "no free seat").Reply(m.Ref))
}

func (tb *Table) resume(conn *websocket.Conn, m wire.Message) {
	for s, tok := range tb.tokens {
		if tok != "" && tok == m.Token {
			tb.seat(conn, engine.Seat(s), m.Ref)
			return
		}
	}
	e := wire.Errorf(wire.BadToken, "unknown token")
	e.Fatal = true
	send(conn, e.Reply(m.Ref))
	_ = conn.CloseNow()
}

func (tb *Table) seat(conn *websocket.Conn, seat engine.Seat, ref string) {
	tb.conns[conn] = seat
	send(conn, wire.Message{V: wire.Version, Type: wire.TypeWelcome, Ref: ref, Seat: &seat,
		Token: tb.tokens[seat], Game: tb.rules.Info().ID, Table: tb.Name})
	tb.sendView(conn, seat, nil, "")
}

func (tb *Table) move(conn *websocket.Conn, seat engine.Seat, m wire.Message) {
	if seat == engine.NoSeat {
		send(conn, wire.Errorf(wire.NotJoined, "join first").Reply(m.Ref))
		return
	}
	mv, err := tb.rules.DecodeMove(m.Move)
	if err != nil {
		send(conn, wire.Errorf(wire.BadMove, "%v", err).Reply(m.Ref))
		return
	}
	events, err := tb.state.Apply(seat, mv)
	if err != nil {
		send(conn, refusal(err).Reply(m.Ref))
		return
	}
	if tb.dropAt[tb.state.Plies()] {
		tb.dropAll()
		return
	}
	for c, s := range tb.conns {
		ref := ""
		if c == conn {
			ref = m.Ref
		}
		if s != engine.NoSeat {
			tb.sendView(c, s, events, ref)
		}
	}
}

func refusal(err error) *wire.Error {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return wire.Errorf(wire.Internal, "%v", err)
	}
	code := wire.IllegalMove
	if re.Rule == engine.RuleNotYourTurn || re.Rule == engine.RuleGameOver {
		code = wire.NotYourTurn
	}
	e := wire.Errorf(code, "%s", re.Msg)
	e.Rule = re.Rule
	return e
}

func (tb *Table) sendView(conn *websocket.Conn, seat engine.Seat, events []engine.Event, ref string) {
	data, err := engine.EncodeView(tb.rules.Info().ID, tb.state.View(seat))
	if err != nil {
		panic(fmt.Sprintf("tabletest: %v", err))
	}
	sum := sha256.Sum256(data)
	_, over := tb.state.Result()
	send(conn, wire.Message{V: wire.Version, Type: wire.TypeView, Ref: ref, Version: int64(tb.state.Plies()),
		Hash: hex.EncodeToString(sum[:]), View: data, Events: engine.EventsFor(events, seat), Over: over, Game: tb.rules.Info().ID})
}

// send writes without waiting on a slow phone for long: a test table has
// no reason to queue.
func send(conn *websocket.Conn, m wire.Message) {
	data, err := json.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("tabletest: %v", err))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = conn.Write(ctx, websocket.MessageText, data)
}
