// Package kiosktest runs the real kiosk table (kiosk/table: SQLite, host,
// server) on loopback for the companion's tests, with a temporary database,
// so that the phone's side is tested against the one implementation of the
// protocol. It only wires and drives a kiosk/table.Table; it speaks no
// protocol of its own.
package kiosktest

import (
	"context"
	"log"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
)

// Name is the name of the tables Open starts.
const Name = "Table 1"

// Table is a kiosk table that a test may restart. Its address and
// certificate stay the same across restarts, as a kiosk's do.
//
// Phones reach it through a relay on loopback (Addr) that passes the bytes
// through untouched (TLS ends at the kiosk) and refuses connections while
// the kiosk restarts: kiosk/table.Open listens before it has resumed its
// session, and a phone resuming in that window loses its seat for good
// (see TestResumeWhileTheKioskStartsKeepsTheSeat in companion/client).
// KioskAddr is the kiosk's own address, without the relay.
type Table struct {
	t     testing.TB
	cfg   table.Config
	logs  *testLog
	relay *relay

	Addr        string // where phones connect: host:port on loopback
	KioskAddr   string // where the kiosk itself listens
	Fingerprint string // the certificate's SHA-256
	Name        string

	mu sync.Mutex
	k  *table.Table // nil while down
}

// Open starts a kiosk table on loopback and a session of game with seats
// phone seats. The table closes when the test ends.
func Open(t testing.TB, game string, seats int) *Table {
	return OpenWith(t, table.Config{}, game, seats)
}

// OpenWith is Open with cfg's Name, MDNS, MDNSScope and any other field
// set; the database and data dir are the test's, Addr defaults to
// 127.0.0.1:0 and Games to the catalog.
func OpenWith(t testing.TB, cfg table.Config, game string, seats int) *Table {
	t.Helper()
	dir := t.TempDir()
	if cfg.Name == "" {
		cfg.Name = Name
	}
	cfg.DBPath = filepath.Join(dir, "tablee.db")
	cfg.DataDir = dir
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	if cfg.Games == nil {
		cfg.Games = catalog.Registry()
	}
	tb := &Table{t: t, cfg: cfg, Name: cfg.Name, logs: &testLog{t: t}}
	cfg.Logger = log.New(tb.logs, "kiosk: ", 0)
	tb.cfg = cfg
	k, err := table.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("kiosktest: open: %v", err)
	}
	tb.k = k
	// Later opens must find the table where the phones knew it.
	tb.KioskAddr, tb.Fingerprint = k.Addr(), k.Fingerprint()
	tb.cfg.Addr = tb.KioskAddr
	// The web page too: a reopen on the now fixed TLS port would
	// otherwise take the web companion's default port, which a kiosk
	// running on this machine may hold.
	tb.cfg.WebAddr = k.WebAddr()
	// And the staff console, for the same reason: on its default port
	// (all interfaces) a reopen fails whenever another kiosk or test on
	// this machine holds it, as the companion's packages' tests, run in
	// parallel, each did.
	tb.cfg.ConsoleAddr = k.ConsoleAddr()
	tb.relay, err = newRelay(tb.KioskAddr)
	if err != nil {
		k.Close()
		t.Fatalf("kiosktest: %v", err)
	}
	tb.Addr = tb.relay.addr()
	t.Cleanup(func() {
		tb.Close()
		tb.logs.stop()
	})
	phones := make([]table.Seat, seats)
	if _, err := k.Start(context.Background(), game, nil, phones); err != nil {
		t.Fatalf("kiosktest: start %s: %v", game, err)
	}
	return tb
}

// Kiosk is the running table; the test fails if it is closed.
func (tb *Table) Kiosk() *table.Table {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.k == nil {
		tb.t.Fatal("kiosktest: the table is closed")
	}
	return tb.k
}

// Server is the running table's server.
func (tb *Table) Server() *server.Server { return tb.Kiosk().Server() }

// Session is the running table's session.
func (tb *Table) Session() *host.Session { return tb.Kiosk().Session() }

// DBPath is the table's database file, for a test to read what the kiosk
// recorded.
func (tb *Table) DBPath() string { return tb.cfg.DBPath }

// Code is the code the kiosk shows for joining.
func (tb *Table) Code() string { return tb.Server().Code() }

// WrongCode is a well-formed code that is not the table's.
func (tb *Table) WrongCode() string {
	code := tb.Code()
	for _, c := range []string{"111111", "222222"} {
		if c != code {
			return c
		}
	}
	panic("unreachable")
}

// Moves is how many moves the session has recorded.
func (tb *Table) Moves() int { return tb.Session().Moves() }

// Result is the game's outcome once it is over.
func (tb *Table) Result() (engine.Result, bool) { return tb.Session().Result() }

// Release takes seat from its phone, as the staff do.
func (tb *Table) Release(seat engine.Seat) {
	tb.t.Helper()
	if err := tb.Server().Release(seat); err != nil {
		tb.t.Fatal(err)
	}
}

// Close stops the kiosk and the relay for good. The test's cleanup does it.
func (tb *Table) Close() {
	tb.down()
	tb.relay.close()
}

// down stops the kiosk, as a crash does as far as the phones can tell:
// their connections drop and new ones are refused. The session stays in
// the database.
func (tb *Table) down() {
	tb.relay.pause()
	tb.mu.Lock()
	k := tb.k
	tb.k = nil
	tb.mu.Unlock()
	if k != nil {
		k.Close()
	}
	tb.relay.dropAll()
}

// Restart closes the kiosk and, after down, opens it again on the same
// database and address: it resumes the session with its code and tokens.
func (tb *Table) Restart(down time.Duration) {
	tb.t.Helper()
	tb.down()
	time.Sleep(down)
	tb.reopen()
	tb.relay.resume()
}

// ReleaseWhileDown restarts the kiosk and, before any phone can reach it
// again, releases seat: a phone coming back finds its token revoked.
func (tb *Table) ReleaseWhileDown(seat engine.Seat) {
	tb.t.Helper()
	tb.down()
	tb.reopen()
	tb.Release(seat)
	tb.relay.resume()
}

func (tb *Table) reopen() {
	tb.t.Helper()
	cfg := tb.cfg
	var k *table.Table
	var err error
	// The old listener is closed; a port in TIME_WAIT is reused at once,
	// but allow a moment on a loaded machine.
	for try := 0; try < 20; try++ {
		if k, err = table.Open(context.Background(), cfg); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		tb.t.Fatalf("kiosktest: reopen: %v", err)
	}
	if k.Session() == nil {
		k.Close()
		tb.t.Fatal("kiosktest: the reopened table did not resume its session")
	}
	tb.mu.Lock()
	tb.k = k
	tb.mu.Unlock()
}

// testLog sends the kiosk's log to the test's, until the test ends.
type testLog struct {
	t       testing.TB
	mu      sync.Mutex
	stopped bool
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.stopped {
		l.t.Log(strings.TrimSuffix(string(p), "\n"))
	}
	return len(p), nil
}

func (l *testLog) stop() {
	l.mu.Lock()
	l.stopped = true
	l.mu.Unlock()
}
