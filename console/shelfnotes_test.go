package console_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
)

// boxesOutAndBack puts a box of the shelf's first title with a box at
// Table 3 and gives one of the second's back from Table 5 with a note
// that holds a script; it returns the two titles and the two boxes.
func boxesOutAndBack(t testing.TB, f *fixture) (titles []shelf.Title, out, back shelf.Copy) {
	t.Helper()
	ctx := context.Background()
	all, err := f.d.Titles(ctx)
	for _, ti := range all { // the first two with a box
		if len(ti.Copies) > 0 && len(titles) < 2 {
			titles = append(titles, ti)
		}
	}
	if err != nil || len(titles) < 2 {
		t.Fatalf("the demo shelf: %d titles, %d with boxes, %v", len(all), len(titles), err)
	}
	out, back = titles[0].Copies[0], titles[1].Copies[0]
	at := time.Date(2026, 3, 7, 19, 30, 0, 0, time.Local)
	if err := f.d.Take(ctx, out.ID, "Table 3", at); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Take(ctx, back.ID, "Table 5", at); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Return(ctx, back.ID, "Table 5", "", "<script>alert(1)</script> a pawn is missing", at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	return titles, out, back
}

func TestCatalogueListsNotesAndBoxesOutAndClosesANote(t *testing.T) {
	ctx := context.Background()
	f, b, csrf := signedIn(t)
	b.lang = "en"
	titles, out, back := boxesOutAndBack(t, f)
	notes, err := f.d.CopyNotes(ctx, false)
	if err != nil || len(notes) != 1 {
		t.Fatalf("notes: %v %v", notes, err)
	}
	page := b.get("/catalogue")
	if page.StatusCode != http.StatusOK || strings.Contains(page.body, "<script>alert") ||
		!strings.Contains(page.body, `<td class="note-text">&lt;script&gt;alert(1)&lt;/script&gt; a pawn is missing</td>`) ||
		!strings.Contains(page.body, "<td>2026-03-07 20:30</td><td>Table 5</td><td>"+titles[1].Names.Name("en")+"</td><td>"+back.Shelf+"</td>") ||
		!strings.Contains(page.body, `name="note" value="`+strconv.FormatInt(notes[0].ID, 10)+`"`) || !strings.Contains(page.body, "Dealt with") {
		t.Fatalf("the page does not list the note as it should: %d\n%s", page.StatusCode, page.body)
	}
	if !strings.Contains(page.body, "<tr><td>Table 3</td><td>"+titles[0].Names.Name("en")+"</td><td>"+out.Shelf+"</td><td>2026-03-07 19:30</td></tr>") {
		t.Fatalf("the page does not list the box at Table 3:\n%s", page.body)
	}
	id := strconv.FormatInt(notes[0].ID, 10)
	// Without the CSRF token nothing is closed.
	if r := b.post("/catalogue/notes", map[string][]string{"note": {id}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("close without CSRF: %d", r.StatusCode)
	}
	if open, _ := f.d.CopyNotes(ctx, false); len(open) != 1 {
		t.Fatalf("a refused post closed the note: %v", open)
	}
	done := b.post("/catalogue/notes", map[string][]string{"note": {id}, "csrf": {csrf}})
	if done.StatusCode != http.StatusSeeOther || done.Header.Get("Location") != "/catalogue?done=note_closed" {
		t.Fatalf("close: %d %s", done.StatusCode, done.Header.Get("Location"))
	}
	if open, _ := f.d.CopyNotes(ctx, false); len(open) != 0 {
		t.Errorf("after closing, open notes: %v", open)
	}
	shown := b.get("/catalogue?done=note_closed").body
	if !strings.Contains(shown, "Note dealt with.") || !strings.Contains(shown, "No open note.") || strings.Contains(shown, "a pawn is missing") {
		t.Errorf("after closing the page says:\n%s", shown)
	}
	// A note that is not there, or no number, is said so.
	if r := b.post("/catalogue/notes", map[string][]string{"note": {"99999"}, "csrf": {csrf}}); r.StatusCode != http.StatusNotFound || !strings.Contains(r.body, "This note does not exist") {
		t.Errorf("close an unknown note: %d", r.StatusCode)
	}
	if r := b.post("/catalogue/notes", map[string][]string{"note": {"<b>"}, "csrf": {csrf}}); r.StatusCode != http.StatusNotFound {
		t.Errorf("close a note by no number: %d", r.StatusCode)
	}
	// Signed out, the page and the button go to the sign-in.
	other := f.browser(t)
	if r := other.get("/catalogue"); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/login" {
		t.Errorf("signed out, the page: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
	if r := other.post("/catalogue/notes", map[string][]string{"note": {id}}); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/login" {
		t.Errorf("signed out, the button: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
}
