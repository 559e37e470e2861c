package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/internal/proctest"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/proto/tlscert"
)

// binaries builds the kiosk and the companion once for the end-to-end tests.
func binaries(t *testing.T) (kiosk, companion string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the binaries")
	}
	dir := t.TempDir()
	kiosk, companion = filepath.Join(dir, "kiosk"), filepath.Join(dir, "companion")
	for bin, pkg := range map[string]string{kiosk: ".", companion: "../companion"} {
		if err := proctest.Build(bin, pkg); err != nil {
			t.Fatal(err)
		}
	}
	return kiosk, companion
}

// listening reads the kiosk's code line (code= is empty while no game is
// set up): the headless kiosk adds web=,
// the windowed one need not; more fields may follow.
var listening = regexp.MustCompile(`^code=(\d{6}|) addr=(\S+) fingerprint=([0-9a-f]{64})(?: web=(http://\S+#\S+))?(?: |$)`)

// consoleField is the code line's console=https://HOST:PORT/ field.
var consoleField = regexp.MustCompile(` console=(https://\S+:\d+/)(?: |$)`)

type kioskProc struct {
	cmd                   *exec.Cmd
	code, addr, fp, errFn string
	web                   string // the QR code's join URL
	console               string // the staff console's URL, if the line has one
}

// startKiosk runs a kiosk and waits for its "code=… addr=…" line.
func startKiosk(t *testing.T, bin string, args ...string) *kioskProc {
	t.Helper()
	return startKioskEnv(t, nil, bin, args...)
}

// startKioskEnv is startKiosk with env added to the kiosk's environment
// (DISPLAY for the windowed kiosk).
func startKioskEnv(t *testing.T, env []string, bin string, args ...string) *kioskProc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	errFile := filepath.Join(t.TempDir(), "kiosk.err")
	l := proctest.Start(t, cmd, errFile, 30*time.Second)
	m := listening.FindStringSubmatch(l)
	if m == nil {
		// An empty line is a kiosk that exited before it printed: its
		// log says why.
		data, _ := os.ReadFile(errFile)
		t.Fatalf("kiosk printed %q; its log:\n%s", l, data)
	}
	k := &kioskProc{cmd: cmd, code: m[1], addr: m[2], fp: m[3], web: m[4], errFn: errFile}
	if c := consoleField.FindStringSubmatch(l); c != nil {
		k.console = c[1]
	}
	return k
}

