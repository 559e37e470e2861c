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

// The rating model: OpenSkill's Weng-Lin Plackett-Luce model with the
// reference implementation's defaults (docs/database.md says why each).
const (
	ModelMu    = 25.0           // a new player's mean skill
	ModelSigma = ModelMu / 3    // a new player's uncertainty
	ModelBeta  = ModelSigma / 2 // the performance noise of one game
	ModelKappa = 0.0001         // the floor of a sigma's shrink factor
	// ModelTau is the additive dynamics factor: before each game every
	// sigma grows to sqrt(sigma² + tau²), so a regular's rating keeps
	// moving as they improve instead of freezing after a season.
	ModelTau = ModelMu / 300
	// ModelZ is how many sigmas the ordinal takes off mu.
	ModelZ = 3
)

// ratingModel names the model and the order games are rated in; a file
// whose ratings were computed otherwise is rated again on open.
const ratingModel = "openskill plackett-luce mu=25 sigma=25/3 beta=25/6 kappa=0.0001 tau=25/300; order ended_at,id; persons only, two or more"

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
	return rating.Ordinal(types.Rating{Mu: r.Mu, Sigma: r.Sigma, Z: ModelZ})
}

// newRating is where every player starts in every game.
func newRating(player, game string) Rating {
	return Rating{PlayerID: player, Game: game, Mu: ModelMu, Sigma: ModelSigma, Provisional: true}
}

// rated is one person's seat in a finished session.
type rated struct {
	seat   int
	player string
	rank   int
}

// options is the model's options for one call of rating.Rate, which
// changes what it is given.
func options(ranks []int) *types.OpenSkillOptions {
	mu, sigma, beta, kappa, tau, z := ModelMu, ModelSigma, ModelBeta, ModelKappa, ModelTau, ModelZ
	return &types.OpenSkillOptions{Mu: &mu, Sigma: &sigma, Beta: &beta, Epsilon: &kappa, Tau: &tau, Z: &z, Rank: ranks}
}

// rate returns the ratings after one game; before[i] is seated[i]'s.
func rate(before []Rating, seated []rated) []Rating {
	teams := make([]types.Team, len(before))
	ranks := make([]int, len(before))
	for i, r := range before {
		teams[i] = types.Team{{Mu: r.Mu, Sigma: r.Sigma, Z: ModelZ}}
		ranks[i] = seated[i].rank // lower is better, equal is a tie
	}
	after := rating.Rate(teams, options(ranks))
	out := make([]Rating, len(before))
	for i, r := range before {
		r.Mu, r.Sigma = after[i][0].Mu, after[i][0].Sigma
		r.Games++
		r.Provisional = r.Games < ProvisionalGames
		out[i] = r
	}
	return out
}

// rateSession updates the ratings of the persons seated at a finished
// session from their stored ratings. Bots and guests are not rated, and
// with them gone the session counts only if two persons or more remain.
// Ties share a rank. Callers keep the order: see rateFinished.
func rateSession(ctx context.Context, tx *sql.Tx, session, game string, at time.Time) error {
	if game == SheetGame {
		return nil // rated per title, by TitleBoard
	}
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
	after := rate(before, seated)
	for i, r := range after {
		if err := saveRating(ctx, tx, r, at); err != nil {
			return err
		}
		if err := saveChange(ctx, tx, session, seated[i], before[i], r); err != nil {
			return err
		}
	}
	return nil
}

// rateFinished rates a session that has just been marked finished, keeping
// the one rule of every path (Finish, Import, merge): ratings are those
// obtained by rating each game's finished sessions in the order they
// ended, sessions ending in the same millisecond by id. When a session of
// the game that ends later is already rated (another table's Finish took
// the write lock first), the whole game is rated again.
func rateFinished(ctx context.Context, tx *sql.Tx, session, game string, at time.Time) error {
	var later bool
	if err := tx.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM sessions
		  WHERE game = ? AND status = 'finished' AND (ended_at, id) > (?, ?))`,
		game, fmtTime(at), session).Scan(&later); err != nil {
		return fmt.Errorf("rate session %s: %w", session, err)
	}
	if later {
		return recomputeRatings(ctx, tx, game)
	}
	return rateSession(ctx, tx, session, game, at)
}

// ratedSeats lists the persons of a session with their rank. A player
// seated twice (staff merged two accounts that met) makes the session
// unratable: they cannot be ranked against themselves.
func ratedSeats(ctx context.Context, tx *sql.Tx, session string) ([]rated, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT s.seat, s.player_id, r.rank FROM seats s
		 JOIN results r ON r.session_id = s.session_id AND r.seat = s.seat
		 WHERE s.session_id = ? AND s.kind = 'person' ORDER BY s.seat`, session)
	if err != nil {
		return nil, fmt.Errorf("rated seats: %w", err)
	}
	defer rows.Close()
	var out []rated
	for rows.Next() {
		var r rated
		if err := rows.Scan(&r.seat, &r.player, &r.rank); err != nil {
			return nil, fmt.Errorf("rated seats: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rated seats: %w", err)
	}
	return ratable(out), nil
}

// ratable returns the seats to rate: none if a player sits twice.
func ratable(seated []rated) []rated {
	seen := map[string]bool{}
	for _, s := range seated {
		if seen[s.player] {
			return nil
		}
		seen[s.player] = true
	}
	return seated
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

const insertChange = `INSERT INTO rating_changes
	(session_id, seat, player_id, game, mu_before, sigma_before, mu_after, sigma_after)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?)`

func saveChange(ctx context.Context, tx *sql.Tx, session string, s rated, before, after Rating) error {
	_, err := tx.ExecContext(ctx, insertChange, changeArgs(session, s, before, after)...)
	if err != nil {
		return fmt.Errorf("save rating change of %s in %s: %w", s.player, session, err)
	}
	return nil
}

func changeArgs(session string, s rated, before, after Rating) []any {
	return []any{session, s.seat, s.player, after.Game, before.Mu, before.Sigma, after.Mu, after.Sigma}
}

// Rating returns a player's rating in game; a player who has not played it
// rated gets the starting rating.
func (d *DB) Rating(ctx context.Context, player, game string) (Rating, error) {
	return ratingTx(ctx, d.r, player, game)
}

// Ratings lists every rating in game, best first: settled before
// provisional, then by ordinal.
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
