package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/proctest"
)

// xvfb starts a virtual display for the windowed kiosk and returns its
// DISPLAY value; the test skips where Xvfb is not installed.
func xvfb(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("Xvfb is not installed (scripts/setup-debian installs it)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -displayfd: Xvfb picks a free display and writes its number once
	// it accepts clients, so no display number is guessed or waited for.
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb did not report its display: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

// The windowed kiosk resumes a game after kill -9 as the headless one does:
// a headless kiosk starts the game and is killed, a windowed one resumes
// it and is killed in turn, and a second windowed one sees it to the end.
func TestAGameSurvivesKillingTheWindowedKiosk(t *testing.T) {
	kiosk, companion := binaries(t)
	display := xvfb(t)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "tablee.db")
	common := []string{"--db", dbPath, "--name", "Table 1", "--addr", "127.0.0.1:" + proctest.FreePort(t), "--mdns=false", "--console-addr", "127.0.0.1:0"}
	k := startKiosk(t, kiosk, append([]string{"--headless", "--game", "canaille", "--seats", "3"}, common...)...)

	phones, done := startPhones(t, companion, dir, k, 3)
	waitMoves(t, dbPath, 3)
	k.cmd.Process.Signal(syscall.SIGKILL)
	k.cmd.Wait()

	for round := 0; round < 2; round++ {
		before := movesIn(t, dbPath)
		w := startKioskEnv(t, []string{"DISPLAY=" + display, "LANG=fr_FR.UTF-8"}, kiosk, common...)
		if w.code != k.code || w.fp != k.fp {
			t.Errorf("windowed kiosk: code %s fingerprint %s, want %s %s", w.code, w.fp, k.code, k.fp)
		}
		if round == 1 {
			waitPhones(t, dir, phones, done, w)
			checkRecorded(t, dbPath, 3, before)
			alive(t, w)
			return
		}
		waitMoves(t, dbPath, before+3)
		alive(t, w)
		w.cmd.Process.Signal(syscall.SIGKILL)
		w.cmd.Wait()
	}
}

// alive fails the test if the kiosk exited (a panic, say).
func alive(t *testing.T, k *kioskProc) {
	t.Helper()
	if err := k.cmd.Process.Signal(syscall.Signal(0)); err != nil {
		data, _ := os.ReadFile(k.errFn)
		t.Fatalf("the windowed kiosk died: %v\n%s", err, data)
	}
}

func startPhones(t *testing.T, companion, dir string, k *kioskProc, n int) ([]*exec.Cmd, chan error) {
	t.Helper()
	phones := make([]*exec.Cmd, n)
	done := make(chan error, n)
	for i := range phones {
		phones[i] = exec.Command(companion, "--headless", "--addr", k.addr, "--fingerprint", k.fp,
			"--code", k.code, "--name", fmt.Sprintf("P%d", i+1), "--bot", "default", "--seed", strconv.Itoa(i+1))
		logf, _ := os.Create(filepath.Join(dir, fmt.Sprintf("phone%d.log", i+1)))
		phones[i].Stdout, phones[i].Stderr = logf, logf
		if err := phones[i].Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { phones[i].Process.Kill() })
		go func(c *exec.Cmd) { done <- c.Wait() }(phones[i])
	}
	return phones, done
}

func waitPhones(t *testing.T, dir string, phones []*exec.Cmd, done chan error, k *kioskProc) {
	t.Helper()
	for range phones {
		select {
		case err := <-done:
			if err == nil {
				continue
			}
			for i := range phones {
				log, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("phone%d.log", i+1)))
				t.Logf("phone %d:\n%s", i+1, log)
			}
			kerr, _ := os.ReadFile(k.errFn)
			t.Fatalf("a phone failed: %v\nkiosk:\n%s", err, kerr)
		case <-time.After(3 * time.Minute):
			t.Fatal("the phones did not finish the game")
		}
	}
}

// waitMoves waits until the move log holds n moves; the time limit only
// ends a test that went wrong, it proves nothing.
func waitMoves(t *testing.T, dbPath string, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); movesIn(t, dbPath) < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d moves logged", movesIn(t, dbPath), n)
		}
	}
}
