package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Stats is what a player has done in one game, or in all ("" Game).
type Stats struct {
	Game       string
	Games      int // finished sessions
	Wins       int
	BestScore  int
	LastPlayed time.Time
}

// PlayerStats returns a player's stats per game, by game id, followed by
// their totals over all games (Game ""). Only finished sessions count.
func (d *DB) PlayerStats(ctx context.Context, player string) ([]Stats, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT game, games, wins, best_score, last_played FROM player_stats
		 WHERE player_id = ? ORDER BY game`, player)
	if err != nil {
		return nil, fmt.Errorf("stats of player %s: %w", player, err)
	}
	defer rows.Close()
	var out []Stats
	total := Stats{}
	for rows.Next() {
		var s Stats
		var last sql.NullString
		if err := rows.Scan(&s.Game, &s.Games, &s.Wins, &s.BestScore, &last); err != nil {
			return nil, fmt.Errorf("stats of player %s: %w", player, err)
		}
		if s.LastPlayed, err = parseNullTime(last); err != nil {
			return nil, err
		}
		out = append(out, s)
		total = total.add(s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("stats of player %s: %w", player, err)
	}
	return append(out, total), nil
}

// add folds the stats of another game into a total.
func (t Stats) add(s Stats) Stats {
	if t.Games == 0 || s.BestScore > t.BestScore {
		t.BestScore = s.BestScore
	}
	if s.LastPlayed.After(t.LastPlayed) {
		t.LastPlayed = s.LastPlayed
	}
	t.Games += s.Games
	t.Wins += s.Wins
	return t
}

// retally recounts a player's running totals (player_stats, player_hours)
// from the results, after their seats changed hands (a merge).
func retally(ctx context.Context, tx *sql.Tx, player string) error {
	for _, q := range []string{
		"DELETE FROM player_stats WHERE player_id = ?1",
		"DELETE FROM player_hours WHERE player_id = ?1",
		`INSERT INTO player_hours (player_id, game, hour, games, wins, best_score)
		 SELECT st.player_id, s.game, substr(s.ended_at, 1, 13), count(*), sum(r.winner), max(r.score)
		 FROM seats st
		 JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
		 JOIN sessions s ON s.id = st.session_id AND s.status = 'finished'
		 WHERE st.player_id = ?1
		 GROUP BY st.player_id, s.game, substr(s.ended_at, 1, 13)`,
		`INSERT INTO player_stats (player_id, game, games, wins, best_score, last_played)
		 SELECT st.player_id, s.game, count(*), sum(r.winner), max(r.score), max(s.ended_at)
		 FROM seats st
		 JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
		 JOIN sessions s ON s.id = st.session_id AND s.status = 'finished'
		 WHERE st.player_id = ?1
		 GROUP BY st.player_id, s.game`,
	} {
		if _, err := tx.ExecContext(ctx, q, player); err != nil {
			return fmt.Errorf("recount stats of %s: %w", player, err)
		}
	}
	return nil
}
