package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// MergePlayers folds the player from into the player into (one person who
// ended up with two accounts, e.g. two phones): from's seats, phone keys
// and names become into's (into keeps its shown nickname; from's are
// aliases), from is deleted, and the ratings of every game from played
// are recomputed from the results in the order the games ended, as if
// into had played all those games. Two accounts that sat at the same
// session cannot be merged.
func (d *DB) MergePlayers(ctx context.Context, from, into string) error {
	if from == into {
		return fmt.Errorf("merge player %s into itself", from)
	}
	defer d.signalOutbox()
	return d.inTx(ctx, fmt.Sprintf("merge player %s into %s", from, into), func(tx *sql.Tx) error {
		if err := mergeable(ctx, tx, from, into); err != nil {
			return err
		}
		games, err := gamesRated(ctx, tx, from)
		if err != nil {
			return err
		}
		if err := d.queueMerge(ctx, tx, from, into); err != nil {
			return err
		}
		if err := moveRows(ctx, tx, from, into); err != nil {
			return err
		}
		if err := retally(ctx, tx, into); err != nil {
			return err
		}
		for _, g := range games {
			if err := recomputeRatings(ctx, tx, g); err != nil {
				return err
			}
		}
		return nil
	})
}

// mergeable checks that both players exist and never sat at the same
// session (two people, then, not one with two accounts).
func mergeable(ctx context.Context, tx *sql.Tx, from, into string) error {
	for _, id := range []string{from, into} {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM players WHERE id = ?", id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("player %s: %w", id, ErrNotFound)
		}
	}
	var shared sql.NullString
	if err := tx.QueryRowContext(ctx,
		`SELECT min(a.session_id) FROM seats a JOIN seats b ON a.session_id = b.session_id
		 WHERE a.player_id = ? AND b.player_id = ?`, from, into).Scan(&shared); err != nil {
		return err
	}
	if shared.Valid {
		return fmt.Errorf("both played session %s: they are two people", shared.String)
	}
	return nil
}

// queueMerge tells the venue (venueplayers.go), which joins them too by
// the keys each had before the merge.
func (d *DB) queueMerge(ctx context.Context, tx *sql.Tx, from, into string) error {
	fromKeys, err := venueKeys(ctx, tx, from)
	if err != nil {
		return err
	}
	intoKeys, err := venueKeys(ctx, tx, into)
	if err != nil {
		return err
	}
	return queuePlayerEvent(ctx, tx, PlayerEvent{Action: PlayerMerged, Player: from, Keys: fromKeys, Into: into, IntoKeys: intoKeys},
		time.Now(), d.venueClock())
}

// mergeMoves are the statements that make from's rows into's (?1 from,
// ?2 into) and delete from: its ratings and tallies are remade after.
var mergeMoves = []string{
	"UPDATE seats SET player_id = ?2 WHERE player_id = ?1",
	"UPDATE bot_handovers SET player_id = ?2 WHERE player_id = ?1",
	"UPDATE player_keys SET player_id = ?2 WHERE player_id = ?1",
	`INSERT INTO player_aliases (player_id, name, first_used, last_used)
	 SELECT ?2, name, first_used, last_used FROM player_aliases WHERE player_id = ?1
	 ON CONFLICT (player_id, name) DO UPDATE SET
	   first_used = min(first_used, excluded.first_used),
	   last_used = max(last_used, excluded.last_used)`,
	"DELETE FROM player_aliases WHERE player_id = ?1",
	"DELETE FROM rating_changes WHERE player_id = ?1",
	`UPDATE players SET
	   created_at = min(created_at, (SELECT created_at FROM players WHERE id = ?1)),
	   last_seen = max(last_seen, (SELECT last_seen FROM players WHERE id = ?1))
	 WHERE id = ?2`,
	"DELETE FROM ratings WHERE player_id = ?1",
	"DELETE FROM player_stats WHERE player_id = ?1",
	"DELETE FROM player_hours WHERE player_id = ?1",
	"DELETE FROM players WHERE id = ?1",
}

func moveRows(ctx context.Context, tx *sql.Tx, from, into string) error {
	for _, q := range mergeMoves {
		if _, err := tx.ExecContext(ctx, q, from, into); err != nil {
			return fmt.Errorf("move rows: %w", err)
		}
	}
	return nil
}

func gamesRated(ctx context.Context, tx *sql.Tx, player string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, "SELECT game FROM ratings WHERE player_id = ? ORDER BY game", player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
