package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/shelf"
)

// Copies at every table (docs/venue.md, "Copies at every table"): each
// change of where a copy is — taken to a table, given back, said lent or
// missing — is written, in the transaction that makes it, as a copy event
// in the outbox, and travels the venue stream as sessions do. Every node
// loads the venue's copy events into venue_copies and sets its own
// shelf_copies row of that copy from them, so a box taken at one table
// shows "at Table 3 since 19:40" at every other one and in its console.
//
// A copy's place is the fold of its events in the venue's order — (at,
// event id), at on the hub's clock as a session's — each checked by the
// node that folds it: a table may move a copy to itself, or from itself
// (or from no table) back to the shelf, lent or missing; an event that
// moves a copy another table holds is passed over. So every node holding
// the same events says the same thing of every copy, whatever order they
// arrived in, and no table can take a box from another's group by saying
// so.

// copyEventKind is the event field and outbox kind of a copy event.
const copyEventKind = "copy"

// copyEventVersion is the version of CopyEvent this build writes.
const copyEventVersion = 1

// CopyEvent is a change of where one copy is, as the venue carries it.
type CopyEvent struct {
	V     int    `json:"v"`
	Event string `json:"event"` // "copy"
	Kiosk string `json:"kiosk"` // the kiosk's venue id
	Table string `json:"table"` // the table's name: where a copy taken is
	// Copy names the copy the same way at every table whose catalogue has
	// it (copyKey): its title (BGG id, else folded name) and its rank
	// among the title's copies.
	Copy   string       `json:"copy"`
	Shelf  string       `json:"shelf,omitempty"` // its shelf code, for people reading the stream
	Status shelf.Status `json:"status"`
	// Seq and At as a session's (stampEvent): At is when the copy moved,
	// on the venue's clock, what the venue orders a copy's events by and
	// the "since" other tables show.
	Seq int64     `json:"seq"`
	At  time.Time `json:"at"`
}

// copyKey names a copy the same way in every catalogue imported from the
// same file (or seeded from the same demo): "bgg:ID#N" or "name:KEY#N",
// N its rank (from 1) among its title's copies by id — an import keeps a
// title's copies in order. "" for a copy whose title the key cannot name.
func copyKey(ctx context.Context, q querier, copyID int64) (string, error) {
	var bgg sql.NullInt64
	var nameKey string
	var rank int
	err := q.QueryRowContext(ctx, `SELECT t.bgg_id, t.name_key,
			(SELECT count(*) FROM shelf_copies o WHERE o.title_id = c.title_id AND o.id <= c.id)
		FROM shelf_copies c JOIN shelf_titles t ON t.id = c.title_id WHERE c.id = ?`, copyID).Scan(&bgg, &nameKey, &rank)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("copy %d: %w", copyID, shelf.ErrNoCopy)
	}
	if err != nil {
		return "", fmt.Errorf("copy %d's venue key: %w", copyID, err)
	}
	switch {
	case bgg.Valid:
		return fmt.Sprintf("bgg:%d#%d", bgg.Int64, rank), nil
	case nameKey != "":
		return fmt.Sprintf("name:%s#%d", nameKey, rank), nil
	}
	return "", nil
}

// copyByKey finds this catalogue's copy a copy key names; false when the
// catalogue has none.
func copyByKey(ctx context.Context, q querier, key string) (int64, bool, error) {
	title, n, ok := strings.Cut(key, "#")
	rank, err := strconv.Atoi(n)
	if !ok || err != nil || rank < 1 {
		return 0, false, nil
	}
	var where string
	var arg any
	if id, ok := strings.CutPrefix(title, "bgg:"); ok {
		bgg, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return 0, false, nil
		}
		where, arg = "t.bgg_id = ?", bgg
	} else if name, ok := strings.CutPrefix(title, "name:"); ok {
		where, arg = "t.bgg_id IS NULL AND t.name_key = ?", name
	} else {
		return 0, false, nil
	}
	var id int64
	err = q.QueryRowContext(ctx, `SELECT c.id FROM shelf_copies c JOIN shelf_titles t ON t.id = c.title_id
		WHERE `+where+` ORDER BY t.id, c.id LIMIT 1 OFFSET ?`, arg, rank-1).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("the copy %s: %w", key, err)
	}
	return id, true, nil
}

// queueCopyEvent writes the copy event of a change of copyID to status
// (at table, for a copy taken), in the change's transaction.
func (d *DB) queueCopyEvent(ctx context.Context, tx *sql.Tx, copyID int64, status shelf.Status, table string, now time.Time) error {
	key, err := copyKey(ctx, tx, copyID)
	if err != nil || key == "" {
		return err
	}
	c, err := readCopy(ctx, tx, copyID)
	if err != nil {
		return err
	}
	ev := CopyEvent{V: copyEventVersion, Event: copyEventKind, Table: table, Copy: key, Shelf: c.Shelf, Status: status}
	if ev.Kiosk, err = venueID(ctx, tx); err != nil {
		return fmt.Errorf("venue id: %w", err)
	}
	if ev.Seq, ev.At, err = stampEvent(ctx, tx, now, d.venueClock()); err != nil {
		return err
	}
	id, body, err := outboxEntry(ev)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO venue_outbox (event_id, kind, ref, body, created_at) VALUES (?1, 'copy', ?1, ?2, ?3)`,
		id, body, fmtTime(now)); err != nil {
		return fmt.Errorf("queue the venue's copy event: %w", err)
	}
	return nil
}

// loadCopyEvent stores a copy event from the venue stream, or ignores it
// if known, and sets this catalogue's copy where the venue's events now
// say it is.
func loadCopyEvent(ctx context.Context, tx *sql.Tx, eventID string, body []byte, now time.Time) (Loaded, error) {
	var ev CopyEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return Loaded{Err: fmt.Errorf("venue event %s: %w: %v", eventID, ErrBadEvent, err)}, nil
	}
	if ev.V < 1 || ev.Kiosk == "" || ev.Copy == "" || ev.At.IsZero() || !ev.Status.Valid() ||
		(ev.Status == shelf.AtTable && wire.ScrubName(ev.Table) == "") {
		return Loaded{Err: fmt.Errorf("venue event %s: %w: not a copy's move (version %d)", eventID, ErrBadEvent, ev.V)}, nil
	}
	// The table's name is a kiosk's word: cleaned by the phones' rule
	// before any screen or page shows it.
	if clean := wire.ScrubName(ev.Table); clean != ev.Table {
		ev.Table = clean
		var err error
		if body, err = json.Marshal(ev); err != nil {
			return Loaded{}, err
		}
	}
	res, err := tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_copies (event_id, kiosk, copy_key, at, body, loaded_at) VALUES (?, ?, ?, ?, ?, ?)`,
		eventID, ev.Kiosk, ev.Copy, fmtTime(ev.At), string(body), fmtTime(now))
	if err != nil {
		return Loaded{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Loaded{}, nil
	}
	return Loaded{Added: true}, settleCopy(ctx, tx, ev.Copy)
}

