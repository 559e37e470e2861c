package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/proctest"
)

// The pairing codes as the staff use them, every command a real process
// beside the running hub's: tablee venue --new-code prints
// "code=NNNNNN expires=RFC3339"; tablee venue --pair with it pairs a
// table; the same code again (a second table, or the code replayed)
// exits non-zero saying "code already used"; a made-up code is refused
// as unknown. (Before, the venue's one code, printed at the hub's start
// and kept in the journal, paired any number of tables.)
func TestPairingCodesAsProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the tablee binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tablee")
	if err := proctest.Build(bin, "."); err != nil {
		t.Fatal(err)
	}
	hubDB, hubData := filepath.Join(dir, "hub.db"), filepath.Join(dir, "hubdata")
	hubCmd := exec.Command(bin, "venue", "--db", hubDB, "--data", hubData, "--listen", "127.0.0.1:0", "--no-mdns")
	line := proctest.Start(t, hubCmd, filepath.Join(dir, "hub.err"), time.Minute)
	m := regexp.MustCompile(`^venue addr=(\S+) pair=(\S+) fingerprint=([0-9a-f]{64})`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("the hub's line %q", line)
	}
	if strings.Contains(line, "code=") {
		t.Errorf("the hub's start prints a code: %q", line)
	}
	out, err := exec.Command(bin, "venue", "--db", hubDB, "--data", hubData, "--new-code").Output()
	code := regexp.MustCompile(`^code=([0-9]{6}) expires=(\S+)\n$`).FindStringSubmatch(string(out))
	if err != nil || code == nil {
		t.Fatalf("--new-code (%v): %q", err, out)
	}
	if exp, err := time.Parse(time.RFC3339, code[2]); err != nil || time.Until(exp) > 15*time.Minute {
		t.Errorf("expires=%s (%v): want at most 15 minutes from now", code[2], err)
	}
	pair := func(k *kiosk, c string) (string, error) {
		out, err := exec.Command(bin, "venue", "--db", k.path, "--pair", m[1], "--pair-addr", m[2], "--code", c, "--fingerprint", m[3]).CombinedOutput()
		return string(out), err
	}
	if out, err := pair(newKiosk(t), code[1]); err != nil || !strings.Contains(out, "paired with the venue hub") {
		t.Fatalf("the first pairing (%v):\n%s", err, out)
	}
	for name, k := range map[string]*kiosk{"a second table": newKiosk(t)} {
		out, err := pair(k, code[1])
		if err == nil || !strings.Contains(out, "code already used") {
			t.Errorf("%s with the used code (%v):\n%s", name, err, out)
		}
	}
	wrong := "000000"
	if wrong == code[1] {
		wrong = "111111"
	}
	if out, err := pair(newKiosk(t), wrong); err == nil || !strings.Contains(out, "wrong code") {
		t.Errorf("a made-up code (%v):\n%s", err, out)
	}
}
