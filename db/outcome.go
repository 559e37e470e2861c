package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Outcome is what the player at one seat of a finished session got from
// it: their rating before and after, and their place on the game's
// all-time board afterwards, as their phone shows it.
type Outcome struct {
	PlayerID      string
	Before, After Rating // After.Games counts this game
	Place, Of     int    // place on the game's all-time board, among Of players
}

// Change is how much the game moved the player's ordinal.
func (o Outcome) Change() float64 { return o.After.Ordinal() - o.Before.Ordinal() }

// SeatOutcome returns the outcome of seat in a finished session; false if
// the seat was not rated (a guest, a bot, a game with fewer than two
// known players, or a session not finished).
func (d *DB) SeatOutcome(ctx context.Context, session string, seat int) (Outcome, bool, error) {
	var o Outcome
	var game string
	err := d.r.QueryRowContext(ctx,
		`SELECT player_id, game, mu_before, sigma_before, mu_after, sigma_after
		 FROM rating_changes WHERE session_id = ? AND seat = ?`, session, seat).
		Scan(&o.PlayerID, &game, &o.Before.Mu, &o.Before.Sigma, &o.After.Mu, &o.After.Sigma)
	if err == sql.ErrNoRows {
		return Outcome{}, false, nil
	}
	if err != nil {
		return Outcome{}, false, fmt.Errorf("outcome of seat %d of %s: %w", seat, session, err)
	}
	// The games rated before this one: its rank among the player's changes.
	if err := d.r.QueryRowContext(ctx,
		`SELECT count(*) FROM rating_changes c JOIN sessions s ON s.id = c.session_id
		 WHERE c.player_id = ?1 AND c.game = ?2
		   AND (s.ended_at, s.id) < (SELECT ended_at, id FROM sessions WHERE id = ?3)`,
		o.PlayerID, game, session).Scan(&o.Before.Games); err != nil {
		return Outcome{}, false, fmt.Errorf("outcome of seat %d of %s: %w", seat, session, err)
	}
	o.Before.PlayerID, o.Before.Game = o.PlayerID, game
	o.Before.Provisional = o.Before.Games < ProvisionalGames
	o.After.PlayerID, o.After.Game, o.After.Games = o.PlayerID, game, o.Before.Games+1
	o.After.Provisional = o.After.Games < ProvisionalGames
	board, err := d.Leaderboard(ctx, game, time.Time{}, 0)
	if err != nil {
		return Outcome{}, false, err
	}
	o.Of = len(board)
	for _, s := range board {
		if s.PlayerID == o.PlayerID {
			o.Place = s.Place
		}
	}
	return o, true, nil
}
