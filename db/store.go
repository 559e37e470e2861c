package db

import (
	"context"
	"time"

	"github.com/tablee/tablee/session"
)

// The table host's Store asks a few things in its own terms; these answer
// them from the player and rating records above.

// PlayerForKey returns the id of the player whose phone holds key, adding
// them under nickname on the key's first use (see IdentifyPlayer).
func (d *DB) PlayerForKey(ctx context.Context, key, nickname string, now time.Time) (string, error) {
	p, err := d.IdentifyPlayer(ctx, key, nickname, now)
	if err != nil {
		return "", err
	}
	return p.ID, nil
}

// RatedOutcome is SeatOutcome as a phone shows it: false if the seat was
// not rated.
func (d *DB) RatedOutcome(ctx context.Context, id string, seat int) (session.Outcome, bool, error) {
	o, rated, err := d.SeatOutcome(ctx, id, seat)
	if err != nil || !rated {
		return session.Outcome{}, false, err
	}
	return session.Outcome{PlayerID: o.PlayerID, Before: o.Before.Ordinal(), After: o.After.Ordinal(),
		Games: o.After.Games, Provisional: o.After.Provisional, Place: o.Place, Of: o.Of}, true, nil
}
