package db

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Period is the stretch of time a leaderboard covers.
type Period string

const (
	Week    Period = "week"  // since Monday 00:00, local time
	Month   Period = "month" // since the 1st 00:00, local time
	AllTime Period = "all"
)

// Start is when p began as seen at now (in now's location); zero for AllTime.
func (p Period) Start(now time.Time) (time.Time, error) {
	y, m, d := now.Date()
	switch p {
	case Week:
		back := (int(now.Weekday()) + 6) % 7 // days since Monday
		return time.Date(y, m, d-back, 0, 0, 0, 0, now.Location()), nil
	case Month:
		return time.Date(y, m, 1, 0, 0, 0, 0, now.Location()), nil
	case AllTime, "":
		return time.Time{}, nil
	}
	return time.Time{}, fmt.Errorf("unknown period %q (week, month or all)", p)
}

// Standing is one player's line of a leaderboard.
type Standing struct {
	PlayerID  string
	Nickname  string
	Games     int // finished sessions in the period
	Wins      int // of which won, alone or shared
	BestScore int
	// Rating is the player's current rating in the leaderboard's game; it
	// has zero Games if they never played it rated, or for all games.
	Rating Rating
}

// Leaderboard ranks the persons who finished sessions of game ("" for every
// game) that ended at or after since (zero for all time).
//
// A single game's all-time board is ordered by rating (settled ratings
// before provisional ones, then by ordinal): that is what ratings are for.
// A board over a period, or over all games, is ordered by wins, then win
// rate, then fewest games: a rating cannot be split by week.
func (d *DB) Leaderboard(ctx context.Context, game string, since time.Time, limit int) ([]Standing, error) {
	byRating := game != "" && since.IsZero()
	order := "pl.wins DESC, 1.0 * pl.wins / pl.games DESC, pl.games, p.nickname"
	if byRating {
		order = "coalesce(r.provisional, 1), r.mu - 3 * r.sigma DESC, pl.wins DESC, p.nickname"
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	// Only the filters that apply, so SQLite can use the (game, ended_at) and
	// (ended_at) partial indexes on finished sessions; CROSS JOIN makes it
	// start from the sessions, which it would not always guess without
	// statistics.
	where, args := []string{"s.status = 'finished'"}, []any{}
	if game != "" {
		where, args = append(where, "s.game = ?"), append(args, game)
	}
	if !since.IsZero() {
		where, args = append(where, "s.ended_at >= ?"), append(args, fmtTime(since))
	}
	played := `SELECT st.player_id, count(*) AS games, sum(r.winner) AS wins, max(r.score) AS best
		FROM sessions s
		CROSS JOIN seats st ON st.session_id = s.id AND st.kind = 'person'
		JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
		WHERE ` + strings.Join(where, " AND ") + `
		GROUP BY st.player_id`
	if since.IsZero() {
		// All time: the running totals, a few rows per player.
		played, args = `SELECT player_id, sum(games) AS games, sum(wins) AS wins, max(best_score) AS best
			FROM player_stats WHERE ? IN ('', game) GROUP BY player_id`, []any{game}
	}
	q := `WITH played AS (` + played + `)
	SELECT p.id, p.nickname, pl.games, pl.wins, pl.best,
	       coalesce(r.mu, 0), coalesce(r.sigma, 0), coalesce(r.games, 0), coalesce(r.provisional, 1)
	FROM played pl JOIN players p ON p.id = pl.player_id
	LEFT JOIN ratings r ON r.player_id = p.id AND r.game = ?
	ORDER BY ` + order + ` LIMIT ?`
	rows, err := d.r.QueryContext(ctx, q, append(args, game, limit)...)
	if err != nil {
		return nil, fmt.Errorf("leaderboard %q: %w", game, err)
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		var s Standing
		r := &s.Rating
		if err := rows.Scan(&s.PlayerID, &s.Nickname, &s.Games, &s.Wins, &s.BestScore,
			&r.Mu, &r.Sigma, &r.Games, &r.Provisional); err != nil {
			return nil, fmt.Errorf("leaderboard %q: %w", game, err)
		}
		r.PlayerID, r.Game = s.PlayerID, game
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard %q: %w", game, err)
	}
	return out, nil
}
