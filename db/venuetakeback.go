package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Taking an old session back (migration 0017, docs/venue.md, "Taking an
// old session back"): a session event of version 1 (an earlier build's,
// no move log) is kept aside as unverified by every loader, since nothing
// can check it. The staff of a node may take such a session as it is,
// one by one or every one of a table, on their word: it is loaded then as
// the loader would have loaded it, and who and when are kept. A session
// refused for a reason the replay found (a wrong result, an illegal
// move…) is never taken back: its moves say it is false.

// Unverified is the refusal of a session event without moves, the only
// one the staff may take back (engine/verify's verify.Unverified; db does
// not import the rules, venue's tests check the two are one).
const Unverified = "unverified"

// ErrNotAside is returned (wrapped) by TakeBack for an event that is not
// kept aside here (never was, or taken back already).
var ErrNotAside = errors.New("no such session kept aside")

// ErrNotTakeable is returned (wrapped) by TakeBack for a session kept
// aside for a reason its moves gave: only an unverified one (version 1,
// no moves) may be taken back.
var ErrNotTakeable = errors.New("only a session kept aside as unverified (an earlier build's, without moves) can be taken back")

// TakeBack says who takes sessions back, for the record.
type TakeBack struct {
	Via string // "console" or "command"
	By  string // who, as the console or the command knows them
	At  time.Time
}

// TakenBack is a session the staff took back, as recorded.
type TakenBack struct {
	EventID, SessionID, Kiosk, Table, Game string
	TakeBack
}

// TakeBackAside takes the session event eventID, kept aside as
// unverified, into the venue's sessions as the loader would have taken
// it (rated, on the boards, in the venue's lists), and records who did.
func (d *DB) TakeBackAside(ctx context.Context, eventID string, by TakeBack) (TakenBack, error) {
	var out TakenBack
	err := d.inTx(ctx, "take back venue event "+eventID, func(tx *sql.Tx) error {
		forgotten, err := forgottenTokens(ctx, tx)
		if err != nil {
			return err
		}
		out, err = takeBack(ctx, tx, eventID, forgotten, by)
		return err
	})
	return out, err
}

// TakeBackUnverified takes back every session of table (its name or its
// kiosk's venue id) kept aside as unverified, as TakeBackAside takes one,
// in one transaction; it returns them, none if there are none.
func (d *DB) TakeBackUnverified(ctx context.Context, table string, by TakeBack) ([]TakenBack, error) {
	var out []TakenBack
	err := d.inTx(ctx, "take back the unverified sessions of table "+table, func(tx *sql.Tx) error {
		ids, err := queryStrings(ctx, tx,
			`SELECT event_id FROM venue_aside WHERE refusal = ? AND (kiosk = ?2 OR table_name = ?2) ORDER BY ended_at, event_id`,
			Unverified, table)
		if err != nil {
			return err
		}
		forgotten, err := forgottenTokens(ctx, tx)
		if err != nil {
			return err
		}
		out = out[:0]
		for _, id := range ids {
			t, err := takeBack(ctx, tx, id, forgotten, by)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return nil
	})
	return out, err
}

// takeBack takes one unverified session event out of venue_aside into
// venue_sessions, in tx, and records it.
func takeBack(ctx context.Context, tx *sql.Tx, eventID string, forgotten map[string]bool, by TakeBack) (TakenBack, error) {
	var refusal, body string
	err := tx.QueryRowContext(ctx, "SELECT refusal, body FROM venue_aside WHERE event_id = ?", eventID).Scan(&refusal, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return TakenBack{}, fmt.Errorf("venue event %q: %w", eventID, ErrNotAside)
	}
	if err != nil {
		return TakenBack{}, err
	}
	var ev SessionEvent
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		return TakenBack{}, fmt.Errorf("venue event %s aside: %w", eventID, err)
	}
	// The refusal, and the event itself: an event with a move log was
	// replayed, and whatever its row says, its moves are its check.
	if refusal != Unverified || ev.Logged() || len(ev.Moves) > 0 {
		return TakenBack{}, fmt.Errorf("venue event %s (kept aside as %s): %w", eventID, refusal, ErrNotTakeable)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM venue_aside WHERE event_id = ?", eventID); err != nil {
		return TakenBack{}, err
	}
	if _, err := loadSessionEvent(ctx, tx, RawEvent{ID: eventID, Body: []byte(body)}, forgotten, by.At); err != nil {
		return TakenBack{}, err
	}
	t := TakenBack{EventID: eventID, SessionID: ev.ID, Kiosk: ev.Kiosk, Table: ev.Table, Game: ev.Game, TakeBack: by}
	t.By = strings.TrimSpace(t.By)
	if _, err := tx.ExecContext(ctx,
		`INSERT OR REPLACE INTO venue_taken_back (event_id, session_id, kiosk, table_name, game, refusal, via, by_whom, taken_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		eventID, ev.ID, ev.Kiosk, ev.Table, ev.Game, refusal, by.Via, t.By, fmtTime(by.At)); err != nil {
		return TakenBack{}, fmt.Errorf("record venue event %s taken back: %w", eventID, err)
	}
	return t, nil
}

// takenBack reports whether the staff took eventID back from aside here:
// a loader meeting it again, unverified as before, does not put it
// aside again (its session is among the venue's already).
func takenBack(ctx context.Context, tx *sql.Tx, eventID string) (bool, error) {
	var one int
	err := tx.QueryRowContext(ctx, "SELECT 1 FROM venue_taken_back WHERE event_id = ?", eventID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// VenueTakenBack lists the sessions the staff took back from aside, the
// latest first, at most limit (all if limit ≤ 0).
func (d *DB) VenueTakenBack(ctx context.Context, limit int) ([]TakenBack, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := d.r.QueryContext(ctx,
		`SELECT event_id, session_id, kiosk, table_name, game, via, by_whom, taken_at FROM venue_taken_back ORDER BY taken_at DESC, event_id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("venue sessions taken back: %w", err)
	}
	defer rows.Close()
	var out []TakenBack
	for rows.Next() {
		var t TakenBack
		var at string
		if err := rows.Scan(&t.EventID, &t.SessionID, &t.Kiosk, &t.Table, &t.Game, &t.Via, &t.By, &at); err != nil {
			return nil, fmt.Errorf("venue sessions taken back: %w", err)
		}
		if t.At, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("venue event %s taken back: %w", t.EventID, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
