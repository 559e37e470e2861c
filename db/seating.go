package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/tablee/tablee/session"
)

// SaveSeating keeps the phones' seating of a live or finished session (the
// table code and the hashes of the seat tokens, a JSON document the table
// server writes and alone reads), so that after a crash the phones' tokens
// still work. It replaces what was saved before. Abandoning the session
// clears it; a finished one keeps it while its results are on the table
// (the phones may play again, after a crash too) until ClearSeating.
func (d *DB) SaveSeating(ctx context.Context, session string, data []byte) error {
	res, err := d.w.ExecContext(ctx,
		`UPDATE sessions SET seating = ? WHERE id = ? AND status IN ('active', 'paused', 'finished')`,
		string(data), session)
	return oneRow(res, err, fmt.Sprintf("save the seating of %s (it must be active, paused or finished)", session))
}

// ClearSeating forgets the seating of a session whose phones the table let
// go (back to the lobby, or on to the next game): their tokens are void.
func (d *DB) ClearSeating(ctx context.Context, session string) error {
	if _, err := d.w.ExecContext(ctx, `UPDATE sessions SET seating = NULL WHERE id = ?`, session); err != nil {
		return fmt.Errorf("clear the seating of %s: %w", session, err)
	}
	return nil
}

// Undismissed returns the latest session of table when it is finished and
// still holds its phones' seating: the results the table showed and no
// one dismissed, which a restarted kiosk shows again. ok is false when the
// table's latest session is anything else.
func (d *DB) Undismissed(ctx context.Context, table int64) (s session.Record, ok bool, err error) {
	var id, status string
	var seated bool
	err = d.r.QueryRowContext(ctx,
		`SELECT id, status, seating IS NOT NULL FROM sessions WHERE table_id = ?
		 ORDER BY started_at DESC, rowid DESC LIMIT 1`, table).Scan(&id, &status, &seated)
	if errors.Is(err, sql.ErrNoRows) {
		return session.Record{}, false, nil
	}
	if err != nil {
		return session.Record{}, false, fmt.Errorf("results of table %d: %w", table, err)
	}
	if session.Status(status) != session.Finished || !seated {
		return session.Record{}, false, nil
	}
	if s, err = d.Session(ctx, id); err != nil {
		return session.Record{}, false, err
	}
	return s, true, nil
}

// Seating returns the seating last saved for a session, or nil if none
// was.
func (d *DB) Seating(ctx context.Context, session string) ([]byte, error) {
	var data sql.NullString
	err := d.r.QueryRowContext(ctx, `SELECT seating FROM sessions WHERE id = ?`, session).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("seating of %s: %w", session, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("seating of %s: %w", session, err)
	}
	if !data.Valid {
		return nil, nil
	}
	return []byte(data.String), nil
}
