package db

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Two handles on one file, as the kiosk and a staff command are: their
// writes queue on the lock (immediate transactions, busy timeout) rather
// than fail with "database is locked", and readers keep reading.
func TestTwoProcessesWriteOneFile(t *testing.T) {
	ctx := context.Background()
	a := openTemp(t)
	b, err := Open(ctx, a.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for _, d := range []*DB{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				p, err := d.CreatePlayer(ctx, "p", t0)
				if err == nil {
					err = d.RenamePlayer(ctx, p.ID, "q")
				}
				if err == nil {
					_, err = d.Players(ctx)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if ps, _ := b.Players(ctx); len(ps) != 400 {
		t.Errorf("%d players, want 400", len(ps))
	}
}

func TestImport(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	var played []Played
	for i := 0; i < 6; i++ {
		end := t0.Add(time.Duration(i) * time.Hour)
		played = append(played, Played{
			Session: session.Record{TableID: f.table.ID, Game: "canoe", Seats: f.persons(i%2, 1-i%2), StartedAt: end.Add(-time.Hour), EndedAt: end},
			Result:  engine.RankByScores([]int{5, 1}, "import"),
		})
	}
	ids, err := f.d.Import(ctx, played)
	if err != nil || len(ids) != 6 {
		t.Fatalf("import: %v %v", ids, err)
	}
	s, _ := f.d.Session(ctx, ids[5])
	if s.Status != session.Finished || !s.EndedAt.Equal(t0.Add(5*time.Hour)) {
		t.Errorf("imported session %+v", s)
	}
	r, _ := f.d.Rating(ctx, f.players[0].ID, "canoe")
	if r.Games != 6 || r.Provisional {
		t.Errorf("rating after import %+v", r)
	}
	st, _ := f.d.PlayerStats(ctx, f.players[1].ID)
	if st[0].Games != 6 || st[0].Wins != 3 {
		t.Errorf("stats after import %+v", st)
	}
	// One bad session and none is stored.
	bad := append(played[:1:1], Played{Session: session.Record{TableID: 99, Game: "canoe", Seats: f.persons(0, 1)}, Result: played[0].Result})
	if _, err := f.d.Import(ctx, bad); err == nil {
		t.Error("imported a session at an unknown table")
	}
	if all, _ := f.d.Sessions(ctx, SessionFilter{}); len(all) != 6 {
		t.Errorf("%d sessions after a failed import, want 6", len(all))
	}
}
