package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/db/dbtest"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// playShelfTitle stores a finished play of title on the score sheet.
func (f *fixture) playShelfTitle(t testing.TB, title string, seats []session.Seat, res engine.Result, at time.Time) {
	t.Helper()
	ctx := context.Background()
	tb, err := f.d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "sheet",
		Options: map[string]string{"sheet": "generic", "title": title}, Seats: seats, StartedAt: at.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Finish(ctx, s.ID, res, at); err != nil {
		t.Fatal(err)
	}
}

// TestConsoleShowsTheShelfsBoards: the console lists every shelf title
// played (under any of its names), each player's plays across titles with
// the H-index, and one title's board by the catalogue's id; what guests
// typed is shown as text, never markup; a title nobody knows is a 404.
func TestConsoleShowsTheShelfsBoards(t *testing.T) {
	ctx := context.Background()
	f, b, _ := signedIn(t)
	b.lang = "en"
	lea, formula := session.Seat{Kind: session.Person, PlayerID: f.lea.ID}, session.Seat{Kind: session.Person, PlayerID: f.formula.ID}
	at := f.clock.Now().Add(-30 * time.Minute)
	f.playShelfTitle(t, "Zug um Zug", []session.Seat{lea, formula}, engine.RankByScores([]int{120, 90}, "sheet-complete"), at)
	f.playShelfTitle(t, "Ticket to Ride", []session.Seat{formula, lea}, engine.RankByScores([]int{80, 110}, "sheet-complete"), at.Add(time.Minute))
	f.playShelfTitle(t, "Pandémie", []session.Seat{lea, formula}, engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: "sheet-lost"}, at.Add(2*time.Minute))
	f.playShelfTitle(t, "<b>Mine</b>", []session.Seat{lea}, engine.RankByScores([]int{3}, "sheet-complete"), at.Add(3*time.Minute))
	titles, err := f.d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ttr, err := shelf.Exact(titles, "Ticket to Ride")
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(ttr.ID, 10)

	page := b.get("/leaderboards/titles?period=all")
	if page.StatusCode != http.StatusOK {
		t.Fatalf("the page: %d\n%s", page.StatusCode, page.body)
	}
	for _, want := range []string{
		`<tr><td>1</td><td><a href="/leaderboards/title?title=%23` + id + `&amp;scope=table">Ticket to Ride</a></td><td>2</td><td>Léa</td></tr>`,
		`scope=table">Pandemic</a></td><td>1</td><td>cooperative — won: 0, lost: 1</td>`,
		`&lt;b&gt;Mine&lt;/b&gt;`,
		// Léa: Canoë once, Ticket to Ride twice, Pandemic and her own
		// game once: 5 plays of 4 games, H-index 1.
		`<td>Léa</td><td>1</td><td>5</td><td>4</td>`,
	} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the page lacks %s:\n%s", want, page.body)
		}
	}
	if strings.Contains(page.body, "<b>Mine") {
		t.Error("a typed title reached the page as markup")
	}
	if !strings.Contains(b.get("/leaderboards").body, `href="/leaderboards/titles"`) {
		t.Error("the leaderboards page does not lead to the shelf's boards")
	}

	for _, ref := range []string{"#" + id, id, "zug um zug"} {
		one := b.get("/leaderboards/title?title=" + url.QueryEscape(ref))
		if one.StatusCode != http.StatusOK || !strings.Contains(one.body, "Ticket to Ride <span class=\"quiet\">#"+id+"</span>") ||
			!strings.Contains(one.body, "<tr><td>1</td><td>Léa</td><td>") || !strings.Contains(one.body, "(provisional)</span></td><td>2</td><td>2</td></tr>") {
			t.Errorf("the board of %q: %d\n%s", ref, one.StatusCode, one.body)
		}
	}
	coop := b.get("/leaderboards/title?title=" + url.QueryEscape("PANDEMIC"))
	if coop.StatusCode != http.StatusOK || !strings.Contains(coop.body, "nobody is rated") || strings.Contains(coop.body, ">Rating<") {
		t.Errorf("a cooperative board: %d\n%s", coop.StatusCode, coop.body)
	}
	if none := b.get("/leaderboards/title?title=Zug"); none.StatusCode != http.StatusNotFound || !strings.Contains(none.body, "no game of that name") {
		t.Errorf("a title nobody knows: %d\n%s", none.StatusCode, none.body)
	}
	// Léa's page says her plays across every game: the Canoë of the
	// fixture (no win), Ticket to Ride twice (won both), Pandemic (lost)
	// and the game she played alone (won).
	if p := b.get("/players/" + f.lea.ID); !strings.Contains(p.body, `<p id="across">Across every game: 5 plays, 4 different games, 3 wins, H-index 1.`) {
		t.Errorf("Léa's page:\n%s", p.body)
	}
}

