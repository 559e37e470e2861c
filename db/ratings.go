package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/intinig/go-openskill/rating"
	"github.com/intinig/go-openskill/types"
)

// ProvisionalGames is how many rated games a player needs before their
// rating counts as settled.
const ProvisionalGames = 5

// Rating is a player's OpenSkill (Weng-Lin, Plackett-Luce) rating in one game.
type Rating struct {
	PlayerID    string
	Game        string
	Mu, Sigma   float64
	Games       int // rated games played
	Provisional bool
}

// Ordinal is the conservative skill estimate leaderboards sort by:
// mu - 3 sigma, which rises as the rating becomes certain.
func (r Rating) Ordinal() float64 {
	return rating.Ordinal(types.Rating{Mu: r.Mu, Sigma: r.Sigma, Z: 3})
}

// newRating is where every player starts in every game.
func newRating(player, game string) Rating {
	r := rating.New()
	return Rating{PlayerID: player, Game: game, Mu: r.Mu, Sigma: r.Sigma, Provisional: true}
}

// rated is one person's seat in a finished session.
type rated struct {
	player string
	rank   int
}

// rateSession updates the ratings of the persons seated at a finished
// session. Bots and guests are not rated, and with them gone the session
// counts only if two persons or more remain. Ties share a rank.
func rateSession(ctx context.Context, tx *sql.Tx, session, game string, at time.Time) error {
	seated, err := ratedSeats(ctx, tx, session)
	if err != nil {
		return err
	}
	if len(seated) < 2 {
		return nil
	}
	before := make([]Rating, len(seated))
	for i, s := range seated {
		if before[i], err = ratingTx(ctx, tx, s.player, game); err != nil {
			return err
		}
	}
	for _, r := range rate(before, seated) {
		if err := saveRating(ctx, tx, r, at); err != nil {
			return err
		}
	}
	return nil
}

// ratedSeats lists the persons of a session with their rank. A player
// seated twice (staff merged two accounts that met) makes the session
// unratable: they cannot be ranked against themselves.
func ratedSeats(ctx context.Context, tx *sql.Tx, session string) ([]rated, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT s.player_id, r.rank FROM seats s
		 JOIN results r ON r.session_id = s.session_id AND r.seat = s.seat
		 WHERE s.session_id = ? AND s.kind = 'person' ORDER BY s.seat`, session)
	if err != nil {
		return nil, fmt.Errorf("rated seats: %w", err)
	}
	defer rows.Close()
	var out []rated
	seen := map[string]bool{}
	for rows.Next() {
		var r rated
		if err := rows.Scan(&r.player, &r.rank); err != nil {
			return nil, fmt.Errorf("rated seats: %w", err)
		}
		if seen[r.player] {
			return nil, nil
		}
		seen[r.player] = true
		out = append(out, r)
	}
	return out, rows.Err()
}

// rate returns the ratings after one game; before[i] is seated[i]'s.
func rate(before []Rating, seated []rated) []Rating {
	teams := make([]types.Team, len(before))
	ranks := make([]int, len(before))
	for i, r := range before {
		teams[i] = types.Team{{Mu: r.Mu, Sigma: r.Sigma, Z: 3}}
		ranks[i] = seated[i].rank // lower is better, equal is a tie
	}
	after := rating.Rate(teams, &types.OpenSkillOptions{Rank: ranks})
	out := make([]Rating, len(before))
	for i, r := range before {
		r.Mu, r.Sigma = after[i][0].Mu, after[i][0].Sigma
		r.Games++
		r.Provisional = r.Games < ProvisionalGames
		out[i] = r
	}
	return out
}

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ratingTx reads a rating, or the starting one if the player has none yet.
func ratingTx(ctx context.Context, q queryer, player, game string) (Rating, error) {
	r := Rating{PlayerID: player, Game: game}
	err := q.QueryRowContext(ctx,
		"SELECT mu, sigma, games, provisional FROM ratings WHERE player_id = ? AND game = ?",
		player, game).Scan(&r.Mu, &r.Sigma, &r.Games, &r.Provisional)
	if err == sql.ErrNoRows {
		return newRating(player, game), nil
	}
	if err != nil {
		return Rating{}, fmt.Errorf("rating of %s in %s: %w", player, game, err)
	}
	return r, nil
}

func saveRating(ctx context.Context, tx *sql.Tx, r Rating, at time.Time) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO ratings (player_id, game, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)
		 ON CONFLICT (player_id, game) DO UPDATE SET
		   mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at`,
		r.PlayerID, r.Game, r.Mu, r.Sigma, r.Games, fmtTime(at))
	if err != nil {
		return fmt.Errorf("save rating of %s in %s: %w", r.PlayerID, r.Game, err)
	}
	return nil
}

// Rating returns a player's rating in game; a player who has not played it
// rated gets the starting rating.
func (d *DB) Rating(ctx context.Context, player, game string) (Rating, error) {
	return ratingTx(ctx, d.r, player, game)
}

// Ratings lists every rating in game, best ordinal first.
func (d *DB) Ratings(ctx context.Context, game string) ([]Rating, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT player_id, game, mu, sigma, games, provisional FROM ratings
		 WHERE game = ? ORDER BY provisional, mu - 3 * sigma DESC, player_id`, game)
	if err != nil {
		return nil, fmt.Errorf("ratings in %s: %w", game, err)
	}
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var r Rating
		if err := rows.Scan(&r.PlayerID, &r.Game, &r.Mu, &r.Sigma, &r.Games, &r.Provisional); err != nil {
			return nil, fmt.Errorf("ratings in %s: %w", game, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ratings in %s: %w", game, err)
	}
	return out, nil
}
