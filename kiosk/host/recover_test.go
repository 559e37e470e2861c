package host

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

func TestRecoverResumesIdentically(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	tb := int64(1)
	seats := []session.Seat{GuestSeat("a"), BotSeat("random"), GuestSeat("c")}
	s, err := h.Start(ctx, StartRequest{TableID: tb, Game: "canyon", Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	paused, err := h.Start(ctx, StartRequest{TableID: tb, Game: "canaille", Seats: []session.Seat{GuestSeat("x"), GuestSeat("y")}})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(5, 5)
	for range 10 {
		playOne(ctx, t, paused, &rng)
	}
	if err := paused.Pause(ctx, "break"); err != nil {
		t.Fatal(err)
	}
	for s.Moves() < 40 {
		// The count is read before the turn: read after, it may already
		// include the bot's move, and the wait would be for one more
		// move that, on a guest's turn, never comes.
		before := s.Moves()
		if !playOne(ctx, t, s, &rng) {
			waitMoves(t, s, before+1) // the bot's turn
		}
	}
	// A guest may be mid-move when the host stops: wait for the bot.
	h.Close()
	wantHash, wantMoves, pausedHash := s.Hash(), s.Moves(), paused.Hash()

	h2 := hostOn(t, d)
	live, err := h2.Recover(ctx)
	if err != nil || len(live) != 2 {
		t.Fatalf("recovered %d sessions: %v", len(live), err)
	}
	s2, ok := h2.Session(s.ID())
	if !ok || s2.Hash() != wantHash || s2.Moves() != wantMoves || s2.Status() != session.Active {
		t.Fatalf("recovered session: %v, %d moves, %s", ok, s2.Moves(), s2.Status())
	}
	p2, _ := h2.Session(paused.ID())
	if p2.Status() != session.Paused || p2.Hash() != pausedHash {
		t.Errorf("recovered paused session is %s", p2.Status())
	}
	if again, err := h2.Recover(ctx); err != nil || len(again) != 0 {
		t.Errorf("a second Recover brought back %d (%v)", len(again), err)
	}
	playOut(ctx, t, s2, &rng)
	if s2.Status() != session.Finished {
		t.Errorf("status %s after playing out", s2.Status())
	}
}

func TestRecoverMarksMismatch(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canyon",
		Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), GuestSeat("c")}})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(9, 9)
	for s.Moves() < 10 {
		playOne(ctx, t, s, &rng)
	}
	h.Close()
	tamper(t, d.Path(), "UPDATE moves SET state_hash = 'forged' WHERE seq = 7")

	h2 := hostOn(t, d)
	live, err := h2.Recover(ctx)
	if !errors.Is(err, ErrReplayMismatch) || len(live) != 0 {
		t.Fatalf("recovered %d, error %v", len(live), err)
	}
	t.Log(err)
	rec, _ := d.Session(ctx, s.ID())
	if rec.Status != session.Broken || rec.Reason == "" {
		t.Errorf("stored %s %q", rec.Status, rec.Reason)
	}
	if live, err := h2.Recover(ctx); err != nil || len(live) != 0 {
		t.Errorf("a broken session came back: %d %v", len(live), err)
	}
}

// tamper edits the database behind the host's back, as damage would.
func tamper(t *testing.T, path, query string) {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec("DROP TRIGGER moves_no_update; " + query); err != nil {
		t.Fatal(err)
	}
}

// A kiosk that stopped between saving the last move and the results
// finishes the session when it recovers.
func TestRecoverFinishesEndedGame(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	ps := players(t, d, "a", "b")
	rules, _ := catalog.Registry().Get("canaille")
	setup := engine.Setup{Seats: 2, Options: map[string]string{"first": "random"}, Seed: 11}
	out, err := bot.Play(ctx, rules, setup, []engine.Bot{bot.NewRandom(1), bot.NewRandom(2)})
	if err != nil {
		t.Fatal(err)
	}
	// Stored as cmd/tablee's storeGame does, but stopped before the
	// results: the state this test is about.
	rec, err := d.CreateSession(ctx, session.Record{TableID: table(t, d), Game: "canaille", Options: setup.Options,
		Seed: setup.Seed, Seats: []session.Seat{PlayerSeat(ps[0].ID), PlayerSeat(ps[1].ID)}, StartedAt: t0})
	if err != nil {
		t.Fatal(err)
	}
	state, _ := engine.NewGame(rules, setup)
	for i, r := range out.Moves {
		state.Apply(r.Seat, r.Move)
		js, _ := engine.EncodeMove("canaille", r.Seat, r.Move)
		if err := d.AppendMove(ctx, rec.ID, session.Move{Seq: i + 1, Seat: r.Seat, JSON: js, StateHash: state.Hash(), PlayedAt: t0}); err != nil {
			t.Fatal(err)
		}
	}
	live, err := h.Recover(ctx)
	if err != nil || len(live) != 0 {
		t.Fatalf("recovered %d: %v", len(live), err)
	}
	got, _ := d.Session(ctx, rec.ID)
	res, _ := d.Results(ctx, rec.ID)
	if got.Status != session.Finished || len(res) != 2 || res[0].Score != out.Result.Scores[0] {
		t.Errorf("session %s, results %v, want %v", got.Status, res, out.Result)
	}
	if r, _ := d.Rating(ctx, ps[0].ID, "canaille"); r.Games != 1 {
		t.Errorf("rating %+v", r)
	}
}
