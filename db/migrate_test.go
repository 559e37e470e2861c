package db

import (
	"context"
	"fmt"
	"github.com/tablee/tablee/session"
	"testing"
	"time"
)

// undo18 takes away what migration 18 (0018_note_kinds.sql) added: the
// only column a shelf migration adds to a table of an earlier one.
const undo18 = `ALTER TABLE shelf_notes DROP COLUMN kind; `

// undo8 takes away what migration 8 added.
const undo8 = `ALTER TABLE seats DROP COLUMN hints; `

// undo6 takes away what migration 6 added.
const undo6 = `ALTER TABLE sessions DROP COLUMN seating; `

// undo4 takes away what migration 4 added.
const undo4 = `DROP TABLE rating_model; DROP TABLE rating_changes; DROP TRIGGER seats_handover;
	DROP TABLE bot_handovers; DROP TABLE player_aliases; DROP TABLE player_keys;
	DROP INDEX players_name_key; ALTER TABLE players DROP COLUMN name_key;
	ALTER TABLE players DROP COLUMN staff_over; `

// downgrade turns d's file back into schema 1 plus what extra leaves behind.
func downgrade(t *testing.T, d *DB, extra string) {
	t.Helper()
	if _, err := d.w.Exec(undo18 + undo8 + undo6 + "DROP TABLE settings; " + undo4 + "DROP TABLE player_hours; DROP TABLE player_stats; " + extra + " PRAGMA user_version = 1"); err != nil {
		t.Fatal(err)
	}
	d.Close()
}

func TestMigrationBackfillsStats(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	f.play(t, "canyon", append(f.persons(1, 0), session.Seat{Kind: session.Guest}), []int{3, 8, 1}, t0.Add(time.Hour))
	before, _ := f.d.PlayerStats(ctx, f.players[0].ID)
	boardBefore, _ := f.d.Leaderboard(ctx, "", t0.Add(-time.Hour), 0)
	downgrade(t, f.d, "DROP TRIGGER results_tally; DROP TRIGGER results_tally_hours;")

	d, err := Open(ctx, f.d.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	after, err := d.PlayerStats(ctx, f.players[0].ID)
	if err != nil || fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("stats after migrating: %v (%v), before: %v", after, err, before)
	}
	boardAfter, err := d.Leaderboard(ctx, "", t0.Add(-time.Hour), 0)
	if err != nil || len(boardBefore) != 3 || fmt.Sprint(boardAfter) != fmt.Sprint(boardBefore) {
		t.Errorf("a period's board after migrating: %v (%v), before: %v", boardAfter, err, boardBefore)
	}
}

func TestFailedMigrationChangesNothing(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	// The trigger left in place makes step 2 fail after it created its table.
	downgrade(t, d, "")
	if _, err := Open(ctx, d.Path()); err == nil {
		t.Fatal("a failing migration went unnoticed")
	} else {
		t.Log(err)
	}
	raw := openRaw(t, d.Path())
	var version, tables int
	raw.QueryRow("PRAGMA user_version").Scan(&version)
	raw.QueryRow("SELECT count(*) FROM sqlite_schema WHERE name = 'player_stats'").Scan(&tables)
	if version != 1 || tables != 0 {
		t.Errorf("after a failed step: version %d, player_stats tables %d", version, tables)
	}
}
