package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"path/filepath"
	"testing"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// TestAPhoneSignsOnlyItsOwnSeatsResult: once a shelf game's results show,
// the table asks each phone that joined with a player key to sign its
// seat's result (sign-ask naming the play); a phone's signature of the
// other seat's statement, of another session, or of results the table did
// not record is refused with bad-signature; the play's event leaves the
// table once both phones signed their own.
func TestAPhoneSignsOnlyItsOwnSeatsResult(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	tbl, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	tb := newTableOf(t, d, catalog.Plays(), host.StartRequest{TableID: tbl.ID, Game: sheet.ID,
		Options: map[string]string{sheet.OptionSheet: "generic", sheet.OptionTitle: "Carcassonne"},
		Seats:   []session.Seat{host.GuestSeat(""), host.GuestSeat("")}}, Config{MsgRate: rate.Inf, Signatures: d})
	phones := make([]*phone, 2)
	keys := make([]ed25519.PrivateKey, 2) // the phones' signing keys
	for i, name := range []string{"Anja", "Bernd"} {
		if _, keys[i], err = ed25519.GenerateKey(rand.Reader); err != nil {
			t.Fatal(err)
		}
		phones[i] = tb.dial(t)
		phones[i].send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: name, Key: name + "-player-key-0123456789"})
		phones[i].expect(wire.TypeWelcome)
	}
	data, _ := json.Marshal(sheet.Move{Kind: sheet.KindStop, Seat: 0})
	phones[0].send(wire.Message{Type: wire.TypeMove, Move: data})
	// Each phone: its final view, then (after its record) the table's ask.
	finals, asks := make([]json.RawMessage, 2), make([]wire.Message, 2)
	for i, p := range phones {
		for asks[i].Type == "" {
			m, err := p.recv()
			if err != nil {
				t.Fatalf("seat %d waiting for sign-ask (final view %t): %v", i, finals[i] != nil, err)
			}
			switch {
			case m.Type == wire.TypeView && m.Over:
				finals[i] = m.View
			case m.Type == wire.TypeSignAsk:
				asks[i] = m
			}
		}
		if finals[i] == nil || asks[i].Session != tb.sess.ID() || asks[i].Kiosk == "" {
			t.Fatalf("seat %d was asked %+v (final view %t)", i, asks[i], finals[i] != nil)
		}
	}
	statement := func(seat, of int) wire.ResultStatement {
		st, ok := client.Statement(asks[seat].Kiosk, asks[seat].Session, sheet.ID, of, finals[seat])
		if !ok {
			t.Fatalf("no statement in seat %d's final view", seat)
		}
		return st
	}
	pub := func(seat int) string { return wire.EncodeSignKey(keys[seat].Public().(ed25519.PublicKey)) }
	sign := func(seat int, st wire.ResultStatement, session string) {
		phones[seat].send(wire.Message{Type: wire.TypeSign, Session: session, SignKey: pub(seat), Sig: wire.SignResult(keys[seat], st)})
	}
	sign(1, statement(1, 0), asks[1].Session) // the other seat's
	phones[1].expectError(wire.BadSignature)
	other := statement(1, 1)
	other.Session = "0190a0c0-0000-7000-8000-000000000001"
	sign(1, other, other.Session) // another play
	phones[1].expectError(wire.BadSignature)
	lie := statement(1, 1)
	lie.Seats[0].Score = 99
	sign(1, lie, asks[1].Session) // results the table did not record
	phones[1].expectError(wire.BadSignature)
	if evs, err := d.PendingEvents(ctx, 10); err != nil || len(evs) != 0 {
		t.Fatalf("the play's event left before its players signed: %d events, %v", len(evs), err)
	}
	for i := range phones {
		sign(i, statement(i, i), asks[i].Session)
	}
	for {
		evs, err := d.PendingEvents(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) == 1 {
			var ev db.SessionEvent
			if err := json.Unmarshal(evs[0].Body, &ev); err != nil {
				t.Fatal(err)
			}
			for i, st := range ev.Seats {
				if st.Sign == nil || st.Sign.Key != pub(i) {
					t.Errorf("seat %d of the event is signed %+v, want by its phone", i, st.Sign)
				}
			}
			return
		}
		<-d.OutboxQueued()
	}
}
