package console_test

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

// signKey is the signing key of a phone, or of a lying table, named who.
func signKey(who string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("signing key of " + who))
	return ed25519.NewKeyFromSeed(seed[:])
}

// loadShelfPlay loads into d a play of 7 Wonders at kiosk's table, Ana
// winning over Bruno; signers names, by seat, whose key signs the seat
// (absent: unsigned). Each seat's token is its nickname's.
func loadShelfPlay(t *testing.T, d *db.DB, kiosk, table, id string, at time.Time, signers map[int]string) {
	t.Helper()
	ev := db.SessionEvent{V: 2, Kiosk: kiosk, Table: table, ID: id, Game: db.SheetGame,
		Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, StartedAt: at.Add(-time.Hour), EndedAt: at, At: at,
		Reason: "sheet-complete", Seats: []db.EventSeat{
			{Kind: session.Person, PlayerID: "p-ana", Nickname: "Ana", Score: 50, Rank: 1, Winner: true, Keys: []string{"token-of-ana"}},
			{Kind: session.Person, PlayerID: "p-bruno", Nickname: "Bruno", Score: 40, Rank: 2, Keys: []string{"token-of-bruno"}},
		}}
	for seat, who := range signers {
		k := signKey(who)
		ev.Seats[seat].Sign = &db.SeatSign{Token: ev.Seats[seat].Keys[0], Key: wire.EncodeSignKey(k.Public().(ed25519.PublicKey)),
			Sig: wire.SignResult(k, ev.Statement(seat))}
	}
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.LoadVenueEvents(context.Background(), []db.RawEvent{{ID: "ev-" + id, Body: body, From: kiosk}}, at)
	if err != nil || res[0].Err != nil {
		t.Fatalf("load the play %s: %+v, %v", id, res, err)
	}
}

// The staff see what the venue credits (issue 41): Terrasse's play was
// signed by both phones; Véranda, lying, signed Ana's seat of its own play
// with its own key and left Bruno's unsigned. Ana's token is contested
// (credited nothing): every signed-in page says so and links to the page
// that says what it means and which tables relayed which key; the venue
// sessions mark each seat not credited, in the list and on the session's
// page. Before this change the seats were guests' silently.
func TestTheConsoleShowsContestedPhonesAndUnsignedSeats(t *testing.T) {
	f := newHubFixture(t, 3, false)
	now := time.Now().Add(-time.Hour)
	honest, forged := "01890000-0000-7000-8000-0000000005a1", "01890000-0000-7000-8000-0000000005a2"
	loadShelfPlay(t, f.d, kioskTerrasse, "Terrasse", honest, now, map[int]string{0: "ana", 1: "bruno"})
	loadShelfPlay(t, f.d, kioskVeranda, "Véranda", forged, now.Add(time.Minute), map[int]string{0: "véranda"})
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	link := `<a href="/players/contested">Téléphones contestés : 1</a>`
	for _, path := range []string{"/tables", "/sessions", "/leaderboards"} {
		if r := b.get(path); !strings.Contains(r.body, link) {
			t.Errorf("%s: no notice of the contested phone\n%s", path, r.body)
		}
	}
	r := b.get("/players/contested")
	for _, want := range []string{"une table a menti à son sujet", "<td>Ana</td>", "Terrasse : 1 partie", "Véranda : 1 partie", "<td>2</td>"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page of contested phones lacks %q\n%s", want, r.body)
		}
	}
	if strings.Contains(r.body, "Bruno") || strings.Count(r.body, "<li>Clé ") != 2 || strings.Contains(r.body, link) {
		t.Errorf("the page should list Ana's token alone, with its two keys, and no notice of itself\n%s", r.body)
	}
	r = b.get("/sessions")
	for _, want := range []string{"Ana (téléphone contesté — compté comme invité), Bruno (non signé — compté comme invité)",
		"Ana (téléphone contesté — compté comme invité), Bruno</td>"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the venue's sessions lack %q\n%s", want, r.body)
		}
	}
	r = b.get("/sessions/" + forged)
	if !strings.Contains(r.body, "Non signé — compté comme invité") || !strings.Contains(r.body, "Téléphone contesté — compté comme invité") {
		t.Errorf("the forged play's page does not say its seats count as guests'\n%s", r.body)
	}
	if r := b.get("/sessions/" + honest); strings.Contains(r.body, "Non signé") {
		t.Errorf("Bruno's signed seat is marked unsigned\n%s", r.body)
	}
	if r := b.get("/sessions/01890000-0000-7000-8000-000000000000"); r.StatusCode != 404 {
		t.Errorf("an unknown session: %d; want 404", r.StatusCode)
	}
}

// A table's own console reads its venue copy's contested phones too.
func TestTheTablesConsoleShowsContestedPhones(t *testing.T) {
	f, b, _ := signedIn(t)
	if r := b.get("/players/contested"); !strings.Contains(r.body, "Aucun téléphone contesté.") {
		t.Errorf("no contested phone yet:\n%s", r.body)
	}
	now := time.Now().Add(-time.Hour)
	loadShelfPlay(t, f.d, "01890000-0000-7000-8000-0000000000bb", "Salon", "01890000-0000-7000-8000-0000000005b1", now, map[int]string{0: "ana"})
	loadShelfPlay(t, f.d, "01890000-0000-7000-8000-0000000000cc", "Cave", "01890000-0000-7000-8000-0000000005b2", now, map[int]string{0: "cave"})
	r := b.get("/players/contested")
	if !strings.Contains(r.body, "Salon : 1 partie") || !strings.Contains(r.body, "Cave : 1 partie") {
		t.Errorf("the contested phone not listed with its tables:\n%s", r.body)
	}
	if r := b.get("/sessions"); !strings.Contains(r.body, "Téléphones contestés : 1") {
		t.Errorf("no notice on the table's console:\n%s", r.body)
	}
}
