// Package gate budgets wrong secrets: it checks a secret (a staff PIN, a
// venue pairing code) through a Verifier and rate-limits wrong attempts,
// so nobody can try secrets one after the other. It knows nothing of what
// the secret is: each user says in its own words what a refusal means
// (the staff PIN pad, the staff console, the venue's pairing).
//
// Gate is one budget for everyone, optionally kept across restarts by a
// Store: the table's own PIN pad, which only someone at the table reaches.
// Sources keeps one budget per source address under a venue-wide ceiling:
// the console, which anyone on the network reaches, so that one address
// sending wrong PINs cannot lock the staff out from another.
package gate

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
	ErrNotSet = errors.New("gate: no secret is set")
	ErrWrong  = errors.New("gate: wrong secret")
	ErrLocked = errors.New("gate: too many wrong secrets")
)

// LockedError says how long to wait before the next try.
type LockedError struct {
	Wait time.Duration
	// Began is set when this very try was wrong and used up the budget
	// (the error then is also ErrWrong): the moment to log a lock-out.
	Began bool
}

func (e *LockedError) Error() string {
	if e.Began {
		return fmt.Sprintf("%v, %v: wait %v", ErrWrong, ErrLocked, e.Wait)
	}
	return fmt.Sprintf("%v: wait %v", ErrLocked, e.Wait)
}

// Unwrap makes a *LockedError ErrLocked, and ErrWrong too when it Began.
func (e *LockedError) Unwrap() []error {
	if e.Began {
		return []error{ErrLocked, ErrWrong}
	}
	return []error{ErrLocked}
}

// Verifier checks secrets against what is stored (a hash).
type Verifier interface {
	// Verify returns nil when secret is right, else ErrWrong or ErrNotSet
	// (or errors wrapping them).
	Verify(ctx context.Context, secret string) error
	// IsSet reports whether a secret was set.
	IsSet(ctx context.Context) (bool, error)
}

// Store keeps the wrong-secret budget across restarts. A Verifier that
// also implements it has a Gate load the budget before its first check
// and save it after every wrong secret and every right one.
type Store interface {
	// WrongUntil is the saved time at which the budget is full again;
	// the zero time when nothing was saved (a full budget).
	WrongUntil(ctx context.Context) (time.Time, error)
	// SetWrongUntil saves it (the zero time: the budget is full).
	SetWrongUntil(ctx context.Context, t time.Time) error
}

// Policy: Burst wrong secrets in a row are allowed, then one per Every.
const (
	Burst = 3
	Every = 30 * time.Second
)

// budget is a token bucket kept as one time, full: the moment it is full
// again. Each wrong try moves full one every later (from now when it had
// passed); a try is refused while full is more than (burst-1)·every
// ahead, that is while less than one try is left. One time is all a
// restart needs to find the budget where it was.
type budget struct {
	full  time.Time
	burst int
	every time.Duration
}

// wait is how long until the next try, 0 when one is left.
func (b budget) wait(now time.Time) time.Duration {
	ahead := b.full.Sub(now) - time.Duration(b.burst-1)*b.every
	if !b.full.After(now) || ahead <= 0 {
		return 0
	}
	return time.Duration(math.Ceil(ahead.Seconds())) * time.Second
}

// spend takes one try.
func (b *budget) spend(now time.Time) {
	if b.full.Before(now) {
		b.full = now
	}
	b.full = b.full.Add(b.every)
}

// used reports whether any try was spent and not yet given back.
func (b budget) used(now time.Time) bool { return b.full.After(now) }

// Gate checks secrets with one budget of wrong attempts that refills
// slowly. It is safe for concurrent use.
type Gate struct {
	v     Verifier
	store Store // nil: the budget lives in memory only
	now   func() time.Time

	mu     sync.Mutex
	loaded bool // b.full was read from store
	b      budget
}

// New returns a gate over v; now is the clock (time.Now if nil). When v
// is also a Store the budget is kept there.
func New(v Verifier, now func() time.Time) *Gate {
	if now == nil {
		now = time.Now
	}
	g := &Gate{v: v, now: now, b: budget{burst: Burst, every: Every}}
	g.store, _ = v.(Store)
	return g
}

// Check returns nil when secret is right. While wrong secrets have used
// up the budget it refuses without looking at secret, with a
// *LockedError. A budget that cannot be read refuses too (fail closed),
// with that error.
func (g *Gate) Check(ctx context.Context, secret string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if err := g.load(ctx, now); err != nil {
		return err
	}
	if wait := g.b.wait(now); wait > 0 {
		return &LockedError{Wait: wait}
	}
	err := g.v.Verify(ctx, secret)
	switch {
	case err == nil:
		if !g.b.full.IsZero() { // a right secret forgives
			g.b.full = time.Time{}
			return g.save(ctx)
		}
		return nil
	case errors.Is(err, ErrNotSet):
		return err
	case errors.Is(err, ErrWrong):
		g.b.spend(now)
		if wait := g.b.wait(now); wait > 0 {
			err = &LockedError{Wait: wait, Began: true}
		}
		if serr := g.save(ctx); serr != nil {
			return errors.Join(err, serr)
		}
		return err
	}
	return fmt.Errorf("gate: check: %w", err)
}

// load reads the saved budget once. A saved time further ahead than a
// whole budget (the clock was set back while the machine was off) is
// brought back to a whole budget: locked, but not for longer than Burst
// wrong secrets would have locked it.
func (g *Gate) load(ctx context.Context, now time.Time) error {
	if g.loaded || g.store == nil {
		return nil
	}
	full, err := g.store.WrongUntil(ctx)
	if err != nil {
		return fmt.Errorf("gate: read wrong-secret limit: %w", err)
	}
	if limit := now.Add(Burst * Every); full.After(limit) {
		full = limit
	}
	g.b.full, g.loaded = full, true
	return nil
}

// save writes the budget; the memory copy holds either way, so a failed
// write never gives tries back during this run.
func (g *Gate) save(ctx context.Context) error {
	if g.store == nil {
		return nil
	}
	if err := g.store.SetWrongUntil(ctx, g.b.full); err != nil {
		return fmt.Errorf("gate: save wrong-secret limit: %w", err)
	}
	return nil
}

// IsSet reports whether a secret is set, without spending an attempt: the
// staff button can say how to set one instead of asking for it. A failed
// look-up counts as set, so the screen asks for the secret.
func (g *Gate) IsSet(ctx context.Context) bool {
	ok, err := g.v.IsSet(ctx)
	return ok || err != nil
}

// Lockout is a source locked out: from where, and until when.
type Lockout struct {
	From  string
	Until time.Time
}
