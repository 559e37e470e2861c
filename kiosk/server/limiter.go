package server

import (
	"sync"
	"time"
)

// limiter counts wrong table codes per address: a phone may guess a 4-digit
// code, so guessing must be slow. After max failures within window, the
// address is refused until the oldest failure leaves the window.
type limiter struct {
	max    int
	window time.Duration

	mu       sync.Mutex
	failures map[string][]time.Time
}

func newLimiter(max int, window time.Duration) *limiter {
	return &limiter{max: max, window: window, failures: map[string][]time.Time{}}
}

// blocked reports whether addr may not try a code now.
func (l *limiter) blocked(addr string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(addr, now)) >= l.max
}

// fail records a wrong code from addr.
func (l *limiter) fail(addr string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.failures[addr] = append(l.recent(addr, now), now)
}

// recent drops failures older than the window; l.mu is held.
func (l *limiter) recent(addr string, now time.Time) []time.Time {
	f := l.failures[addr]
	for len(f) > 0 && now.Sub(f[0]) >= l.window {
		f = f[1:]
	}
	if len(f) == 0 {
		delete(l.failures, addr)
		return nil
	}
	l.failures[addr] = f
	return f
}
