package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/session"
)

// The tables of the test venue, by their kiosks' venue ids.
const (
	kioskTerrasse = "01890000-0000-7000-8000-0000000000a1"
	kioskVeranda  = "01890000-0000-7000-8000-0000000000b2"
	kioskSalon    = "01890000-0000-7000-8000-0000000000c3"
)

// fakeHub is the hub's view of its tables: the terrace online with two
// games on their way and its guests calling the staff for two minutes
// (until answered), the veranda offline for a quarter of an hour, the
// salon online and up to date.
type fakeHub struct {
	now      time.Time
	mu       sync.Mutex
	answered []string // "kiosk/id" of the calls answered
	removed  []string // the kiosks removed from the venue
	unheard  string   // a kiosk paired that never linked, if any
	health   console.HubState
	stuck    bool // Tables waits for its context to end (a wedged store)
}

func (f *fakeHub) Health(context.Context) console.HubState {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.health
}

func (f *fakeHub) Tables(ctx context.Context) ([]console.HubTable, error) {
	f.mu.Lock()
	stuck := f.stuck
	f.mu.Unlock()
	if stuck {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var calls []console.Call
	if !slices.Contains(f.answered, kioskTerrasse+"/7") {
		calls = []console.Call{{ID: "7", Table: "Terrasse", At: f.now.Add(-2 * time.Minute)}}
	}
	paired := f.now.Add(-30 * 24 * time.Hour)
	all := []console.HubTable{
		{Kiosk: kioskVeranda, Name: "Véranda", Paired: paired, LastSeen: f.now.Add(-15 * time.Minute)},
		{Kiosk: kioskTerrasse, Name: "Terrasse", Paired: paired, LastSeen: f.now.Add(-3 * time.Second), Online: true, Behind: 2, Calls: calls},
		{Kiosk: kioskSalon, Name: "Salon", Paired: paired.Add(20 * 24 * time.Hour), LastSeen: f.now.Add(-1 * time.Second), Online: true},
	}
	if f.unheard != "" {
		all = append(all, console.HubTable{Kiosk: f.unheard, Paired: paired})
	}
	return slices.DeleteFunc(all, func(t console.HubTable) bool { return slices.Contains(f.removed, t.Kiosk) }), nil
}

func (f *fakeHub) RemoveTable(_ context.Context, kiosk string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removed = append(f.removed, kiosk)
	return nil
}

// removedTables are the kiosks removed from the venue so far.
func (f *fakeHub) removedTables() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.removed)
}

func (f *fakeHub) AnswerCall(_ context.Context, kiosk, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answered = append(f.answered, kiosk+"/"+id)
	return nil
}

