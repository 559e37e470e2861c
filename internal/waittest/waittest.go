// Package waittest is the tests' one way to wait for something that
// happens elsewhere (a socket, a leaf link, a stream): For tries a check
// until it passes, and a test that gives up says what the check last saw,
// in the manner of nats-server's checkFor. It is for tests only.
package waittest

import (
	"testing"
	"time"
)

// For calls check every sleep until it returns nil, and fails t with
// check's last error once total has passed: the error says what check
// saw, so that a timeout reads as "A's link: down (last login refused)",
// not as "not after 60s". total is a guard against a hung test, never a
// measurement: a check that passes passes at once.
func For(t testing.TB, total, sleep time.Duration, check func() error) {
	t.Helper()
	if err := Within(total, sleep, check); err != nil {
		t.Fatalf("after %v: %v", total, err)
	}
}

// Within is For without a test: check's last error once total has
// passed, nil as soon as check passes.
func Within(total, sleep time.Duration, check func() error) error {
	deadline := time.NewTimer(total)
	defer deadline.Stop()
	tick := time.NewTicker(sleep)
	defer tick.Stop()
	for {
		err := check()
		if err == nil {
			return nil
		}
		select {
		case <-tick.C:
		case <-deadline.C:
			if err = check(); err == nil {
				return nil
			}
			return err
		}
	}
}
