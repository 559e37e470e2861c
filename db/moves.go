package db

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/session"
)

// AppendMove appends m to the log of an active session. When it returns
// nil the move is on disk (synchronous=FULL): only then may anyone be told.
// A sequence number out of order or an inactive session is refused.
func (d *DB) AppendMove(ctx context.Context, id string, m session.Move) error {
	_, err := d.w.ExecContext(ctx,
		`INSERT INTO moves (session_id, seq, seat, move, state_hash, played_at)
		 VALUES (?, ?, ?, ?, ?, ?)`,
		id, m.Seq, int(m.Seat), string(m.JSON), m.StateHash, fmtTime(m.PlayedAt))
	if err != nil {
		return fmt.Errorf("append move %d of session %s: %w", m.Seq, id, err)
	}
	return nil
}

// Moves returns a session's log in order.
func (d *DB) Moves(ctx context.Context, id string) ([]session.Move, error) {
	rows, err := d.r.QueryContext(ctx,
		"SELECT seq, seat, move, state_hash, played_at FROM moves WHERE session_id = ? ORDER BY seq", id)
	if err != nil {
		return nil, fmt.Errorf("moves of session %s: %w", id, err)
	}
	defer rows.Close()
	var out []session.Move
	for rows.Next() {
		var m session.Move
		var js, at string
		if err := rows.Scan(&m.Seq, &m.Seat, &js, &m.StateHash, &at); err != nil {
			return nil, fmt.Errorf("moves of session %s: %w", id, err)
		}
		m.JSON = []byte(js)
		if m.PlayedAt, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("moves of session %s: %w", id, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("moves of session %s: %w", id, err)
	}
	return out, nil
}
