// Package staff guards the kiosk's staff functions with the staff PIN: it
// checks PINs through a Verifier (the database, which keeps only a hash)
// and rate-limits wrong attempts, so nobody at the table can try PINs one
// after the other. When the Verifier also keeps the limit (LimitStore), a
// restart — a power cycle — does not give the budget back.
package staff

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
)

// Errors of Check; ErrLocked is wrapped in a *LockedError that says how long.
var (
	ErrNoPIN  = errors.New("staff: no staff PIN is set")
	ErrWrong  = errors.New("staff: wrong PIN")
	ErrLocked = errors.New("staff: too many wrong PINs")
)

// LockedError says how long to wait before the next try.
type LockedError struct{ Wait time.Duration }

func (e *LockedError) Error() string { return fmt.Sprintf("%v: wait %v", ErrLocked, e.Wait) }
func (e *LockedError) Unwrap() error { return ErrLocked }

// Verifier checks PINs against the stored hash.
type Verifier interface {
	// CheckPIN returns nil when pin is right, else ErrWrong or ErrNoPIN
	// (or errors wrapping them).
	CheckPIN(ctx context.Context, pin string) error
	// HasPIN reports whether a PIN was set.
	HasPIN(ctx context.Context) (bool, error)
}

// LimitStore keeps the wrong-PIN budget across restarts. A Verifier that
// also implements it has the gate load the budget before its first check
// and save it after every wrong PIN and every right one.
type LimitStore interface {
	// WrongPINsUntil is the saved time at which the budget is full again;
	// the zero time when nothing was saved (a full budget).
	WrongPINsUntil(ctx context.Context) (time.Time, error)
	// SetWrongPINsUntil saves it (the zero time: the budget is full).
	SetWrongPINsUntil(ctx context.Context, t time.Time) error
}

// Policy: Burst wrong PINs in a row are allowed, then one per Every.
const (
	Burst = 3
	Every = 30 * time.Second
)

// Gate checks staff PINs with a budget of wrong attempts that refills
// slowly. It is safe for concurrent use.
//
// The budget is a token bucket kept as one time, full: the moment it is
// full again. Each wrong PIN moves full one Every later (from now when it
// had passed); a check is refused while full is more than (Burst-1)·Every
// ahead, that is while less than one try is left. One time is all a
// restart needs to find the budget where it was.
type Gate struct {
	v     Verifier
	store LimitStore // nil: the budget lives in memory only
	now   func() time.Time

	mu     sync.Mutex
	loaded bool      // full was read from store
	full   time.Time // when the wrong-PIN budget is full again
}

// NewGate returns a gate over v; now is the clock (time.Now if nil). When
// v is also a LimitStore the budget is kept there.
func NewGate(v Verifier, now func() time.Time) *Gate {
	if now == nil {
		now = time.Now
	}
	g := &Gate{v: v, now: now}
	g.store, _ = v.(LimitStore)
	return g
}

// Check returns nil when pin is the staff PIN. While wrong PINs have used
// up the budget it refuses without looking at pin, with a *LockedError.
// A budget that cannot be read refuses too (fail closed), with that error.
func (g *Gate) Check(ctx context.Context, pin string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if err := g.load(ctx, now); err != nil {
		return err
	}
	if ahead := g.full.Sub(now) - (Burst-1)*Every; g.full.After(now) && ahead > 0 {
		wait := time.Duration(math.Ceil(ahead.Seconds())) * time.Second
		return &LockedError{Wait: wait}
	}
	err := g.v.CheckPIN(ctx, pin)
	switch {
	case err == nil:
		if !g.full.IsZero() { // a right PIN forgives
			g.full = time.Time{}
			return g.save(ctx)
		}
		return nil
	case errors.Is(err, ErrNoPIN):
		return err
	case errors.Is(err, ErrWrong):
		if g.full.Before(now) {
			g.full = now
		}
		g.full = g.full.Add(Every)
		if serr := g.save(ctx); serr != nil {
			return errors.Join(err, serr)
		}
		return err
	}
	return fmt.Errorf("staff: check PIN: %w", err)
}

// load reads the saved budget once. A saved time further ahead than a
// whole budget (the clock was set back while the kiosk was off) is
// brought back to a whole budget: locked, but not for longer than Burst
// wrong PINs would have locked it.
func (g *Gate) load(ctx context.Context, now time.Time) error {
	if g.loaded || g.store == nil {
		return nil
	}
	full, err := g.store.WrongPINsUntil(ctx)
	if err != nil {
		return fmt.Errorf("staff: read wrong-PIN limit: %w", err)
	}
	if limit := now.Add(Burst * Every); full.After(limit) {
		full = limit
	}
	g.full, g.loaded = full, true
	return nil
}

// save writes the budget; the memory copy holds either way, so a failed
// write never gives tries back during this run.
func (g *Gate) save(ctx context.Context) error {
	if g.store == nil {
		return nil
	}
	if err := g.store.SetWrongPINsUntil(ctx, g.full); err != nil {
		return fmt.Errorf("staff: save wrong-PIN limit: %w", err)
	}
	return nil
}

// HasPIN reports whether a PIN is set, without spending an attempt: the
// staff button can say how to set one instead of asking for it.
// A failed look-up counts as set, so the screen asks for the PIN.
func (g *Gate) HasPIN(ctx context.Context) bool {
	ok, err := g.v.HasPIN(ctx)
	return ok || err != nil
}
