package host

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// ErrReplayMismatch marks a session whose log no longer replays to the
// state hashes stored with it (a changed game version, a damaged log).
var ErrReplayMismatch = errors.New("replay does not match the log")

// Recover brings back every session the database holds as active or
// paused, rebuilding each from its seed and move log and checking every
// move's stored state hash. A session that does not replay exactly is
// marked broken in the database and not resumed: play never continues on a
// state that differs from what the players saw. The sessions that were
// brought back are returned, with the errors of those that could not be.
func (h *Host) Recover(ctx context.Context) ([]*Session, error) {
	recs, err := h.cfg.Store.Unfinished(ctx)
	if err != nil {
		return nil, fmt.Errorf("recover: %w", err)
	}
	var live []*Session
	var errs []error
	for _, rec := range recs {
		if _, ok := h.Session(rec.ID); ok {
			continue
		}
		s, err := h.recoverOne(ctx, rec)
		if err != nil {
			errs = append(errs, fmt.Errorf("recover session %s: %w", rec.ID, err))
			continue
		}
		if s != nil {
			live = append(live, s)
		}
	}
	return live, errors.Join(errs...)
}

// recoverOne rebuilds one session; nil without error if it turned out to
// have ended (the last move was saved but not the results).
func (h *Host) recoverOne(ctx context.Context, rec session.Record) (*Session, error) {
	rules, err := h.cfg.Games.Get(rec.Game)
	if err != nil {
		return nil, err
	}
	r, err := h.replay(ctx, rules, rec)
	if err != nil {
		if errors.Is(err, ErrReplayMismatch) {
			if merr := h.cfg.Store.SetStatus(ctx, rec.ID, session.Broken, err.Error(), h.cfg.Now()); merr != nil {
				return nil, errors.Join(err, merr)
			}
		}
		return nil, err
	}
	s, err := resumed(h, rules, rec, r)
	if err != nil {
		return nil, err
	}
	if _, over := r.state.Result(); over {
		if rec.Status == session.Paused {
			if err := h.cfg.Store.SetStatus(ctx, rec.ID, session.Active, "", h.cfg.Now()); err != nil {
				return nil, err
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return nil, s.finish(ctx)
	}
	h.adopt(s)
	return s, nil
}

// replayed is a session's state rebuilt from its log.
type replayed struct {
	state       engine.State
	n           int             // entries in the log
	standing    []engine.Record // the moves still standing
	lastWasMove bool            // the log's last entry is a move
}

// replay rebuilds rec's state from its log, checking each entry's hash; a
// take-back entry brings back the position before the move it undoes.
func (h *Host) replay(ctx context.Context, rules engine.Rules, rec session.Record) (replayed, error) {
	moves, err := h.cfg.Store.Moves(ctx, rec.ID)
	if err != nil {
		return replayed{}, err
	}
	setup := engine.Setup{Seats: len(rec.Seats), Options: rec.Options, Seed: rec.Seed}
	state, err := engine.NewGame(rules, setup)
	if err != nil {
		return replayed{}, fmt.Errorf("%w: cannot start the game: %v", ErrReplayMismatch, err)
	}
	var standing []engine.Record
	last := false
	for _, m := range moves {
		r, err := engine.DecodeMove(rules, m.JSON)
		if err != nil {
			return replayed{}, fmt.Errorf("%w: move %d: %v", ErrReplayMismatch, m.Seq, err)
		}
		if r.Seat != m.Seat {
			return replayed{}, fmt.Errorf("%w: move %d is logged for %v but encoded for %v", ErrReplayMismatch, m.Seq, m.Seat, r.Seat)
		}
		if r.TakeBack {
			if standing, err = engine.Standing(append(standing, r)); err != nil {
				return replayed{}, fmt.Errorf("%w: move %d: %v", ErrReplayMismatch, m.Seq, err)
			}
			if state, err = engine.Replay(rules, setup, standing); err != nil {
				return replayed{}, fmt.Errorf("%w: move %d: %v", ErrReplayMismatch, m.Seq, err)
			}
		} else {
			// Resuming reads no events: step, which builds none.
			if err := engine.Step(state, r.Seat, r.Move); err != nil {
				return replayed{}, fmt.Errorf("%w: move %d (%v: %v) refused: %v", ErrReplayMismatch, m.Seq, r.Seat, r.Move, err)
			}
			standing = append(standing, r)
		}
		last = !r.TakeBack
		if got := state.Hash(); got != m.StateHash {
			return replayed{}, fmt.Errorf("%w: after move %d the state hash is %s, the log says %s", ErrReplayMismatch, m.Seq, got, m.StateHash)
		}
	}
	return replayed{state: state, n: len(moves), standing: standing, lastWasMove: last}, nil
}

// resumed is a session built on what replay rebuilt.
func resumed(h *Host, rules engine.Rules, rec session.Record, r replayed) (*Session, error) {
	s, err := newSession(h, rules, rec, r.state, r.n)
	if err != nil {
		return nil, err
	}
	s.standing, s.lastWasMove = r.standing, r.lastWasMove
	return s, nil
}

// Reopen brings back rec, a finished session, rebuilt from its seed and
// move log as Recover does, so that its final views and result can be
// shown again (a kiosk restarted on its results screen). It is not live:
// nothing can be played on it, no bot runs, and Session does not find it.
func (h *Host) Reopen(ctx context.Context, rec session.Record) (*Session, error) {
	if rec.Status != session.Finished {
		return nil, fmt.Errorf("reopen session %s: it is %s, not finished", rec.ID, rec.Status)
	}
	rules, err := h.cfg.Games.Get(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("reopen session %s: %w", rec.ID, err)
	}
	r, err := h.replay(ctx, rules, rec)
	if err != nil {
		return nil, fmt.Errorf("reopen session %s: %w", rec.ID, err)
	}
	if _, over := r.state.Result(); !over {
		return nil, fmt.Errorf("reopen session %s: %w: its log does not reach the end of the game", rec.ID, ErrReplayMismatch)
	}
	return resumed(h, rules, rec, r)
}
