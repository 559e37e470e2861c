package server

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

func TestATouchSeatIsNoPhonesToTake(t *testing.T) {
	tb := newTable(t, "canoe", []session.Seat{TouchSeat("Anja"), host.GuestSeat("")})
	seats := tb.srv.Seats()
	if seats[0].State != SeatTable || seats[0].Name != "Anja" || seats[1].State != SeatFree || tb.srv.FreeCount() != 1 {
		t.Fatalf("seats %+v, %d free", seats, tb.srv.FreeCount())
	}
	a, b := tb.dial(t), tb.dial(t)
	if w := a.join(tb, "Bernd"); *w.Seat != 1 || w.Waiting != 0 {
		t.Fatalf("Bernd got seat %v, waiting %d; want seat 1 and nobody to wait for", *w.Seat, w.Waiting)
	}
	b.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Eve"})
	b.expectError(wire.TableFull)
	if st := tb.srv.Seats()[0]; st.State != SeatTable || st.Name != "Anja" {
		t.Errorf("the touch seat became %+v", st)
	}
}

// playOne plays the first legal move of whoever is to move in sess.
func playOne(t *testing.T, sess *host.Session) {
	t.Helper()
	turn := sess.View(engine.Onlooker).Turn()
	if err := sess.Play(context.Background(), turn, sess.View(turn).Legal()[0]); err != nil {
		t.Fatal(err)
	}
}

// until reads p's messages until one of type typ, which it returns.
func (p *phone) until(typ string) wire.Message {
	p.t.Helper()
	for {
		m, err := p.recv()
		if err != nil {
			p.t.Fatalf("waiting for %s: %v", typ, err)
		}
		if m.Type == typ {
			return m
		}
	}
}

func TestContinueKeepsThePhonesInTheNextGame(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	wa, wb := a.join(tb, "Anja"), b.join(tb, "Bernd")
	a.expectSeats(0, nil)
	playOne(t, tb.sess)
	a.expect(wire.TypeView)
	b.expect(wire.TypeView)
	// Bernd's phone sleeps through the end of the game.
	b.ws.CloseNow()
	a.expectSeats(0, []engine.Seat{1})

	ctx := context.Background()
	next, err := tb.host.Start(ctx, host.StartRequest{TableID: tb.sess.Record().TableID, Game: "canoe", Seats: twoGuests()})
	if err != nil {
		t.Fatal(err)
	}
	code := tb.srv.Code()
	if err := tb.srv.Continue(ctx, next); err != nil {
		t.Fatal(err)
	}
	w := a.until(wire.TypeWelcome)
	if w.Ref != "" || *w.Seat != 0 || w.Token == wa.Token || w.Token == "" || w.Game != "canoe" {
		t.Fatalf("welcome to the next game %+v", w)
	}
	v := a.expect(wire.TypeView)
	if v.Version != 0 || v.Over || v.Waiting != 0 || len(v.Away) != 1 {
		t.Fatalf("first view of the next game: version %d over %v waiting %d away %v", v.Version, v.Over, v.Waiting, v.Away)
	}
	if tb.srv.Code() != code {
		t.Error("the code changed although nobody needs a new one")
	}
	if seats := tb.srv.Seats(); seats[0].Name != "Anja" || seats[1].Name != "Bernd" || seats[1].State != SeatAway {
		t.Errorf("seats of the next game %+v", seats)
	}
	if got := next.Record().Seats[0].Name; got != "Anja" {
		t.Errorf("the next game's record names seat 0 %q", got)
	}

	// The old game goes on nowhere: a move in it reaches no phone.
	playOne(t, tb.sess)
	// Bernd comes back with the token of the first game.
	b2 := tb.dial(t)
	b2.send(wire.Message{Type: wire.TypeResume, Token: wb.Token})
	if w := b2.expect(wire.TypeWelcome); *w.Seat != 1 {
		t.Fatalf("Bernd resumed into %v", *w.Seat)
	}
	if v := b2.expect(wire.TypeView); v.Version != 0 {
		t.Fatalf("Bernd's first view of the next game has version %d", v.Version)
	}
	if v := a.expectSeats(0, nil); v.Version != 0 {
		t.Fatalf("Anja saw version %d of the old game after the welcome", v.Version)
	}
	// Anja's phone plays the next game with its new token.
	a.send(wire.Message{Type: wire.TypeMove, Ref: "m1", Move: []byte(`{"kind":"place","to":"c3"}`)})
	if v := a.expect(wire.TypeView); v.Version != 1 || v.Ref != "m1" || next.Moves() != 1 {
		t.Fatalf("move in the next game: view %d ref %q, %d moves", v.Version, v.Ref, next.Moves())
	}
}

func TestDismissLetsThePhonesGo(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	wa := a.join(tb, "Anja")
	tb.srv.Dismiss()
	if m := a.until(wire.TypeRemoved); m.Error == nil || m.Error.Code != wire.Closed {
		t.Fatalf("removed %+v, want code %s", m.Error, wire.Closed)
	}
	again := tb.dial(t)
	again.send(wire.Message{Type: wire.TypeResume, Token: wa.Token})
	again.expectError(wire.BadToken)
	if tb.srv.Code() != "" {
		t.Error("the code still works after the table let its phones go")
	}
}

func TestViewsNameTheSeats(t *testing.T) {
	tb := newTable(t, "canoe", []session.Seat{TouchSeat("Zoé"), host.GuestSeat("")})
	p := tb.dial(t)
	p.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Bernd"})
	w := p.expect(wire.TypeWelcome)
	v := p.expect(wire.TypeView)
	if len(v.Names) != 2 || v.Names[0] != "Zoé" || v.Names[1] != "Bernd" {
		t.Fatalf("names %q, want the guest on the table and the phone's nickname", v.Names)
	}
	for _, n := range v.Names {
		if n == w.Token {
			t.Fatal("a token among the names")
		}
	}
}
