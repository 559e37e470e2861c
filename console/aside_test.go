package console_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
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

// keepOldAside loads into d, kept aside as unverified (as venue's replay
// marks it), a session an earlier build wrote: version 1, no moves, won
// by the player named winner.
func keepOldAside(t *testing.T, d *db.DB, kiosk, table, id, winner string) string {
	t.Helper()
	now := time.Now()
	body, err := json.Marshal(db.SessionEvent{V: 1, Kiosk: kiosk, Table: table, ID: id, Game: "canoe", StartedAt: now.Add(-time.Hour),
		EndedAt: now, Reason: "finished", Seats: []db.EventSeat{
			{Kind: session.Person, PlayerID: "x-" + winner, Nickname: winner, Keys: []string{"key-" + winner}, Score: 9, Rank: 1, Winner: true},
			{Kind: session.Guest, Name: "Ana", Score: 3, Rank: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.LoadVenueEvents(context.Background(), []db.RawEvent{{ID: "ev-" + id, Body: body, From: kiosk,
		Aside: &db.Aside{Refusal: string(verify.Unverified), Detail: "no move log"}}}, now)
	if err != nil || res[0].Err != nil || !res[0].SetAside {
		t.Fatalf("keep aside: %+v, %v", res, err)
	}
	return "ev-" + id
}

// The staff take back a session an earlier build sent (unverified, no
// moves) with its « Reprendre »: it leaves the page, is on the venue's
// board, and the page recalls who took it back and when. A session its
// moves contradict offers no such button, says why in words, and a
// forged POST for it (the right CSRF token, its event id) is refused:
// it stays aside and off the boards.
func TestTheStaffTakeBackAnOldSession(t *testing.T) {
	f := newHubFixture(t, 3, false)
	// A kiosk chose the event's id: it may hold what a path cannot.
	old := keepOldAside(t, f.d, kioskTerrasse, "Terrasse", "01890000-0000-7000-8000-0000000007a1/../x?y", "Yvette")
	keepAside(t, f.d, kioskVeranda, "Véranda", verify.WrongResult, 0) // Mallory, score 99
	forged, err := f.d.VenueAside(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var forgedID string
	for _, a := range forged {
		if a.Refusal == string(verify.WrongResult) {
			forgedID = a.EventID
		}
	}
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	r := b.get("/sessions/aside")
	for _, want := range []string{`name="event" value="` + old + `"`, "Reprendre</button>",
		`name="kiosk" value="` + kioskTerrasse + `"`, "Tout reprendre</button>",
		"Terrasse : 1 partie sans ses coups", "Ne peut pas être reprise : ses coups la contredisent"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page of sessions aside lacks %q\n%s", want, r.body)
		}
	}
	if strings.Contains(r.body, `value="`+forgedID+`"`) {
		t.Errorf("the wrong-result session has a take-back button\n%s", r.body)
	}
	if r := b.get("/leaderboards"); strings.Contains(r.body, "Yvette") {
		t.Fatal("a session aside is on the venue's board before it is taken back")
	}

	// The forged POSTs: without the token, then with it for the session
	// whose moves contradict it.
	if r := b.post("/sessions/aside/takeback", url.Values{"event": {forgedID}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a take-back without the CSRF token: %d, want 403", r.StatusCode)
	}
	r = b.post("/sessions/aside/takeback", url.Values{"csrf": {b.csrf()}, "event": {forgedID}})
	if r.StatusCode != http.StatusConflict || !strings.Contains(r.body, "Cette partie ne peut pas être reprise") {
		t.Errorf("a forged take-back of a wrong-result session: %d\n%s", r.StatusCode, r.body)
	}
	r = b.post("/sessions/aside/takeback-table", url.Values{"csrf": {b.csrf()}, "kiosk": {kioskVeranda}})
	if r.StatusCode != http.StatusSeeOther {
		t.Errorf("« Tout reprendre » for a table with no unverified session: %d, want 303", r.StatusCode)
	}
	if n, err := f.d.VenueAsideCount(context.Background()); err != nil || n != 2 {
		t.Errorf("sessions aside after the refused take-backs: %d (%v), want 2", n, err)
	}
	if r := b.get("/leaderboards"); strings.Contains(r.body, "Mallory") {
		t.Error("the wrong-result session reached the board")
	}

	r = b.post("/sessions/aside/takeback", url.Values{"csrf": {b.csrf()}, "event": {old}})
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/sessions/aside?back=1" {
		t.Fatalf("the take-back: %d to %q, want 303 to /sessions/aside?back=1\n%s", r.StatusCode, r.Header.Get("Location"), r.body)
	}
	r = b.get("/sessions/aside?back=1")
	for _, want := range []string{"1 partie reprise : elle compte dans les classements.", `id="taken-back"`, "Le personnel, à la console, depuis 127.0.0.1"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page after the take-back lacks %q\n%s", want, r.body)
		}
	}
	if n, err := f.d.VenueAsideCount(context.Background()); err != nil || n != 1 {
		t.Errorf("sessions aside after the take-back: %d (%v), want 1", n, err)
	}
	if strings.Contains(r.body, `value="`+old+`"`) {
		t.Errorf("the session taken back is still offered\n%s", r.body)
	}
	if r := b.get("/leaderboards"); !strings.Contains(r.body, "Yvette") {
		t.Errorf("the session taken back is not on the venue's board\n%s", r.body)
	}
	if r := b.post("/sessions/aside/takeback", url.Values{"csrf": {b.csrf()}, "event": {old}}); r.StatusCode != http.StatusNotFound ||
		!strings.Contains(r.body, "Cette partie n&#39;est plus mise de côté") {
		t.Errorf("a second take-back: %d\n%s", r.StatusCode, r.body)
	}
	taken, err := f.d.VenueTakenBack(context.Background(), 0)
	if err != nil || len(taken) != 1 || taken[0].EventID != old || taken[0].Via != "console" || taken[0].By != "127.0.0.1" ||
		taken[0].At.Sub(f.clock.Now()).Abs() > time.Second {
		t.Errorf("the record of the take-back: %+v, %v", taken, err)
	}
}

// « Tout reprendre » takes back every unverified session of one table,
// and only that table's.
func TestTheStaffTakeBackATablesOldSessions(t *testing.T) {
	f, b, _ := signedIn(t)
	b.lang = "fr"
	const salon, bar = "01890000-0000-7000-8000-0000000000bb", "01890000-0000-7000-8000-0000000000cc"
	keepOldAside(t, f.d, salon, "Salon", "01890000-0000-7000-8000-0000000007b1", "Yvette")
	keepOldAside(t, f.d, salon, "Salon", "01890000-0000-7000-8000-0000000007b2", "Ulrich")
	left := keepOldAside(t, f.d, bar, "Bar", "01890000-0000-7000-8000-0000000007b3", "Vera")
	if r := b.get("/sessions/aside"); !strings.Contains(r.body, "Salon : 2 parties sans leurs coups") || !strings.Contains(r.body, "Bar : 1 partie sans ses coups") {
		t.Errorf("the tables with old sessions:\n%s", r.body)
	}
	r := b.post("/sessions/aside/takeback-table", url.Values{"csrf": {b.csrf()}, "kiosk": {salon}})
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/sessions/aside?back=2" {
		t.Fatalf("« Tout reprendre »: %d to %q", r.StatusCode, r.Header.Get("Location"))
	}
	if r := b.get("/sessions/aside?back=2"); !strings.Contains(r.body, "2 parties reprises") {
		t.Errorf("no notice of the 2 taken back:\n%s", r.body)
	}
	list, err := f.d.VenueAside(context.Background(), 0)
	if err != nil || len(list) != 1 || list[0].EventID != left {
		t.Errorf("aside after « Tout reprendre » for Salon: %+v, %v; want Bar's only", list, err)
	}
	n, err := f.d.VenueSessionCount(context.Background())
	if err != nil || n != 2 {
		t.Errorf("venue sessions after « Tout reprendre »: %d, %v; want 2", n, err)
	}
}
