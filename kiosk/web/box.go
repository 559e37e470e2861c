package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/nacl/box"

	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/proto/wire"
)

// BoxPath is where the page opens its WebSocket, on the web port.
const BoxPath = "/v1/box"

// handshakeTimeout bounds the wait for the page's public key.
const handshakeTimeout = 10 * time.Second

// Codes of the web channel, besides the table protocol's (docs/protocol.md).
const (
	// BadFrame: a frame after the handshake is not the next box of this
	// connection (plaintext, replayed, reordered, reflected, forged, or
	// sealed under another key). Always fatal.
	BadFrame = "bad-frame"
	// TypeSeats asks for the seats' names and states (page → kiosk) and
	// answers it (kiosk → page); only a seated phone gets an answer.
	TypeSeats = "seats"
)

// ErrPlaintext is a text frame after the handshake.
var ErrPlaintext = errors.New("plaintext frame after the handshake")

// serveBox runs the handshake, then the table protocol inside boxes.
func (h *Handler) serveBox(w http.ResponseWriter, r *http.Request) {
	// No InsecureSkipVerify: a browser's Origin must be this host, so no
	// other site's page can use a guest's browser to reach the table.
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		h.cfg.Logf("web: refused a WebSocket from %s: %v", r.RemoteAddr, err)
		return
	}
	// Room for a box one byte over the protocol's limit, so the table, not
	// the socket, says "too large".
	ws.SetReadLimit(wire.MaxFrame + 1 + nonceSize + box.Overhead)
	ctx, cancel := context.WithTimeout(r.Context(), handshakeTimeout)
	typ, key, err := ws.Read(ctx)
	cancel()
	if err != nil {
		ws.Close(websocket.StatusPolicyViolation, "handshake: no public key")
		return
	}
	if typ != websocket.MessageBinary {
		ws.Close(websocket.StatusPolicyViolation, "handshake: send the page's 32-byte public key as a binary frame")
		return
	}
	ch, err := NewChannel(h.cfg.Key, key)
	if err != nil {
		ws.Close(websocket.StatusPolicyViolation, err.Error())
		return
	}
	if !h.seen.fresh([32]byte(key)) {
		// A page that made its keys ahead and had them taken by a second
		// tab as well; it comes back with new ones.
		h.cfg.Logf("web phone %s: public key already used by another connection; refused", r.RemoteAddr)
		ws.Close(websocket.StatusPolicyViolation, "handshake: this public key was already used; make a new one")
		return
	}
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	h.cfg.Table.ServeTransport(r.Context(), &boxConn{ws: ws, ch: ch, addr: addr, h: h})
}

// boxConn is a server.Transport: the table protocol's JSON messages, each
// in a box of the connection's channel.
type boxConn struct {
	ws   *websocket.Conn
	ch   *Channel
	addr string
	h    *Handler

	mu     sync.Mutex // one writer at a time: the counter must follow the wire
	seated bool       // a welcome went out and no removal since
}

var _ server.Transport = (*boxConn)(nil)

// Read returns the next message from the page. A frame that is not the
// next box of this channel ends the connection with a bad-frame error,
// which touches no other connection.
func (c *boxConn) Read(ctx context.Context) ([]byte, error) {
	for {
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
		if peekType(msg) == TypeSeats {
			if err := c.seats(ctx); err != nil {
				return nil, err
			}
			continue
		}
		return msg, nil
	}
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

// seatsMessage is the answer to a seats request.
type seatsMessage struct {
	V     int         `json:"v"`
	Type  string      `json:"type"`
	Seats []seatEntry `json:"seats"`
	Free  int         `json:"free"`
}

type seatEntry struct {
	Name  string `json:"name,omitempty"`
	State string `json:"state"`
}

// seats answers a seats request: names are for seated phones only.
func (c *boxConn) seats(ctx context.Context) error {
	c.mu.Lock()
	seated := c.seated
	c.mu.Unlock()
	var data []byte
	var err error
	if !seated {
		data, err = json.Marshal(wire.Errorf(wire.NotJoined, "join the table first").Reply(TypeSeats))
	} else {
		m := seatsMessage{V: wire.Version, Type: TypeSeats, Seats: []seatEntry{}}
		for _, s := range c.h.cfg.Table.Seats() {
			m.Seats = append(m.Seats, seatEntry{Name: s.Name, State: string(s.State)})
			if s.State == server.SeatFree {
				m.Free++
			}
		}
		data, err = json.Marshal(m)
	}
	if err != nil {
		return err
	}
	return c.Write(ctx, data)
}

// Write seals one message to the page.
func (c *boxConn) Write(ctx context.Context, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch peekType(data) {
	case wire.TypeWelcome:
		c.seated = true
	case wire.TypeRemoved:
		c.seated = false
	}
	return c.ws.Write(ctx, websocket.MessageBinary, c.ch.Seal(data))
}

func (c *boxConn) Ping(ctx context.Context) error { return c.ws.Ping(ctx) }

func (c *boxConn) Close(code wire.CloseCode, reason string) error {
	return c.ws.Close(websocket.StatusCode(code), reason)
}

func (c *boxConn) RemoteAddr() string { return c.addr }

// peekType reads a message's type without judging the rest: the table's
// strict decoder does that.
func peekType(msg []byte) string {
	if !bytes.Contains(msg, []byte(`"type"`)) {
		return ""
	}
	var m struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return ""
	}
	return m.Type
}
