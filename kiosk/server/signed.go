package server

import (
	"context"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// Signatures keeps what the phones sign of a shelf game's results (the
// database implements it; docs/venue.md, "Signed shelf results"): the
// venue credits a known player only with a result the player's own phone
// signed, so the table asks each of them once the results are shown.
type Signatures interface {
	// SignAsk returns the table's venue id when the session waits for
	// its players' signatures.
	SignAsk(ctx context.Context, session string) (kiosk string, ok bool, err error)
	// SignResult keeps a phone's signature of its seat's result: keyHash
	// is the hex SHA-256 of the player key the seat joined with. A
	// signature that does not verify over the recorded result is
	// refused.
	SignResult(ctx context.Context, session string, seat int, keyHash, signKey, sig string) error
}

// askSignature asks the phone at seat to sign its result of the play
// just finished, if it is a known player's seat at a shelf game whose
// event waits for it.
func (s *Server) askSignature(c *conn, sess *host.Session, seat engine.Seat) {
	if s.cfg.Signatures == nil || sess.Status() != session.Finished {
		return
	}
	s.mu.Lock()
	keyed := int(seat) < len(s.seats) && s.seats[seat].keyHash != "" && s.session == sess
	s.mu.Unlock()
	if !keyed {
		return
	}
	kiosk, ok, err := s.cfg.Signatures.SignAsk(s.ctx, sess.ID())
	if err != nil {
		s.cfg.Logf("ask %v to sign: %v", seat, err)
	}
	if !ok {
		return
	}
	c.send(wire.Message{Type: wire.TypeSignAsk, Session: sess.ID(), Kiosk: kiosk})
}

// sign keeps a phone's signature of its own seat's result: the seat is
// the connection's, never one the message names.
func (s *Server) sign(c *conn, m wire.Message) {
	seat, ok := c.joined()
	if !ok {
		c.send(wire.Errorf(wire.NotJoined, "join the table first").Reply(m.Ref))
		return
	}
	s.mu.Lock()
	sess, keyHash := s.session, ""
	if int(seat) < len(s.seats) {
		keyHash = s.seats[seat].keyHash
	}
	s.mu.Unlock()
	if s.cfg.Signatures == nil || sess == nil || sess.ID() != m.Session || sess.Status() != session.Finished {
		c.send(wire.Errorf(wire.BadSignature, "this table asks no signature of that play").Reply(m.Ref))
		return
	}
	err := s.cfg.Signatures.SignResult(s.ctx, m.Session, int(seat), keyHash, m.SignKey, m.Sig)
	if err != nil {
		s.cfg.Logf("signature of %v refused: %v", seat, err)
		c.send(wire.Errorf(wire.BadSignature, "the signature is not of this seat's result as the table recorded it").Reply(m.Ref))
		return
	}
	s.cfg.Logf("%v signed its result of %s", seat, m.Session)
}
