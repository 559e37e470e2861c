package host

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Staff reports and backups run while bots play and the host writes.
func TestReadersWhileHostWrites(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	tb := table(t, d)
	ps := players(t, d, "a", "b")
	games := 3
	if testing.Short() {
		games = 1
	}
	var sessions []*Session
	for i := 0; i < games; i++ {
		s, err := h.Start(ctx, StartRequest{TableID: tb, Game: "canyon",
			Seats: []session.Seat{PlayerSeat(ps[0].ID), PlayerSeat(ps[1].ID), BotSeat("random"), BotSeat("random")}})
		if err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, s)
	}
	// The readers take turns, each reading once every readEvery updates of
	// the first session, the latest it has: reads are paced by the host's
	// moves and not by a clock, and all of them run while the host
	// writes. (Reading once per update, backlog included, left most reads
	// to after the game, thousands of updates behind: 23 s, most of it
	// re-reading the whole finished move log. Reading at every chance
	// starved the writer.)
	const readEvery = 16
	var wg sync.WaitGroup
	reads := make([]int, 4)
	readers := []func() error{
		func() error { _, err := d.Leaderboard(ctx, "canyon", time.Time{}, 10); return err },
		func() error { _, err := d.Sessions(ctx, db.SessionFilter{}); return err },
		func() error { _, err := d.Moves(ctx, sessions[0].ID()); return err },
		func() error { _, err := d.PlayerStats(ctx, ps[0].ID); return err },
	}
	for i, read := range readers {
		moves, stop := sessions[0].Subscribe(engine.Onlooker)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer stop()
			next := i * readEvery / len(readers)
			for u := range moves { // until the session ends
				for len(moves) > 0 {
					u = <-moves
				}
				if u.Seq < next {
					continue
				}
				next = u.Seq + readEvery
				if err := read(); err != nil {
					t.Errorf("reader %d: %v", i, err)
					return
				}
				reads[i]++
			}
		}()
	}
	// The backup runs once a move was logged, so it copies a database the
	// host is writing, and while the readers read.
	updates, stop := sessions[len(sessions)-1].Subscribe(engine.Onlooker)
	defer stop()
	var rngs sync.WaitGroup
	for i, s := range sessions {
		rngs.Add(1)
		go func() {
			defer rngs.Done()
			rng := newRNG(i)
			playOut(ctx, t, s, &rng)
		}()
	}
	for u := range updates {
		if u.Seq > 0 {
			break
		}
	}
	if err := d.Backup(ctx, filepath.Join(t.TempDir(), "backup.db")); err != nil {
		t.Errorf("backup while playing: %v", err)
	}
	rngs.Wait()
	wg.Wait()
	t.Logf("reads while playing: %v", reads)
	for i, n := range reads {
		if n == 0 {
			t.Errorf("reader %d never read", i)
		}
	}
	if lb, _ := d.Leaderboard(ctx, "canyon", time.Time{}, 0); len(lb) != 2 || lb[0].Games != games {
		t.Errorf("leaderboard after %d games: %+v", games, lb)
	}
}
