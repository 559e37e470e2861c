package server

import (
	"encoding/json"
	"errors"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
)

// explain tells a seated phone whether its move may be made now and why
// not, from its seat's own view, without playing it (engine.Explain).
func (s *Server) explain(c *conn, m wire.Message) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(m.Ref))
		return
	}
	s.mu.Lock()
	sess := s.session
	s.mu.Unlock()
	if sess == nil {
		c.send(wire.Errorf(wire.NoGame, "no game is running").Reply(m.Ref))
		return
	}
	v := sess.View(seat)
	if _, over := v.Result(); !over && v.Turn() != engine.NoSeat && v.Turn() != seat {
		// Out of turn the answer is not-your-turn whatever the move,
		// readable or not (docs/protocol.md, "Why not? and hints"): the
		// seat learns who is to move, not how its move reads.
		ex := engine.Explain(sess.Game(), v, seat, nil)
		c.send(wire.Message{Type: wire.TypeExplain, Ref: m.Ref, Legal: &ex.Legal, Rule: ex.Rule, Args: ex.Args})
		return
	}
	mv, err := sess.Game().DecodeMove(m.Move)
	if err != nil {
		c.send(wire.Errorf(wire.BadMove, "%v", err).Reply(m.Ref))
		return
	}
	ex := engine.Explain(sess.Game(), v, seat, mv)
	c.send(wire.Message{Type: wire.TypeExplain, Ref: m.Ref, Legal: &ex.Legal, Rule: ex.Rule, Args: ex.Args})
}

// hint answers a phone whose turn it is with the move the game's default
// bot would make from its seat's view (host.Session.Hint), counted in the
// session's record.
func (s *Server) hint(c *conn, ref string) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(ref))
		return
	}
	s.mu.Lock()
	sess, free := s.session, s.freeLocked()
	s.mu.Unlock()
	if sess == nil {
		c.send(wire.Errorf(wire.NoGame, "no game is running").Reply(ref))
		return
	}
	if free > 0 {
		c.send(wire.Errorf(wire.Waiting, "waiting for %d more player(s) to join", free).Reply(ref))
		return
	}
	mv, err := sess.Hint(s.ctx, seat)
	if err != nil {
		e := moveError(err)
		if e.Code == wire.Internal && !errors.Is(err, host.ErrNotActive) {
			s.cfg.Logf("hint for %v: %v", seat, err)
		}
		c.send(e.Reply(ref))
		return
	}
	js, err := json.Marshal(mv)
	if err != nil {
		s.cfg.Logf("hint for %v: %v", seat, err)
		c.send(wire.Errorf(wire.Internal, "the table could not write the hint; try again").Reply(ref))
		return
	}
	hints := 0
	if rec := sess.Record(); int(seat) < len(rec.Seats) {
		hints = rec.Seats[seat].Hints
	}
	c.send(wire.Message{Type: wire.TypeHint, Ref: ref, Move: js, Hints: hints})
}
