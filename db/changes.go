package db

import (
	"context"
	"fmt"
)

// RatingChange is one seat's rating before and after a finished session,
// for the kiosk's results screen.
type RatingChange struct {
	Seat          int
	PlayerID      string
	Before, After Rating
}

// RatingChanges lists the rating changes a finished session made, by seat
// (seats of guests and bots have none).
func (d *DB) RatingChanges(ctx context.Context, session string) ([]RatingChange, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT seat, player_id, game, mu_before, sigma_before, mu_after, sigma_after
		 FROM rating_changes WHERE session_id = ? ORDER BY seat`, session)
	if err != nil {
		return nil, fmt.Errorf("rating changes of %s: %w", session, err)
	}
	defer rows.Close()
	var out []RatingChange
	for rows.Next() {
		var c RatingChange
		var game string
		if err := rows.Scan(&c.Seat, &c.PlayerID, &game, &c.Before.Mu, &c.Before.Sigma, &c.After.Mu, &c.After.Sigma); err != nil {
			return nil, fmt.Errorf("rating changes of %s: %w", session, err)
		}
		c.Before.PlayerID, c.After.PlayerID = c.PlayerID, c.PlayerID
		c.Before.Game, c.After.Game = game, game
		out = append(out, c)
	}
	return out, rows.Err()
}
