package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/wire"
)

// restartOn is the server of a kiosk restarted on tb's database after a
// crash; the grace timers it starts are handed to the test to fire.
func restartOn(t *testing.T, tb *table) (*Server, <-chan func()) {
	t.Helper()
	timers := make(chan func(), 8)
	srv := New(Config{Table: "Table 1"})
	srv.afterFunc = func(_ time.Duration, f func()) func() bool {
		timers <- f
		return func() bool { return true }
	}
	t.Cleanup(srv.Close)
	if err := srv.SetSession(tb.sess); err != nil {
		t.Fatal(err)
	}
	return srv, timers
}

// joinOn joins srv on a new carrier and returns the welcome and the
// carrier, the first view read.
func joinOn(t *testing.T, srv *Server, addr, name, key string) (wire.Message, *pipe) {
	t.Helper()
	p := newPipe(addr)
	go srv.ServeTransport(context.Background(), p)
	p.send(t, wire.Message{Type: wire.TypeJoin, Code: srv.Code(), Name: name, Key: key})
	w := p.expect(t, wire.TypeWelcome)
	p.expect(t, wire.TypeView)
	return w, p
}

const (
	keyAnja  = "anja-player-key-0123456789abcdef"
	keyBernd = "bernd-player-key-0123456789abcdef"
)

// A kiosk that dies after saving a join but before its welcome reaches
// the phone leaves a seat held by a token nobody has. The phone, which
// got no welcome, joins again with the same player key after the restart
// and gets that seat back instead of table-full; a phone that did get its
// token and spoke keeps its seat.
func TestAJoinLostInACrashGivesTheSeatBackToItsPhone(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	wa, _ := joinOn(t, tb.srv, "10.3.0.1", "Anja", keyAnja) // this welcome is "lost"
	wb, pb := joinOn(t, tb.srv, "10.3.0.2", "Bernd", keyBernd)
	pb.send(t, wire.Message{Type: wire.TypePing})
	pb.expect(t, wire.TypePong)
	waitFor(t, func() error {
		tb.srv.mu.Lock()
		defer tb.srv.mu.Unlock()
		if tb.srv.seats[*wb.Seat].pending {
			return fmt.Errorf("Bernd's seat still pending: %+v", tb.srv.seats[*wb.Seat])
		}
		return nil
	})

	srv, timers := restartOn(t, tb)
	if !srv.seats[*wa.Seat].pending || srv.seats[*wb.Seat].pending {
		t.Fatalf("after the restart, pending seats: %v %v; want only Anja's", srv.seats[0].pending, srv.seats[1].pending)
	}
	again, _ := joinOn(t, srv, "10.3.0.1", "Anja", keyAnja)
	if *again.Seat != *wa.Seat {
		t.Errorf("Anja's phone joined again into %v, want its seat %v back", *again.Seat, *wa.Seat)
	}
	// Bernd's phone resumes with its token, as after any restart.
	p := newPipe("10.3.0.2")
	go srv.ServeTransport(context.Background(), p)
	p.send(t, wire.Message{Type: wire.TypeResume, Token: wb.Token})
	if w := p.expect(t, wire.TypeWelcome); *w.Seat != *wb.Seat {
		t.Errorf("Bernd resumed into %v, want %v", *w.Seat, *wb.Seat)
	}
	(<-timers)() // the grace ends: nothing pending is left without a phone
	if free := srv.FreeCount(); free != 0 {
		t.Errorf("%d seats free after both phones came back", free)
	}
}

// A guest's join (no player key) lost in a crash cannot be told from
// another phone's: its seat is freed when the grace after the restart
// ends, so the next phone to join takes it and the game does not stall at
// a seat nobody holds. A seat whose phone resumed within the grace stays.
func TestAGuestsJoinLostInACrashIsFreedAfterTheGrace(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	lost, _ := joinOn(t, tb.srv, "10.4.0.1", "Anja", "")
	kept, _ := joinOn(t, tb.srv, "10.4.0.2", "Bernd", "")
	srv, timers := restartOn(t, tb)
	if srv.FreeCount() != 0 {
		t.Fatalf("%d free seats after the restart, want both held", srv.FreeCount())
	}
	p := newPipe("10.4.0.2")
	go srv.ServeTransport(context.Background(), p)
	p.send(t, wire.Message{Type: wire.TypeResume, Token: kept.Token})
	p.expect(t, wire.TypeWelcome)
	p.expect(t, wire.TypeView)
	(<-timers)()
	if st := srv.Seats(); st[*lost.Seat].State != SeatFree || st[*kept.Seat].State != SeatConnected {
		t.Fatalf("after the grace: %+v; want the lost join's seat free and the resumed one connected", st)
	}
	w, _ := joinOn(t, srv, "10.4.0.3", "Carola", "")
	if *w.Seat != *lost.Seat {
		t.Errorf("the next phone joined into %v, want %v", *w.Seat, *lost.Seat)
	}
}
