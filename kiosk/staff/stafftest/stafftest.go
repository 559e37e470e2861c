// Package stafftest holds what tests of the kiosk's staff screens share:
// a gate.Verifier that knows one fixed PIN, where the kiosk has the
// database's hash.
package stafftest

import (
	"context"

	"github.com/tablee/tablee/kiosk/staff"
)

// PIN is a gate.Verifier whose PIN is the string itself, "" for none
// set.
type PIN string

// Verify returns nil for the PIN, staff.ErrWrong for another, and
// staff.ErrNoPIN when none is set.
func (p PIN) Verify(_ context.Context, s string) error {
	switch {
	case p == "":
		return staff.ErrNoPIN
	case s != string(p):
		return staff.ErrWrong
	}
	return nil
}

// IsSet reports whether a PIN is set.
func (p PIN) IsSet(context.Context) (bool, error) { return p != "", nil }
