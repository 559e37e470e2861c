package db

import (
	"context"
	"github.com/tablee/tablee/session"
	"testing"
)

// A finished session is queued in the outbox by the transaction that
// finished it, acknowledged once, and loaded anywhere as a union.
func TestVenueOutboxAndLoad(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	s := f.play(t, "canoe", append(f.persons(0, 1), session.Seat{Kind: session.Guest, Name: "Zoé"}), []int{3, 1, 2}, t0)
	select {
	case <-f.d.OutboxQueued():
	default:
		t.Fatal("finishing a session did not signal the outbox")
	}
	pending, err := f.d.PendingEvents(ctx, 10)
	if err != nil || len(pending) != 1 || pending[0].Ref != s.ID || pending[0].Kind != "session" {
		t.Fatalf("pending %+v, %v; want the session %s", pending, err, s.ID)
	}
	kiosk, err := f.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}

	other := openTemp(t)
	for range 2 {
		if _, err := other.LoadVenueEvent(ctx, pending[0].ID, pending[0].Body, t0); err != nil {
			t.Fatal(err)
		}
	}
	got, err := other.VenueSessions(ctx, t0.AddDate(0, 0, -1), "")
	if err != nil || len(got) != 1 {
		t.Fatalf("venue sessions %+v, %v; want one", got, err)
	}
	ev := got[0].Event
	if ev.ID != s.ID || ev.Kiosk != kiosk || ev.Table != "Table 1" || ev.Seed != 1<<63+5 || len(ev.Seats) != 3 ||
		ev.Seats[0].Nickname != "playerA" || ev.Seats[2].Name != "Zoé" || ev.Seats[0].Rank != 1 || !ev.Seats[0].Winner {
		t.Errorf("event %+v", ev)
	}

	if err := f.d.AckEvent(ctx, pending[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	if pending, _ := f.d.PendingEvents(ctx, 10); len(pending) != 0 {
		t.Errorf("pending after the ack: %+v", pending)
	}
	// Already queued: the backfill leaves it.
	if n, err := f.d.QueueFinishedSessions(ctx, t0); n != 0 || err != nil {
		t.Errorf("backfill queued %d, %v", n, err)
	}
}

// Sessions finished before the venue existed are queued by the backfill.
func TestVenueBackfill(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	f.play(t, "canoe", f.persons(1, 0), []int{3, 1}, t0.Add(1))
	if _, err := f.d.w.Exec("DELETE FROM venue_outbox"); err != nil {
		t.Fatal(err)
	}
	if n, err := f.d.QueueFinishedSessions(ctx, t0); n != 2 || err != nil {
		t.Fatalf("backfill queued %d, %v; want 2", n, err)
	}
	if p, _ := f.d.PendingEvents(ctx, 10); len(p) != 2 {
		t.Errorf("pending %d, want 2", len(p))
	}
}
