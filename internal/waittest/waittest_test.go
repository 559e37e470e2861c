package waittest

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// Within returns as soon as the check passes, and else the check's last
// error, not its first.
func TestWithinSaysWhatItLastSaw(t *testing.T) {
	n := 0
	err := Within(50*time.Millisecond, time.Millisecond, func() error {
		n++
		return fmt.Errorf("try %d", n)
	})
	if want := fmt.Sprintf("try %d", n); err == nil || err.Error() != want || n < 2 {
		t.Fatalf("Within: %v after %d tries, want %q", err, n, want)
	}
	tries := 0
	if err := Within(time.Minute, time.Millisecond, func() error {
		if tries++; tries < 3 {
			return errors.New("not yet")
		}
		return nil
	}); err != nil || tries != 3 {
		t.Fatalf("Within: %v after %d tries, want nil after 3", err, tries)
	}
}