// TestHubConsoleShowsTheVenuesShelfBoards: the hub's console shows the
// venue's shelf titles, a play of Ticket to Ride at the Terrasse under its
// German name and one at the Véranda under its French name on one board,
// Léa one player at both tables.
func TestHubConsoleShowsTheVenuesShelfBoards(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newHubFixture(t, 0, false)
	now := f.clock.Now()
	for i, p := range []struct{ kiosk, table, title, lea, other string }{
		{kioskTerrasse, "Terrasse", "Zug um Zug", "a-lea", "a-sami"},
		{kioskVeranda, "Véranda", "Les Aventuriers du Rail", "b-lea", "b-anja"},
	} {
		end := now.Add(-time.Duration(2-i) * time.Hour)
		id := fmt.Sprintf("01890000-0000-7000-8000-%012d", 100+i)
		seats := []db.EventSeat{
			{Kind: session.Person, PlayerID: p.lea, Nickname: "Léa", Keys: []string{"key-lea"}, Rank: 1, Score: 120, Winner: true},
			{Kind: session.Person, PlayerID: p.other, Nickname: p.other[2:], Keys: []string{"key-" + p.other}, Rank: 2, Score: 90},
		}
		ev := db.SessionEvent{V: 1, Kiosk: p.kiosk, Table: p.table, ID: id, Game: "sheet",
			Options: map[string]string{"sheet": "tickettoride", "title": p.title}, StartedAt: end.Add(-time.Hour), EndedAt: end,
			Reason: "sheet-complete", Seats: seats, Seq: int64(i + 1), At: end}
		dbtest.SignAsPhones(&ev) // the venue credits a shelf result only signed
		body, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.d.LoadVenueEvent(ctx, "ev-"+id, body, now); err != nil {
			t.Fatal(err)
		}
	}
	b := f.browser(t)
	b.lang = "en"
	b.login(testPIN)
	page := b.get("/leaderboards/titles?period=all")
	if page.StatusCode != http.StatusOK || !strings.Contains(page.body, `scope=venue">Ticket to Ride</a></td><td>2</td><td>Léa</td>`) ||
		!strings.Contains(page.body, "<td>Léa</td><td>1</td><td>2</td><td>1</td><td>2</td>") {
		t.Errorf("the hub's shelf boards: %d\n%s", page.StatusCode, page.body)
	}
	one := b.get("/leaderboards/title?title=" + url.QueryEscape("ticket to ride"))
	if one.StatusCode != http.StatusOK || !strings.Contains(one.body, "<tr><td>1</td><td>Léa</td>") || !strings.Contains(one.body, "sami") || !strings.Contains(one.body, "anja") {
		t.Errorf("the hub's board of Ticket to Ride: %d\n%s", one.StatusCode, one.body)
	}
}

// TestBrowserShelfBoardsFitAndPassAxe: the shelf's boards, every title's
// and one title's, fit a phone and pass axe-core.
func TestBrowserShelfBoardsFitAndPassAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("a phone-sized pass with axe-core: full runs only, as the other pages'")
	}
	f := newFixture(t)
	lea, formula := session.Seat{Kind: session.Person, PlayerID: f.lea.ID}, session.Seat{Kind: session.Person, PlayerID: f.formula.ID}
	at := f.clock.Now().Add(-30 * time.Minute)
	f.playShelfTitle(t, "Die Quacksalber von Quedlinburg", []session.Seat{lea, formula}, engine.RankByScores([]int{120, 90}, "sheet-complete"), at)
	f.playShelfTitle(t, "Pandémie", []session.Seat{lea, formula}, engine.Result{Scores: []int{0, 0}, Ranks: []int{1, 1}, Reason: "sheet-lost"}, at.Add(time.Minute))
	phonePass(t, f, "", []struct{ path, page string }{
		{"/leaderboards/titles?period=all", "titleboards"},
		{"/leaderboards/title?title=" + url.QueryEscape("die quacksalber von quedlinburg"), "titleboard"},
		{"/leaderboards/title?title=pandemic", "titleboard"},
	})
}
