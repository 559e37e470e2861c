package console_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The staff write a note on a box from its title's page, with its kind;
// the repair list and its CSV count each kind, the figures' table has a
// column for damage and one for missing pieces, and the notes written
// before the kinds (the fixture's, by the table) are "Other".
func TestTheStaffWriteANoteOfAKindAndTheListsCountEachKind(t *testing.T) {
	f, b, csrf := signedIn(t)
	b.lang = "en"
	azul, never := ludoShelf(t, f)
	page := "/ludotheque/titles/" + strconv.FormatInt(azul.ID, 10)
	if body := b.get(page).body; !strings.Contains(body, `action="`+page+`/notes"`) || !strings.Contains(body, `value="missing"`) {
		t.Fatalf("Azul's page has no note form with the kinds:\n%.2000s", body)
	}
	box := strconv.FormatInt(azul.Copies[0].ID, 10)
	r := b.post(page+"/notes", url.Values{"csrf": {csrf}, "copy": {box}, "kind": {"missing"}, "text": {"<b>two</b> tiles"}})
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != page+"?done=note_written" {
		t.Fatalf("writing a note: %d %q", r.StatusCode, r.Header.Get("Location"))
	}
	b.post(page+"/notes", url.Values{"csrf": {csrf}, "copy": {box}, "kind": {"damage"}, "text": {"torn lid"}})
	for _, bad := range []struct {
		form   url.Values
		reason string
	}{
		{url.Values{"csrf": {csrf}, "copy": {box}, "kind": {"lost"}, "text": {"x"}}, "say what it is about (damaged, missing pieces or other)"},
		{url.Values{"csrf": {csrf}, "copy": {box}, "kind": {"other"}, "text": {"  "}}, "a note needs a few words"},
		{url.Values{"csrf": {csrf}, "copy": {strconv.FormatInt(never.Copies[0].ID, 10)}, "kind": {"other"}, "text": {"x"}}, "that box is not one of this game&#39;s"},
		{url.Values{"csrf": {csrf}, "copy": {"999999"}, "kind": {"other"}, "text": {"x"}}, "that box is not one of this game&#39;s"},
	} {
		r := b.post(page+"/notes", bad.form)
		loc := r.Header.Get("Location")
		if r.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, page+"?refused=") {
			t.Errorf("%v: %d %q, want refused", bad.form, r.StatusCode, loc)
			continue
		}
		// The refusal is an error, in words, not the notice of a note saved.
		shown := b.get(loc).body
		if want := `<p class="error" role="alert">Note not saved: ` + bad.reason; !strings.Contains(shown, want) ||
			strings.Contains(shown, `role="status"`) {
			_, main, _ := strings.Cut(shown, `<main`)
			t.Errorf("%v: the page after the refusal (%s) lacks %q or shows a notice:\n%.800s", bad.form, loc, want, main)
		}
	}
	if r := b.post(page+"/notes", url.Values{"copy": {box}, "kind": {"other"}, "text": {"no token"}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a note without the CSRF token: %d", r.StatusCode)
	}

	title := b.get(page).body
	for _, want := range []string{`<span class="note-kind">Missing pieces</span> : <span class="note-text">&lt;b&gt;two&lt;/b&gt; tiles</span>`,
		`<span class="note-kind">Damaged</span> : <span class="note-text">torn lid</span>`} {
		if !strings.Contains(title, want) {
			_, notes, _ := strings.Cut(title, `id="notes"`)
			t.Errorf("Azul's notes lack %q:\n%.1500s", want, notes)
		}
	}
	figures := b.get("/ludotheque?sort=damage&dir=desc").body
	_, rows, _ := strings.Cut(figures, "<tbody>")
	first, _, _ := strings.Cut(rows, "</tr>")
	if !strings.Contains(first, ">Azul<") || !strings.HasSuffix(first, `<td class="num">2</td><td class="num">1</td><td class="num">1</td>`) {
		t.Errorf("sorted by damage, the first row is not Azul with 2 open notes, 1 damage, 1 missing:\n%s", first)
	}
	repairs := b.get("/ludotheque/csv/repairs.csv").body
	if !strings.Contains(repairs, "shelf;title;open_notes;since;latest_note;damage;missing;other;latest_kind") ||
		!strings.Contains(repairs, ";torn lid;1;1;0;damage") ||
		!strings.Contains(repairs, "a pawn is missing;0;0;1;other") {
		t.Errorf("repairs.csv:\n%s", repairs)
	}
}
