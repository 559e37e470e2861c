package host

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

func TestASeatHandedToABotPlaysOnAndStaysABotAfterResume(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canoe",
		Seats: []session.Seat{GuestSeat(""), GuestSeat("")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.NameGuest(ctx, 0, "Anja"); err != nil {
		t.Fatal(err)
	}
	rng := newRNG(1)
	playOne(ctx, t, s, &rng) // Anja's first move; now seat 1's phone is away
	if err := s.HandToBot(ctx, 1, engine.LevelDefault); err != nil {
		t.Fatal(err)
	}
	legal := s.View(1).Legal()
	if len(legal) > 0 {
		if err := s.Play(ctx, 1, legal[0]); !errors.Is(err, ErrBotSeat) && engine.RuleOf(err) == "" {
			t.Errorf("the old phone could still play seat 1: %v", err)
		}
	}
	waitMoves(t, s, 2) // the bot answered by itself

	stored, ok := d.Record(s.ID())
	if !ok {
		t.Fatal("the session is not stored")
	}
	if stored.Seats[0].Name != "Anja" || stored.Seats[1].Kind != session.Bot {
		t.Fatalf("stored seats %+v", stored.Seats)
	}
	if err := s.HandToBot(ctx, 1, engine.LevelDefault); !errors.Is(err, ErrBotSeat) {
		t.Errorf("handing a bot's seat again: %v", err)
	}

	h.Close()
	h2 := hostOn(t, d)
	live, err := h2.Recover(ctx)
	if err != nil || len(live) != 1 {
		t.Fatalf("recover: %d sessions, %v", len(live), err)
	}
	if live[0].Record().Seats[1].Kind != session.Bot {
		t.Fatal("seat 1 is no bot after resume")
	}
	playOut(ctx, t, live[0], &rng)
}

func waitMoves(t *testing.T, s *Session, n int) {
	t.Helper()
	updates, stop := s.Subscribe(engine.Onlooker)
	defer stop()
	if s.Moves() >= n { // reached before the subscription
		return
	}
	for range updates {
		if s.Moves() >= n {
			return
		}
	}
	if s.Moves() < n {
		t.Fatalf("%d moves, want %d", s.Moves(), n)
	}
}

func TestSeatingIsKeptWithTheSessionUntilItEnds(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canoe", Seats: []session.Seat{GuestSeat(""), GuestSeat("")}})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Seating(ctx); err != nil || got != nil {
		t.Fatalf("a new session's seating: %s, %v", got, err)
	}
	doc := `{"code":"1234"}`
	if err := s.SaveSeating(ctx, []byte(doc)); err != nil {
		t.Fatal(err)
	}
	h.Close()
	live, err := hostOn(t, d).Recover(ctx)
	if err != nil || len(live) != 1 {
		t.Fatalf("recover: %d sessions, %v", len(live), err)
	}
	if got, err := live[0].Seating(ctx); err != nil || string(got) != doc {
		t.Fatalf("the resumed session's seating: %s, %v", got, err)
	}
	if err := live[0].Abandon(ctx, "closing"); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Seating(ctx, s.ID()); got != nil {
		t.Errorf("an abandoned session kept its seating %s", got)
	}
}

// A finished game whose results were still on the table comes back after
// a restart with its final state, result and seating, but not live.
func TestAFinishedSessionReopensWithItsResultAndSeating(t *testing.T) {
	ctx := context.Background()
	h, d := fakeHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: 1, Game: "canoe", Seats: []session.Seat{GuestSeat(""), GuestSeat("")}})
	if err != nil {
		t.Fatal(err)
	}
	doc := `{"code":"1234"}`
	if err := s.SaveSeating(ctx, []byte(doc)); err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(7, 0)
	playOut(ctx, t, s, &rng)
	want, _ := s.Result()
	h.Close()

	again := hostOn(t, d)
	if live, err := again.Recover(ctx); err != nil || len(live) != 0 {
		t.Fatalf("recover: %d live sessions, %v", len(live), err)
	}
	rec, _ := d.Record(s.ID())
	r, err := again.Reopen(ctx, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, over := r.Result(); !over || !slices.Equal(got.Ranks, want.Ranks) || r.Status() != "finished" || r.Hash() != s.Hash() {
		t.Errorf("reopened: result %+v over %v status %s; want %+v", got, over, r.Status(), want)
	}
	if got, err := r.Seating(ctx); err != nil || string(got) != doc {
		t.Errorf("the reopened session's seating: %s, %v", got, err)
	}
	if _, ok := again.Session(s.ID()); ok {
		t.Error("the reopened session is live")
	}
	if err := r.Play(ctx, 0, nil); err == nil {
		t.Error("a move was taken on a finished session")
	}
	if _, err := again.Reopen(ctx, session.Record{ID: "x", Game: "canoe", Status: "active"}); err == nil {
		t.Error("an active session was reopened as finished")
	}
}
