package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// The venue's sessions kept aside (migration 0015, docs/venue.md, "Every
// node checks what it is told"): the events a loader's replay refused,
// kept for the staff with their table and why, never loaded into
// venue_sessions, so never rated and on no board.

// AsideSession is a session event kept aside.
type AsideSession struct {
	EventID string
	Event   SessionEvent // its names cleaned by the phones' rule
	Aside
	LoadedAt time.Time
}

// setAside keeps ev (its body as cleaned) aside, or ignores it if its
// event is there already.
func setAside(ctx context.Context, tx *sql.Tx, eventID string, ev SessionEvent, body string, why Aside, now time.Time) (Loaded, error) {
	if why.Refusal == Unverified {
		// Taken back by the staff here already (TakeBackAside): its
		// session is among the venue's.
		if back, err := takenBack(ctx, tx, eventID); err != nil || back {
			return Loaded{}, err
		}
	}
	res, err := tx.ExecContext(ctx,
		`INSERT OR IGNORE INTO venue_aside (event_id, session_id, kiosk, table_name, game, ended_at, refusal, move, detail, body, loaded_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		eventID, ev.ID, ev.Kiosk, ev.Table, ev.Game, fmtTime(ev.OrderAt()), why.Refusal, why.Move, why.Detail, body, fmtTime(now))
	if err != nil {
		return Loaded{}, fmt.Errorf("keep venue event %s aside: %w", eventID, err)
	}
	n, err := res.RowsAffected()
	return Loaded{Added: n > 0, SetAside: true}, err
}

// VenueAside lists the session events kept aside, the latest first, at
// most limit (all if limit ≤ 0).
func (d *DB) VenueAside(ctx context.Context, limit int) ([]AsideSession, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, refusal, move, detail, body, loaded_at FROM venue_aside ORDER BY loaded_at DESC, event_id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("venue sessions aside: %w", err)
	}
	defer rows.Close()
	var out []AsideSession
	for rows.Next() {
		var a AsideSession
		var body, at string
		if err := rows.Scan(&a.EventID, &a.Refusal, &a.Move, &a.Detail, &body, &at); err != nil {
			return nil, fmt.Errorf("venue sessions aside: %w", err)
		}
		if err := json.Unmarshal([]byte(body), &a.Event); err != nil {
			return nil, fmt.Errorf("venue event %s aside: %w", a.EventID, err)
		}
		if a.LoadedAt, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("venue event %s aside: %w", a.EventID, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// VenueAsideCount is how many session events are kept aside.
func (d *DB) VenueAsideCount(ctx context.Context) (int, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, "SELECT count(*) FROM venue_aside").Scan(&n); err != nil {
		return 0, fmt.Errorf("venue sessions aside: %w", err)
	}
	return n, nil
}
