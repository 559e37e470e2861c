package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// ResultRow is one seat of one finished session, with who sat there: the
// flat form spreadsheets want.
type ResultRow struct {
	Session  string
	Game     string
	EndedAt  time.Time
	Seat     engine.Seat
	Kind     session.SeatKind
	PlayerID string // persons only
	Name     string // a person's shown name, a guest's name, or the bot level
	Score    int
	Rank     int
	Winner   bool
}

// EachResult calls f for every seat of every finished session, in the
// order the sessions ended, without holding them all in memory.
func (d *DB) EachResult(ctx context.Context, f func(ResultRow) error) error {
	rows, err := d.r.QueryContext(ctx,
		`WITH shown AS (`+shownNames+`)
		 SELECT s.id, s.game, s.ended_at, st.seat, st.kind, coalesce(st.player_id, ''),
		        CASE st.kind WHEN 'person' THEN p.shown WHEN 'bot' THEN st.bot_level ELSE st.name END,
		        r.score, r.rank, r.winner
		 FROM sessions s
		 JOIN results r ON r.session_id = s.id
		 JOIN seats st ON st.session_id = r.session_id AND st.seat = r.seat
		 LEFT JOIN shown p ON p.id = st.player_id
		 WHERE s.status = 'finished'
		 ORDER BY s.ended_at, s.id, st.seat`)
	if err != nil {
		return fmt.Errorf("export results: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r ResultRow
		var ended sql.NullString
		if err := rows.Scan(&r.Session, &r.Game, &ended, &r.Seat, &r.Kind, &r.PlayerID, &r.Name,
			&r.Score, &r.Rank, &r.Winner); err != nil {
			return fmt.Errorf("export results: %w", err)
		}
		if r.EndedAt, err = parseNullTime(ended); err != nil {
			return err
		}
		if err := f(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("export results: %w", err)
	}
	return nil
}
