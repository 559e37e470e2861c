package server

import (
	"encoding/json"
	"errors"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
)

// takeBack asks, for the phone's own seat, to take back the move that
// made m.Version (host.Session.AskTakeBackOf): the seat is the one its
// token holds, so a phone asks only for its own move. The answer is the
// view that follows (with m's ref), or a refusal naming its rule.
func (s *Server) takeBack(c *conn, m wire.Message) {
	s.takeBackAct(c, m, func(sess *host.Session, seat engine.Seat) error {
		return sess.AskTakeBackOf(s.ctx, seat, int(m.Version))
	})
}

// takeBackAnswer is the phone's answer, for its own seat, to the other
// seat's request to take back the move that made m.Version: only a
// request addressed to that seat, and only while no move followed.
func (s *Server) takeBackAnswer(c *conn, m wire.Message) {
	s.takeBackAct(c, m, func(sess *host.Session, seat engine.Seat) error {
		return sess.AnswerTakeBackOf(s.ctx, seat, int(m.Version), *m.Agree)
	})
}

// takeBackAct runs act for the phone's seat, as a move is run: after
// everyone is seated, its ref kept for the view act causes.
func (s *Server) takeBackAct(c *conn, m wire.Message, act func(*host.Session, engine.Seat) error) {
	sess, seat, ok := s.playing(c, m)
	if !ok {
		return
	}
	c.setRef(m.Ref)
	if err := act(sess, seat); err != nil {
		c.takeRef()
		e := moveError(err)
		if e.Code == wire.Internal && !errors.Is(err, host.ErrNotActive) {
			s.cfg.Logf("%v's take-back was not recorded: %v", seat, err)
		}
		c.send(e.Reply(m.Ref))
	}
}

// takeBackWire is where a take-back stands for the seat, as the view
// message carries it; nil when there is nothing to say.
func takeBackWire(tv host.TakeBackView) (*wire.TakeBack, error) {
	state := map[host.TakeBackState]string{
		host.TakeBackMay: wire.TakeBackMay, host.TakeBackAsked: wire.TakeBackAsked, host.TakeBackRefused: wire.TakeBackRefused,
	}[tv.State]
	if state == "" {
		return nil, nil
	}
	js, err := json.Marshal(tv.Move)
	if err != nil {
		return nil, err
	}
	return &wire.TakeBack{State: state, Seat: tv.Seat, Version: int64(tv.Seq), Move: js}, nil
}

// keepTakeBacks saves the seating, with the take-back request open or
// none, after every take-back of sess, whoever asked or answered (a phone
// or a guest on the touch screen), and once more when the server closes:
// a request survives a restart (SetSession reopens it). It runs until
// sess is no longer the table's, ends, or the server closes.
func (s *Server) keepTakeBacks(sess *host.Session) {
	if !host.TakesBack(sess.Game()) {
		return
	}
	s.mu.Lock()
	if s.closed || s.session != sess {
		s.mu.Unlock()
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	updates, stop := sess.Subscribe(engine.Onlooker)
	go func() {
		defer s.wg.Done()
		defer stop()
		save := func() bool {
			s.mu.Lock()
			if s.session != sess {
				s.mu.Unlock()
				return false
			}
			err := s.saveLocked()
			saved := s.savedTakeBack
			s.mu.Unlock()
			if err != nil {
				s.cfg.Logf("seat file: %v", err)
			}
			if saved != nil {
				saved()
			}
			return true
		}
		for {
			select {
			case <-s.ctx.Done():
				save()
				return
			case u, ok := <-updates:
				if !ok {
					return
				}
				if u.Kind == host.TakeBackUpdate && !save() {
					return
				}
			}
		}
	}()
}
