// Package stafftest holds what tests of the kiosk's staff screens share:
// a staff.Verifier that knows one fixed PIN, where the kiosk has the
// database's hash.
package stafftest

import (
	"context"

	"github.com/tablee/tablee/kiosk/staff"
)

// PIN is a staff.Verifier whose PIN is the string itself, "" for none
// set.
type PIN string

// CheckPIN returns nil for the PIN, staff.ErrWrong for another, and
// staff.ErrNoPIN when none is set.
func (p PIN) CheckPIN(_ context.Context, s string) error {
	switch {
	case p == "":
		return staff.ErrNoPIN
	case s != string(p):
		return staff.ErrWrong
	}
	return nil
}

// HasPIN reports whether a PIN is set.
func (p PIN) HasPIN(context.Context) (bool, error) { return p != "", nil }
