package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3" // also registers the "sqlite3" driver
)

// busyTimeoutMS is how long a connection waits for another process holding
// the write lock (e.g. a staff backup) before giving up.
const busyTimeoutMS = 10_000

// readers is the size of the read pool: leaderboards and exports run while
// the host writes.
const readers = 4

// DB is an open kiosk database. It is safe for concurrent use.
type DB struct {
	path      string
	w         *sql.DB // one connection: every write goes through it, in order
	r         *sql.DB // read-only connections
	marker    string  // this handle's open marker (shutdown.go); "" once closed
	fullCheck bool    // Open ran the full integrity check

	// outbox is signalled when a venue event is queued (venue.go);
	// outboxSeen is the writer connection's data_version when
	// OutboxWrittenElsewhere last looked.
	outbox     chan struct{}
	outboxSeen atomic.Int64
	// shelfMoved is signalled when venue events moved a copy of the
	// catalogue (venueshelf.go, ShelfMoved).
	shelfMoved chan struct{}
	// clockOffset is the kiosk clock's offset from the venue hub's, if
	// clockKnown (venue.go, SetVenueClock).
	clockMu     sync.Mutex
	clockOffset time.Duration
	clockKnown  bool

	// writes counts this handle's committed write transactions: the
	// venue boards' cache (venueboard.go) is keyed by it.
	writes atomic.Int64
	// venue is the last replay of the venue's events (venueboard.go).
	venue venueCache
	// contested is the last count of contested tokens (venuecontested.go).
	contested contestedCache
	// names is the last index of the catalogue's names (titleboard.go).
	names namesCache
	// figures are the last shelf figures read (figures.go).
	figures figuresCache
}

// ErrNotFound is returned (wrapped) when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// Open opens the database at path, creating it and its directory if needed,
// and brings its schema up to date. After an unclean end of a process that
// had it open (see shutdown.go) it first runs the full integrity check and
// refuses a damaged file. It fails if the file was written by a newer
// Tablée.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" || strings.HasPrefix(path, ":memory:") || strings.HasPrefix(path, "file:") {
		// Each connection to :memory: is its own database; the pools need a file.
		return nil, fmt.Errorf("open database: %q: need a file path", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := ownerOnly(path); err != nil {
		return nil, err
	}
	d := &DB{path: path, outbox: make(chan struct{}, 1), shelfMoved: make(chan struct{}, 1)}
	stale, known, err := uncleanMarkers(path)
	if err != nil {
		return nil, err
	}
	d.fullCheck = len(stale) > 0 || !known
	if d.w, err = sql.Open("sqlite3", dsn(path, false)); err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	d.w.SetMaxOpenConns(1)
	d.w.SetConnMaxIdleTime(0)
	if err := d.setUpWhenFree(ctx); err != nil {
		d.w.Close()
		return nil, err
	}
	// Checked and sound: the unclean ends are dealt with.
	for _, m := range stale {
		os.Remove(m)
	}
	if known {
		if d.marker, err = writeMarker(path); err != nil {
			d.w.Close()
			return nil, err
		}
	}
	if d.r, err = sql.Open("sqlite3", dsn(path, true)); err != nil {
		d.w.Close()
		os.Remove(d.marker)
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	d.r.SetMaxOpenConns(readers)
	return d, nil
}

// ownerOnly makes the database file, new or old, and its WAL and shared
// memory files readable by their owner only (0600): the database holds
// the players, their keys and the staff PIN's hash. SQLite gives the
// files it makes the main file's mode; every service of the packages
// runs as the one tablee user, so no group needs them.
func ownerOnly(path string) error {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			continue // no WAL yet
		}
		if fi.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, fi.Mode().Perm()&0o600); err != nil {
				return fmt.Errorf("open database: %w", err)
			}
		}
	}
	return nil
}

// setUpWhenFree runs setUp, waiting while another process holds the file.
// Two processes opening a new file at once both switch it to WAL, and
// SQLite answers one of them "database is locked" at once rather than
// through the busy timeout; the switch takes milliseconds, so try again.
func (d *DB) setUpWhenFree(ctx context.Context) error {
	deadline := time.Now().Add(busyTimeoutMS * time.Millisecond)
	for {
		err := d.setUp(ctx)
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// setUp checks the file and migrates it, on the writer connection.
func (d *DB) setUp(ctx context.Context) error {
	if d.fullCheck {
		if err := integrityCheck(ctx, d.w, d.path); err != nil {
			return err
		}
	}
	if err := migrate(ctx, d.w); err != nil {
		return fmt.Errorf("database %s: %w", d.path, err)
	}
	if err := ensureRatingModel(ctx, d.w); err != nil {
		return fmt.Errorf("database %s: %w", d.path, err)
	}
	if err := seedShelf(ctx, d.w); err != nil {
		return fmt.Errorf("database %s: %w", d.path, err)
	}
	return nil
}

func integrityCheck(ctx context.Context, c *sql.DB, path string) error {
	problems, err := integrityProblems(ctx, c)
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB) {
		// Too damaged for the check to finish.
		problems, err = append(problems, se.Error()), nil
	}
	if err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("database %s is damaged (integrity check: %s); restore a backup", path, strings.Join(problems, "; "))
	}
	return nil
}

// integrityProblems runs PRAGMA integrity_check and returns what it found
// wrong.
func integrityProblems(ctx context.Context, c *sql.DB) ([]string, error) {
	rows, err := c.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return problems, err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	return problems, rows.Err()
}

// dsn builds the driver's connection string. Every setting is per
// connection, so it lives here rather than in one-off PRAGMAs.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", fmt.Sprint(busyTimeoutMS))
	// The same few statements run again and again (one per move): keep
	// them prepared.
	q.Set("_stmt_cache_size", "32")
	if readOnly {
		q.Set("_query_only", "true")
	} else {
		// Take the write lock at BEGIN: a read-then-write transaction can
		// then never fail half-way with "database is locked".
		q.Set("_txlock", "immediate")
	}
	// A file: URI, so a path holding '?' or '#' still names the right file.
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + esc + "?" + q.Encode()
}

// Path is the file the database lives in.
func (d *DB) Path() string { return d.path }

// Close closes both pools.
func (d *DB) Close() error {
	err := errors.Join(d.r.Close(), d.w.Close())
	if d.marker != "" {
		// Closed cleanly: no check needed at the next open.
		err = errors.Join(err, os.Remove(d.marker))
		d.marker = ""
	}
	return err
}

// SystemPath is the database of a kiosk installed from the Debian package,
// which runs under its own system user (see packaging/).
const SystemPath = "/var/lib/tablee/tablee.db"

// DefaultPath is the kiosk's database: $XDG_DATA_HOME/tablee/tablee.db when
// XDG_DATA_HOME is set; otherwise the packaged kiosk's SystemPath when its
// directory exists (the package creates it), so that staff commands find
// the table's database whoever runs them; otherwise
// ~/.local/share/tablee/tablee.db.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		if _, err := os.Stat(filepath.Dir(SystemPath)); err == nil {
			return SystemPath, nil
		}
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("locate the database: %w", err)
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "tablee", "tablee.db"), nil
}
