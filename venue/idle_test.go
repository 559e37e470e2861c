package venue

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The CPU an idle venue costs: a hub with one kiosk, then with three. A
// measurement, not a check: it logs its figures and runs only when asked
// (TABLEE_VENUE_IDLE=1, not with -short): it idles for two minutes.
func TestVenueIdleCPU(t *testing.T) {
	if testing.Short() || os.Getenv("TABLEE_VENUE_IDLE") == "" {
		t.Skip("a two-minute measurement: TABLEE_VENUE_IDLE=1 go test -run TestVenueIdleCPU -v ./venue")
	}
	const span = 30 * time.Second
	hubNode := newNode(t, "")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := &Pairing{Addr: hub.Addr(), Code: hub.Code(), Fingerprint: hub.Fingerprint()}
	measure := func(n int) float64 {
		// Every kiosk paired and its first session everywhere before the
		// idle span starts.
		var ids []string
		for i := 0; i < n; i++ {
			k := newNode(t, "T"+string(rune('A'+i)))
			kk := startKiosk(t, k, pair)
			ids = append(ids, k.play(t))
			k.waitHas(t, kk.Loaded(), ids[len(ids)-1])
		}
		hubNode.waitHas(t, hub.Loaded(), ids...)
		// Past the watchdogs' first looks after the links came up.
		time.Sleep(hotFor)
		before := cpuTime(t)
		time.Sleep(span) // the measurement itself, not a synchronisation
		return float64(cpuTime(t)-before) / float64(span) * 100
	}
	one := measure(1)
	three := measure(2)
	t.Logf("idle CPU, %% of one core: hub + 1 kiosk %.3f %%, hub + 3 kiosks %.3f %%, so about %.3f %% per kiosk (its share at the hub included)",
		one, three, (three-one)/2)
}
