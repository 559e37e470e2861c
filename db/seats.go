package db

import (
	"context"
	"database/sql"
	"fmt"
)

// SetSeat changes who plays one seat of an unfinished session: a guest
// who joined from a phone gets their nickname, a seat whose phone stayed
// away is handed to a bot. The seat's past moves stay as they were.
func (d *DB) SetSeat(ctx context.Context, session string, seat int, st Seat) error {
	if err := checkSeats([]Seat{st}); err != nil {
		return fmt.Errorf("set seat %d of %s: %w", seat, session, err)
	}
	var player, level sql.NullString
	if st.Kind == Person {
		player = sql.NullString{String: st.PlayerID, Valid: true}
	}
	if st.Kind == Bot {
		level = sql.NullString{String: string(st.BotLevel), Valid: true}
	}
	return d.inTx(ctx, fmt.Sprintf("set seat %d of %s", seat, session), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE seats SET kind = ?, player_id = ?, bot_level = ?, name = ?
			 WHERE session_id = ? AND seat = ?
			   AND (SELECT status FROM sessions WHERE id = ?) IN ('active', 'paused')`,
			st.Kind, player, level, st.Name, session, seat, session)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("no unfinished session %s with seat %d: %w", session, seat, ErrNotFound)
		}
		return nil
	})
}

// AddHint counts one more hint given to seat of an active session.
func (d *DB) AddHint(ctx context.Context, session string, seat int) error {
	return d.inTx(ctx, fmt.Sprintf("count a hint of seat %d of %s", seat, session), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE seats SET hints = hints + 1
			 WHERE session_id = ? AND seat = ?
			   AND (SELECT status FROM sessions WHERE id = ?) = 'active'`,
			session, seat, session)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("no active session %s with seat %d: %w", session, seat, ErrNotFound)
		}
		return nil
	})
}