// hubFixture is the venue hub's console over a hub database holding
// games sessions of two tables (of three past the sixth), loaded as the
// hub loads them from the venue stream; its session is the veranda's last
// game. With formula, a player's name is one a spreadsheet would run.
func newHubFixture(t testing.TB, games int, formula bool) *fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	f := openFixture(t, dir, "venue.db")
	d := f.d
	now := f.clock.Now()
	for _, k := range []struct{ id, name string }{{kioskTerrasse, "Terrasse"}, {kioskVeranda, "Véranda"}, {kioskSalon, "Salon"}} {
		if _, err := d.NoteVenueKiosk(ctx, k.id, k.name, 0, now.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	// Léa plays at both tables with one phone: one player of the venue.
	person := func(id, name string, key string, rank int) db.EventSeat {
		return db.EventSeat{Kind: session.Person, PlayerID: id, Nickname: name, Keys: []string{key}, Rank: rank, Score: 10 - rank, Winner: rank == 1}
	}
	names := []string{"Sami", "Chloé", "Jonas", "Anja", "Max"}
	for g := range games {
		kiosk, table, lea := kioskTerrasse, "Terrasse", "a-lea"
		switch {
		case g%3 == 2:
			kiosk, table, lea = kioskVeranda, "Véranda", "b-lea"
		case g >= 6 && g%4 == 0:
			kiosk, table, lea = kioskSalon, "Salon", "c-lea"
		}
		other := names[g%len(names)]
		seats := []db.EventSeat{person(lea, "Léa", "key-lea", 1+g%2), person(kiosk[len(kiosk)-2:]+other, other, "key-"+other, 2-g%2)}
		switch g {
		case 1:
			seats = append(seats, db.EventSeat{Kind: session.Guest, Name: "Zoé", Rank: 3})
		case 3:
			if formula {
				seats[1] = person("a-formula", "=HYPERLINK(1)", "key-formula", seats[1].Rank)
			}
		}
		game := []string{"canoe", "canyon", "canoe", "canaille"}[g%4]
		end := now.Add(-time.Duration(games-g) * 2 * time.Hour)
		id := fmt.Sprintf("01890000-0000-7000-8000-%012d", g+1)
		body, err := json.Marshal(db.SessionEvent{V: 1, Kiosk: kiosk, Table: table, ID: id, Game: game, Seed: uint64(g),
			StartedAt: end.Add(-25 * time.Minute), EndedAt: end, Reason: "finished", Seats: seats, Seq: int64(g + 1), At: end})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.LoadVenueEvent(ctx, "ev-"+id, body, now); err != nil {
			t.Fatal(err)
		}
		if table == "Véranda" {
			f.session = id
		}
	}
	f.hub = &fakeHub{now: now}
	f.serve(t, dir, console.Config{Hub: f.hub})
	return f
}

// The hub's console signs in with the hub's staff PIN, kept in the hub's
// database, with a wrong-PIN budget per address, and shows the
// hub certificate's verification words.
func TestHubConsoleSignsInWithTheHubsPIN(t *testing.T) {
	t.Parallel() // bcrypt dominates
	f := newHubFixture(t, 3, false)
	b := f.browser(t)
	if r := b.get("/"); r.StatusCode != http.StatusOK || !strings.Contains(r.body, f.h.Phrase()) || !strings.Contains(r.body, "toutes les tables") {
		t.Errorf("the sign-in page: %d\n%s", r.StatusCode, r.body)
	}
	for i := range staff.Burst {
		if r := b.login("1111"); r.StatusCode != http.StatusUnauthorized || b.cookie != nil {
			t.Fatalf("wrong PIN %d: %d", i+1, r.StatusCode)
		}
	}
	if r := b.login(testPIN); r.StatusCode != http.StatusTooManyRequests || b.cookie != nil {
		t.Fatalf("the right PIN once the budget is spent: %d", r.StatusCode)
	}
	if locked := f.h.Lockouts(); len(locked) != 1 {
		t.Fatalf("the lock-outs the hub's staff are shown: %v, want the test's address", locked)
	}
	f.clock.add(staff.Every)
	if r := b.login(testPIN); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/tables" || b.cookie == nil {
		t.Errorf("the right PIN: %d %v", r.StatusCode, r.Header)
	}
}

