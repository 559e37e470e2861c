package host

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/session"
)

var t0 = time.Date(2026, 3, 11, 14, 0, 0, 0, time.UTC)

// fakeHost opens a host on an in-memory store: for tests of the host's own
// behaviour, which need no SQL.
func fakeHost(t testing.TB) (*Host, *hosttest.Store) {
	t.Helper()
	st := hosttest.NewStore()
	return hostOn(t, st), st
}

var _ Store = (*hosttest.Store)(nil)

// testHost opens a host on a new database file, for the tests of what the
// host and the database do together (results, ratings, readers).
func testHost(t testing.TB) (*Host, *db.DB) {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return hostOn(t, d), d
}

func hostOn(t testing.TB, d Store) *Host {
	t.Helper()
	return hostWith(t, d, 10_000) // tests read updates on loaded machines
}

func hostWith(t testing.TB, d Store, backlog int) *Host {
	t.Helper()
	var mu sync.Mutex
	now := t0
	h, err := New(Config{Store: d, Games: catalog.Registry(),
		Now:     func() time.Time { mu.Lock(); defer mu.Unlock(); now = now.Add(time.Second); return now },
		NewSeed: func() uint64 { return 42 },
		Backlog: backlog,
		OnError: func(id string, err error) { t.Errorf("session %s: %v", id, err) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func table(t testing.TB, d *db.DB) int64 {
	t.Helper()
	tb, err := d.EnsureTable(context.Background(), "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	return tb.ID
}

func players(t testing.TB, d *db.DB, names ...string) []db.Player {
	t.Helper()
	var out []db.Player
	for _, n := range names {
		p, err := d.CreatePlayer(context.Background(), n, t0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// playOne makes one random legal move for the seat to play, if it is not a
// bot's; it reports whether it moved.
func playOne(ctx context.Context, t testing.TB, s *Session, rng *engine.RNG) bool {
	t.Helper()
	turn := s.View(engine.Onlooker).Turn()
	if turn == engine.NoSeat || s.Record().Seats[turn].Kind == session.Bot {
		return false
	}
	legal := s.View(turn).Legal()
	if len(legal) == 0 {
		t.Fatalf("%v to play has no legal move", turn)
	}
	if err := s.Play(ctx, turn, legal[rng.IntN(len(legal))]); err != nil && !errors.Is(err, ErrNotActive) {
		t.Fatal(err)
	}
	return true
}

// playOut plays s to its end, people moving at random, bots by themselves:
// on a bot's turn it waits for the session's next update. It has no
// deadline of its own (go test's -timeout is the one): a loaded machine
// makes a game slow, not wrong.
func playOut(ctx context.Context, t testing.TB, s *Session, rng *engine.RNG) {
	t.Helper()
	updates, stop := s.Subscribe(engine.Onlooker)
	defer func() { stop() }()
	for s.Status() == session.Active {
		if playOne(ctx, t, s, rng) {
			continue
		}
		if _, ok := <-updates; !ok && s.Status() == session.Active {
			stop()
			updates, stop = s.Subscribe(engine.Onlooker) // fell behind: start afresh
		}
	}
}

func TestGameWithPeopleGuestAndBot(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	ps := players(t, d, "Anouk", "Basile")
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canyon",
		Seats: []session.Seat{PlayerSeat(ps[0].ID), GuestSeat("Léa"), BotSeat("random"), PlayerSeat(ps[1].ID)}})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := h.Session(s.ID()); got != s {
		t.Fatal("the started session is not live")
	}
	seat0, _ := s.Subscribe(0)
	tableCh, _ := s.Subscribe(engine.Onlooker)
	var updates [2][]Update
	var wg sync.WaitGroup
	for i, ch := range []<-chan Update{seat0, tableCh} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range ch {
				updates[i] = append(updates[i], u)
			}
		}()
	}
	rng := engine.NewRNG(7, 0)
	playOut(ctx, t, s, &rng)
	wg.Wait() // the channels close when the session finishes

	if s.Status() != session.Finished {
		t.Fatalf("status %s", s.Status())
	}
	if _, live := h.Session(s.ID()); live {
		t.Error("a finished session is still live")
	}
	moves, err := d.Moves(ctx, s.ID())
	if err != nil || len(moves) != s.Moves() || moves[len(moves)-1].StateHash != s.Hash() {
		t.Fatalf("log of %d moves (%v) for %d played", len(moves), err, s.Moves())
	}
	for i, viewer := range []engine.Seat{0, engine.Onlooker} {
		checkUpdates(t, viewer, updates[i], len(moves))
	}
	res, err := d.Results(ctx, s.ID())
	if err != nil || len(res) != 4 {
		t.Fatalf("results %v %v", res, err)
	}
	for _, p := range ps {
		r, err := d.Rating(ctx, p.ID, "canyon")
		if err != nil || r.Games != 1 || !r.Provisional {
			t.Errorf("rating of %s: %+v %v", p.Nickname, r, err)
		}
	}
	rec, _ := d.Session(ctx, s.ID())
	if rec.Status != session.Finished || rec.Seed != 42 || rec.Options["less-luck"] != "off" {
		t.Errorf("stored session %+v", rec)
	}
}

// checkUpdates checks a subscriber heard of every move once, in order,
// and never of an event meant for another seat.
func checkUpdates(t *testing.T, viewer engine.Seat, us []Update, moves int) {
	t.Helper()
	// The first update is the state when subscribing: a bot may have moved
	// before the test subscribed.
	seq := 0
	if len(us) > 0 && us[0].Kind == StatusUpdate {
		seq = us[0].Seq
	}
	for _, u := range us {
		if u.View == nil || u.View.Viewer() != viewer {
			t.Fatalf("%v got a view for %v", viewer, u.View)
		}
		for _, e := range u.Events {
			if e.To != engine.NoSeat && e.To != viewer {
				t.Fatalf("%v saw an event for %v: %+v", viewer, e.To, e)
			}
		}
		if u.Kind == MoveUpdate {
			if (u.Move != nil) != (u.Seat == viewer) {
				t.Fatalf("%v: update for %v's move carries the move %v", viewer, u.Seat, u.Move)
			}
			if u.Seq != seq+1 {
				t.Fatalf("%v: update for move %d after %d", viewer, u.Seq, seq)
			}
			seq = u.Seq
		}
	}
	if seq != moves {
		t.Errorf("%v heard of %d moves of %d", viewer, seq, moves)
	}
	if last := us[len(us)-1]; last.Status != session.Finished {
		t.Errorf("%v: last update %+v", viewer, last)
	}
}

func TestRefusedMoveChangesNothing(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canyon",
		Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), GuestSeat("c")}})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := s.Subscribe(engine.Onlooker)
	<-ch // the current view
	turn := s.View(engine.Onlooker).Turn()
	before := s.Hash()
	err = s.Play(ctx, (turn+1)%3, s.View(turn).Legal()[0])
	if engine.RuleOf(err) == "" {
		t.Fatalf("a move out of turn: %v", err)
	}
	if s.Hash() != before || s.Moves() != 0 {
		t.Error("a refused move changed the state")
	}
	if m, _ := d.Moves(ctx, s.ID()); len(m) != 0 {
		t.Errorf("a refused move was logged: %v", m)
	}
	select {
	case u := <-ch:
		t.Errorf("a refused move was announced: %+v", u)
	default:
	}
}

