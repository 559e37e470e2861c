package db

import (
	"context"
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

func TestSeatingLivesWithTheSessionUntilThePhonesAreLetGo(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	start := func() session.Record {
		s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe", Seats: f.persons(0, 1), StartedAt: t0})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := start()
	if got, err := f.d.Seating(ctx, s.ID); err != nil || got != nil {
		t.Fatalf("a new session's seating: %s, %v", got, err)
	}
	doc := `{"code":"1234","seats":[{"token_sha256":"ab"},{}]}`
	if err := f.d.SaveSeating(ctx, s.ID, []byte(doc)); err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetStatus(ctx, s.ID, session.Paused, "break", t0); err != nil {
		t.Fatal(err)
	}
	if got, err := f.d.Seating(ctx, s.ID); err != nil || string(got) != doc {
		t.Fatalf("a paused session's seating: %s, %v", got, err)
	}
	if err := f.d.SaveSeating(ctx, s.ID, []byte("not json")); err == nil {
		t.Error("a seating that is not JSON was kept")
	}
	if err := f.d.SetStatus(ctx, s.ID, session.Active, "", t0); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores([]int{1, 0}, "two-canoes"), t0); err != nil {
		t.Fatal(err)
	}
	// Finished, it keeps its seating while its results are on the table:
	// the phones may still play again, after a crash too.
	if got, err := f.d.Seating(ctx, s.ID); err != nil || string(got) != doc {
		t.Errorf("a finished session's seating: %s (%v)", got, err)
	}
	if u, ok, err := f.d.Undismissed(ctx, f.table.ID); err != nil || !ok || u.ID != s.ID || len(u.Seats) != 2 {
		t.Errorf("the table's undismissed results: %+v, %v, %v", u, ok, err)
	}
	if err := f.d.SaveSeating(ctx, s.ID, []byte(doc)); err != nil {
		t.Errorf("a phone resuming into the results could not save its new token: %v", err)
	}
	if err := f.d.ClearSeating(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := f.d.Seating(ctx, s.ID); err != nil || got != nil {
		t.Errorf("a dismissed session still holds its seating %s (%v)", got, err)
	}
	if _, ok, err := f.d.Undismissed(ctx, f.table.ID); ok || err != nil {
		t.Errorf("dismissed results still come back: %v", err)
	}
	a := start()
	if err := f.d.SaveSeating(ctx, a.ID, []byte(doc)); err != nil {
		t.Fatal(err)
	}
	if err := f.d.SetStatus(ctx, a.ID, session.Abandoned, "closed", t0); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.d.Seating(ctx, a.ID); got != nil {
		t.Errorf("an abandoned session still holds its seating %s", got)
	}
	if err := f.d.SaveSeating(ctx, a.ID, []byte(doc)); !errors.Is(err, ErrNotFound) {
		t.Errorf("seating saved for an abandoned session: %v", err)
	}
	// A finished session holding its seating is not the table's results
	// once a later session started there.
	if err := f.d.SaveSeating(ctx, s.ID, []byte(doc)); err != nil {
		t.Fatal(err)
	}
	if u, ok, _ := f.d.Undismissed(ctx, f.table.ID); ok {
		t.Errorf("the results of %s came back over the later session %s", u.ID, a.ID)
	}
	if _, err := f.d.Seating(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("no such session: %v", err)
	}
}
