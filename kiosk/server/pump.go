package server

import (
	"slices"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// pump is the one goroutine that sends a seat's views to its connection:
// the host's updates, a view again when the seats changed (nudge) or the
// phone asked (sync). One sender keeps the versions a phone sees in order.
type pump struct {
	s    *Server
	c    *conn
	b    *binding // ends when c no longer holds seat of sess
	sess *host.Session
	seat engine.Seat
	game string

	last     *wire.Message // the newest view sent, nil before the first
	sentOver bool          // the final view was sent
}

// pump forwards the host's updates for seat to c until either ends, or b.
func (s *Server) pump(c *conn, b *binding, sess *host.Session, seat engine.Seat) {
	p := &pump{s: s, c: c, b: b, sess: sess, seat: seat, game: sess.Game().Info().ID}
	for {
		updates, stop := sess.Subscribe(seat)
		more := p.drain(updates)
		stop()
		if !more {
			return
		}
		// The channel closed: the game ended, or c fell behind. In the
		// second case subscribe again, which starts with a fresh view.
		if sess.Status().Ended() {
			p.idle()
			return
		}
	}
}

// drain forwards updates until the channel closes (true) or c or the
// server ends (false).
func (p *pump) drain(updates <-chan host.Update) bool {
	for {
		select {
		case <-p.c.done:
			return false
		case <-p.s.ctx.Done():
			return false
		case <-p.b.gone:
			return false
		case <-p.b.wake:
			p.again()
		case u, ok := <-updates:
			if !ok {
				return true
			}
			if !p.forward(u) {
				return false
			}
		}
	}
}

// idle answers syncs and seat changes after the game ended, until the
// phone leaves: the final view stays available, result included.
func (p *pump) idle() {
	for {
		select {
		case <-p.c.done:
			return
		case <-p.s.ctx.Done():
			return
		case <-p.b.gone:
			return
		case <-p.b.wake:
			p.again()
		}
	}
}

// forward sends one update; false when c no longer holds the seat.
func (p *pump) forward(u host.Update) bool {
	if p.b.ended() {
		return false
	}
	over := viewOver(u)
	// The move that ends a game already carries over; the status update
	// that follows repeats its version and is not sent again.
	if !p.sentOver || p.last == nil || int64(u.Seq) != p.last.Version {
		msg, err := viewMessage(p.game, u.View, u.Seq, u.Events, over)
		if err != nil {
			p.s.cfg.Logf("view for %v: %v", p.seat, err)
			return true
		}
		if msg.TakeBack, err = takeBackWire(u.TakeBack); err != nil {
			p.s.cfg.Logf("take-back for %v: %v", p.seat, err)
		}
		// The view answers this seat's move, or its take-back request
		// or answer: it carries the ref the phone sent with it.
		if u.Kind == host.MoveUpdate && u.Seat == p.seat || u.Kind == host.TakeBackUpdate && u.By == p.seat {
			msg.Ref = p.c.takeRef()
		}
		p.send(msg)
	}
	// The results are stored once the session says finished: then the
	// player learns what the game meant for them.
	if u.Kind == host.StatusUpdate && u.Status == session.Finished {
		p.s.sendRecord(p.c, p.sess, p.seat)
		p.s.askSignature(p.c, p.sess, p.seat)
	}
	if p.c.hasSyncs() {
		p.again()
	}
	return true
}

// viewOver reports whether u's view is the game's last: its view holds
// the result, or the session ended with it. Never the session's state
// now: this pump may still be sending views the bots have long played
// past, and an older view marked over ends the game for the phone on a
// view without its result (seen as TestPlayAgainKeepsThePhones failing
// under -race: the phone's second game "over" with no result).
func viewOver(u host.Update) bool {
	if u.Status.Ended() {
		return true
	}
	if u.View == nil {
		return false
	}
	_, over := u.View.Result()
	return over
}

// again sends the newest view once more, with the seats' status as it is
// now: once for each sync waiting (with its ref, and after the end the
// player's record again), or once if the seats changed since the last.
func (p *pump) again() {
	if p.last == nil || p.b.ended() {
		return // the first view is on its way and will carry the status
	}
	refs := p.c.takeSyncs()
	if len(refs) == 0 {
		waiting, away, names := p.s.seatStatus()
		if waiting == p.last.Waiting && slices.Equal(away, p.last.Away) && slices.Equal(names, p.last.Names) {
			return // the phone knows this already
		}
		msg := *p.last
		p.send(msg)
		return
	}
	for _, ref := range refs {
		msg := *p.last
		msg.Ref = ref
		p.send(msg)
		if p.sess.Status() == session.Finished {
			p.s.sendRecord(p.c, p.sess, p.seat)
			p.s.askSignature(p.c, p.sess, p.seat)
		}
	}
}

// sendRecord tells a player's phone what the finished game meant for them:
// their rating change and place on the game's board. Guests and bots get
// nothing; a player in a game not rated gets Rated false.
func (s *Server) sendRecord(c *conn, sess *host.Session, seat engine.Seat) {
	if seats := sess.Record().Seats; !seat.Valid(len(seats)) || seats[seat].Kind != session.Person {
		return
	}
	o, rated, err := sess.Outcome(s.ctx, seat)
	if err != nil {
		s.cfg.Logf("record of %v: %v", seat, err)
		return
	}
	rec := &wire.Record{Rated: rated}
	if rated {
		rec.Before, rec.After = o.Before, o.After
		rec.Games, rec.Provisional = o.Games, o.Provisional
		rec.Place, rec.Of = o.Place, o.Of
	}
	c.send(wire.Message{Type: wire.TypeRecord, Record: rec})
}

// send stamps msg with the seats' status and queues it.
func (p *pump) send(msg wire.Message) {
	msg.Waiting, msg.Away, msg.Names = p.s.seatStatus()
	keep := msg
	keep.Ref, keep.Events = "", nil
	p.last = &keep
	p.sentOver = p.sentOver || msg.Over
	if err := p.c.sendView(msg, &p.s.events); err != nil {
		p.s.cfg.Logf("view for %v: %v", p.seat, err)
	}
}