func TestStartChecks(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	tb := table(t, d)
	for name, req := range map[string]StartRequest{
		"unknown game":   {TableID: tb, Game: "chess", Seats: []session.Seat{GuestSeat("a"), GuestSeat("b")}},
		"too few seats":  {TableID: tb, Game: "canyon", Seats: []session.Seat{GuestSeat("a")}},
		"bad option":     {TableID: tb, Game: "canyon", Options: map[string]string{"less-luck": "maybe"}, Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), GuestSeat("c")}},
		"unknown bot":    {TableID: tb, Game: "canyon", Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), BotSeat("grandmaster")}},
		"unknown player": {TableID: tb, Game: "canyon", Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), PlayerSeat("nobody")}},
	} {
		if _, err := h.Start(ctx, req); err == nil {
			t.Errorf("%s: started", name)
		}
	}
	if len(h.Sessions()) != 0 {
		t.Errorf("refused starts left live sessions")
	}
}

func TestPauseResumeAbandon(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	idle := make(chan session.Status, 100)
	h.botsIdle = func(id string, st session.Status) {
		select {
		case idle <- st:
		default:
		}
	}
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canyon",
		Seats: []session.Seat{GuestSeat("a"), BotSeat("random"), BotSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := s.Subscribe(engine.Onlooker)
	if err := s.Pause(ctx, "lunch"); err != nil {
		t.Fatal(err)
	}
	turn := s.View(engine.Onlooker).Turn()
	if turn == 0 {
		if err := s.Play(ctx, 0, s.View(0).Legal()[0]); !errors.Is(err, ErrNotActive) {
			t.Errorf("a move while paused: %v", err)
		}
	}
	if err := s.Play(ctx, 1, nil); !errors.Is(err, ErrBotSeat) {
		t.Errorf("a move for a bot: %v", err)
	}
	// The bot loop, woken by the pause, reports it found nothing to do in
	// a paused session; from then on no bot can move until Resume.
	n := s.Moves()
	for st := range idle {
		if st == session.Paused {
			break
		}
	}
	if s.Moves() != n {
		t.Error("bots played while paused")
	}
	if rec, _ := d.Record(s.ID()); rec.Status != session.Paused || rec.Reason != "lunch" {
		t.Errorf("stored %s %q", rec.Status, rec.Reason)
	}
	if err := s.Pause(ctx, ""); !errors.Is(err, ErrNotActive) {
		t.Errorf("paused twice: %v", err)
	}
	if err := s.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1, 1)
	moves, stopMoves := s.Subscribe(engine.Onlooker)
	for i := 0; i < 20; i++ {
		if !playOne(ctx, t, s, &rng) {
			<-moves // a bot's turn: wait for news of its move
		}
	}
	stopMoves()
	if err := s.Abandon(ctx, "left"); err != nil {
		t.Fatal(err)
	}
	var last Update
	for u := range ch {
		last = u
	}
	if last.Status != session.Abandoned {
		t.Errorf("last update %+v", last)
	}
	if rec, _ := d.Record(s.ID()); rec.Status != session.Abandoned || rec.EndedAt.IsZero() {
		t.Errorf("stored %+v", rec)
	}
	if err := s.Resume(ctx); err == nil {
		t.Error("an abandoned session resumed")
	}
	if len(h.Sessions()) != 0 {
		t.Error("an abandoned session is still live")
	}
}

func TestSlowSubscriberDropped(t *testing.T) {
	ctx := context.Background()
	h := hostWith(t, hosttest.NewStore(), DefaultBacklog)
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canyon",
		Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), GuestSeat("c")}})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := s.Subscribe(1)
	rng := engine.NewRNG(3, 3)
	for i := 0; i < DefaultBacklog+5; i++ {
		playOne(ctx, t, s, &rng)
	}
	n := 0
	for range ch {
		n++
	}
	if n != DefaultBacklog {
		t.Errorf("a subscriber that never read got %d updates, want %d then a closed channel", n, DefaultBacklog)
	}
}

func newRNG(i int) engine.RNG { return engine.NewRNG(uint64(i), 99) }
