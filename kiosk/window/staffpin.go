package window

import (
	"context"
	"errors"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/staff"
)

// pinStore lets the staff gate check PINs against the database's hash
// and keep its wrong-PIN budget there (staff.LimitStore).
type pinStore struct{ d *db.DB }

func (p pinStore) CheckPIN(ctx context.Context, pin string) error {
	err := p.d.CheckStaffPIN(ctx, pin)
	switch {
	case errors.Is(err, db.ErrWrongPIN):
		return staff.ErrWrong
	case errors.Is(err, db.ErrNoStaffPIN):
		return staff.ErrNoPIN
	}
	return err
}

func (p pinStore) HasPIN(ctx context.Context) (bool, error) { return p.d.HasStaffPIN(ctx) }

func (p pinStore) WrongPINsUntil(ctx context.Context) (time.Time, error) {
	return p.d.StaffPINLimit(ctx)
}

func (p pinStore) SetWrongPINsUntil(ctx context.Context, t time.Time) error {
	return p.d.SetStaffPINLimit(ctx, t)
}