// copyPlace is where a copy's events put it.
type copyPlace struct {
	status shelf.Status // "" while no event placed it
	kiosk  string       // the table holding it, for a copy at a table
	table  string
	since  time.Time
}

// foldCopy is where the venue's events put the copy key names: its events
// in the venue's order, each taken only if its table may make it.
func foldCopy(ctx context.Context, q querier, key string) (copyPlace, error) {
	rows, err := q.QueryContext(ctx, `SELECT body FROM venue_copies WHERE copy_key = ? ORDER BY at, event_id`, key)
	if err != nil {
		return copyPlace{}, err
	}
	defer rows.Close()
	var p copyPlace
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return copyPlace{}, err
		}
		var ev CopyEvent
		if err := json.Unmarshal([]byte(body), &ev); err != nil {
			continue // stored only once read: cannot happen
		}
		p = p.after(ev)
	}
	return p, rows.Err()
}

// after is p once ev is taken into account, if its table may make it: a
// table takes a copy to itself (a group holds the box: the latest take
// wins), and gives back, lends or misses only a copy that no other table
// holds.
func (p copyPlace) after(ev CopyEvent) copyPlace {
	if ev.Status == shelf.AtTable {
		return copyPlace{status: shelf.AtTable, kiosk: ev.Kiosk, table: ev.Table, since: ev.At}
	}
	if p.status == shelf.AtTable && p.kiosk != ev.Kiosk {
		return p // another table's box: not this table's to move
	}
	return copyPlace{status: ev.Status}
}

// settleCopy sets this catalogue's copy of key where the venue's events
// put it — unless this node moved it since and its own event has not come
// back from the venue yet: the table's last word stands until then.
func settleCopy(ctx context.Context, tx *sql.Tx, key string) error {
	id, ok, err := copyByKey(ctx, tx, key)
	if err != nil || !ok {
		return err
	}
	var pending bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM venue_outbox o
		WHERE o.kind = 'copy' AND json_extract(o.body, '$.copy') = ?
		AND NOT EXISTS (SELECT 1 FROM venue_copies v WHERE v.event_id = o.event_id))`, key).Scan(&pending); err != nil {
		return fmt.Errorf("the copy %s: %w", key, err)
	}
	if pending {
		return nil
	}
	p, err := foldCopy(ctx, tx, key)
	if err != nil || p.status == "" {
		return err
	}
	if p.status == shelf.AtTable {
		_, err = tx.ExecContext(ctx, `UPDATE shelf_copies SET status = 'table', table_name = ?, since = ? WHERE id = ?`,
			p.table, fmtTime(p.since), id)
	} else {
		_, err = tx.ExecContext(ctx, `UPDATE shelf_copies SET status = ?, table_name = NULL, since = NULL WHERE id = ?`,
			string(p.status), id)
	}
	if err != nil {
		return fmt.Errorf("the copy %s: %w", key, err)
	}
	return nil
}

// QueueCopiesAtTables queues a copy event for each copy at a table that
// the venue has heard nothing of (taken before this build): so a kiosk
// upgraded while a group holds a box tells the other tables at its next
// start. It returns how many it queued.
func (d *DB) QueueCopiesAtTables(ctx context.Context) (int, error) {
	var n int
	err := d.inTx(ctx, "queue the copies at tables for the venue", func(tx *sql.Tx) error {
		cs, err := copiesAtTables(ctx, tx)
		if err != nil {
			return err
		}
		for _, c := range cs {
			key, err := copyKey(ctx, tx, c.ID)
			if err != nil || key == "" {
				return err
			}
			var heard bool
			if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM venue_copies WHERE copy_key = ?1)
				OR EXISTS (SELECT 1 FROM venue_outbox WHERE kind = 'copy' AND json_extract(body, '$.copy') = ?1)`, key).Scan(&heard); err != nil {
				return err
			}
			if heard {
				continue
			}
			if err := d.queueCopyEvent(ctx, tx, c.ID, shelf.AtTable, c.Table, c.Since); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if n > 0 {
		d.signalOutbox()
	}
	return n, err
}

// ShelfMoved is signalled (without blocking, at most one signal waiting)
// after venue events loaded through this handle moved a copy: a screen
// showing where the boxes are reads them again.
func (d *DB) ShelfMoved() <-chan struct{} { return d.shelfMoved }
