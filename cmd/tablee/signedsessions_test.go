package main

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// tablee sessions --scope venue marks a shelf play's known player the
// venue counts as a guest's, and why: Salon's play was signed by Ana's
// phone and not by Bob's; Cave's, lying, signed Ana's seat with its own
// key, so Ana's phone is contested. Before, the nicknames were listed as
// credited.
func TestVenueSessionsMarkUncreditedSeats(t *testing.T) {
	k := newKiosk(t)
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Add(-time.Hour)
	for i, p := range []struct{ kiosk, table, id, signer string }{
		{"01890000-0000-7000-8000-0000000000aa", "Salon", "01890000-0000-7000-8000-0000000005c1", "ana"},
		{"01890000-0000-7000-8000-0000000000bb", "Cave", "01890000-0000-7000-8000-0000000005c2", "cave"},
	} {
		at := now.Add(time.Duration(i) * time.Minute)
		ev := db.SessionEvent{V: 2, Kiosk: p.kiosk, Table: p.table, ID: p.id, Game: db.SheetGame,
			Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, StartedAt: at.Add(-time.Hour), EndedAt: at, At: at,
			Reason: "sheet-complete", Seats: []db.EventSeat{
				{Kind: session.Person, PlayerID: "p-ana", Nickname: "Ana", Score: 50, Rank: 1, Winner: true, Keys: []string{"token-of-ana"}},
				{Kind: session.Person, PlayerID: "p-bob", Nickname: "Bob", Score: 40, Rank: 2, Keys: []string{"token-of-bob"}},
			}}
		seed := sha256.Sum256([]byte(p.signer))
		key := ed25519.NewKeyFromSeed(seed[:])
		ev.Seats[0].Sign = &db.SeatSign{Token: "token-of-ana", Key: wire.EncodeSignKey(key.Public().(ed25519.PublicKey)), Sig: wire.SignResult(key, ev.Statement(0))}
		body, _ := json.Marshal(ev)
		if _, err := d.LoadVenueEvent(context.Background(), "ev-"+p.id, body, at); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	out, _, err := staff(t, runSessions, "--db", k.path, "--scope", "venue")
	if err != nil {
		t.Fatal(err)
	}
	want := "Ana (contested phone: counted as a guest), Bob (not signed: counted as a guest)"
	if strings.Count(out, want) != 2 {
		t.Errorf("want both plays listed as %q:\n%s", want, out)
	}
}
