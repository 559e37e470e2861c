package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrTraceLeft is returned (wrapped) by ForgetPlayer when the player is
// gone from the database but the file could not be rebuilt or its
// write-ahead log emptied yet (another process was using it): old copies
// of their rows stay in free pages or in the -wal file until it is done.
var ErrTraceLeft = errors.New("the write-ahead log could not be emptied yet")

// ForgetPlayer removes a player at their request: their phone keys, every
// name they used, their ratings, stats and rating changes, and the player
// itself. The sessions they played keep an anonymous guest seat (a seat
// a bot took over from them no longer says whose it was), and the ratings
// of the games they played are computed again as if they had been a guest.
//
// Deleting rows leaves their bytes in free pages and in the write-ahead
// log, so the deletion runs with secure_delete, the file is then rebuilt
// (VACUUM) and the log truncated: afterwards no byte of the file holds the
// key's hash or their names.
func (d *DB) ForgetPlayer(ctx context.Context, id string) error {
	conn, err := d.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA secure_delete = ON"); err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA secure_delete = OFF")
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	defer tx.Rollback()
	// Every node of the venue forgets them too (venueplayers.go): the
	// event names them by their keys' tokens, read before they go.
	keys, err := venueKeys(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	if err := queuePlayerEvent(ctx, tx, PlayerEvent{Action: PlayerForgotten, Player: id, Keys: keys}, time.Now(), d.venueClock()); err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	if err := forget(ctx, tx, id); err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("forget player %s: %w", id, err)
	}
	d.writes.Add(1)
	d.signalOutbox()
	return scrub(ctx, conn)
}

func forget(ctx context.Context, tx *sql.Tx, id string) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM players WHERE id = ?", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	games, err := gamesRated(ctx, tx, id)
	if err != nil {
		return err
	}
	for _, q := range []string{
		// A game still being played keeps its phones' seating (the table
		// server's JSON: {"seats":[{"name":…,"token_sha256":…}]}); take
		// the nickname out of the player's seat, keep the token hash so
		// their phone can still resume after a crash.
		`UPDATE sessions SET seating = json_remove(seating, '$.seats[' || st.seat || '].name')
		 FROM seats st
		 WHERE st.session_id = sessions.id AND st.player_id = ?1
		   AND sessions.seating IS NOT NULL AND json_type(sessions.seating, '$.seats') = 'array'`,
		"UPDATE seats SET kind = 'guest', player_id = NULL, name = '' WHERE player_id = ?",
		"UPDATE bot_handovers SET player_id = NULL, name = '' WHERE player_id = ?",
		"DELETE FROM rating_changes WHERE player_id = ?",
		"DELETE FROM ratings WHERE player_id = ?",
		"DELETE FROM player_stats WHERE player_id = ?",
		"DELETE FROM player_hours WHERE player_id = ?",
		"DELETE FROM player_aliases WHERE player_id = ?",
		"DELETE FROM player_keys WHERE player_id = ?",
		"DELETE FROM players WHERE id = ?",
	} {
		if _, err := tx.ExecContext(ctx, q, id); err != nil {
			return err
		}
	}
	if err := forgetInVenue(ctx, tx, id); err != nil {
		return err
	}
	for _, g := range games {
		if err := recomputeRatings(ctx, tx, g); err != nil {
			return err
		}
	}
	return nil
}

// scrub rebuilds the file without free pages and empties the write-ahead
// log, so deleted rows leave no bytes behind.
func scrub(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, "VACUUM"); err != nil {
		return fmt.Errorf("rebuild the database file: %w (%v)", ErrTraceLeft, err)
	}
	var busy, logged, moved int
	if err := conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &moved); err != nil {
		return fmt.Errorf("empty the write-ahead log: %w (%v)", ErrTraceLeft, err)
	}
	if busy != 0 {
		return fmt.Errorf("empty the write-ahead log: %w (another process is reading it)", ErrTraceLeft)
	}
	return nil
}

// Scrub rebuilds the file without free pages and empties its write-ahead
// log, as ForgetPlayer does after a deletion: to finish one that returned
// ErrTraceLeft.
func (d *DB) Scrub(ctx context.Context) error {
	conn, err := d.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("scrub: %w", err)
	}
	defer conn.Close()
	return scrub(ctx, conn)
}
