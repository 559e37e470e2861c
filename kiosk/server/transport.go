package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/wire"
)

// Transport is one phone's message channel, whatever carries it: the TLS
// WebSocket of ServeHTTP, or another channel (the kiosk's web page speaks
// the same protocol over a NaCl box inside a plain-HTTP WebSocket, see
// kiosk/web) handed to ServeTransport. The server runs the same session
// logic (table code, seat tokens, limits, views) over any Transport.
//
// The server calls Read from one goroutine and Write, Ping and Close from
// others; an implementation must allow that (one Read at a time, one Write
// at a time, Close and Ping at any time).
type Transport interface {
	// Read returns the next message, one protocol frame of JSON text. It
	// blocks until a frame arrives, ctx ends or the channel closes (any
	// error ends the connection, except ErrNotText which the phone is
	// told about). A frame larger than wire.MaxFrame may be returned as is
	// (the server answers too-large) or refused with an error.
	Read(ctx context.Context) ([]byte, error)
	// Write sends one message, a frame of JSON text.
	Write(ctx context.Context, data []byte) error
	// Ping checks the link is alive and returns once the other end
	// answered, or with an error when ctx ends first. A Transport with no
	// liveness check of its own returns nil at once (its link is then
	// only known dead when Read fails).
	Ping(ctx context.Context) error
	// Close ends the channel with a WebSocket close status (wire.Close…)
	// and a short reason; it may be called more than once.
	Close(code wire.CloseCode, reason string) error
	// RemoteAddr is the phone's IP address (no port): rate limits and
	// the staff's log count by it.
	RemoteAddr() string
}

// ErrNotText is returned by a Transport's Read for a frame that is not a
// text frame (a binary WebSocket message). The phone gets a bad-json
// error and the connection goes on.
var ErrNotText = errors.New("only text frames carry this protocol")

// wsTransport is a Transport over a coder/websocket connection.
type wsTransport struct {
	ws   *websocket.Conn
	addr string
}

// NewWebSocketTransport wraps an accepted WebSocket; remoteAddr is the
// request's RemoteAddr (host:port or host). Its read limit is set to
// wire.MaxFrame+1 so the server, not the socket, says "too large".
func NewWebSocketTransport(ws *websocket.Conn, remoteAddr string) Transport {
	ws.SetReadLimit(wire.MaxFrame + 1)
	addr := remoteAddr
	if h, _, err := net.SplitHostPort(remoteAddr); err == nil {
		addr = h
	}
	return &wsTransport{ws: ws, addr: addr}
}

func (t *wsTransport) Read(ctx context.Context) ([]byte, error) {
	typ, data, err := t.ws.Read(ctx)
	if err != nil {
		return nil, err
	}
	if typ != websocket.MessageText {
		return nil, ErrNotText
	}
	return data, nil
}

func (t *wsTransport) Write(ctx context.Context, data []byte) error {
	return t.ws.Write(ctx, websocket.MessageText, data)
}

func (t *wsTransport) Ping(ctx context.Context) error { return t.ws.Ping(ctx) }

func (t *wsTransport) Close(code wire.CloseCode, reason string) error {
	return t.ws.Close(websocket.StatusCode(code), reason)
}

func (t *wsTransport) RemoteAddr() string { return t.addr }

// ServeHTTP accepts a phone's WebSocket at wire.Path and serves it. A
// browser's upgrade is accepted only from the kiosk's own pages: an Origin
// header must name the requested host or match Config.Origins; programs
// that send no Origin (the companion app) are not concerned.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != wire.Path {
		http.NotFound(w, r)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins})
	if err != nil {
		s.cfg.Logf("refused a WebSocket from %s: %v", r.RemoteAddr, err)
		return // Accept has answered the request
	}
	s.ServeTransport(r.Context(), NewWebSocketTransport(ws, r.RemoteAddr))
}

// ServeTransport runs the protocol over t until the phone leaves, ctx
// ends or the server closes; it closes t before returning. It is what
// ServeHTTP does after the upgrade, and the entry point for any other
// carrier of the protocol.
func (s *Server) ServeTransport(ctx context.Context, t Transport) {
	if !s.admit(t.RemoteAddr()) {
		t.Close(wire.CloseTryAgain, fmt.Sprintf("at most %d connections per address", s.cfg.MaxConnsPerAddr))
		return
	}
	defer s.release(t.RemoteAddr())
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()
	s.serve(ctx, newConn(t, s.cfg.Logf))
}
