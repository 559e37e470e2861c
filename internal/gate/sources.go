package gate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Ceiling is how many wrong secrets all sources together may send in a
// row (refilled one per Every) before the venue-wide ceiling holds: from
// then on a source that has failed is refused until the ceiling refills,
// and a source that has not failed still gets one try (not Burst) — so
// the staff, on an address of their own, still get in with the right
// secret while someone elsewhere is trying secrets from many addresses.
const Ceiling = 4 * Burst

// maxSources bounds the sources remembered: past it the ones whose budget
// is full again are forgotten first, then those closest to full.
const maxSources = 4096

// Sources checks secrets with one budget of wrong attempts per source
// (the address a request came from) under the venue-wide Ceiling. Its
// budgets live in memory only: a restart gives every address its budget
// back — a restart is something only the staff or a power cut cause,
// and keeping attacker-chosen addresses in the database would let them
// fill it — while a table's own PIN pad keeps its Gate across restarts.
// It is safe for concurrent use.
type Sources struct {
	v   Verifier
	now func() time.Time

	mu  sync.Mutex
	by  map[string]*budget
	all budget // the ceiling
}

// NewSources returns a per-source gate over v; now is the clock
// (time.Now if nil). A Store v implements is not used.
func NewSources(v Verifier, now func() time.Time) *Sources {
	if now == nil {
		now = time.Now
	}
	return &Sources{v: v, now: now, by: map[string]*budget{}, all: budget{burst: Ceiling, every: Every}}
}

// Check returns nil when secret, sent from source from, is right; refused
// as Gate.Check refuses, per source.
func (s *Sources) Check(ctx context.Context, from, secret string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	b := s.by[from]
	if b != nil {
		if wait := b.wait(now); wait > 0 {
			return &LockedError{Wait: wait}
		}
	}
	overCeiling := s.all.wait(now) > 0
	if overCeiling && b != nil && b.used(now) {
		return &LockedError{Wait: s.all.wait(now)}
	}
	err := s.v.Verify(ctx, secret)
	switch {
	case err == nil:
		delete(s.by, from) // a right secret forgives its source
		return nil
	case errors.Is(err, ErrNotSet):
		return err
	case errors.Is(err, ErrWrong):
		if b == nil {
			b = s.add(from, now)
		}
		b.spend(now)
		if overCeiling {
			// Past the ceiling a new source gets one try, not Burst.
			b.full = now.Add(time.Duration(b.burst) * b.every)
		}
		s.all.spend(now)
		if wait := b.wait(now); wait > 0 {
			return &LockedError{Wait: wait, Began: true}
		}
		return err
	}
	return fmt.Errorf("gate: check: %w", err)
}

// add remembers a new source, forgetting others past maxSources.
func (s *Sources) add(from string, now time.Time) *budget {
	if len(s.by) >= maxSources {
		for k, b := range s.by {
			if !b.used(now) {
				delete(s.by, k)
			}
		}
		for len(s.by) >= maxSources {
			first := ""
			for k, b := range s.by {
				if first == "" || b.full.Before(s.by[first].full) {
					first = k
				}
			}
			delete(s.by, first)
		}
	}
	b := &budget{burst: Burst, every: Every}
	s.by[from] = b
	return b
}

// Lockouts are the sources locked out now, by address: what the staff
// are shown.
func (s *Sources) Lockouts() []Lockout {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	var out []Lockout
	for from, b := range s.by {
		if wait := b.wait(now); wait > 0 {
			out = append(out, Lockout{From: from, Until: now.Add(wait)})
		}
	}
	slices.SortFunc(out, func(a, b Lockout) int { return strings.Compare(a.From, b.From) })
	return out
}

// IsSet reports whether a secret is set, as Gate.IsSet.
func (s *Sources) IsSet(ctx context.Context) bool {
	ok, err := s.v.IsSet(ctx)
	return ok || err != nil
}
