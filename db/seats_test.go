package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSetSeatNamesAGuestAndHandsASeatToABot(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	tb, err := d.EnsureTable(ctx, "T")
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.CreateSession(ctx, Session{TableID: tb.ID, Game: "canoe", Seed: 1, StartedAt: time.Now(),
		Seats: []Seat{{Kind: Guest}, {Kind: Guest}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SetSeat(ctx, s.ID, 0, Seat{Kind: Guest, Name: "Anja"}); err != nil {
		t.Fatal(err)
	}
	if err := d.SetSeat(ctx, s.ID, 1, Seat{Kind: Bot, BotLevel: "default"}); err != nil {
		t.Fatal(err)
	}
	got, err := d.Session(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[0].Name != "Anja" || got.Seats[1].Kind != Bot || got.Seats[1].BotLevel != "default" {
		t.Errorf("seats %+v", got.Seats)
	}
	if err := d.SetSeat(ctx, s.ID, 5, Seat{Kind: Guest}); !errors.Is(err, ErrNotFound) {
		t.Errorf("seat 5: %v", err)
	}
	if err := d.SetSeat(ctx, s.ID, 0, Seat{Kind: Bot}); err == nil {
		t.Error("a bot without a level accepted")
	}
}
