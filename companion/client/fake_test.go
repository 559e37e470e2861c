package client

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/tlscert"
	"github.com/tablee/tablee/kiosk/wire"
)

// wait bounds every step of a test: a loopback answer takes milliseconds.
const wait = 5 * time.Second

// fakeTable is a table reduced to its transport: each test plays the
// table's side of the protocol by hand through the peers it accepts.
type fakeTable struct {
	t     *testing.T
	cert  tls.Certificate
	srv   *httptest.Server
	addr  string
	fp    string
	peers chan *peer
	deaf  atomic.Bool // the next phone's messages are never read, pings included
}

func newFakeTable(t *testing.T) *fakeTable {
	t.Helper()
	cert, err := tlscert.LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeTable{t: t, cert: cert, fp: tlscert.Fingerprint(cert), peers: make(chan *peer, 4)}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.addr = ln.Addr().String()
	f.start(ln)
	t.Cleanup(func() { f.srv.Close() })
	return f
}

// start serves on ln, as a kiosk does on each start.
func (f *fakeTable) start(ln net.Listener) {
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(f.accept))
	f.srv.Listener.Close()
	f.srv.Listener = ln
	f.srv.TLS = tlscert.ServerConfig(f.cert)
	f.srv.StartTLS()
}

// restart stops the table and starts it again on the same address, as
// after a SIGKILL and a restart, once down has passed.
func (f *fakeTable) restart(down time.Duration) {
	f.t.Helper()
	f.srv.Close()
	time.Sleep(down)
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		f.t.Fatal(err)
	}
	f.start(ln)
}

func (f *fakeTable) accept(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != Path {
		http.NotFound(w, r)
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	p := &peer{t: f.t, conn: conn, msgs: make(chan []byte, 16)}
	f.t.Cleanup(func() { conn.CloseNow() })
	if !f.deaf.Swap(false) {
		go p.read()
	}
	f.peers <- p
}

// next is the next phone to connect.
func (f *fakeTable) next() *peer {
	f.t.Helper()
	select {
	case p := <-f.peers:
		return p
	case <-time.After(wait):
		f.t.Fatal("no phone connected")
		return nil
	}
}

// dial connects a client with fast backoff and pings.
func (f *fakeTable) dial() (*Client, *logLines) {
	return f.dialWith(Options{})
}

func (f *fakeTable) dialWith(opts Options) (*Client, *logLines) {
	f.t.Helper()
	logs := &logLines{}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	opts.Logf, opts.Backoff, opts.MaxBackoff = logs.add, 10*time.Millisecond, 80*time.Millisecond
	c, err := DialWith(ctx, f.addr, f.fp, opts)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { c.Close() })
	return c, logs
}

// peer is the table's end of one phone's connection.
type peer struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan []byte // what the phone sent, closed when the connection ends
	end  error       // why it ended, once msgs is closed
}

// closeErr is why the connection ended; call it once msgs is closed.
func (p *peer) closeErr() error { return p.end }

// read keeps reading, as a table does, so that a phone's close is
// answered.
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

func (p *peer) recv() wire.Message {
	p.t.Helper()
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
	return m
}

// expect reads the next message, skipping pings, and checks its type.
func (p *peer) expect(typ string) wire.Message {
	p.t.Helper()
	for {
		m := p.recv()
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
	data, err := json.Marshal(m)
	if err != nil {
		p.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := p.conn.Write(ctx, websocket.MessageText, data); err != nil {
		p.t.Fatalf("table writes: %v", err)
	}
}

func (p *peer) welcome(ref string, seat engine.Seat, token string) {
	p.send(wire.Message{Type: wire.TypeWelcome, Ref: ref, Seat: &seat, Token: token, Game: "canoe", Table: "Table 1"})
}

// view sends a view message whose view names its version, so tests can
// tell views apart.
func (p *peer) view(version int64, ref string) {
	body := viewBody(version)
	p.send(wire.Message{Type: wire.TypeView, Ref: ref, Version: version, Hash: hashOf(body), View: body, Game: "canoe"})
}

func viewBody(version int64) json.RawMessage {
	data, _ := json.Marshal(engine.ViewJSON{V: 1, Game: "canoe", Viewer: 1, View: json.RawMessage(fmt.Sprintf(`{"n":%d}`, version))})
	return data
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// join answers a phone's join: seat 1, token "tok", then view version.
func (p *peer) join(version int64) {
	p.t.Helper()
	m := p.expect(wire.TypeJoin)
	p.welcome(m.Ref, 1, "tok")
	p.view(version, "")
}

// nextUpdate is the client's next view.
func nextUpdate(t *testing.T, c *Client) Update {
	t.Helper()
	select {
	case u, ok := <-c.Updates():
		if !ok {
			t.Fatalf("updates closed: %v", c.Err())
		}
		return u
	case <-time.After(wait):
		t.Fatal("no view arrived")
		return Update{}
	}
}

// logLines collects a client's log, safe for its goroutines.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logLines) has(part string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.lines {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}
