package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// pipe is an in-memory Transport, as another carrier (the web page's
// NaCl channel) would hand the server.
type pipe struct {
	addr string
	in   chan []byte // phone → table
	out  chan []byte // table → phone

	once   sync.Once
	closed chan struct{}
	code   wire.CloseCode
}

func newPipe(addr string) *pipe {
	return &pipe{addr: addr, in: make(chan []byte, 16), out: make(chan []byte, 256), closed: make(chan struct{})}
}

func (p *pipe) Read(ctx context.Context) ([]byte, error) {
	select {
	case b := <-p.in:
		return b, nil
	case <-p.closed:
		return nil, errors.New("pipe closed")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (p *pipe) Write(ctx context.Context, b []byte) error {
	select {
	case p.out <- b:
		return nil
	case <-p.closed:
		return errors.New("pipe closed")
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *pipe) Ping(context.Context) error { return nil }

func (p *pipe) Close(code wire.CloseCode, _ string) error {
	p.once.Do(func() { p.code = code; close(p.closed) })
	return nil
}

func (p *pipe) RemoteAddr() string { return p.addr }

func (p *pipe) send(t *testing.T, m wire.Message) {
	t.Helper()
	m.V = wire.Version
	data, _ := json.Marshal(m)
	p.in <- data
}

func (p *pipe) expect(t *testing.T, typ string) wire.Message {
	t.Helper()
	select {
	case data := <-p.out:
		var m wire.Message
		if err := json.Unmarshal(data, &m); err != nil || m.Type != typ {
			t.Fatalf("got %s, want %s", data, typ)
		}
		return m
	case <-p.closed:
		t.Fatalf("closed with %d while waiting for %s", p.code, typ)
	}
	return wire.Message{}
}

func TestServeTransportSpeaksTheProtocolOverAnyCarrier(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := newPipe("10.0.0.7")
	served := make(chan struct{})
	go func() { tb.srv.ServeTransport(context.Background(), p); close(served) }()

	p.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Web"})
	if w := p.expect(t, wire.TypeWelcome); *w.Seat != 0 || w.Token == "" {
		t.Fatalf("welcome %+v", w)
	}
	p.expect(t, wire.TypeView)
	if tb.srv.Seats()[0].State != SeatConnected {
		t.Fatalf("seat 0 is %s", tb.srv.Seats()[0].State)
	}
	p.Close(wire.CloseNormal, "bye")
	<-served
	if st := tb.srv.Seats()[0].State; st != SeatAway {
		t.Errorf("after the carrier closed, seat 0 is %s, want away", st)
	}
}

func TestServeTransportEndsWithTheServer(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := newPipe("10.0.0.8")
	served := make(chan struct{})
	go func() { tb.srv.ServeTransport(context.Background(), p); close(served) }()
	p.send(t, wire.Message{Type: wire.TypePing})
	p.expect(t, wire.TypePong)
	tb.srv.Close()
	<-served
	<-p.closed
	if p.code != wire.CloseGoingAway {
		t.Errorf("closed with %d, want %d", p.code, wire.CloseGoingAway)
	}
}

func TestForeignOriginIsRefused(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	dial := func(origin string) (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		client := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(tb.fp)}}
		h := http.Header{}
		if origin != "" {
			h.Set("Origin", origin)
		}
		ws, resp, err := websocket.Dial(ctx, tb.url, &websocket.DialOptions{HTTPClient: client, HTTPHeader: h})
		if err == nil {
			ws.CloseNow()
		}
		return resp, err
	}
	if _, err := dial("https://evil.example"); err == nil {
		t.Error("a page from a foreign origin opened the table's WebSocket")
	}
	if _, err := dial(""); err != nil {
		t.Errorf("the companion app (no Origin) was refused: %v", err)
	}
	host := strings.TrimPrefix(strings.TrimSuffix(tb.url, wire.Path), "wss://")
	if _, err := dial("https://" + host); err != nil {
		t.Errorf("the table's own origin was refused: %v", err)
	}
}

func TestConfiguredOriginIsAllowed(t *testing.T) {
	tb := newTableWith(t, "canoe", twoGuests(), Config{Origins: []string{"kiosk.local:8080"}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(tb.fp)}}
	h := http.Header{"Origin": {"http://kiosk.local:8080"}}
	ws, _, err := websocket.Dial(ctx, tb.url, &websocket.DialOptions{HTTPClient: client, HTTPHeader: h})
	if err != nil {
		t.Fatalf("the kiosk's web page origin was refused: %v", err)
	}
	ws.CloseNow()
}

func TestConnectionsPerAddressAreBounded(t *testing.T) {
	tb := newTableWith(t, "canoe", twoGuests(), Config{MaxConnsPerAddr: 2})
	for i := 0; i < 2; i++ {
		p := newPipe("10.0.0.9")
		go tb.srv.ServeTransport(context.Background(), p)
		p.send(t, wire.Message{Type: wire.TypePing})
		p.expect(t, wire.TypePong) // admitted and served
	}
	third := newPipe("10.0.0.9")
	tb.srv.ServeTransport(context.Background(), third)
	<-third.closed
	if third.code != wire.CloseTryAgain {
		t.Errorf("third connection closed with %d, want %d", third.code, wire.CloseTryAgain)
	}
	other := newPipe("10.0.0.10")
	go tb.srv.ServeTransport(context.Background(), other)
	other.send(t, wire.Message{Type: wire.TypePing})
	other.expect(t, wire.TypePong)
}
