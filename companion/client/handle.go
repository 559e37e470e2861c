package client

import (
	"context"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/proto/wire"
)

// handle acts on one message from the table.
func (c *Client) handle(ctx context.Context, conn *websocket.Conn, m wire.Message) {
	switch m.Type {
	case wire.TypeWelcome:
		c.welcomed(m)
	case wire.TypeView:
		c.viewed(ctx, conn, m)
	case wire.TypeError:
		c.failed(conn, m)
	case wire.TypeRemoved:
		err := m.Error
		if err == nil {
			err = wire.Errorf(wire.BadToken, "removed from the table")
		}
		c.opts.Logf("removed from the table: %v", err)
		c.stop(joinErr(ErrRemoved, err))
		_ = conn.CloseNow()
	case wire.TypeRecord:
		if m.Record != nil {
			c.mu.Lock()
			u, ok := c.view.record(m.Record)
			c.mu.Unlock()
			if ok {
				c.deliver(u)
			}
		}
	case wire.TypeExplain, wire.TypeHint, wire.TypeShelfFound, wire.TypeShelfTaken:
		c.mu.Lock()
		r := c.pending[m.Ref]
		if r != nil && r.direct {
			delete(c.pending, r.ref)
			r.finish(reply{msg: m})
		}
		c.mu.Unlock()
	case wire.TypeSignAsk:
		c.signAsked(ctx, conn, m)
	case wire.TypePong:
	default:
		c.opts.Logf("ignored a %q message", m.Type)
	}
}

func (c *Client) welcomed(m wire.Message) {
	if m.Seat == nil || m.Token == "" {
		c.opts.Logf("ignored a welcome without seat or token")
		return
	}
	w := Welcome{Seat: *m.Seat, Token: m.Token, Game: m.Game, Table: m.Table}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.welcome = w
	// The view that follows a welcome is the seat's current one, whatever
	// its version: it may be another session's, or the same after a restart.
	c.view.fresh = true
	if c.resuming && (m.Ref == resumeRef || m.Ref == "") {
		c.resuming = false
		c.opts.Logf("resumed %v at %s", w.Seat, w.Table)
		c.linkChanged()
		return
	}
	if r := c.takeHello(m.Ref); r != nil {
		r.finish(reply{welcome: w})
		return
	}
	// A welcome that answers no join or resume of ours: the table plays
	// again with the same seats (docs/protocol.md, Play again).
	c.opts.Logf("the table started the next game: %v at %s", w.Seat, w.Table)
	c.view.newGame = true
	c.view.pendingRecord = nil // a record still waiting was the last game's
	c.final = nil
}

func (c *Client) viewed(ctx context.Context, conn *websocket.Conn, m wire.Message) {
	c.mu.Lock()
	seated := c.view.fresh // this view is the one a welcome announced
	u, verdict := c.view.accept(m)
	if verdict == accepted {
		c.settleMoves(m.Ref, u.Version, seated)
		if m.Over {
			c.final = m.View
		}
	}
	c.mu.Unlock()
	switch verdict {
	case accepted:
		c.deliver(u)
	case needSync:
		c.opts.Logf("view %d missed or damaged; asking the table for it again", m.Version)
		_ = c.write(ctx, conn, wire.Message{Type: wire.TypeSync})
	}
}

// deliver hands u to the reader, replacing a view it has not taken yet:
// every view is whole, so only the newest matters — but the start of a
// new game is kept, so the reader learns the game changed.
func (c *Client) deliver(u Update) {
	for {
		select {
		case c.updates <- u:
			return
		default:
		}
		select {
		case old := <-c.updates:
			u.NewGame = u.NewGame || old.NewGame
		default:
		}
	}
}

func (c *Client) failed(conn *websocket.Conn, m wire.Message) {
	e := m.Error
	if e == nil {
		e = wire.Errorf(wire.Internal, "the table sent an error without details")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.resuming && (m.Ref == resumeRef || m.Ref == "") {
		c.resuming = false
		c.resumeFailed(conn, e)
		return
	}
	r := c.pending[m.Ref]
	if m.Ref == "" {
		// A table that forgets the ref on an answer to join or resume.
		r = c.takeHello("")
	}
	if r == nil {
		c.opts.Logf("table: %v", e)
		return
	}
	delete(c.pending, r.ref)
	r.finish(reply{err: e})
}

// resumeFailed decides after the table refused the automatic resume: a seat
// it no longer knows is lost for good, anything else is worth another try.
func (c *Client) resumeFailed(conn *websocket.Conn, e *wire.Error) {
	switch e.Code {
	case wire.BadToken, wire.NoGame:
		c.opts.Logf("the table no longer holds this seat: %v", e)
		if c.stopErr == nil {
			c.stopErr = joinErr(ErrRemoved, e)
		}
		c.cancel()
	default:
		c.opts.Logf("resume refused: %v; trying again", e)
	}
	_ = conn.CloseNow()
}
