// Package staff guards the kiosk's staff functions with the staff PIN:
// the table's own PIN pad checks PINs through internal/gate's Gate over a
// Verifier (the database, which keeps only a hash), so nobody at the
// table can try PINs one after the other; when the Verifier also keeps
// the limit (a gate.Store), a restart — a power cycle — does not give
// the budget back. The console, which the whole network reaches, keeps
// its own budget per address (gate.Sources), so a wrong-PIN stream sent
// to it does not lock this pad.
package staff

import (
	"context"
	"time"

	"github.com/tablee/tablee/internal/gate"
)

// Errors of Check, in the staff's terms: the gate's own errors.
var (
	ErrNoPIN  = gate.ErrNotSet
	ErrWrong  = gate.ErrWrong
	ErrLocked = gate.ErrLocked
)

// The pad's policy: Burst wrong PINs in a row, then one per Every.
const (
	Burst = gate.Burst
	Every = gate.Every
)

// LockedError says how long to wait before the next try.
type LockedError = gate.LockedError

// Gate is the table's PIN pad's gate.
type Gate struct{ g *gate.Gate }

// NewGate returns a gate over v; now is the clock (time.Now if nil).
// When v is also a gate.Store the budget is kept there.
func NewGate(v gate.Verifier, now func() time.Time) *Gate { return &Gate{g: gate.New(v, now)} }

// Check returns nil when pin is the staff PIN (gate.Gate.Check).
func (g *Gate) Check(ctx context.Context, pin string) error { return g.g.Check(ctx, pin) }

// HasPIN reports whether a PIN is set, without spending an attempt: the
// staff button can say how to set one instead of asking for it.
// A failed look-up counts as set, so the screen asks for the PIN.
func (g *Gate) HasPIN(ctx context.Context) bool { return g.g.IsSet(ctx) }
