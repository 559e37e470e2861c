package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// t0 is a fixed Wednesday, so periods are predictable.
var t0 = time.Date(2026, 3, 11, 14, 0, 0, 0, time.UTC)

func openTemp(t testing.TB) *DB {
	t.Helper()
	d, err := Open(context.Background(), filepath.Join(t.TempDir(), "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func pragma(t *testing.T, db *sql.DB, name string) string {
	t.Helper()
	var v string
	if err := db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOpenSettings(t *testing.T) {
	d := openTemp(t)
	for _, pool := range []*sql.DB{d.w, d.r} {
		want := map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "10000"}
		for name, v := range want {
			if got := pragma(t, pool, name); got != v {
				t.Errorf("PRAGMA %s = %s, want %s", name, got, v)
			}
		}
	}
	if got := pragma(t, d.w, "user_version"); got != fmt.Sprint(SchemaVersion()) || SchemaVersion() < 4 {
		t.Errorf("user_version %s, SchemaVersion %d", got, SchemaVersion())
	}
	if _, err := d.r.Exec("INSERT INTO kiosk_tables (name) VALUES ('x')"); err == nil {
		t.Error("the read pool could write")
	}
}

func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "dir", "t.db")
	d, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CreatePlayer(ctx, "Zoé", t0); err != nil {
		t.Fatal(err)
	}
	d.Close()
	d, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ps, err := d.Players(ctx)
	if err != nil || len(ps) != 1 || ps[0].Nickname != "Zoé" {
		t.Fatalf("players after reopen: %v %v", ps, err)
	}
}

func TestOpenConcurrentlyMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := Open(context.Background(), path)
			if err == nil {
				d.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	d := openTemp(t)
	if _, err := d.w.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	d.Close()
	_, err := Open(context.Background(), d.Path())
	if err == nil || !strings.Contains(err.Error(), "newer") || !strings.Contains(err.Error(), "99") {
		t.Fatalf("Open of a newer schema: %v", err)
	}
}

func TestDamagedFileRefused(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	for i := 0; i < 200; i++ {
		if _, err := d.CreatePlayer(ctx, strings.Repeat("p", 100), t0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	d.Close()
	f, err := os.OpenFile(d.Path(), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Scribble over every page but the first (the schema).
	st, _ := f.Stat()
	if _, err := f.WriteAt([]byte(strings.Repeat("\x5a", int(st.Size())-4096)), 4096); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := Check(ctx, d.Path()); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("Check of a damaged file: %v", err)
	}
	// As after a crash: a marker left by a process that is gone.
	leaveStaleMarker(t, d.Path())
	if _, err := Open(ctx, d.Path()); err == nil {
		t.Fatal("a damaged file opened without complaint after an unclean end")
	} else {
		t.Log(err)
	}
}

func TestMemoryRefused(t *testing.T) {
	if _, err := Open(context.Background(), ":memory:"); err == nil {
		t.Fatal(":memory: accepted")
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data")
	if p, _ := DefaultPath(); p != "/data/tablee/tablee.db" {
		t.Errorf("DefaultPath = %s", p)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/k")
	if p, _ := DefaultPath(); p != "/home/k/.local/share/tablee/tablee.db" {
		t.Errorf("DefaultPath = %s", p)
	}
}

func TestPlayers(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	p, err := d.CreatePlayer(ctx, "  Anouk ", t0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Nickname != "Anouk" || len(p.ID) != 36 || p.ID[14] != '7' {
		t.Errorf("player %+v: want trimmed nickname and a UUIDv7", p)
	}
	if err := d.RenamePlayer(ctx, p.ID, "Nouk"); err != nil {
		t.Fatal(err)
	}
	if err := d.TouchPlayer(ctx, p.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, err := d.Player(ctx, p.ID)
	if err != nil || got.Nickname != "Nouk" || !got.LastSeen.Equal(t0.Add(time.Hour)) || !got.Created.Equal(t0) {
		t.Fatalf("player: %+v %v", got, err)
	}
	if _, err := d.Player(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown player: %v", err)
	}
	if err := d.RenamePlayer(ctx, "nobody", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename unknown player: %v", err)
	}
	if _, err := d.CreatePlayer(ctx, " ", t0); err == nil {
		t.Error("empty nickname accepted")
	}
}

// fixture is a table and some players.
type fixture struct {
	d       *DB
	table   Table
	players []Player
}

func newFixture(t testing.TB, players int) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{d: openTemp(t)}
	var err error
	if f.table, err = f.d.EnsureTable(ctx, "Table 1"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < players; i++ {
		p, err := f.d.CreatePlayer(ctx, "player"+string(rune('A'+i)), t0)
		if err != nil {
			t.Fatal(err)
		}
		f.players = append(f.players, p)
	}
	return f
}

func (f *fixture) persons(idx ...int) []session.Seat {
	var seats []session.Seat
	for _, i := range idx {
		seats = append(seats, session.Seat{Kind: session.Person, PlayerID: f.players[i].ID})
	}
	return seats
}

// play stores a finished session of game with seats and scores, ended at.
func (f *fixture) play(t testing.TB, game string, seats []session.Seat, scores []int, at time.Time) session.Record {
	t.Helper()
	ctx := context.Background()
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: game, Seed: 1<<63 + 5, Seats: seats, StartedAt: at.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores(scores, "test"), at); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestEnsureTable(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	a, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.EnsureTable(ctx, "Fenêtre")
	if err != nil || a != b {
		t.Fatalf("EnsureTable twice: %v %v %v", a, b, err)
	}
	ts, err := d.Tables(ctx)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tables: %v %v", ts, err)
	}
}

// openRaw opens a file with none of this package's checks.
func openRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}
