package db

import (
	"context"
	"fmt"
	"sort"
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
	Place     int // 1, 2, 3… on this board
	PlayerID  string
	Nickname  string // the player's shown name: unique on every board
	Games     int    // finished sessions in the period, rated or not
	Wins      int    // of which won, alone or shared
	BestScore int    // the best score of one game's board; zero over all games
	// Rating is, on one game's all-time board, the player's rating in that
	// game: zero Games if they were never rated in it (the board shows
	// "—"). Other boards leave it zero.
	Rating Rating
}

// WinRate is the share of the period's games won, from 0 to 1.
func (s Standing) WinRate() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.Wins) / float64(s.Games)
}

// Leaderboard ranks the persons who finished sessions of game ("" for every
// game) that ended at or after since (zero for all time).
//
// One game's all-time board ranks by rating, which is what ratings are
// for: settled ratings before provisional ones, each by ordinal, then the
// players never rated in the game (they played it only against bots or
// guests). Every other board (a week, a month, all games) ranks by what
// it shows for its period: wins, then win rate, then fewer games. Equal
// players are in name order (French/German collation). limit ≤ 0 means
// every player.
func (d *DB) Leaderboard(ctx context.Context, game string, since time.Time, limit int) ([]Standing, error) {
	played, args := playedSince(game, since)
	q := `WITH played AS (` + played + `), shown AS (` + shownNames + `)
	SELECT p.id, p.shown, pl.games, pl.wins, pl.best,
	       coalesce(r.mu, 0), coalesce(r.sigma, 0), coalesce(r.games, 0), coalesce(r.provisional, 1)
	FROM played pl JOIN shown p ON p.id = pl.player_id
	LEFT JOIN ratings r ON r.player_id = p.id AND r.game = ?`
	rows, err := d.r.QueryContext(ctx, q, append(args, game)...)
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
		if game == "" {
			s.BestScore = 0 // scores of different games do not compare
		}
		if game == "" || !since.IsZero() {
			s.Rating = Rating{PlayerID: s.PlayerID, Game: game}
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard %q: %w", game, err)
	}
	rankBoard(out, game != "" && since.IsZero())
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// rankBoard sorts a board and numbers its places.
func rankBoard(b []Standing, byRating bool) {
	c := newCollator()
	sort.SliceStable(b, func(i, j int) bool {
		x, y := b[i], b[j]
		if byRating {
			if xr, yr := x.Rating.Games > 0, y.Rating.Games > 0; xr != yr {
				return xr
			}
			if x.Rating.Games > 0 {
				if x.Rating.Provisional != y.Rating.Provisional {
					return !x.Rating.Provisional
				}
				if xo, yo := x.Rating.Ordinal(), y.Rating.Ordinal(); xo != yo {
					return xo > yo
				}
			}
		}
		if x.Wins != y.Wins {
			return x.Wins > y.Wins
		}
		// a/b > c/d without rounding: a·d > c·b.
		if xw, yw := x.Wins*y.Games, y.Wins*x.Games; xw != yw {
			return xw > yw
		}
		if x.Games != y.Games {
			return x.Games < y.Games
		}
		if r := c.CompareString(x.Nickname, y.Nickname); r != 0 {
			return r < 0
		}
		return x.PlayerID < y.PlayerID
	})
	for i := range b {
		b[i].Place = i + 1
	}
}
