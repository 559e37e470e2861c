package host

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
)

// Pause stops play (and the bots) until Resume.
func (s *Session) Pause(ctx context.Context, reason string) error {
	return s.setStatus(ctx, db.Active, db.Paused, reason)
}

// Resume continues a paused session.
func (s *Session) Resume(ctx context.Context) error {
	return s.setStatus(ctx, db.Paused, db.Active, "")
}

// Abandon ends the session without a result; nobody's rating changes.
func (s *Session) Abandon(ctx context.Context, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != db.Active && s.status != db.Paused {
		return fmt.Errorf("abandon session %s: it is %s: %w", s.id, s.status, ErrNotActive)
	}
	if err := s.host.cfg.DB.SetStatus(ctx, s.id, db.Abandoned, reason, s.host.cfg.Now()); err != nil {
		return err
	}
	s.status = db.Abandoned
	s.publish(Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat}, nil)
	s.closeSubscribersLocked()
	s.poke()
	s.host.drop(s.id)
	return nil
}

func (s *Session) setStatus(ctx context.Context, from, to db.Status, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != from {
		return fmt.Errorf("session %s is %s, not %s: %w", s.id, s.status, from, ErrNotActive)
	}
	if err := s.host.cfg.DB.SetStatus(ctx, s.id, to, reason, s.host.cfg.Now()); err != nil {
		return err
	}
	s.status = to
	s.publish(Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat}, nil)
	s.poke()
	return nil
}
