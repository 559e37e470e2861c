package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// inTx runs f in one immediate transaction on the writer and commits it,
// or rolls it back if f fails. what names the operation in errors.
func (d *DB) inTx(ctx context.Context, what string, f func(tx *sql.Tx) error) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer tx.Rollback() // a no-op after Commit
	if err := f(tx); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: commit: %w", what, err)
	}
	d.writes.Add(1)
	return nil
}

// timeFormat is how times are stored: UTC, fixed width, so text order is
// time order and staff can read them in sqlite3.
const timeFormat = "2006-01-02T15:04:05.000Z"

func fmtTime(t time.Time) string { return t.UTC().Format(timeFormat) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeFormat, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t, nil
}

// fmtNullTime stores a zero time as NULL.
func fmtNullTime(t time.Time) sql.NullString {
	if t.IsZero() {
		return sql.NullString{}
	}
	return sql.NullString{String: fmtTime(t), Valid: true}
}

func parseNullTime(s sql.NullString) (time.Time, error) {
	if !s.Valid {
		return time.Time{}, nil
	}
	return parseTime(s.String)
}
