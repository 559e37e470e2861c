package host

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
)

// runBots plays the bot seats of s until the session ends or ctx is done.
// A bot decides outside the session's lock, from its seat's view only; if
// someone else moved meanwhile, its decision is dropped and it thinks again.
func (s *Session) runBots(ctx context.Context) {
	if len(s.bots) == 0 {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		for {
			seat, view, seq, status := s.botTurn()
			if status.Ended() || status == db.Broken {
				return
			}
			if view == nil {
				break // a person's turn, or paused: wait for the next change
			}
			if err := s.botMove(ctx, seat, view, seq); err != nil {
				if ctx.Err() != nil {
					return
				}
				s.host.cfg.OnError(s.id, err)
				break
			}
		}
	}
}

// botTurn returns the bot seat to move now and its view, if a bot is to move.
func (s *Session) botTurn() (engine.Seat, engine.View, int, db.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	seat := s.state.Turn()
	if _, ok := s.bots[seat]; !ok || s.status != db.Active {
		return seat, nil, s.seq, s.status
	}
	return seat, s.state.View(seat), s.seq, s.status
}

func (s *Session) botMove(ctx context.Context, seat engine.Seat, view engine.View, seq int) error {
	if d := s.host.cfg.BotDelay; d > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	m, err := s.bots[seat].Choose(ctx, view)
	if err != nil {
		return fmt.Errorf("%v's bot: %w", seat, err)
	}
	err = s.play(ctx, seat, m, seq)
	if errors.Is(err, errStale) || errors.Is(err, ErrNotActive) {
		return nil // the state moved on; look again
	}
	if err != nil {
		return fmt.Errorf("%v's bot played %v: %w", seat, m, err)
	}
	return nil
}
