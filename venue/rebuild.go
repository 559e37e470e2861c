package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/tablee/tablee/db"
)

// Rebuilt says what Rebuild did.
type Rebuilt struct {
	Hub bool // the hub's store was dropped (else a kiosk's)
	// Events is, at a kiosk, how many events its new stream will carry;
	// at the hub, how many sessions its database holds (they come back
	// from the kiosks' streams).
	Events int
	// Own is, at the hub, how many of its own events (its staff's player
	// changes) it publishes again from its outbox.
	Own int
}

// ErrRunning is returned by Rebuild while a kiosk or the hub has the
// database open.
var ErrRunning = errors.New("the database is open in another process: stop the kiosk or the hub first")

// Rebuild drops the JetStream store of the hub or kiosk whose database is
// d and whose store lives in dir/jetstream, for it to be rebuilt from the
// databases at its next start (SQLite is the truth, docs/venue.md): at the
// hub, the venue stream is sourced again from every kiosk's stream and
// the hub's own events are published again from its outbox; at a
// kiosk, its mirror is copied again from the hub and its own stream is
// published again from its outbox, under a new generation that the hub
// sources from its start. The kiosk or hub must be stopped. now is the
// clock (nil: time.Now).
func Rebuild(ctx context.Context, d *db.DB, dir string, now func() time.Time) (Rebuilt, error) {
	var r Rebuilt
	if open, err := d.OpenElsewhere(); err != nil {
		return r, err
	} else if open {
		return r, ErrRunning
	}
	var err error
	if r.Hub, err = IsHub(ctx, d); err != nil {
		return r, err
	}
	store := filepath.Join(dir, "jetstream")
	if err := os.RemoveAll(store); err != nil {
		return r, fmt.Errorf("venue rebuild: %w", err)
	}
	if r.Hub {
		vs, err := d.VenueSessions(ctx, time.Time{}, "")
		if err != nil {
			return r, err
		}
		r.Events = len(vs)
		r.Own, err = d.RepublishVenueOutbox(ctx)
		return r, err
	}
	r.Events, err = d.RebuildVenueOutbox(ctx, clock(now)())
	return r, err
}

// ErrNotAHub is returned by RebuildLost when dir is not a hub's data
// directory (it holds no kiosks' credentials file, nor an earlier build's
// venue code).
var ErrNotAHub = errors.New("no venue hub's data there (no venue-kiosks.json): a kiosk whose database is lost pairs again from its staff screen")

// RebuildLost answers `tablee venue --rebuild` for a hub whose database
// file path is missing: its store in dir/jetstream is kept (it holds the
// venue's events, the hub's staff's own among them, which the lost
// database's outbox can no longer publish again) and a new database is
// made there, marked as the hub's; the hub's next start refills it from
// the kept stream (refill.go), and the kiosks' streams, sourced again as
// they link, supply whatever it lacks. It reports whether a store was
// there to refill from.
func RebuildLost(ctx context.Context, path, dir string) (kept bool, err error) {
	hub := false
	for _, name := range []string{credsFile, codeFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			hub = true
		} else if !errors.Is(err, os.ErrNotExist) {
			return false, fmt.Errorf("venue rebuild: %w", err)
		}
	}
	if !hub {
		return false, ErrNotAHub
	}
	d, err := db.Open(ctx, path)
	if err != nil {
		return false, err
	}
	defer d.Close()
	if err := d.SetVenueConfig(ctx, map[string]string{hubRoleKey: "hub"}); err != nil {
		return false, err
	}
	if _, err := os.Stat(filepath.Join(dir, "jetstream")); err == nil {
		return true, nil
	}
	return false, nil
}
