package db

import (
	"context"
	"errors"
	"github.com/tablee/tablee/session"
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
	s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canoe", Seed: 1, StartedAt: time.Now(),
		Seats: []session.Seat{{Kind: session.Guest}, {Kind: session.Guest}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SetSeat(ctx, s.ID, 0, session.Seat{Kind: session.Guest, Name: "Anja"}); err != nil {
		t.Fatal(err)
	}
	if err := d.SetSeat(ctx, s.ID, 1, session.Seat{Kind: session.Bot, BotLevel: "default"}); err != nil {
		t.Fatal(err)
	}
	got, err := d.Session(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[0].Name != "Anja" || got.Seats[1].Kind != session.Bot || got.Seats[1].BotLevel != "default" {
		t.Errorf("seats %+v", got.Seats)
	}
	if err := d.SetSeat(ctx, s.ID, 5, session.Seat{Kind: session.Guest}); !errors.Is(err, ErrNotFound) {
		t.Errorf("seat 5: %v", err)
	}
	if err := d.SetSeat(ctx, s.ID, 0, session.Seat{Kind: session.Bot}); err == nil {
		t.Error("a bot without a level accepted")
	}
}
