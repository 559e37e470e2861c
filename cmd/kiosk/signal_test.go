package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/proctest"
)

// stopGuard bounds the wait for a kiosk to exit after a signal: a
// failure's deadline (issue 42 asks for 2 s; the test logs what it took).
const stopGuard = 15 * time.Second

// `kiosk --headless --exit-when-over` whose session waits for its phones
// ends on SIGTERM and on SIGINT (its wait ranged over the session's
// updates, which never come while nobody joins, and ignored both).
func TestHeadlessWaitingForPhonesStopsOnSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the kiosk")
	}
	bin := filepath.Join(t.TempDir(), "kiosk")
	if err := proctest.Build(bin, "."); err != nil {
		t.Fatal(err)
	}
	for name, sig := range map[string]syscall.Signal{"SIGTERM": syscall.SIGTERM, "SIGINT": syscall.SIGINT} {
		t.Run(name, func(t *testing.T) {
			k := startKiosk(t, bin, "--headless", "--db", filepath.Join(t.TempDir(), "tablee.db"), "--game", "canoe", "--seats", "2",
				"--mdns=false", "--console-addr", "127.0.0.1:0", "--web-addr", "127.0.0.1:0", "--addr", "127.0.0.1:0", "--exit-when-over")
			exited := make(chan error, 1)
			go func() { exited <- k.cmd.Wait() }()
			sent := time.Now()
			if err := k.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-exited:
				t.Logf("exited %v after %s: %v", time.Since(sent).Round(time.Millisecond), name, err)
				if err != nil {
					data, _ := os.ReadFile(k.errFn)
					t.Errorf("the kiosk exited with %v after %s; its log:\n%s", err, name, data)
				}
			case <-time.After(stopGuard):
				data, _ := os.ReadFile(k.errFn)
				t.Fatalf("the kiosk still runs %v after %s; its log:\n%s", stopGuard, name, data)
			}
		})
	}
}