// movesIn counts the logged moves, reading the kiosk's database as staff would.
func movesIn(t *testing.T, path string) int {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM moves`).Scan(&n); err != nil {
		return 0 // not created yet
	}
	return n
}

func TestWholeGamesSurviveAKioskCrash(t *testing.T) {
	kiosk, companion := binaries(t)
	for _, tc := range []struct {
		name  string
		game  []string
		seats int
	}{
		{"canoe", []string{"--game", "canoe"}, 2},
		{"canyon", []string{"--game", "canyon"}, 4},
		{"canaille", []string{"--game", "canaille"}, 4},
		// A shelf game's score sheet, killed while the phones write it.
		{"sheet", []string{"--title", "7 Wonders"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dbPath := playThroughCrash(t, kiosk, companion, tc.game, tc.seats)
			if tc.name == "sheet" {
				checkTitle(t, dbPath, "7 Wonders", "7wonders")
			}
		})
	}
}

// checkTitle reads the play's title and sheet from its session's options.
func checkTitle(t *testing.T, path, title, sheet string) {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var game, options string
	if err := d.QueryRow(`SELECT game, options FROM sessions`).Scan(&game, &options); err != nil {
		t.Fatal(err)
	}
	if game != "sheet" || !strings.Contains(options, `"title":"`+title+`"`) || !strings.Contains(options, `"sheet":"`+sheet+`"`) {
		t.Errorf("the play is game %q with options %s, want the sheet %s of %q", game, options, sheet, title)
	}
	// The play, as tablee plays writes it: one row per phone, the title
	// played, complete, one winner at least.
	store, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var out strings.Builder
	if err := store.WritePlaysCSV(context.Background(), &out, ','); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(strings.TrimPrefix(out.String(), db.CSVBOM)), "\n")
	wins := 0
	for _, row := range rows[1:] {
		cells := strings.Split(strings.TrimSpace(row), ",")
		if len(cells) != len(db.PlaysColumns) || cells[6] != title || cells[4] != "0" {
			t.Errorf("plays.csv row %q", row)
			continue
		}
		wins += map[string]int{"1": 1}[cells[12]]
	}
	if len(rows) != 4 || wins == 0 {
		t.Errorf("plays.csv of a 3-seat play with %d winners:\n%s", wins, out.String())
	}
}

func playThroughCrash(t *testing.T, kiosk, companion string, game []string, seats int) (dbPath string) {
	return playThroughCrashOn(t, kiosk, companion, filepath.Join(t.TempDir(), "tablee.db"), game, seats)
}

// playThroughCrashOn is playThroughCrash on the database dbPath (which a
// test may have filled first), its phones' logs beside it.
func playThroughCrashOn(t *testing.T, kiosk, companion, dbPath string, game []string, seats int) string {
	dir := filepath.Dir(dbPath)
	args := append([]string{"--headless", "--db", dbPath, "--name", "Table 1"}, game...)
	args = append(args, "--seats", strconv.Itoa(seats), "--addr", "127.0.0.1:"+proctest.FreePort(t),
		"--web-addr", "127.0.0.1:"+proctest.FreePort(t), "--mdns=false", "--console-addr", "127.0.0.1:0", "--exit-when-over")
	k := startKiosk(t, kiosk, args...)
	if info, err := joinurl.Parse(k.web); err != nil || !strings.HasPrefix(info.Code, k.code+"-") || info.Fingerprint != k.fp || info.TLSAddr() != k.addr {
		t.Fatalf("web=%s: %+v, %v; want code %s, TLS %s, fingerprint %s", k.web, info, err, k.code, k.addr, k.fp)
	}
	// The staff console answers on the line's address with the table's
	// own certificate (the fingerprint phones pin).
	if k.console == "" {
		t.Fatal("the code line has no console=https://HOST:PORT/ field")
	}
	cl := &http.Client{Transport: &http.Transport{TLSClientConfig: tlscert.PinnedConfig(k.fp)}, Timeout: 30 * time.Second}
	if res, err := cl.Get(k.console); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %v %v", k.console, res, err)
	} else {
		res.Body.Close()
	}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	phones := make([]*exec.Cmd, seats)
	done := make(chan error, seats)
	for i := range phones {
		phones[i] = exec.CommandContext(ctx, companion, "--headless", "--addr", k.addr, "--fingerprint", k.fp,
			"--code", k.code, "--name", fmt.Sprintf("P%d", i+1), "--bot", "default", "--seed", strconv.Itoa(i+1))
		logf, _ := os.Create(filepath.Join(dir, fmt.Sprintf("phone%d.log", i+1)))
		phones[i].Stdout, phones[i].Stderr = logf, logf
		if err := phones[i].Start(); err != nil {
			t.Fatal(err)
		}
		go func(c *exec.Cmd) { done <- c.Wait() }(phones[i])
	}

	// Pull the power a few moves into the game.
	deadline := time.Now().Add(time.Minute)
	for movesIn(t, dbPath) < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	before := movesIn(t, dbPath)
	k.cmd.Process.Signal(syscall.SIGKILL)
	k.cmd.Wait()
	if before < 3 {
		t.Fatalf("only %d moves logged before the crash", before)
	}
	restarted := startKiosk(t, kiosk, args...)
	if restarted.code != k.code || restarted.fp != k.fp {
		t.Errorf("after restart code %s fingerprint %s; before %s %s", restarted.code, restarted.fp, k.code, k.fp)
	}

	for range phones {
		if err := <-done; err != nil {
			for i := range phones {
				log, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("phone%d.log", i+1)))
				t.Logf("phone %d:\n%s", i+1, log)
			}
			kerr, _ := os.ReadFile(restarted.errFn)
			t.Fatalf("a phone failed: %v\nkiosk:\n%s", err, kerr)
		}
	}
	if err := restarted.cmd.Wait(); err != nil {
		t.Fatalf("kiosk after the game: %v", err)
	}
	checkRecorded(t, dbPath, seats, before)
	return dbPath
}

// checkRecorded reads the finished session, its moves and results.
func checkRecorded(t *testing.T, path string, seats, atLeast int) {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var status string
	var moves, results int
	if err := d.QueryRow(`SELECT status FROM sessions`).Scan(&status); err != nil {
		t.Fatal(err)
	}
	d.QueryRow(`SELECT count(*) FROM moves`).Scan(&moves)
	d.QueryRow(`SELECT count(*) FROM results`).Scan(&results)
	if status != "finished" || moves <= atLeast || results != seats {
		t.Fatalf("session %s with %d moves (%d before the crash) and %d results", status, moves, atLeast, results)
	}
}

// A second kiosk started on the database a running one holds (run-kiosk
// started twice) exits at once with a message that says so, and leaves
// the first one's game alone.
func TestASecondKioskOnTheSameDatabaseRefusesToStart(t *testing.T) {
	kiosk, _ := binaries(t)
	dbPath := filepath.Join(t.TempDir(), "tablee.db")
	args := []string{"--headless", "--db", dbPath, "--game", "canoe", "--seats", "2", "--mdns=false", "--console-addr", "127.0.0.1:0", "--web-addr", "127.0.0.1:0"}
	first := startKiosk(t, kiosk, append(args, "--addr", "127.0.0.1:"+proctest.FreePort(t))...)
	second := exec.Command(kiosk, append(args, "--addr", "127.0.0.1:"+proctest.FreePort(t))...)
	out, err := second.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("the second kiosk: %v, want exit status 1\n%s", err, out)
	}
	if !strings.Contains(string(out), "another kiosk is already running on this database") {
		t.Errorf("the second kiosk said %q", out)
	}
	alive(t, first)
}
