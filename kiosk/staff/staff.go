// Package staff guards the kiosk's staff functions with the staff PIN: it
// checks PINs through a Verifier (the database, which keeps only a hash)
// and rate-limits wrong attempts, so nobody at the table can try PINs one
// after the other.
package staff

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
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

// Policy: Burst wrong PINs in a row are allowed, then one per Every.
const (
	Burst = 3
	Every = 30 * time.Second
)

// Gate checks staff PINs with a budget of wrong attempts that refills
// slowly. It is safe for concurrent use.
type Gate struct {
	v   Verifier
	now func() time.Time

	mu    sync.Mutex
	wrong *rate.Limiter // one token spent per wrong PIN
}

// NewGate returns a gate over v; now is the clock (time.Now if nil).
func NewGate(v Verifier, now func() time.Time) *Gate {
	if now == nil {
		now = time.Now
	}
	return &Gate{v: v, now: now, wrong: rate.NewLimiter(rate.Every(Every), Burst)}
}

// Check returns nil when pin is the staff PIN. While wrong PINs have used
// up the budget it refuses without looking at pin, with a *LockedError.
func (g *Gate) Check(ctx context.Context, pin string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if tokens := g.wrong.TokensAt(now); tokens < 1 {
		wait := time.Duration(math.Ceil((1-tokens)*Every.Seconds())) * time.Second
		return &LockedError{Wait: wait}
	}
	err := g.v.CheckPIN(ctx, pin)
	switch {
	case err == nil:
		g.wrong = rate.NewLimiter(rate.Every(Every), Burst) // a right PIN forgives
		return nil
	case errors.Is(err, ErrNoPIN):
		return err
	case errors.Is(err, ErrWrong):
		g.wrong.AllowN(now, 1)
		return err
	}
	return fmt.Errorf("staff: check PIN: %w", err)
}

// HasPIN reports whether a PIN is set, without spending an attempt: the
// staff button can say how to set one instead of asking for it.
// A failed look-up counts as set, so the screen asks for the PIN.
func (g *Gate) HasPIN(ctx context.Context) bool {
	ok, err := g.v.HasPIN(ctx)
	return ok || err != nil
}
