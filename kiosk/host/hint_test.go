package host

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

// A hint is a legal move of the seat to move, counted in the database's
// record of the seat, which keeps the count when a bot takes the seat
// over; a seat not to move is refused.
func TestHintIsCountedInTheRecord(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canoe",
		Seats: []session.Seat{GuestSeat("Léa"), GuestSeat("Max")}})
	if err != nil {
		t.Fatal(err)
	}
	turn := s.View(engine.Onlooker).Turn()
	if _, err := s.Hint(ctx, 1-turn); engine.RuleOf(err) != engine.RuleNotYourTurn {
		t.Fatalf("hint out of turn: %v", err)
	}
	for range 2 {
		m, err := s.Hint(ctx, turn)
		if err != nil {
			t.Fatal(err)
		}
		if ex := engine.Explain(s.Game(), s.View(turn), turn, m); !ex.Legal {
			t.Fatalf("hint %v: %+v", m, ex)
		}
	}
	if err := s.HandToBot(ctx, turn, engine.LevelRandom); err != nil {
		t.Fatal(err)
	}
	got, err := d.Session(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[turn].Hints != 2 || got.Seats[1-turn].Hints != 0 || s.Record().Seats[turn].Hints != 2 {
		t.Errorf("hints counted %d and %d, record %d; want 2, 0 and 2", got.Seats[turn].Hints, got.Seats[1-turn].Hints, s.Record().Seats[turn].Hints)
	}
}

// When the staff turn hints off in rated games (hints_in_rated false), a
// rated game refuses them with the rule hints-off and a game of guests
// still gives them.
func TestHintsOffInRatedGames(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if on, err := d.HintsInRated(ctx); !on || err != nil {
		t.Fatalf("hints in rated games by default: %v, %v", on, err)
	}
	if err := d.SetHintsInRated(ctx, false); err != nil {
		t.Fatal(err)
	}
	h, err := New(Config{Store: d, Games: catalog.Registry(),
		HintsInRated: func(ctx context.Context) bool { on, _ := d.HintsInRated(ctx); return on }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	ps := players(t, d, "Anouk", "Basile")
	rated, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canyonduel",
		Seats: []session.Seat{PlayerSeat(ps[0].ID), PlayerSeat(ps[1].ID)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rated.Hint(ctx, rated.View(engine.Onlooker).Turn()); engine.RuleOf(err) != engine.RuleHintsOff {
		t.Fatalf("hint in a rated game with hints off: %v", err)
	}
	if err := rated.Abandon(ctx, "test"); err != nil {
		t.Fatal(err)
	}
	guests, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canyonduel",
		Seats: []session.Seat{GuestSeat("Léa"), PlayerSeat(ps[1].ID)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := guests.Hint(ctx, guests.View(engine.Onlooker).Turn()); err != nil {
		t.Fatalf("hint in an unrated game: %v", err)
	}
	if guests.Record().Seats[0].Kind != session.Guest {
		t.Fatal("seat 0 is no guest")
	}
}
