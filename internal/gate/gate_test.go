package gate

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// pinIs is a Verifier whose PIN is want ("" for none set): stafftest.PIN,
// which this package's own tests cannot import (stafftest imports staff).
type pinIs string

func (p pinIs) Verify(_ context.Context, pin string) error {
	switch {
	case p == "":
		return ErrNotSet
	case pin != string(p):
		return ErrWrong
	}
	return nil
}

func (p pinIs) IsSet(context.Context) (bool, error) { return p != "", nil }

func TestWrongPINsAreRateLimited(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)}
	g := New(pinIs("2468"), c.now)
	for i := 0; i < Burst; i++ {
		if err := g.Check(ctx, "0000"); !errors.Is(err, ErrWrong) {
			t.Fatalf("try %d: %v, want ErrWrong", i+1, err)
		}
	}
	err := g.Check(ctx, "2468")
	var locked *LockedError
	if !errors.As(err, &locked) || locked.Wait <= 0 || locked.Wait > Every {
		t.Fatalf("after %d wrong PINs the right one gave %v, want a lock of up to %v", Burst, err, Every)
	}
	c.t = c.t.Add(locked.Wait)
	if err := g.Check(ctx, "2468"); err != nil {
		t.Fatalf("after waiting %v: %v", locked.Wait, err)
	}
	// A right PIN forgives: the full budget is back.
	for i := 0; i < Burst; i++ {
		if err := g.Check(ctx, "1111"); !errors.Is(err, ErrWrong) {
			t.Fatalf("budget not restored, try %d: %v", i+1, err)
		}
	}
}

func TestNoPINSaysSo(t *testing.T) {
	g := New(pinIs(""), nil)
	if g.IsSet(context.Background()) {
		t.Error("HasPIN with none set")
	}
	for i := 0; i < 2*Burst; i++ {
		if err := g.Check(context.Background(), "1234"); !errors.Is(err, ErrNotSet) {
			t.Fatalf("%v, want ErrNotSet (and no lock for a PIN that cannot be right)", err)
		}
	}
	if !New(pinIs("2468"), nil).IsSet(context.Background()) {
		t.Error("HasPIN false with a PIN set")
	}
}

// kept is a Verifier that keeps the budget like the database does.
type kept struct {
	pinIs
	full    time.Time
	readErr error
}

func (k *kept) WrongUntil(context.Context) (time.Time, error) { return k.full, k.readErr }
func (k *kept) SetWrongUntil(_ context.Context, t time.Time) error {
	k.full = t
	return nil
}

func TestWrongPINLimitIsKept(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)}
	store := &kept{pinIs: "2468"}
	g := New(store, c.now)
	for i := 0; i < Burst; i++ {
		if err := g.Check(ctx, "0000"); !errors.Is(err, ErrWrong) {
			t.Fatalf("try %d: %v", i+1, err)
		}
	}
	// A new gate (a restarted kiosk) over the same store is locked.
	var locked *LockedError
	if err := New(store, c.now).Check(ctx, "2468"); !errors.As(err, &locked) {
		t.Fatalf("restarted gate: %v, want locked", err)
	}
	// A clock set back a day while the kiosk was off locks for at most a
	// whole budget, not a day.
	c.t = c.t.Add(-24 * time.Hour)
	err := New(store, c.now).Check(ctx, "2468")
	if !errors.As(err, &locked) || locked.Wait > Every {
		t.Fatalf("clock set back: %v, want a lock of up to %v", err, Every)
	}
	// A budget that cannot be read refuses.
	store.readErr = errors.New("disk")
	if err := New(store, c.now).Check(ctx, "2468"); err == nil {
		t.Fatal("an unreadable budget let the PIN in")
	}
}

// One source's wrong secrets lock that source only; past the ceiling a
// source that failed is refused while a fresh one still gets its try.
func TestSourcesLockOutOnlyTheFailingSource(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
	s := NewSources(pinIs("2468"), c.now)
	for i := range Burst {
		err := s.Check(ctx, "10.0.0.66", "0000")
		var locked *LockedError
		if !errors.Is(err, ErrWrong) || errors.As(err, &locked) != (i == Burst-1) {
			t.Fatalf("try %d: %v, want ErrWrong, locked by the last", i+1, err)
		}
	}
	var locked *LockedError
	if err := s.Check(ctx, "10.0.0.66", "2468"); !errors.As(err, &locked) || locked.Began {
		t.Fatalf("the right secret from the locked source: %v", err)
	}
	if err := s.Check(ctx, "10.0.0.5", "2468"); err != nil {
		t.Fatalf("the right secret from another source: %v", err)
	}
	if got := s.Lockouts(); len(got) != 1 || got[0].From != "10.0.0.66" {
		t.Fatalf("lock-outs %v", got)
	}
	// Many sources, one wrong secret each, until past the ceiling.
	for i := range Ceiling {
		s.Check(ctx, fmt.Sprintf("10.0.1.%d", i), "0000")
	}
	if err := s.Check(ctx, "10.0.1.0", "2468"); !errors.As(err, &locked) {
		t.Fatalf("past the ceiling a source that failed got a try: %v", err)
	}
	if err := s.Check(ctx, "10.0.0.7", "2468"); err != nil {
		t.Fatalf("past the ceiling a fresh source's right secret: %v", err)
	}
	if err := s.Check(ctx, "10.0.0.8", "0000"); !errors.As(err, &locked) || !locked.Began {
		t.Fatalf("past the ceiling a fresh source's wrong secret: %v, want it locked at once", err)
	}
	c.t = c.t.Add(Ceiling * Every)
	if err := s.Check(ctx, "10.0.0.66", "2468"); err != nil {
		t.Fatalf("once the budgets are back: %v", err)
	}
}
