package headless

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// play decides for seat with b on each view that is the seat's turn, until
// a view says the game is over (and, for a player, the table's record of
// it has come).
// first, if not nil, is the game's first update, already received. When
// the table starts the next game before this one's end was seen (the
// client keeps only the newest view), the outcome is not Known and next
// is the next game's first update.
func play(ctx context.Context, c *client.Client, rules engine.Rules, b engine.Bot, seat engine.Seat, player bool, logf func(string, ...any), first *client.Update) (out Outcome, next *client.Update, err error) {
	for {
		var u client.Update
		if first != nil {
			u, first = *first, nil
		} else {
			if u, err = nextUpdate(ctx, c); err != nil {
				return Outcome{}, nil, err
			}
			if u.NewGame {
				return Outcome{Seat: seat}, &u, nil
			}
		}
		v, err := u.Decode(rules)
		if err != nil {
			// A view the rules refuse: ask again rather than play blind.
			logf("unreadable view %d: %v; resyncing", u.Version, err)
			_ = c.Sync(ctx)
			continue
		}
		if u.Over {
			res, known := v.Result()
			out := Outcome{Seat: seat, Result: res, Known: known, Record: u.Record}
			if player && out.Record == nil {
				out.Record = awaitRecord(ctx, c, logf)
			}
			return out, nil, nil
		}
		// While seats are free the table refuses moves; it sends the view
		// again when the last one is taken, and the bot plays then.
		if v.Turn() == seat && u.Waiting == 0 {
			if err := decide(ctx, c, b, v, rules.Info().ID, logf); err != nil {
				return Outcome{}, nil, err
			}
		}
	}
}

// nextUpdate waits for the client's next update.
func nextUpdate(ctx context.Context, c *client.Client) (client.Update, error) {
	select {
	case <-ctx.Done():
		return client.Update{}, ctx.Err()
	case u, ok := <-c.Updates():
		if !ok {
			return client.Update{}, fmt.Errorf("left the table: %w", c.Err())
		}
		return u, nil
	}
}

// awaitNextGame waits, after a game's end, for the table to play again
// with the same seats: the first view after the table's welcome for the
// next session (docs/protocol.md, Play again).
func awaitNextGame(ctx context.Context, c *client.Client) (client.Update, error) {
	for {
		u, err := nextUpdate(ctx, c)
		if err != nil || u.NewGame {
			return u, err
		}
	}
}

// recordWait is how long a player waits for the table's record of the
// finished game, which follows the last view once the results are stored.
const recordWait = 10 * time.Second

// awaitRecord waits for the update carrying the table's record of the game;
// nil if none comes (an older table, or a lost connection).
func awaitRecord(ctx context.Context, c *client.Client, logf func(string, ...any)) *wire.Record {
	timeout := time.NewTimer(recordWait)
	defer timeout.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-timeout.C:
			logf("the table sent no record of the game")
			return nil
		case u, ok := <-c.Updates():
			if !ok {
				return nil
			}
			if u.Record != nil {
				return u.Record
			}
		}
	}
}

// decide plays b's choice for the view. A refused or lost move is logged and
// the view asked for again; only the end of ctx stops the game.
func decide(ctx context.Context, c *client.Client, b engine.Bot, v engine.View, game string, logf func(string, ...any)) error {
	m, err := b.Choose(ctx, v)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("the bot found no move: %w", err)
	}
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode %s move %v: %w", game, m, err)
	}
	err = c.Move(ctx, data)
	var we *wire.Error
	switch {
	case err == nil:
		logf("played %v", m)
	case errors.As(err, &we) && we.Code == wire.Waiting:
		// A seat was freed meanwhile: the table sends the view again
		// once it is taken.
		logf("move %v: %v", m, we)
	case errors.As(err, &we):
		logf("move %v refused: %v; resyncing", m, we)
		_ = c.Sync(ctx)
	case errors.Is(err, client.ErrDisconnected):
		// The resumed seat's view comes next and the bot decides again.
		logf("move %v may be lost: %v", m, err)
	case ctx.Err() != nil:
		return ctx.Err()
	default:
		logf("move %v: %v", m, err)
	}
	return nil
}
