package window

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/staff"
)

// TestWrongPINLimitSurvivesRestart: the wrong-PIN budget used up before a
// power cycle is still used up after it — the gate over a reopened
// database refuses even the right PIN until the wait is over.
func TestWrongPINLimitSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }

	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SetStaffPIN(ctx, "2468"); err != nil {
		t.Fatal(err)
	}
	g := staff.NewGate(pinStore{DB: d}, clock)
	for i := 0; i < staff.Burst; i++ {
		if err := g.Check(ctx, "0000"); !errors.Is(err, staff.ErrWrong) {
			t.Fatalf("try %d: %v, want ErrWrong", i+1, err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	d, err = db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g = staff.NewGate(pinStore{DB: d}, clock)
	err = g.Check(ctx, "2468")
	var locked *staff.LockedError
	if !errors.As(err, &locked) || locked.Wait <= 0 || locked.Wait > staff.Every {
		t.Fatalf("after %d wrong PINs and a restart the right PIN gave %v, want a lock of up to %v", staff.Burst, err, staff.Every)
	}
	now = now.Add(locked.Wait)
	if err := g.Check(ctx, "2468"); err != nil {
		t.Fatalf("after waiting %v: %v", locked.Wait, err)
	}
	// The right PIN forgave, and that too is kept.
	g = staff.NewGate(pinStore{DB: d}, clock)
	for i := 0; i < staff.Burst; i++ {
		if err := g.Check(ctx, "1111"); !errors.Is(err, staff.ErrWrong) {
			t.Fatalf("budget not restored after the right PIN, try %d: %v", i+1, err)
		}
	}
}
