package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// SaveSeating keeps the phones' seating of a live session (the table code
// and the hashes of the seat tokens, a JSON document the table server
// writes and alone reads), so that after a crash the phones' tokens still
// work. It replaces what was saved before; it is cleared when the session
// ends.
func (d *DB) SaveSeating(ctx context.Context, session string, data []byte) error {
	res, err := d.w.ExecContext(ctx,
		`UPDATE sessions SET seating = ? WHERE id = ? AND status IN ('active', 'paused')`,
		string(data), session)
	return oneRow(res, err, fmt.Sprintf("save the seating of %s (it must be active or paused)", session))
}

// Seating returns the seating last saved for a live session, or nil if
// none was.
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