// Every page of the hub's console shows the venue: both tables, their
// state, their sessions, the venue's boards and players; a table's own
// pages are absent.
func TestHubConsolePagesShowTheWholeVenue(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 6, true)
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	has := func(path string, want ...string) string {
		t.Helper()
		r := b.get(path)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d\n%s", path, r.StatusCode, r.body)
		}
		for _, w := range want {
			if !strings.Contains(r.body, w) {
				t.Errorf("%s lacks %q:\n%s", path, w, r.body)
			}
		}
		return r.body
	}
	tables := has("/tables", "Terrasse", "Véranda", "Hors ligne", "2 parties en route", "En ligne, à jour", "Salon", "4 parties au poste central",
		"2 parties au poste central", `href="/sessions?table=`+kioskVeranda+`"`, "6 parties, toutes tables")
	if strings.Contains(tables, `href="/players/`) {
		t.Errorf("the hub's tables page shows player links:\n%s", tables)
	}
	has("/tables/live", "Véranda")
	sessions := has("/sessions", "Terrasse", "Véranda", "Zoé", "Léa", `<option value="`+kioskVeranda+`">Véranda</option>`)
	if n := strings.Count(sessions, `<a href="/sessions/`); n != 6 {
		t.Errorf("the sessions page lists %d sessions, want 6", n)
	}
	veranda := has("/sessions?table="+kioskVeranda, `value="`+kioskVeranda+`" selected`)
	if n := strings.Count(veranda, `<a href="/sessions/`); n != 2 || strings.Contains(veranda, "<td>Terrasse</td>") {
		t.Errorf("the veranda's sessions: %d rows\n%s", n, veranda)
	}
	if n := strings.Count(has("/sessions?player=zo"), `<a href="/sessions/`); n != 1 {
		t.Errorf("Zoé's sessions: %d, want 1", n)
	}
	has("/sessions/"+f.session, "Véranda", "Léa", "ouvrez-la dans la console de « Véranda »")
	if r := b.get("/sessions/nope"); r.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown session: %d", r.StatusCode)
	}
	board := has("/leaderboards?game=canoe&period=all", "Léa", "Tout le lieu")
	if strings.Contains(board, `name="scope"`) {
		t.Error("the hub's boards offer a table scope")
	}
	players := has("/players", "Léa", "toutes les tables de la salle", "=HYPERLINK(1)")
	if strings.Count(players, ">Léa</a></td>") != 1 || !strings.Contains(players, `href="/players/v`) {
		t.Errorf("the venue's players (Léa once, linked to her venue player's page):\n%s", players)
	}
	has("/players?q=zz", "Aucun joueur")
	has("/downloads", "/export/results.csv", "/export/tablee.db", "toutes les tables")
	settings := has("/settings", `action="/settings/pin"`, "code du personnel du poste central")
	if strings.Contains(settings, "table_name") {
		t.Error("the hub's settings offer a table's name")
	}
	for _, p := range []string{"/players/a-lea", "/players/a-lea/forget"} {
		if r := b.get(p); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s on the hub: %d, want 404", p, r.StatusCode)
		}
	}
	token := b.csrf()
	for _, p := range []string{"/settings", "/players/a-lea/rename", "/calls/1/answer"} {
		if r := b.post(p, url.Values{"csrf": {token}, "table_name": {"X"}, "name": {"X"}}); r.StatusCode < 400 {
			t.Errorf("POST %s on the hub: %d", p, r.StatusCode)
		}
	}
}

// The hub's tables page shows every table's open staff calls, how long
// each has waited, until someone answers it there (the hub tells the
// table) or at the table.
func TestHubConsoleShowsTheTablesCalls(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 3, false)
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	answer := `action="/calls/` + kioskTerrasse + `/7/answer"`
	for _, path := range []string{"/tables", "/tables/live"} {
		if r := b.get(path); !strings.Contains(r.body, "Terrasse appelle le personnel (depuis 2 minutes)") || !strings.Contains(r.body, answer) {
			t.Errorf("%s lacks the terrace's call:\n%s", path, r.body)
		}
	}
	// The menu counts every table's open calls on each page.
	badge := `<span class="badge">1</span>`
	if r := b.get("/leaderboards"); !strings.Contains(r.body, badge) {
		t.Errorf("the menu does not count the terrace's call:\n%s", r.body)
	}
	if r := b.post("/calls/"+kioskTerrasse+"/7/answer", url.Values{"csrf": {b.csrf()}}); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/tables" {
		t.Errorf("answering: %d %v", r.StatusCode, r.Header)
	}
	if r := b.get("/tables"); strings.Contains(r.body, "appelle le personnel") || !strings.Contains(r.body, "Aucune table n&#39;appelle.") || strings.Contains(r.body, `class="badge"`) {
		t.Errorf("after the answer:\n%s", r.body)
	}
	if r := b.post("/calls/"+kioskSalon+"/8/answer", url.Values{}); r.StatusCode != http.StatusForbidden {
		t.Errorf("an answer without the token: %d", r.StatusCode)
	}
	f.hub.mu.Lock()
	defer f.hub.mu.Unlock()
	if !slices.Equal(f.hub.answered, []string{kioskTerrasse + "/7"}) {
		t.Errorf("the hub was told %v, want the terrace's call 7", f.hub.answered)
	}
}

