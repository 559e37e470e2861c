package db

import (
	"context"
	"fmt"
	"github.com/tablee/tablee/session"
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

// playedAllTime is the query of each player's games, wins and best score
// over all time, from the running totals in player_stats.
const playedAllTime = `SELECT player_id, sum(games) AS games, sum(wins) AS wins, max(best_score) AS best
	FROM player_stats WHERE ? IN ('', game) GROUP BY player_id`

// periodSeats is the query of every person's and guest's seat in the
// sessions of a game ("" every game) finished since a time: who sat
// there, the result, and the seats (bots included) it finished ahead of.
// CROSS JOIN makes SQLite start from the sessions' (ended_at) index.
const periodSeats = `WITH shown AS (` + shownNames + `)
	SELECT st.kind, coalesce(st.player_id, ''), CASE WHEN st.kind = 'person' THEN p.shown ELSE st.name END,
	       r.winner, r.score,
	       (SELECT count(*) FROM results o WHERE o.session_id = r.session_id AND o.rank > r.rank)
	FROM sessions s
	CROSS JOIN seats st ON st.session_id = s.id AND st.kind IN ('person', 'guest')
	JOIN results r ON r.session_id = st.session_id AND r.seat = st.seat
	LEFT JOIN shown p ON p.id = st.player_id
	WHERE s.status = 'finished' AND s.ended_at >= ? AND ? IN ('', s.game)`

// Standing is one player's line of a leaderboard.
type Standing struct {
	Place    int // 1, 2, 3… on this board
	PlayerID string
	// Nickname is the player's shown name: unique on every board. For a
	// guest, the name they were seated under, empty for guests seated on
	// the table without a name (the screens say "guests on the table").
	Nickname string
	// Guest marks the line of guests (no player key, not rated): on a
	// week's or month's board, the seats of one guest name together.
	Guest bool
	Games int // finished sessions in the period, rated or not
	Wins  int // of which won, alone or shared
	// Points, on a week's or month's board, count the seats (bots
	// included) this player finished ahead of in the period's games: what
	// the board ranks by.
	Points    int
	BestScore int // the best score of one game's board; zero over all games
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

// Leaderboard ranks the players who finished sessions of game ("" for
// every game) that ended at or after since (zero for all time).
//
// One game's all-time board ranks by rating, which is what ratings are
// for: settled ratings before provisional ones, each by ordinal, then the
// players never rated in the game (they played it only against bots or
// guests). The all-time board over every game ranks by wins, then win
// rate, then fewer games: only persons appear on all-time boards.
//
// A week's or a month's board ranks by points (see Standing.Points), then
// wins, then fewer games, and shows guests as well as persons: each guest
// name as one line, the guests seated with no name as one more, so a game
// played in the period always shows on its board. Equal players are in
// name order (French/German collation). limit ≤ 0 means every player.
func (d *DB) Leaderboard(ctx context.Context, game string, since time.Time, limit int) ([]Standing, error) {
	var out []Standing
	var err error
	if since.IsZero() {
		out, err = d.allTimeBoard(ctx, game)
	} else {
		out, err = d.periodBoard(ctx, game, since)
	}
	if err != nil {
		return nil, fmt.Errorf("leaderboard %q: %w", game, err)
	}
	return rankAndCut(out, game, since, limit), nil
}

func (d *DB) allTimeBoard(ctx context.Context, game string) ([]Standing, error) {
	q := `WITH played AS (` + playedAllTime + `), shown AS (` + shownNames + `)
	SELECT p.id, p.shown, pl.games, pl.wins, pl.best,
	       coalesce(r.mu, 0), coalesce(r.sigma, 0), coalesce(r.games, 0), coalesce(r.provisional, 1)
	FROM played pl JOIN shown p ON p.id = pl.player_id
	LEFT JOIN ratings r ON r.player_id = p.id AND r.game = ?`
	rows, err := d.r.QueryContext(ctx, q, game, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		var s Standing
		r := &s.Rating
		if err := rows.Scan(&s.PlayerID, &s.Nickname, &s.Games, &s.Wins, &s.BestScore,
			&r.Mu, &r.Sigma, &r.Games, &r.Provisional); err != nil {
			return nil, err
		}
		r.PlayerID, r.Game = s.PlayerID, game
		if game == "" {
			s.BestScore = 0 // scores of different games do not compare
			s.Rating = Rating{PlayerID: s.PlayerID}
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// periodBoard sums the period's seats per person, and per guest name.
func (d *DB) periodBoard(ctx context.Context, game string, since time.Time) ([]Standing, error) {
	rows, err := d.r.QueryContext(ctx, periodSeats, fmtTime(since), game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var t tally
	for rows.Next() {
		var kind string
		var id, name string
		var winner bool
		var score, beaten int
		if err := rows.Scan(&kind, &id, &name, &winner, &score, &beaten); err != nil {
			return nil, err
		}
		guest := kind == string(session.Guest)
		t.add(Standing{PlayerID: id, Nickname: name, Guest: guest}, winner, score, beaten)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return t.standings(game, nil), nil
}

// tally sums seats into standings, one per person and one per guest
// name (guests of the same name, however written, are one line), in the
// order each first appears: the kiosk's period boards (periodBoard) and
// the venue's boards (venueBoard) count alike.
type tally struct {
	byKey map[string]*Standing
	keys  []string
}

// add counts one seat of the player first describes (its PlayerID,
// Nickname, Guest: kept from the player's first seat): a game, a win if
// winner, its score towards the best one, points to the player's sum.
func (t *tally) add(first Standing, winner bool, score, points int) {
	key := "p" + first.PlayerID
	if first.Guest {
		key = "g" + nameKey(first.Nickname)
	}
	s := t.byKey[key]
	if s == nil {
		if t.byKey == nil {
			t.byKey = map[string]*Standing{}
		}
		first.BestScore = score
		s = &first
		t.byKey[key] = s
		t.keys = append(t.keys, key)
	}
	s.Games++
	s.Points += points
	if winner {
		s.Wins++
	}
	s.BestScore = max(s.BestScore, score)
}

// standings are the lines of a board of game ("" for every game, whose
// best scores are dropped: scores of different games do not compare),
// unranked; each line's rating is rating's (nil, or false: the empty
// rating of its player in game).
func (t *tally) standings(game string, rating func(player string) (Rating, bool)) []Standing {
	out := make([]Standing, 0, len(t.keys))
	for _, k := range t.keys {
		s := *t.byKey[k]
		if game == "" {
			s.BestScore = 0
		}
		s.Rating = Rating{PlayerID: s.PlayerID, Game: game}
		if rating != nil {
			if rt, ok := rating(s.PlayerID); ok {
				s.Rating = rt
			}
		}
		out = append(out, s)
	}
	return out
}

// rankAndCut ranks a board of game ("" for every game) since since (zero
// for all time) and keeps its first limit lines (limit ≤ 0: all): the
// kiosk's Leaderboard and the venue's boards rank alike.
func rankAndCut(out []Standing, game string, since time.Time, limit int) []Standing {
	if since.IsZero() {
		rankBoard(out, game != "")
	} else {
		rankByPoints(out)
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// rankByPoints sorts a week's or month's board and numbers its places:
// points, then wins, then fewer games, then names, persons before guests.
func rankByPoints(b []Standing) {
	c := newCollator()
	sort.SliceStable(b, func(i, j int) bool {
		x, y := b[i], b[j]
		if x.Points != y.Points {
			return x.Points > y.Points
		}
		if x.Wins != y.Wins {
			return x.Wins > y.Wins
		}
		if x.Games != y.Games {
			return x.Games < y.Games
		}
		if x.Guest != y.Guest {
			return !x.Guest
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
