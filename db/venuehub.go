package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The venue hub's staff change the venue's players (docs/venue.md,
// "Players at every table"): the hub's console lists the venue's players,
// each joined from every table's (venueIdentities), so its renames,
// merges and forgets name a venue player by the identity tokens the venue
// joined into them, in an event of the hub's own outbox that every node
// replays as a table's. The hub applies its event at once, in the
// transaction that queues it: its console shows the change without
// waiting for the event's way through the venue stream (which then loads
// nothing new).

// ErrSamePerson is returned (wrapped) by MergeVenuePlayers for two venue
// players who sat at the same game: they are two people.
var ErrSamePerson = errors.New("both played the same game: they are two people")

// RenameVenuePlayer names the venue player id (a VenuePlayer's ID)
// nickname at every node's venue boards, until another rename. The
// tables' own boards keep the name each table knows the player by.
func (d *DB) RenameVenuePlayer(ctx context.Context, id, nickname string) error {
	nickname = strings.TrimSpace(nickname)
	if nickname == "" {
		return fmt.Errorf("rename venue player %s: empty nickname", id)
	}
	toks, err := d.venueTokens(ctx, id)
	if err != nil {
		return fmt.Errorf("rename venue player %s: %w", id, err)
	}
	return d.hubPlayerEvent(ctx, "rename venue player "+id, PlayerEvent{Action: PlayerRenamed, Tokens: toks, Nickname: nickname})
}

// MergeVenuePlayers joins the venue player from into into at every node's
// venue boards (their games, wins and ratings become one player's). The
// tables' own boards keep them apart where a table knew both.
func (d *DB) MergeVenuePlayers(ctx context.Context, from, into string) error {
	what := fmt.Sprintf("merge venue player %s into %s", from, into)
	if from == into {
		return fmt.Errorf("%s: the same player", what)
	}
	r, err := d.venueReplay(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	fromToks, intoToks := r.tokens[from], r.tokens[into]
	if len(fromToks) == 0 || len(intoToks) == 0 {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	// As a table refuses to merge two players of one game.
	sat := map[string]string{} // session → which of the two sat there
	for _, s := range r.seats {
		if s.player != from && s.player != into {
			continue
		}
		if o, ok := sat[s.session]; ok && o != s.player {
			return fmt.Errorf("%s: session %s: %w", what, s.session, ErrSamePerson)
		}
		sat[s.session] = s.player
	}
	return d.hubPlayerEvent(ctx, what, PlayerEvent{Action: PlayerMerged, Tokens: fromToks, IntoTokens: intoToks})
}

// ForgetVenuePlayer forgets the venue player id at their request, at every
// node: a nameless guest in every venue session, those already there and
// those that arrive later, with the names renames gave them; and every
// table forgets its own players among them, as ForgetPlayer does, when
// the event reaches it. The hub's file is then rebuilt as ForgetPlayer's
// (the error wraps ErrTraceLeft when that could not be done yet).
func (d *DB) ForgetVenuePlayer(ctx context.Context, id string) error {
	toks, err := d.venueTokens(ctx, id)
	if err != nil {
		return fmt.Errorf("forget venue player %s: %w", id, err)
	}
	return d.hubPlayerEvent(ctx, "forget venue player "+id, PlayerEvent{Action: PlayerForgotten, Tokens: toks})
}

// venueTokens are the identity tokens of venue player id.
func (d *DB) venueTokens(ctx context.Context, id string) ([]string, error) {
	r, err := d.venueReplay(ctx)
	if err != nil {
		return nil, err
	}
	toks := r.tokens[id]
	if len(toks) == 0 {
		return nil, ErrNotFound
	}
	return toks, nil
}

// hubPlayerEvent queues the hub's event ev in its outbox and loads it
// into the hub's copy of the venue, in one transaction.
func (d *DB) hubPlayerEvent(ctx context.Context, what string, ev PlayerEvent) error {
	err := d.inTx(ctx, what, func(tx *sql.Tx) error {
		// The hub is the venue's clock: no offset.
		id, body, err := queuedPlayerEvent(ctx, tx, ev, time.Now(), nil)
		if err != nil {
			return err
		}
		res, _, err := loadPlayerEvent(ctx, tx, id, []byte(body), true, time.Now())
		if err == nil && res.Err != nil {
			err = res.Err
		}
		return err
	})
	d.signalOutbox()
	if ev.Action == PlayerForgotten {
		// The hub has no players of its own, but its file held the
		// names in the venue's sessions.
		if serr := d.afterForget(ctx, err == nil); err == nil {
			err = serr
		}
	}
	return err
}

// RepublishVenueOutbox makes every event of the hub's outbox pending
// again, for its events to be published again into a venue stream
// rebuilt from scratch (tablee venue --rebuild at the hub). It returns
// how many there are.
func (d *DB) RepublishVenueOutbox(ctx context.Context) (int, error) {
	var n int
	err := d.inTx(ctx, "republish the venue outbox", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE venue_outbox SET acked_at = NULL"); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, "SELECT count(*) FROM venue_outbox").Scan(&n)
	})
	if err != nil {
		return 0, err
	}
	d.signalOutbox()
	return n, nil
}

// RepublishLastEvents makes the last n acknowledged events of the outbox
// (in its order, event ids) pending again, for a kiosk's stream that lost
// its tail. It returns how many it made pending.
func (d *DB) RepublishLastEvents(ctx context.Context, n int) (int, error) {
	var done int64
	err := d.inTx(ctx, "republish the outbox's last events", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE venue_outbox SET acked_at = NULL WHERE event_id IN (
			SELECT event_id FROM venue_outbox WHERE acked_at IS NOT NULL ORDER BY event_id DESC LIMIT ?)`, n)
		if err != nil {
			return err
		}
		done, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, err
	}
	d.signalOutbox()
	return int(done), nil
}

// AckedEvents is how many events of the outbox the stream acknowledged.
func (d *DB) AckedEvents(ctx context.Context) (int, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, "SELECT count(*) FROM venue_outbox WHERE acked_at IS NOT NULL").Scan(&n); err != nil {
		return 0, fmt.Errorf("venue events acknowledged: %w", err)
	}
	return n, nil
}
