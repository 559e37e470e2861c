package table

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
)

func TestARestartedTableResumesItsSessionCodeAndCertificate(t *testing.T) {
	ctx := context.Background()
	cfg := Config{Name: "Table 1", DBPath: filepath.Join(t.TempDir(), "t.db"), Addr: "127.0.0.1:0", Games: catalog.Registry()}
	tb, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Session() != nil {
		t.Fatal("a new table has a session")
	}
	s, err := tb.Start(ctx, "canyon", map[string]string{"less-luck": "on"}, []Seat{{}, {}, {Bot: "default"}})
	if err != nil {
		t.Fatal(err)
	}
	code, fp := tb.Server().Code(), tb.Fingerprint()
	if seats := tb.Server().Seats(); len(seats) != 3 || seats[2].State != "bot" || tb.Server().FreeCount() != 2 {
		t.Fatalf("seats %+v", seats)
	}
	tb.Close()
	tb.Close() // twice is harmless

	again, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	r := again.Session()
	if r == nil || r.ID() != s.ID() || r.Record().Options["less-luck"] != "on" {
		t.Fatalf("resumed %v, want session %s", r, s.ID())
	}
	if again.Server().Code() != code || again.Fingerprint() != fp {
		t.Errorf("code %s fingerprint %s after restart; before %s %s", again.Server().Code(), again.Fingerprint(), code, fp)
	}
	// A new game abandons the old one and gets a new code.
	if _, err := again.Start(ctx, "canoe", nil, []Seat{{}, {}}); err != nil {
		t.Fatal(err)
	}
	if again.Server().Code() == code || r.Status() != "abandoned" {
		t.Errorf("new game: code %s (was %s), old session %s", again.Server().Code(), code, r.Status())
	}
}

// A second table on the same database (a second kiosk process, or
// scripts/run-kiosk started twice) refuses to open before it resumes
// anything, and says why; once the first closes, it opens.
func TestASecondTableOnTheSameDatabaseRefusesToOpen(t *testing.T) {
	ctx := context.Background()
	cfg := Config{Name: "Table 1", DBPath: filepath.Join(t.TempDir(), "t.db"), Addr: "127.0.0.1:0", Games: catalog.Registry()}
	first, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Start(ctx, "canoe", nil, []Seat{{}, {}}); err != nil {
		t.Fatal(err)
	}
	second, err := Open(ctx, cfg)
	if err == nil {
		second.Close()
		t.Fatal("a second table opened the database a running one holds")
	}
	if !errors.Is(err, ErrTableRunning) || !strings.Contains(err.Error(), cfg.DBPath) {
		t.Errorf("the second table's error %q does not say another kiosk runs on %s", err, cfg.DBPath)
	}
	if first.Session() == nil || first.Session().Status().Ended() {
		t.Error("the refused table touched the running one's session")
	}
	first.Close()
	again, err := Open(ctx, cfg)
	if err != nil {
		t.Fatalf("once the first table closed: %v", err)
	}
	again.Close()
}

// A finished game comes back after a restart, for its phones to play
// again, only while its results are on the table: with KeepResults, and
// until the table dismissed them. A table that does not keep results lets
// the phones go.
func TestFinishedResultsComeBackUntilDismissed(t *testing.T) {
	ctx := context.Background()
	cfg := Config{Name: "Table 1", DBPath: filepath.Join(t.TempDir(), "t.db"), Addr: "127.0.0.1:0", Games: catalog.Registry(), KeepResults: true}
	tb, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tb.Start(ctx, "canoe", nil, []Seat{{Bot: "random"}, {Bot: "random"}})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Status().Ended() {
		updates, stop := s.Subscribe(engine.Onlooker)
		for range updates {
		}
		stop()
	}
	seating, err := tb.DB().Seating(ctx, s.ID())
	if err != nil || seating == nil {
		t.Fatalf("the finished game's seating: %s, %v", seating, err)
	}
	tb.Close()

	reopen := func(keep bool) *Table {
		t.Helper()
		c := cfg
		c.KeepResults = keep
		tb, err := Open(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	headless := reopen(false)
	if headless.Session() != nil {
		t.Error("a table without KeepResults brought back finished results")
	}
	headless.Close()
	after := reopen(true)
	if after.Session() != nil {
		t.Error("results came back after a table that does not keep them let them go")
	}
	// As if the headless table had not run.
	if err := after.DB().SaveSeating(ctx, s.ID(), seating); err != nil {
		t.Fatal(err)
	}
	after.Close()

	again := reopen(true)
	r := again.Session()
	if r == nil || r.ID() != s.ID() || !r.Status().Ended() || again.Server().Code() == "" {
		t.Fatalf("the results came back as %v (code %q), want session %s", r, again.Server().Code(), s.ID())
	}
	again.Dismiss()
	again.Close()
	last := reopen(true)
	defer last.Close()
	if last.Session() != nil {
		t.Error("dismissed results came back")
	}
}
