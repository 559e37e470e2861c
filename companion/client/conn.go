package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// resumeRef marks the resume the client sends by itself after reconnecting,
// so that its answer is told apart from the caller's requests.
const resumeRef = "auto-resume"

// run serves one connection after another until the client stops.
func (c *Client) run(conn *websocket.Conn) {
	defer close(c.done)
	defer close(c.updates)
	for conn != nil {
		err := c.serve(conn)
		c.dropped(err)
		if c.stopped() {
			return
		}
		c.opts.Logf("connection lost: %v", err)
		conn = c.reconnect()
	}
}

// serve reads one connection's messages until it fails.
func (c *Client) serve(conn *websocket.Conn) error {
	ctx, cancel := context.WithCancel(c.ctx)
	pinged := make(chan struct{})
	go func() {
		defer close(pinged)
		c.keepAlive(ctx, conn)
	}()
	defer func() { <-pinged }()
	defer cancel()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			_ = conn.CloseNow()
			return err
		}
		var m wire.Message
		if err := json.Unmarshal(data, &m); err != nil {
			c.opts.Logf("ignored a message that is not JSON: %v", err)
			continue
		}
		c.handle(ctx, conn, m)
	}
}

// keepAlive pings the table and closes a connection whose pong does not
// come back: a table that lost power, or a network that drops packets,
// never closes it. WebSocket pings are answered by the table's WebSocket
// library while it reads, whatever its protocol code does.
func (c *Client) keepAlive(ctx context.Context, conn *websocket.Conn) {
	tick := time.NewTicker(c.opts.PingEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		pctx, cancel := context.WithTimeout(ctx, 2*c.opts.PingEvery)
		err := conn.Ping(pctx)
		cancel()
		if err != nil && ctx.Err() == nil {
			c.opts.Logf("the table does not answer: %v", err)
			_ = conn.CloseNow()
			return
		}
	}
}

// dropped forgets a connection that failed and fails the requests that were
// waiting on it: whether the table received them is unknown.
func (c *Client) dropped(cause error) {
	defer c.linkChanged()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.conn = nil
	c.resuming = false
	for ref, r := range c.pending {
		r.finish(reply{err: fmt.Errorf("%w (%v)", ErrDisconnected, cause)})
		delete(c.pending, ref)
	}
}

// reconnect dials again with backoff until it succeeds, the client stops,
// or the table shows another certificate. It sends resume when the client
// holds a token. It returns nil when the client stops.
func (c *Client) reconnect() *websocket.Conn {
	wait := c.opts.Backoff
	for {
		c.opts.Logf("reconnecting in %v", wait)
		select {
		case <-c.ctx.Done():
			return nil
		case <-time.After(wait):
		}
		conn, err := c.dialOnce()
		if errors.Is(err, tlscert.ErrMismatch) {
			c.stop(err)
			return nil
		}
		if err == nil {
			if c.attach(conn) {
				return conn
			}
			_ = conn.CloseNow()
			return nil
		}
		c.opts.Logf("reconnect failed: %v", err)
		wait = min(2*wait, c.opts.MaxBackoff)
	}
}

func (c *Client) dialOnce() (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(c.ctx, c.opts.DialTimeout)
	defer cancel()
	return c.dial(ctx)
}

// attach makes conn the client's connection and resumes the seat on it. It
// reports false when the client stopped meanwhile.
func (c *Client) attach(conn *websocket.Conn) bool {
	c.mu.Lock()
	if c.stopErr != nil {
		c.mu.Unlock()
		return false
	}
	c.conn = conn
	token := c.welcome.Token
	c.resuming = token != ""
	c.mu.Unlock()
	if token == "" {
		c.opts.Logf("reconnected")
		c.linkChanged()
		return true
	}
	c.opts.Logf("reconnected; resuming the seat")
	// A failed write closes conn, and serve then reconnects again.
	_ = c.write(c.ctx, conn, wire.Message{Type: wire.TypeResume, Ref: resumeRef, Token: token})
	return true
}

// writeTimeout bounds a write. A write to a link that drops packets still
// succeeds into the socket's buffer, so it is not what finds a dead link
// (the pings are): it is generous, for a phone slowed by other work.
const writeTimeout = 10 * time.Second

// write sends one message, bounded in time so a stuck network cannot hold
// the caller.
func (c *Client) write(ctx context.Context, conn *websocket.Conn, m wire.Message) error {
	m.V = wire.Version
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("client: encode %s: %w", m.Type, err)
	}
	ctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageText, data); err != nil {
		return fmt.Errorf("client: send %s: %w", m.Type, err)
	}
	return nil
}
