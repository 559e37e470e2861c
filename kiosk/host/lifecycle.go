package host

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Pause stops play (and the bots) until Resume.
func (s *Session) Pause(ctx context.Context, reason string) error {
	return s.setStatus(ctx, session.Active, session.Paused, reason)
}

// Resume continues a paused session.
func (s *Session) Resume(ctx context.Context) error {
	return s.setStatus(ctx, session.Paused, session.Active, "")
}

// Abandon ends the session without a result; nobody's rating changes.
func (s *Session) Abandon(ctx context.Context, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != session.Active && s.status != session.Paused {
		return fmt.Errorf("abandon session %s: it is %s: %w", s.id, s.status, ErrNotActive)
	}
	if err := s.host.cfg.Store.SetStatus(ctx, s.id, session.Abandoned, reason, s.host.cfg.Now()); err != nil {
		return err
	}
	s.status = session.Abandoned
	s.publish(Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat}, nil)
	s.closeSubscribersLocked()
	s.poke()
	s.host.drop(s.id)
	return nil
}

func (s *Session) setStatus(ctx context.Context, from, to session.Status, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != from {
		return fmt.Errorf("session %s is %s, not %s: %w", s.id, s.status, from, ErrNotActive)
	}
	if err := s.host.cfg.Store.SetStatus(ctx, s.id, to, reason, s.host.cfg.Now()); err != nil {
		return err
	}
	s.status = to
	s.publish(Update{Kind: StatusUpdate, Seq: s.seq, Seat: engine.NoSeat}, nil)
	s.poke()
	return nil
}
