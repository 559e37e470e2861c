package console_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/verify"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/session"
)

// keepAside loads into d a session of table that the venue's loader
// refused (as venue's replay marks it), its names as a tampered kiosk
// wrote them.
func keepAside(t *testing.T, d *db.DB, kiosk, table string, refusal verify.Refusal, move int) {
	t.Helper()
	now := time.Now()
	id := "01890000-0000-7000-8000-0000000009" + string(rune('0'+move%10)) + string(rune('a'+len(refusal)%6))
	body, err := json.Marshal(db.SessionEvent{V: 2, Kiosk: kiosk, Table: table, ID: id, Game: "canoe", StartedAt: now.Add(-time.Hour),
		EndedAt: now, Reason: "two-canoes", Moves: []json.RawMessage{json.RawMessage(`{"v":1}`)},
		Seats: []db.EventSeat{{Kind: session.Person, PlayerID: "p", Nickname: "\u202eMallory\x07", Score: 99, Rank: 1, Winner: true}, {Kind: session.Guest, Name: "Ana", Rank: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.LoadVenueEvents(context.Background(), []db.RawEvent{{ID: "ev-" + id, Body: body, From: kiosk,
		Aside: &db.Aside{Refusal: string(refusal), Move: move, Detail: "entry 3: rule hole-occupied: i2"}}}, now)
	if err != nil || res[0].Err != nil || !res[0].SetAside {
		t.Fatalf("keep aside: %+v, %v", res, err)
	}
}

// The sessions a loader kept aside are shown to the staff: a notice on
// every page of the hub's console links to their page, which lists each
// with its table, its game, its players (names cleaned) and why, in the
// staff's words (no engine notation); none of them is a venue session or
// on a board.
func TestTheConsoleShowsTheSessionsKeptAside(t *testing.T) {
	f := newHubFixture(t, 3, false)
	keepAside(t, f.d, kioskTerrasse, "Terrasse\u202e", verify.WrongResult, 0)
	keepAside(t, f.d, kioskVeranda, "Véranda", verify.IllegalMove, 3)
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	for _, path := range []string{"/tables", "/sessions", "/leaderboards"} {
		if r := b.get(path); !strings.Contains(r.body, `<a href="/sessions/aside">Parties mises de côté : 2</a>`) {
			t.Errorf("%s: no notice of the 2 sessions aside\n%s", path, r.body)
		}
	}
	r := b.get("/sessions/aside")
	for _, want := range []string{"<td>Terrasse</td>", "<td>Véranda</td>", "Mallory, Ana",
		"Les résultats annoncés ne sont pas ceux des coups joués", "Un coup interdit par les règles (coup 3)"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page of sessions aside lacks %q\n%s", want, r.body)
		}
	}
	for _, never := range []string{"\u202e", "\x07", "hole-occupied", "Parties mises de côté : 2"} {
		if strings.Contains(r.body, never) {
			t.Errorf("the page of sessions aside shows %q", never)
		}
	}
	if r := b.get("/leaderboards"); strings.Contains(r.body, "Mallory") {
		t.Error("a session kept aside is on the venue's board")
	}
}

// A table's own console lists its venue copy's sessions aside too.
func TestTheTablesConsoleShowsTheSessionsKeptAside(t *testing.T) {
	f, b, _ := signedIn(t)
	if r := b.get("/sessions/aside"); !strings.Contains(r.body, "Aucune partie mise de côté.") {
		t.Errorf("no session aside yet:\n%s", r.body)
	}
	keepAside(t, f.d, "01890000-0000-7000-8000-0000000000bb", "Salon", verify.NotOver, 0)
	if r := b.get("/sessions/aside"); !strings.Contains(r.body, "La liste des coups s&#39;arrête avant la fin de la partie") {
		t.Errorf("the session aside not listed:\n%s", r.body)
	}
}

// Every refusal of engine/verify has its words (in every language:
// i18n's TestNoLanguageLacksAKey).
func TestEveryRefusalHasItsText(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range verify.Refusals() {
		if !cat.Has("aside.refusal." + string(r)) {
			t.Errorf("no text aside.refusal.%s", r)
		}
	}
}
