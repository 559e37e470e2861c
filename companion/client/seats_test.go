package client

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// TestTheLastSeatTakenStartsPlayOnEveryPhone: a phone seated first learns
// from the table, without asking, that the last seat was taken.
func TestTheLastSeatTakenStartsPlayOnEveryPhone(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	if err := a.Move(ctxT(t), firstLegal(t, k.Session().View(0))); !isCode(err, wire.Waiting) {
		t.Fatalf("a move before the table is full: %v, want %s", err, wire.Waiting)
	}
	sit(t, k, "Bob")
	u := nextUpdate(t, a)
	if u.Waiting != 0 || u.Version != 0 {
		t.Fatalf("after Bob sat: update %d waiting %d", u.Version, u.Waiting)
	}
	if err := a.Move(ctxT(t), firstLegal(t, decode(t, u))); err != nil {
		t.Fatalf("the first move once all are seated: %v", err)
	}
}

// TestAwaySeatsReachThePhones: Bob's phone leaving shows in Anja's updates.
func TestAwaySeatsReachThePhones(t *testing.T) {
	k := kiosk(t)
	a, _, _ := sit(t, k, "Anja")
	b, _, _ := sit(t, k, "Bob")
	for u := nextUpdate(t, a); u.Waiting != 0; u = nextUpdate(t, a) {
	}
	b.Close()
	u := nextUpdate(t, a)
	if len(u.Away) != 1 || u.Away[0] != engine.Seat(1) {
		t.Fatalf("away %v, want [1]", u.Away)
	}
}

// TestAPhoneWhoseTokenIsResumedElsewhereIsTold: two phones with one token
// do not take the seat from each other: the first stops with the reason.
func TestAPhoneWhoseTokenIsResumedElsewhereIsTold(t *testing.T) {
	k := kiosk(t)
	a, w, _ := sit(t, k, "Anja")
	clone, _ := dialTo(t, k.Addr, k.Fingerprint, Options{})
	w2, err := clone.Resume(ctxT(t), w.Token)
	if err != nil || w2.Seat != w.Seat || w2.Token == w.Token {
		t.Fatalf("resume: %+v, %v", w2, err)
	}
	<-a.Done()
	if err := a.Err(); !errors.Is(err, ErrRemoved) || !isCode(err, wire.Replaced) {
		t.Fatalf("the first phone stopped with %v, want %s", err, wire.Replaced)
	}
}

func isCode(err error, code string) bool {
	var we *wire.Error
	return errors.As(err, &we) && we.Code == code
}
