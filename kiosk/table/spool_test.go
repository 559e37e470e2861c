package table

import (
	"context"
	"database/sql"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/disktest"
	"github.com/tablee/tablee/session"
)

// logLines keeps a table's log for a test to look at.
type logLines struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
}

func (l *logLines) Write(p []byte) (int, error) {
	l.t.Logf("%s", strings.TrimSpace(string(p)))
	l.mu.Lock()
	l.lines = append(l.lines, string(p))
	l.mu.Unlock()
	return len(p), nil
}

func (l *logLines) with(part string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.lines {
		if strings.Contains(s, part) {
			n++
		}
	}
	return n
}

// A table whose disk fills during a game (issue 42) keeps the game: every
// move is played and shown, the table says since when its disk is full,
// and once room comes back every move and the end are written, in order,
// without a restart.
func TestAFullDiskKeepsTheGameInProgress(t *testing.T) {
	ctx := context.Background()
	disk := disktest.Small(t, "16m")
	logs := &logLines{t: t}
	cfg := Config{Name: "Table 1", DBPath: filepath.Join(disk, "t.db"), Addr: "127.0.0.1:0", Games: catalog.Registry(),
		Logger: log.New(logs, "", 0)}
	tb, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	s, err := tb.Start(ctx, "canoe", nil, []Seat{{Touch: true, Name: "Ana"}, {Touch: true, Name: "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	play := func() bool {
		t.Helper()
		turn := s.View(engine.Onlooker).Turn()
		legal := s.View(turn).Legal()
		if len(legal) == 0 {
			t.Fatalf("seat %v has no legal move", turn)
		}
		if err := s.Play(ctx, turn, legal[0]); err != nil {
			t.Fatalf("move %d refused on a full disk: %v", s.Moves()+1, err)
		}
		_, over := s.View(engine.Onlooker).Result()
		return over
	}
	play()
	// The write-ahead log emptied, so the next write must grow a file.
	raw, err := sql.Open("sqlite3", cfg.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	filler := disktest.Fill(t, disk)
	for !play() {
	}
	played := s.Moves()
	since, full := tb.DiskFull()
	if !full || since.IsZero() {
		t.Fatalf("the table does not say its disk is full after %d moves", played)
	}
	if s.Status() != session.Finished {
		t.Errorf("the game over on a full disk is %s, want finished for the table", s.Status())
	}
	if got, _ := tb.DB().Moves(ctx, s.ID()); len(got) >= played {
		t.Fatalf("the database holds %d of %d moves with its disk full: the test filled nothing", len(got), played)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(time.Minute)
	for {
		if _, full := tb.DiskFull(); !full {
			break
		}
		select {
		case <-tb.spool.Saved():
		case <-deadline:
			t.Fatal("the table still says its disk is full a minute after room came back")
		}
	}
	moves, err := tb.DB().Moves(ctx, s.ID())
	if err != nil || len(moves) != played {
		t.Fatalf("the database holds %d moves (%v), want the %d played", len(moves), err, played)
	}
	for i, m := range moves {
		if m.Seq != i+1 {
			t.Fatalf("move %d written as %d: out of order", i+1, m.Seq)
		}
	}
	rec, err := tb.DB().Session(ctx, s.ID())
	if err != nil || rec.Status != session.Finished {
		t.Errorf("the session is %q in the database (%v), want finished", rec.Status, err)
	}
	if logs.with("disk is full") != 1 || logs.with("can be written again") != 1 {
		t.Errorf("the log says the disk is full %d times and written again %d times, want once each", logs.with("disk is full"), logs.with("can be written again"))
	}
}