// The hub's tables page lists each table's kiosk id and when it paired,
// with a way to remove it from the venue: a confirmation page saying what
// follows, then a post with the session's CSRF token; without the token,
// from another site or without a sign-in, nothing is removed.
func TestHubConsoleRemovesATable(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 3, false)
	b := f.browser(t)
	b.lang = "en"
	remove := "/tables/" + kioskVeranda + "/remove"
	if r := b.get(remove); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/login" {
		t.Errorf("the confirmation without a sign-in: %d %v", r.StatusCode, r.Header)
	}
	b.login(testPIN)
	tables := b.get("/tables").body
	for _, want := range []string{"Kiosk id: " + kioskVeranda, "Paired: ", `href="` + remove + `"`, "Remove from the venue…"} {
		if !strings.Contains(tables, want) {
			t.Errorf("the tables page lacks %q:\n%s", want, tables)
		}
	}
	r := b.get(remove)
	for _, want := range []string{"Remove Véranda from the venue?", "can no longer connect", "stay in the venue", "new code",
		`action="` + remove + `"`, `name="csrf"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the confirmation lacks %q:\n%s", want, r.body)
		}
	}
	if len(f.hub.removedTables()) != 0 {
		t.Fatal("the confirmation page removed the table")
	}
	if r := b.post(remove, url.Values{}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a removal without the token: %d", r.StatusCode)
	}
	if r := b.postFrom(remove, url.Values{"csrf": {b.csrf()}}, "https://evil.example"); r.StatusCode != http.StatusForbidden {
		t.Errorf("a removal from another site: %d", r.StatusCode)
	}
	if got := f.hub.removedTables(); len(got) != 0 {
		t.Fatalf("refused posts removed %v", got)
	}
	r = b.post(remove, url.Values{"csrf": {b.csrf()}})
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/tables?done=table_removed" {
		t.Errorf("the removal: %d %v", r.StatusCode, r.Header)
	}
	if got := f.hub.removedTables(); !slices.Equal(got, []string{kioskVeranda}) {
		t.Errorf("removed %v, want the veranda", got)
	}
	if r := b.get("/tables?done=table_removed"); !strings.Contains(r.body, "Table removed from the venue") || strings.Contains(r.body, kioskVeranda) {
		t.Errorf("after the removal:\n%s", r.body)
	}
	// Removed already (another browser): back to the tables, nothing
	// removed twice.
	if r := b.get(remove); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the confirmation of a table removed: %d", r.StatusCode)
	}
	if r := b.post(remove, url.Values{"csrf": {b.csrf()}}); r.StatusCode != http.StatusSeeOther || len(f.hub.removedTables()) != 1 {
		t.Errorf("removing it again: %d, %v", r.StatusCode, f.hub.removedTables())
	}
	// A kiosk paired that never linked has no name yet: its card says
	// so, its confirmation names it by its id.
	const unheard = "01890000-0000-7000-8000-0000000000d4"
	f.hub.mu.Lock()
	f.hub.unheard = unheard
	f.hub.mu.Unlock()
	if r := b.get("/tables"); !strings.Contains(r.body, "<h3>Table paired, never linked since</h3>") || !strings.Contains(r.body, "Kiosk id: "+unheard) {
		t.Errorf("the tables page with a table never linked:\n%s", r.body)
	}
	if r := b.get("/tables/" + unheard + "/remove"); !strings.Contains(r.body, "Remove "+unheard+" from the venue?") {
		t.Errorf("the confirmation for a table never linked:\n%s", r.body)
	}
}

// The hub's downloads: the venue's CSV with the table's rules (BOM, ';'
// for French, formulas made text) and a copy of the hub's database; and a
// forged cross-site POST changes nothing.
func TestHubConsoleDownloadsAndRefusesAForgedPost(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 4, true)
	b := f.browser(t)
	b.lang = "fr"
	if r := b.get("/export/results.csv"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("an export without a sign-in: %d", r.StatusCode)
	}
	b.login(testPIN)
	r := b.get("/export/results.csv")
	if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.body, db.CSVBOM+"session;ended;game;seat;") ||
		!strings.Contains(r.Header.Get("Content-Disposition"), "tablee-venue-results-") {
		t.Errorf("results.csv: %d %v\n%s", r.StatusCode, r.Header, r.body)
	}
	if !strings.Contains(r.body, ";Léa;") || !strings.Contains(r.body, ";'=HYPERLINK(1);") || strings.Contains(r.body, ";=HYPERLINK") {
		t.Errorf("results.csv (Léa, the formula as text):\n%s", r.body)
	}
	if s := b.get("/export/sessions.csv").body; !strings.Contains(s, ";Terrasse;canoe;") || !strings.Contains(s, ";Véranda;canoe;") {
		t.Errorf("sessions.csv:\n%s", s)
	}
	if r := b.get("/export/tablee.db"); r.StatusCode != http.StatusOK || !strings.HasPrefix(r.body, "SQLite format 3\x00") {
		t.Errorf("the database copy: %d %q", r.StatusCode, r.body[:min(16, len(r.body))])
	}
	token := b.csrf()
	for _, origin := range []string{"https://evil.example", "null"} {
		if r := b.postFrom("/settings/pin", url.Values{"csrf": {token}, "old": {testPIN}, "new": {"9999"}, "again": {"9999"}}, origin); r.StatusCode != http.StatusForbidden {
			t.Errorf("a PIN change from %s: %d", origin, r.StatusCode)
		}
	}
	if r := b.post("/settings/pin", url.Values{"old": {testPIN}, "new": {"9999"}, "again": {"9999"}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a PIN change without the token: %d", r.StatusCode)
	}
	if err := f.d.CheckStaffPIN(context.Background(), testPIN); err != nil {
		t.Errorf("after the forged posts the PIN changed: %v", err)
	}
}

// A hub without a staff PIN says how to set one on the hub's computer.
func TestHubConsoleWithoutAPINSaysHowToSetOne(t *testing.T) {
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "venue.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	h, err := console.NewHandler(console.Config{DB: d, Games: catalog.Registry(), Hub: &fakeHub{now: time.Now()}, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "https://hub/login", strings.NewReader("pin=1234"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "en")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "tablee staff-pin --db /var/lib/tablee/hub/venue.db") {
		t.Errorf("%d\n%s", w.Code, w.Body)
	}
}

// The hub's Tables page says that the hub's disk is full and that it
// refills its database, and keeps answering when the hub's store is stuck
// (its error page failed on a nil template field).
func TestHubConsoleSaysAFullDiskAndKeepsAnswering(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 3, false)
	b := f.browser(t)
	b.lang = "en"
	b.login(testPIN)
	f.hub.mu.Lock()
	f.hub.health = console.HubState{StoreFull: true, StoreSince: f.hub.now.Add(-time.Minute), RefillEvents: 40, RefillLoaded: 12}
	f.hub.mu.Unlock()
	for _, path := range []string{"/tables", "/tables/live"} {
		r := b.get(path)
		if !strings.Contains(r.body, "The hub&#39;s disk is full") || !strings.Contains(r.body, "12 of 40 events") || !strings.Contains(r.body, "Terrasse") {
			t.Errorf("%s: %d, lacks the full disk, the refill or the tables:\n%s", path, r.StatusCode, r.body)
		}
	}
	f.hub.mu.Lock()
	f.hub.stuck = true
	f.hub.mu.Unlock()
	r := b.get("/tables")
	if r.StatusCode != http.StatusInternalServerError || !strings.Contains(r.body, "The hub&#39;s disk is full") {
		t.Errorf("with the hub stuck: %d, want the error page saying the disk is full:\n%s", r.StatusCode, r.body)
	}
}
