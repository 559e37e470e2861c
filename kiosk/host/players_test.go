package host

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Phones with player keys are seated as players and rated; a player whose
// seat a bot finished is recorded as such and not rated, and the stored
// result names the seat's winner as the bot that played for them.
func TestPlayersRatedAndABotFinishedSeatIsNot(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canaille",
		Seats: []session.Seat{GuestSeat(""), GuestSeat(""), GuestSeat("")}})
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"k7Qm2xWv9Lr4Tn8Yp3Zs6B", "Hd5Jf8Ks2Lq9Wm4Xn7Rc3V", "Pz3Lk8Rt5Wq2Yn6Xm9Bc4D"}
	for i, name := range []string{"Anja", "Bob", "Léa"} {
		rated, err := s.SeatPlayer(ctx, engine.Seat(i), keys[i], name)
		if err != nil || !rated {
			t.Fatalf("seat %s: %v %v", name, rated, err)
		}
	}
	// The same phone joining a second seat is a guest there.
	if rated, err := s.SeatPlayer(ctx, 2, keys[0], "Anja again"); err != nil || rated {
		t.Errorf("the same key at two seats: rated %v, %v", rated, err)
	}
	if _, err := s.SeatPlayer(ctx, 2, keys[2], "Léa"); err != nil {
		t.Fatal(err)
	}
	rng := newRNG(3)
	playOne(ctx, t, s, &rng)
	if err := s.HandToBot(ctx, 2, engine.LevelDefault); err != nil {
		t.Fatal(err)
	}
	playOut(ctx, t, s, &rng)

	stored, err := d.Session(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	lea := stored.Seats[2]
	if lea.Kind != session.Bot || lea.HandedFrom != "Léa" || lea.HandedPlayer == "" {
		t.Fatalf("the handed seat %+v", lea)
	}
	if r, _ := d.Rating(ctx, lea.HandedPlayer, "canaille"); r.Games != 0 {
		t.Errorf("Léa rated for the bot's game: %+v", r)
	}
	res, _ := s.Result()
	stRes, _ := d.Results(ctx, s.ID())
	for i, r := range stRes {
		if r.Winner != res.Won(engine.Seat(i)) || r.Rank != res.Ranks[i] {
			t.Errorf("seat %d: stored %+v, the game's result %+v", i, r, res)
		}
	}
	for seat := range 2 {
		o, ok, err := s.Outcome(ctx, engine.Seat(seat))
		if err != nil || !ok || o.Games != 1 || o.Of != 2 {
			t.Errorf("seat %d's outcome %+v %v %v", seat, o, ok, err)
		}
	}
	if _, ok, _ := s.Outcome(ctx, 2); ok {
		t.Error("the bot's seat has an outcome")
	}
}
