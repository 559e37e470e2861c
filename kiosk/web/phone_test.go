package web_test

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"
	"golang.org/x/crypto/nacl/box"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/proto/wire"
)

// kiosk is a real table (SQLite in a temp dir, host, server, web page) on
// loopback with a session of one game.
type kiosk struct {
	*table.Table
	join joinurl.Info
}

// openKiosk starts a table and a session of game; seats with a Bot level
// are bots, the others wait for phones. opts change the table's Config.
func openKiosk(t testing.TB, game string, seats []table.Seat, opts ...func(*table.Config)) *kiosk {
	t.Helper()
	dir := t.TempDir()
	cfg := table.Config{Name: "Table 1", DBPath: filepath.Join(dir, "t.db"), DataDir: dir,
		Addr: "127.0.0.1:0", Games: catalog.Registry(), Logger: testLogger(t)}
	for _, o := range opts {
		o(&cfg)
	}
	tb, err := table.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	if _, err := tb.Start(context.Background(), game, nil, seats); err != nil {
		t.Fatal(err)
	}
	return &kiosk{Table: tb, join: tb.JoinInfo("127.0.0.1")}
}

// message is any message the page may receive (the table protocol's, and
// the web channel's seats answer).
type message struct {
	Type    string          `json:"type"`
	Ref     string          `json:"ref"`
	Token   string          `json:"token"`
	Seat    *engine.Seat    `json:"seat"`
	View    json.RawMessage `json:"view"`
	Version int64           `json:"version"`
	Waiting int             `json:"waiting"`
	Over    bool            `json:"over"`
	Free    int             `json:"free"`
	Record  json.RawMessage `json:"record"`
	Seats   []struct {
		Name, State string
	} `json:"seats"`
	Error *struct {
		Code, Message, Rule string
		Fatal               bool
	} `json:"error"`
}

// phone speaks the web channel exactly as the page does, written here
// independently of the package's own Channel so the wire format is checked
// from outside. It records every frame it sends, as a listener on the
// network would.
type phone struct {
	ws         *websocket.Conn
	pub        [32]byte
	shared     [32]byte
	sent, recv uint64
	sentFrames [][]byte // the page key, then each box, as sent
}

func dialPhone(t testing.TB, ctx context.Context, addr string, kioskKey [32]byte) *phone {
	t.Helper()
	p, err := dialPhoneErr(ctx, addr, kioskKey)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.ws.CloseNow() })
	return p
}

// dialPhoneErr opens a connection and runs the handshake: the page's
// fresh key in clear, then the kiosk's hello, the box of the kiosk's fresh
// key under its long-term key, which keys the channel.
func dialPhoneErr(ctx context.Context, addr string, kioskKey [32]byte) (*phone, error) {
	pub, sec, err := box.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return handshake(ctx, addr, kioskKey, pub, sec)
}

func handshake(ctx context.Context, addr string, kioskKey [32]byte, pub, sec *[32]byte) (*phone, error) {
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+web.BoxPath, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &phone{ws: ws, pub: *pub, sentFrames: [][]byte{pub[:]}}
	if err := ws.Write(ctx, websocket.MessageBinary, pub[:]); err != nil {
		ws.CloseNow()
		return nil, err
	}
	typ, hello, err := ws.Read(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("no hello: %w", err)
	}
	if typ != websocket.MessageBinary || len(hello) != 24+box.Overhead+32 {
		ws.CloseNow()
		return nil, fmt.Errorf("hello of %d bytes", len(hello))
	}
	n := [24]byte(hello[:24])
	fresh, ok := box.Open(nil, hello[24:], &n, &kioskKey, sec)
	if !ok {
		ws.CloseNow()
		return nil, errNotBox
	}
	box.Precompute(&p.shared, (*[32]byte)(fresh), sec)
	return p, nil
}

func pageNonce(dir byte, n uint64) *[24]byte {
	var b [24]byte
	b[0] = dir
	binary.BigEndian.PutUint64(b[16:], n)
	return &b
}

// seal boxes msg as the page's next frame.
func (p *phone) seal(msg []byte) []byte {
	n := pageNonce(0, p.sent)
	p.sent++
	return box.SealAfterPrecomputation(n[:], msg, n, &p.shared)
}

func (p *phone) send(ctx context.Context, m map[string]any) error {
	m["v"] = wire.Version
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	frame := p.seal(data)
	p.sentFrames = append(p.sentFrames, frame)
	return p.ws.Write(ctx, websocket.MessageBinary, frame)
}

var errNotBox = errors.New("frame from the kiosk is not its next box")

// read opens the kiosk's next frame.
func (p *phone) read(ctx context.Context) (message, error) {
	typ, frame, err := p.ws.Read(ctx)
	if err != nil {
		return message{}, err
	}
	n := pageNonce(1, p.recv)
	if typ != websocket.MessageBinary || len(frame) < 24 || string(frame[:24]) != string(n[:]) {
		return message{}, errNotBox
	}
	plain, ok := box.OpenAfterPrecomputation(nil, frame[24:], n, &p.shared)
	if !ok {
		return message{}, errNotBox
	}
	p.recv++
	var m message
	return m, json.Unmarshal(plain, &m)
}

// until reads until a message of type typ (or an error message) arrives.
func (p *phone) until(t testing.TB, ctx context.Context, typ string) message {
	t.Helper()
	for {
		m, err := p.read(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", typ, err)
		}
		if m.Type == typ || (m.Type == "error" && typ != "error") {
			return m
		}
	}
}

// logLines keeps the kiosk's log for a test to read, and shows it in the
// test's output while the test runs.
type logLines struct {
	t     testing.TB
	mu    sync.Mutex
	lines []string
	done  bool
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	line := strings.TrimSuffix(string(p), "\n")
	l.lines = append(l.lines, line)
	if !l.done {
		l.t.Log(line)
	}
	return len(p), nil
}

// has reports whether a line of the log contains s.
func (l *logLines) has(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

var logs sync.Map // testing.TB -> *logLines

func testLogger(t testing.TB) *log.Logger {
	l := &logLines{t: t}
	logs.Store(t, l)
	t.Cleanup(func() { l.mu.Lock(); l.done = true; l.mu.Unlock() })
	return log.New(l, "kiosk: ", 0)
}

func kioskLog(t testing.TB) *logLines {
	l, _ := logs.Load(t)
	return l.(*logLines)
}
