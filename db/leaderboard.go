package db

import (
	"context"
	"fmt"
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

// playedSince is the query of each player's games, wins and best score
// since a time (zero: all time), from the running totals: all time from
// player_stats; since a time from player_hours, plus the results of the
// part of an hour before the first whole hour (none when since falls on
// the hour, as a week's or month's start does in whole-hour time zones).
func playedSince(game string, since time.Time) (string, []any) {
	if since.IsZero() {
		return `SELECT player_id, sum(games) AS games, sum(wins) AS wins, max(best_score) AS best
			FROM player_stats WHERE ? IN ('', game) GROUP BY player_id`, []any{game}
	}
	utc := since.UTC()
	firstHour := utc.Truncate(time.Hour)
	if firstHour.Before(utc) {
		firstHour = firstHour.Add(time.Hour)
	}
	hour := firstHour.Format("2006-01-02T15")
	// CROSS JOIN makes SQLite start from the sessions' (ended_at) index,
	// which it would not always guess without statistics.
	hours := "hour >= ?1" // over all games: the covering (hour...) index
	if game != "" {
		hours = "game = ?2 AND hour >= ?1" // one game: a range of the table itself
	}
	q := `SELECT player_id, sum(games) AS games, sum(wins) AS wins, max(best) AS best FROM (
			SELECT player_id, games, wins, best_score AS best FROM player_hours
			WHERE ` + hours + `
			UNION ALL
			SELECT st.player_id, 1, r.winner, r.score
			FROM sessions s
			CROSS JOIN seats st ON st.session_id = s.id AND st.kind = 'person'
			JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
			WHERE s.status = 'finished' AND s.ended_at >= ?3 AND s.ended_at < ?1 AND ?2 IN ('', s.game)
		) GROUP BY player_id`
	return q, []any{hour, game, fmtTime(since)}
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
	played, args := playedSince(game, since)
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
