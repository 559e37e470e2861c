package console_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// ludoShelf gives the fixture's demo shelf figures known by
// construction: Azul played twice on the score sheet (the last a
// minute ago, with a box of it at Table 1 since before that play), a
// box given back with a note, searches that found nothing ("Dixit"
// twice, and one a spreadsheet would run), and a lesson of Canoë. It
// returns Azul and a boxed title never played.
func ludoShelf(t testing.TB, f *fixture) (azul, never shelf.Title) {
	t.Helper()
	ctx := context.Background()
	titles, err := f.d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range titles {
		switch {
		case ti.Names.Original == "Azul" || ti.Names.FR == "Azul":
			azul = ti
		case never.ID == 0 && len(ti.Copies) > 0 && ti.Engine == "":
			never = ti
		}
	}
	if azul.ID == 0 || len(azul.Copies) == 0 || never.ID == 0 {
		t.Fatalf("the demo shelf lacks Azul with a box, or another boxed title: %+v, %+v", azul, never)
	}
	tb, err := f.d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	now := f.clock.Now()
	if err := f.d.Take(ctx, azul.Copies[0].ID, "Table 1", now.Add(-3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for i, end := range []time.Time{now.AddDate(0, -2, 0), now.Add(-time.Minute)} {
		seats := []session.Seat{{Kind: session.Person, PlayerID: f.lea.ID}, {Kind: session.Guest, Name: "Invité"}}
		if i == 1 {
			seats = append(seats, session.Seat{Kind: session.Person, PlayerID: f.formula.ID})
		}
		s, err := f.d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: db.SheetGame, Seed: 1,
			Options: map[string]string{"sheet": "generic", "title": "Azul"}, Seats: seats, StartedAt: end.Add(-40 * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.d.Finish(ctx, s.ID, engine.RankByScores(make([]int, len(seats)), "sheet-complete"), end); err != nil {
			t.Fatal(err)
		}
	}
	boxesOutAndBack(t, f) // a note on a returned box
	for _, s := range []string{"Dixit", "dixit", "=HYPERLINK(\"x\")", "Azul"} {
		found := 0
		if s == "Azul" {
			found = 1
		}
		if err := f.d.Searched(ctx, s, found, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.d.RecordTaught(ctx, db.TaughtLesson, "Table 1", "canoe", "", now); err != nil {
		t.Fatal(err)
	}
	return azul, never
}

func TestLudothequeShowsTheFiguresAndTheLists(t *testing.T) {
	f, b, _ := signedIn(t)
	b.lang = "en"
	azul, never := ludoShelf(t, f)
	r := b.get("/ludotheque")
	if r.StatusCode != http.StatusOK {
		t.Fatalf("the page: %d\n%s", r.StatusCode, r.body)
	}
	link := `<a href="/ludotheque/titles/` + strconv.FormatInt(azul.ID, 10) + `?months=6">Azul</a>`
	for _, want := range []string{
		link, `aria-sort="descending"`, `aria-current="page">Library`,
		"<td>dixit</td><td class=\"num\">2</td>", // searched twice, found nothing
		"<td>=HYPERLINK(&#34;x&#34;)</td>",       // typed, shown as text
		"a pawn is missing",                      // repairs
		`href="/ludotheque/csv/titles.csv?months=6"`,
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(r.body, "<script>alert") {
		t.Error("a note's script reached the page")
	}
	// Sorted by plays (the default), Azul (2) comes first.
	_, rows, _ := strings.Cut(r.body, "<tbody>")
	if first := strings.TrimSpace(rows); !strings.HasPrefix(first, `<tr><td>`+link) {
		t.Errorf("by plays, the first rows are:\n%.600s", first)
	}
	byName := b.get("/ludotheque?sort=name&dir=asc").body
	if !strings.Contains(byName, `aria-sort="ascending"`) {
		t.Error("sorted by name: no ascending column")
	}
	// The weeding list has the title never played, and follows ?months=.
	neverLink := `/ludotheque/titles/` + strconv.FormatInt(never.ID, 10)
	_, weeding, _ := strings.Cut(r.body, `id="unplayed"`)
	weeding, _, _ = strings.Cut(weeding, "</section>")
	if !strings.Contains(weeding, "never") {
		t.Errorf("the weeding list:\n%s", weeding)
	}
	if w := b.get("/ludotheque?months=1").body; !strings.Contains(w, "Not played for 1 month") {
		t.Error("?months=1 is not the weeding list's")
	}
	// Azul was played a minute ago: not in the weeding list; two months
	// ago it was, so with one month it is not either.
	if strings.Contains(weeding, link) {
		t.Error("Azul, played a minute ago, is in the weeding list")
	}

	title := b.get(neverLink)
	if title.StatusCode != http.StatusOK || !strings.Contains(title.body, "Never played.") || !strings.Contains(title.body, "<svg") {
		t.Errorf("a title never played: %d\n%s", title.StatusCode, title.body)
	}
	if r := b.get("/ludotheque/titles/999999"); r.StatusCode != http.StatusNotFound || !strings.Contains(r.body, "not (or no longer) in the catalogue") {
		t.Errorf("no such title: %d", r.StatusCode)
	}
	if r := b.get("/ludotheque/titles/%3Cb%3E"); r.StatusCode != http.StatusNotFound {
		t.Errorf("a title id that is no number: %d", r.StatusCode)
	}
}

func TestATitlesPageHasItsPlaysBoxesAndChart(t *testing.T) {
	f, b, _ := signedIn(t)
	b.lang = "en"
	azul, _ := ludoShelf(t, f)
	r := b.get("/ludotheque/titles/" + strconv.FormatInt(azul.ID, 10))
	if r.StatusCode != http.StatusOK {
		t.Fatalf("Azul's page: %d\n%s", r.StatusCode, r.body)
	}
	for _, want := range []string{
		`<dt>Plays</dt><dd>2</dd>`,
		`<dt>New players per play</dt><dd>1.0</dd>`,                       // Léa, then the other player; guests are never new
		"Table 1 since",                                                   // its box at the table now
		`role="img" aria-labelledby="chart-title"`,                        // the chart
		`<td>2</td><td class="num">1</td><td class="num">40 minutes</td>`, // two players once, 40 minutes
		`<td>3</td><td class="num">1</td><td class="num">40 minutes</td>`,
	} {
		if !strings.Contains(r.body, want) {
			_, counts, _ := strings.Cut(r.body, `id="counts"`)
			t.Errorf("Azul's page lacks %q; its counts:\n%.500s", want, counts)
		}
	}
	// Its box at the table counts the play started while it was there.
	_, boxes, _ := strings.Cut(r.body, `id="copies"`)
	if !strings.Contains(boxes, `<td class="num">1</td>`) {
		t.Errorf("the box's plays:\n%.1200s", boxes)
	}
	// The chart has one bar per month, the last this month's with 1.
	if n := strings.Count(r.body, `class="bar"`); n != 12 {
		t.Errorf("%d bars, want 12", n)
	}
}

func TestLudothequeCSVsAreSafeSpreadsheets(t *testing.T) {
	f, b, _ := signedIn(t)
	b.lang = "fr"
	ludoShelf(t, f)
	for _, list := range []string{"titles", "unplayed", "sections", "searched", "wishes", "repairs"} {
		r := b.get("/ludotheque/csv/" + list + ".csv")
		if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.body, "\uFEFF") || !strings.Contains(r.body, ";") ||
			r.Header.Get("Content-Type") != "text/csv; charset=utf-8" || !strings.Contains(r.Header.Get("Content-Disposition"), "ludotheque-"+list) {
			t.Errorf("%s.csv: %d %q\n%.300s", list, r.StatusCode, r.Header.Get("Content-Disposition"), r.body)
		}
	}
	searched := b.get("/ludotheque/csv/searched.csv").body
	if !strings.Contains(searched, "\ndixit;2;") || !strings.Contains(searched, "'=HYPERLINK") {
		t.Errorf("searched.csv:\n%s", searched)
	}
	repairs := b.get("/ludotheque/csv/repairs.csv").body
	if !strings.Contains(repairs, "a pawn is missing") {
		t.Errorf("repairs.csv:\n%s", repairs)
	}
	if r := b.get("/ludotheque/csv/passwords.csv"); r.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown list: %d", r.StatusCode)
	}
	if r := f.browser(t).get("/ludotheque/csv/titles.csv"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("signed out: %d", r.StatusCode)
	}
}

func TestLudothequeSpeaksEachLanguage(t *testing.T) {
	f, b, _ := signedIn(t)
	azul, _ := ludoShelf(t, f)
	for _, lang := range []string{"fr", "de", "en"} {
		for _, p := range []string{"/ludotheque?", "/ludotheque?sort=last&dir=asc&page=2&", "/ludotheque/titles/" + strconv.FormatInt(azul.ID, 10) + "?", "/catalogue?"} {
			r := b.get(p + "lang=" + lang)
			if r.StatusCode != http.StatusOK || !strings.Contains(r.body, `<html lang="`+lang+`">`) {
				t.Errorf("%s in %s: %d", p, lang, r.StatusCode)
			}
			for _, key := range []string{"figures.", "console."} {
				if i := strings.Index(r.body, key); i >= 0 && !strings.Contains(r.body[max(0, i-6):i], "/") {
					t.Errorf("%s in %s: a text's key shows: %q", p, lang, r.body[i:min(len(r.body), i+40)])
				}
			}
		}
	}
}

// ludoShots is ludoShelf with a year of Azul's plays for the
// screenshots' chart (a few a month, more in winter) and searches; it
// returns Azul's id.
func ludoShots(t testing.TB, f *fixture) string {
	t.Helper()
	ctx := context.Background()
	azul, _ := ludoShelf(t, f)
	tb, err := f.d.EnsureTable(ctx, "Table 2")
	if err != nil {
		t.Fatal(err)
	}
	now := f.clock.Now()
	for m := range 12 {
		for i := range 2 + (m*7)%5 {
			end := now.AddDate(0, -m, -2*i-1)
			seats := []session.Seat{{Kind: session.Person, PlayerID: f.lea.ID}, {Kind: session.Guest, Name: "Invité"}}
			for range i % 3 {
				seats = append(seats, session.Seat{Kind: session.Guest, Name: "Invité"})
			}
			s, err := f.d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: db.SheetGame, Seed: 1,
				Options: map[string]string{"sheet": "generic", "title": "Azul"}, Seats: seats, StartedAt: end.Add(-time.Duration(30+7*i) * time.Minute)})
			if err != nil {
				t.Fatal(err)
			}
			if err := f.d.Finish(ctx, s.ID, engine.RankByScores(make([]int, len(seats)), "sheet-complete"), end); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, s := range []string{"Terraforming Mars", "terraforming mars", "Dune Imperium", "Skyjo", "Skyjo", "Skyjo"} {
		if err := f.d.Searched(ctx, s, 0, now.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	return strconv.FormatInt(azul.ID, 10)
}
