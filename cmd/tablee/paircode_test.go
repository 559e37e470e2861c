package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/internal/proctest"
	"github.com/tablee/tablee/proto/tlscert"
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

// The venue's certificate authority as the staff make it, every command a
// real process: tablee ca --db HUB.db makes it once and prints its
// fingerprint (the same the second time); the hub started on it serves
// its console with a certificate the authority issued, which a browser
// with the authority as its only root accepts for the hub's address
// (Go's TLS client, no pin, no skipped check), and offers the
// authority's certificate at /venue-ca.crt; a table paired with the hub
// gets its console's certificate from it, verified by x509.Verify
// against the authority alone.
func TestVenueCAAsProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the tablee binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tablee")
	if err := proctest.Build(bin, "."); err != nil {
		t.Fatal(err)
	}
	hubDB, hubData := filepath.Join(dir, "hub.db"), filepath.Join(dir, "hubdata")
	d, err := db.Open(context.Background(), hubDB)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	ca := func() string {
		out, err := exec.Command(bin, "ca", "--db", hubDB).Output()
		m := regexp.MustCompile(`(?m)^ca fingerprint=([0-9a-f]{64}) words=\S+$`).FindStringSubmatch(string(out))
		if err != nil || m == nil {
			t.Fatalf("tablee ca (%v):\n%s", err, out)
		}
		return m[1]
	}
	fp := ca()
	if again := ca(); again != fp {
		t.Fatalf("tablee ca made another authority: %s, then %s", fp, again)
	}
	authority, err := tlscert.LoadCA(tlscert.ConsoleDir(hubDB))
	if err != nil || authority.Fingerprint() != fp {
		t.Fatalf("the authority kept: %v (%v)", authority, err)
	}
	hubCmd := exec.Command(bin, "venue", "--db", hubDB, "--data", hubData, "--listen", "127.0.0.1:0", "--no-mdns")
	line := proctest.Start(t, hubCmd, filepath.Join(dir, "hub.err"), time.Minute)
	m := regexp.MustCompile(`^venue addr=(\S+) pair=(\S+) fingerprint=([0-9a-f]{64}) console=(https://\S+/)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("the hub's line %q", line)
	}
	browser := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: authority.Pool()}}}
	res, err := browser.Get(m[4] + "venue-ca.crt")
	if err != nil {
		t.Fatalf("the hub's console, checked by a browser trusting the venue's authority: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || string(body) != string(authority.PEM()) {
		t.Errorf("/venue-ca.crt: %s\n%s", res.Status, body)
	}
	// A table pairs and gets its console's certificate from the hub.
	out, err := exec.Command(bin, "venue", "--db", hubDB, "--data", hubData, "--new-code").Output()
	code := regexp.MustCompile(`^code=([0-9]{6}) `).FindStringSubmatch(string(out))
	if err != nil || code == nil {
		t.Fatalf("--new-code (%v): %q", err, out)
	}
	k := newKiosk(t)
	if out, err := exec.Command(bin, "venue", "--db", k.path, "--pair", m[1], "--pair-addr", m[2], "--code", code[1], "--fingerprint", m[3]).CombinedOutput(); err != nil {
		t.Fatalf("pairing (%v):\n%s", err, out)
	}
	cert, ok, err := tlscert.LoadConsole(tlscert.ConsoleDir(k.path))
	if err != nil || !ok {
		t.Fatalf("the table's console certificate: %v, %v", ok, err)
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "127.0.0.1", Roots: authority.Pool()}); err != nil {
		t.Errorf("x509.Verify of the table's console certificate against the venue's authority: %v", err)
	}
}
