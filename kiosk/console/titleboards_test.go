package console_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

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
}
