package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// recordBatch is how many games go into one transaction: big enough to be
// fast, small enough that an interrupted seeding keeps most of its work.
const recordBatch = 2000

// record stores simulated games as finished sessions (results and ratings,
// no move logs) at a table called "simulation".
func record(ctx context.Context, path string, rate bool, cfg simConfig, games []played) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	d, err := db.Open(ctx, path)
	if err != nil {
		return err
	}
	defer d.Close()
	tb, err := d.EnsureTable(ctx, "simulation")
	if err != nil {
		return err
	}
	seats, err := simSeats(ctx, d, rate, cfg.levels)
	if err != nil {
		return err
	}
	batch := make([]db.Played, 0, recordBatch)
	for i, g := range games {
		batch = append(batch, db.Played{Result: g.result, Session: session.Record{
			TableID: tb.ID, Game: cfg.rules.Info().ID, Options: cfg.options, Seed: cfg.seed + uint64(i),
			Seats: seats, StartedAt: g.started, EndedAt: g.ended}})
		if len(batch) == recordBatch || i == len(games)-1 {
			if _, err := d.Import(ctx, batch); err != nil {
				return fmt.Errorf("record games: %w", err)
			}
			batch = batch[:0]
		}
	}
	return nil
}

// simSeats seats bots, or, to rate them, test players named after their
// level and seat ("bot default #1"), the same players on every run.
func simSeats(ctx context.Context, d *db.DB, rate bool, levels []engine.Level) ([]session.Seat, error) {
	seats := make([]session.Seat, len(levels))
	if !rate {
		for i, l := range levels {
			seats[i] = session.Seat{Kind: session.Bot, BotLevel: l}
		}
		return seats, nil
	}
	existing, err := d.Players(ctx)
	if err != nil {
		return nil, err
	}
	byName := map[string]string{}
	for _, p := range existing {
		byName[p.Nickname] = p.ID
	}
	for i, l := range levels {
		name := fmt.Sprintf("bot %s #%d", l, i+1)
		id, ok := byName[name]
		if !ok {
			p, err := d.CreatePlayer(ctx, name, time.Now())
			if err != nil {
				return nil, err
			}
			id = p.ID
		}
		seats[i] = session.Seat{Kind: session.Person, PlayerID: id}
	}
	return seats, nil
}
