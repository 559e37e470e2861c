package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/nacl/box"

	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/proto/wire"
)

// BoxPath is where the page opens its WebSocket, on the web port. Its
// version is the web channel's: version 2 added the kiosk's fresh key to
// every connection (docs/protocol.md, "The channel").
const BoxPath = "/v2/box"

// OldBoxPath is where pages of the first web channel connect; the kiosk
// only tells them to reload.
const OldBoxPath = "/v1/box"

// handshakeTimeout bounds the wait for the page's public key.
const handshakeTimeout = 10 * time.Second

// Codes of the web channel, besides the table protocol's (docs/protocol.md).
const (
	// BadFrame: a frame after the handshake is not the next box of this
	// connection (plaintext, replayed, reordered, reflected, forged, or
	// sealed under another key). Always fatal.
	BadFrame = "bad-frame"
	// Reload: the page speaks an older web channel than the kiosk; it is
	// told to reload (fatal), which fetches the kiosk's current page.
	Reload = "reload"
)

// ErrPlaintext is a text frame after the handshake.
var ErrPlaintext = errors.New("plaintext frame after the handshake")

// errNoChannel is a write before the handshake keyed the channel.
var errNoChannel = errors.New("web channel: no message before the handshake")

// serveBox accepts the page's WebSocket and hands it to the table server,
// which caps the connections per address before anything is read: the
// handshake happens in the connection's first Read.
func (h *Handler) serveBox(w http.ResponseWriter, r *http.Request, legacy bool) {
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	// A page reconnecting in a loop is refused before the upgrade and the
	// handshake's key work, by the same per-address rate as the app's
	// TLS connections (server.AllowConn); the page retries with backoff.
	if !h.cfg.Table.AllowConn(addr) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "too many new connections from this address; try again in a moment", http.StatusTooManyRequests)
		return
	}
	// A browser's Origin must be this host, or the venue hub's page, so no
	// other site's page can use a guest's browser to reach the table.
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: h.fromHubPage(r)})
	if err != nil {
		h.cfg.Logf("web: refused a WebSocket from %s: %v", r.RemoteAddr, err)
		return
	}
	// Room for a box one byte over the protocol's limit, so the table, not
	// the socket, says "too large".
	ws.SetReadLimit(wire.MaxFrame + 1 + nonceSize + box.Overhead)
	h.cfg.Table.ServeTransport(r.Context(), &boxConn{ws: ws, key: h.cfg.Key, legacy: legacy, addr: addr, h: h})
}

// fromHubPage reports whether r comes from a page the venue hub served:
// its Origin is exactly the hub's page (Config.HubPage). Any other Origin
// is left to the WebSocket library's check, which accepts this host only.
func (h *Handler) fromHubPage(r *http.Request) bool {
	if h.cfg.HubPage == nil {
		return false
	}
	hub := h.cfg.HubPage()
	return hub != "" && strings.EqualFold(r.Header.Get("Origin"), "http://"+hub)
}

// boxConn is a server.Transport: the table protocol's JSON messages, each
// in a box of the connection's channel.
type boxConn struct {
	ws     *websocket.Conn
	key    *Key
	legacy bool // a page of the first web channel: told to reload
	addr   string
	h      *Handler

	mu sync.Mutex // one writer at a time: the counter must follow the wire
	ch *Channel   // nil until the handshake; set by Read, under mu
}

var _ server.Transport = (*boxConn)(nil)

// Read returns the next message from the page; the first call runs the
// handshake. A frame that is not the next box of this channel ends the
// connection with a bad-frame error, which touches no other connection.
// Every message, whatever its type, goes to the table server's throttle
// and strict decoder.
func (c *boxConn) Read(ctx context.Context) ([]byte, error) {
	if c.ch == nil {
		if err := c.handshake(ctx); err != nil {
			return nil, err
		}
	}
	typ, frame, err := c.ws.Read(ctx)
	if err != nil {
		return nil, err
	}
	if typ != websocket.MessageBinary {
		return nil, c.refuse(ctx, ErrPlaintext)
	}
	msg, err := c.ch.Open(frame)
	if err != nil {
		return nil, c.refuse(ctx, err)
	}
	return msg, nil
}

// handshake reads the page's fresh public key and answers with the
// kiosk's hello, keying the channel.
func (c *boxConn) handshake(ctx context.Context) error {
	hctx, cancel := context.WithTimeout(ctx, handshakeTimeout)
	typ, key, err := c.ws.Read(hctx)
	cancel()
	if err != nil {
		c.Close(wire.ClosePolicy, "handshake: no public key")
		return fmt.Errorf("web phone %s: handshake: %w", c.addr, err)
	}
	if typ != websocket.MessageBinary {
		c.Close(wire.ClosePolicy, "handshake: send the page's 32-byte public key as a binary frame")
		return fmt.Errorf("web phone %s: handshake: a text frame", c.addr)
	}
	if c.legacy {
		return c.reloadOldPage(ctx, key)
	}
	ch, hello, err := NewChannel(c.key, key)
	if err != nil {
		c.Close(wire.ClosePolicy, err.Error())
		return fmt.Errorf("web phone %s: %w", c.addr, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ws.Write(ctx, websocket.MessageBinary, hello); err != nil {
		return fmt.Errorf("web phone %s: handshake: %w", c.addr, err)
	}
	c.ch = ch
	return nil
}

// reloadOldPage tells a page of the first web channel, in the only frame
// it can open, that it must reload, and closes.
func (c *boxConn) reloadOldPage(ctx context.Context, key []byte) error {
	ch, err := newStaticChannel(c.key, key)
	if err != nil {
		c.Close(wire.ClosePolicy, err.Error())
		return fmt.Errorf("web phone %s: %w", c.addr, err)
	}
	e := wire.Errorf(Reload, "Rechargez la page · Seite neu laden · Reload the page")
	e.Fatal = true
	if data, err := json.Marshal(e.Reply("")); err == nil {
		c.ws.Write(ctx, websocket.MessageBinary, ch.Seal(data))
	}
	c.Close(wire.ClosePolicy, Reload)
	return fmt.Errorf("web phone %s: an older page; told to reload", c.addr)
}

// refuse tells the page why its connection ends, inside a box (a frame
// in clear would be forgeable), logs it and closes.
func (c *boxConn) refuse(ctx context.Context, why error) error {
	c.h.cfg.Logf("web phone %s: %v; closing its connection", c.addr, why)
	e := wire.Errorf(BadFrame, "%v", why)
	e.Fatal = true
	if data, err := json.Marshal(e.Reply("")); err == nil {
		c.Write(ctx, data)
	}
	c.Close(wire.ClosePolicy, BadFrame)
	return fmt.Errorf("web phone %s: %w", c.addr, why)
}

// Write seals one message to the page.
func (c *boxConn) Write(ctx context.Context, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		return errNoChannel
	}
	return c.ws.Write(ctx, websocket.MessageBinary, c.ch.Seal(data))
}

func (c *boxConn) Ping(ctx context.Context) error { return c.ws.Ping(ctx) }

func (c *boxConn) Close(code wire.CloseCode, reason string) error {
	return c.ws.Close(websocket.StatusCode(code), reason)
}

func (c *boxConn) RemoteAddr() string { return c.addr }

// Web tells the table server that this seat plays on the web page (the
// staff console shows it so).
func (c *boxConn) Web() bool { return true }
