package console_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/shelf"
)

// sheetFixture is the console's fixture whose handler adds the sheets
// the staff save to lib, the library a table's plays read.
func sheetFixture(t testing.TB) (*fixture, *scoresheet.Library) {
	t.Helper()
	dir := t.TempDir()
	f := openFixture(t, dir, "tablee.db")
	f.playAGame(t)
	lib := scoresheet.Ready()
	f.serve(t, dir, console.Config{Sheets: lib, TableName: "Table 1"})
	return f, lib
}

// titleNamed is the demo shelf's title named name.
func titleNamed(t testing.TB, f *fixture, name string) shelf.Title {
	t.Helper()
	titles, err := f.d.Titles(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range titles {
		if ti.Names.EN == name {
			return ti
		}
	}
	t.Fatalf("the demo shelf has no %s", name)
	return shelf.Title{}
}

// formOf is the editor's form for s, as the page posts it.
func formOf(s *scoresheet.Sheet, csrf, op string) url.Values {
	f := url.Values{"csrf": {csrf}, "op": {op}, "win": {string(s.Win)}, "rounds": {strconv.Itoa(s.Rounds)}}
	if s.Limit != 0 {
		f.Set("limit", strconv.Itoa(s.Limit))
	}
	on := func(b bool) string {
		if b {
			return "1"
		}
		return ""
	}
	for i, c := range s.Categories {
		p := "c" + strconv.Itoa(i) + "."
		f.Set(p+"id", c.ID)
		f.Set(p+"fr", c.Label.FR)
		f.Set(p+"de", c.Label.DE)
		f.Set(p+"en", c.Label.EN)
		if c.Multiplier != 0 {
			f.Set(p+"mult", strconv.Itoa(c.Multiplier))
		}
		for k, b := range map[string]bool{"per_round": c.PerRound, "negative": c.Negative, "private": c.Private, "tie_only": c.TieOnly, "optional": c.Optional} {
			if b {
				f.Set(p+k, on(b))
			}
		}
	}
	for i, tb := range s.TieBreak {
		f.Set("b"+strconv.Itoa(i)+".kind", string(tb.Kind))
		f.Set("b"+strconv.Itoa(i)+".cat", tb.Category)
	}
	for i, tm := range s.Teams {
		p := "t" + strconv.Itoa(i) + "."
		f.Set(p+"id", tm.ID)
		f.Set(p+"fr", tm.Label.FR)
		f.Set(p+"de", tm.Label.DE)
		f.Set(p+"en", tm.Label.EN)
	}
	return f
}

func readySheet(t testing.TB, id string) *scoresheet.Sheet {
	t.Helper()
	s, ok := scoresheet.Ready().Get(id)
	if !ok {
		t.Fatalf("no ready sheet %s", id)
	}
	c := *s
	c.Categories = append([]scoresheet.Category(nil), s.Categories...)
	c.TieBreak = append([]scoresheet.TieBreak(nil), s.TieBreak...)
	return &c
}

// TestStaffEditATitlesSheet: the staff open 7 Wonders' sheet (its
// ready one), preview a change, see each broken rule refused in words
// with its limit and nothing saved, save; the title's next play is made
// on the saved sheet, then on the ready one again once given back.
func TestStaffEditATitlesSheet(t *testing.T) {
	ctx := context.Background()
	f, lib := sheetFixture(t)
	b := f.browser(t)
	b.lang = "en"
	b.login(testPIN)
	csrf := b.csrf()
	wonders := titleNamed(t, f, "7 Wonders")
	path := "/sheets/" + strconv.FormatInt(wonders.ID, 10)

	list := b.get("/sheets")
	if list.StatusCode != http.StatusOK || !strings.Contains(list.body, "<td>7 Wonders</td><td>Ready: 7 Wonders</td>") ||
		!strings.Contains(list.body, `href="`+path+`"`) || strings.Contains(list.body, "<td>Canoë</td>") {
		t.Fatalf("the sheets page: %d\n%s", list.StatusCode, list.body)
	}
	if found := b.get("/sheets?q=wonders").body; !strings.Contains(found, "7 Wonders Duel") || strings.Contains(found, "<td>Azul</td>") {
		t.Errorf("a search for wonders lists:\n%s", found)
	}

	page := b.get(path)
	if page.StatusCode != http.StatusOK || !strings.Contains(page.body, `name="c0.en" value="Military"`) ||
		!strings.Contains(page.body, `<th scope="row">Military <span class="tag">±</span></th>`) ||
		!strings.Contains(page.body, "This is the sheet Tablée ships for this game") ||
		!strings.Contains(page.body, `<tfoot><tr><th scope="row">Total</th><td>18</td><td>20</td><td>22</td></tr></tfoot>`) {
		t.Fatalf("the editor: %d\n%s", page.StatusCode, page.body)
	}

	edited := readySheet(t, "7wonders")
	edited.Categories[1].Label.EN = `<script>alert("x")</script>Treasury`
	edited.Categories = append(edited.Categories, scoresheet.Category{Label: scoresheet.Label{FR: "Leaders", DE: "Anführer", EN: "Leaders"}, Private: true})
	preview := b.post(path, formOf(edited, csrf, "preview"))
	if preview.StatusCode != http.StatusOK || strings.Contains(preview.body, "<script>alert") ||
		!strings.Contains(preview.body, `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;Treasury`) ||
		!strings.Contains(preview.body, `<th scope="row">Leaders <span class="tag">secret</span></th><td>4</td><td>🔒</td><td>🔒</td>`) || !strings.Contains(preview.body, `name="c`+strconv.Itoa(len(edited.Categories)-1)+`.id" value="leaders"`) {
		t.Fatalf("the preview: %d\n%s", preview.StatusCode, preview.body)
	}
	if _, saved, _ := f.d.TitleSheet(ctx, wonders.ID); saved {
		t.Fatal("a preview saved the sheet")
	}
	if r := b.post(path, url.Values{"op": {"save"}, "win": {"highest"}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a save without the CSRF token: %d", r.StatusCode)
	}

	for _, tc := range []struct {
		name  string
		spoil func(s *scoresheet.Sheet)
		form  func(url.Values)
		words string
	}{
		{"a limit of 10^12", func(s *scoresheet.Sheet) { s.Limit = 1_000_000_000_000 }, nil,
			"The largest value of an entry goes up to 999999, no further."},
		{"a limit beyond any number", nil, func(v url.Values) { v.Set("limit", "1"+strings.Repeat("0", 40)) },
			"The largest value of an entry goes up to 999999, no further."},
		{"a multiplier of 10^12", func(s *scoresheet.Sheet) { s.Categories[0].Multiplier = 1_000_000_000_000 }, nil,
			"Military: the multiplier goes from 0 to 1000."},
		{"rounds of 10^12", func(s *scoresheet.Sheet) { s.Rounds = 1_000_000_000_000 }, nil, "Rounds go from 0 (open) to 100."},
		{"no German label", func(s *scoresheet.Sheet) { s.Categories[2].Label.DE = "" }, nil,
			"Wonder: the German name must have 1 to 80 characters."},
		{"a label too long", func(s *scoresheet.Sheet) { s.Categories[2].Label.FR = strings.Repeat("é", 81) }, nil,
			"Wonder: the French name must have 1 to 80 characters."},
		{"a shared win before another tie-breaker", func(s *scoresheet.Sheet) {
			s.TieBreak = []scoresheet.TieBreak{{Kind: scoresheet.Shared}, {Kind: scoresheet.Most, Category: "coins"}}
		}, nil, "Tie-breaker 1: nothing is tried after a shared win; put it last."},
		{"one team", func(s *scoresheet.Sheet) {
			s.Teams = []scoresheet.Team{{Label: scoresheet.Label{FR: "Rouge", DE: "Rot", EN: "Red"}}}
		}, nil, "One team is no team game: two at least, or none."},
		{"every line tie-only", func(s *scoresheet.Sheet) {
			for i := range s.Categories {
				s.Categories[i].TieOnly = true
			}
		}, nil, "Every line only breaks ties: nothing makes a total."},
		{"a number that is none", nil, func(v url.Values) { v.Set("rounds", "three") }, "Rounds: “three” is not a whole number."},
	} {
		s := readySheet(t, "7wonders")
		if tc.spoil != nil {
			tc.spoil(s)
		}
		form := formOf(s, csrf, "save")
		if tc.form != nil {
			tc.form(form)
		}
		r := b.post(path, form)
		if r.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(r.body, `<p class="error" role="alert">`+htmlText(tc.words)+`</p>`) {
			t.Errorf("%s: %d, want the refusal %q:\n%s", tc.name, r.StatusCode, tc.words, r.body)
		}
		if _, saved, _ := f.d.TitleSheet(ctx, wonders.ID); saved {
			t.Fatalf("%s: saved", tc.name)
		}
	}

	// The preview alone, as the page's script asks for it.
	bad := readySheet(t, "7wonders")
	bad.Limit = 1_000_000_000_000
	frag := b.post(path+"/preview", formOf(bad, csrf, ""))
	if frag.StatusCode != http.StatusUnprocessableEntity || strings.Contains(frag.body, "<html") ||
		!strings.Contains(frag.body, `<p class="error" data-refusal>The largest value of an entry goes up to 999999, no further.</p>`) {
		t.Errorf("the preview alone: %d\n%s", frag.StatusCode, frag.body)
	}

	// Moving a line: the form comes back with the lines in their new order.
	moved := b.post(path, formOf(readySheet(t, "7wonders"), csrf, "down:0"))
	if i, j := strings.Index(moved.body, `value="Military"`), strings.Index(moved.body, `value="Coins (1 per 3)"`); i < 0 || j < 0 || j > i {
		t.Errorf("Military moved down: Military at %d, Treasury at %d", i, j)
	}

	saved := b.post(path, formOf(edited, csrf, "save"))
	if saved.StatusCode != http.StatusSeeOther || saved.Header.Get("Location") != path+"?done=sheet_saved" {
		t.Fatalf("save: %d %s\n%s", saved.StatusCode, saved.Header.Get("Location"), saved.body)
	}
	id := db.TitleSheetID(wonders.ID, 1)
	got := lib.ForTitle("7 Wonders")
	if got.ID != id || got.Categories[1].Label.EN != `<script>alert("x")</script>Treasury` || got.Categories[len(got.Categories)-1].ID != "leaders" {
		t.Fatalf("the next play of 7 Wonders gets %+v", got)
	}
	opts := sheet.WithLibrary(lib).OptionsFor("7 Wonders")
	if opts[sheet.OptionSheet] != id {
		t.Errorf("a new play's setup: %v", opts)
	}
	if _, err := engine.NewGame(sheet.WithLibrary(lib), engine.Setup{Seats: 3, Options: opts}); err != nil {
		t.Errorf("a play on the saved sheet: %v", err)
	}
	after := b.get(path + "?done=sheet_saved")
	if !strings.Contains(after.body, "Sheet saved") || !strings.Contains(after.body, "This is the sheet the staff saved.") ||
		!strings.Contains(after.body, `value="revert"`) || !strings.Contains(after.body, `value="&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;Treasury"`) {
		t.Errorf("after the save:\n%s", after.body)
	}
	if list := b.get("/sheets").body; !strings.Contains(list, "<td>7 Wonders</td><td>Edited by the staff</td>") {
		t.Errorf("the list after the save:\n%s", list)
	}

	back := b.post(path, url.Values{"csrf": {csrf}, "op": {"revert"}})
	if back.StatusCode != http.StatusSeeOther || lib.ForTitle("7 Wonders").ID != "7wonders" {
		t.Errorf("given back: %d, the next play gets %s", back.StatusCode, lib.ForTitle("7 Wonders").ID)
	}
	if _, ok := lib.Get(id); !ok {
		t.Error("the saved sheet left the library: a play made on it could not resume")
	}
	if r := b.get("/sheets/99999"); r.StatusCode != http.StatusNotFound || !strings.Contains(r.body, "The library has no such game.") {
		t.Errorf("no such title: %d", r.StatusCode)
	}
	if r := b.get("/sheets/%3Cb%3E"); r.StatusCode != http.StatusNotFound {
		t.Errorf("a title by no number: %d", r.StatusCode)
	}
}

// htmlText is s as html/template writes it in an element.
func htmlText(s string) string {
	return strings.NewReplacer(`"`, "&#34;", "'", "&#39;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// TestConsoleExportsPlays: the downloads page offers every play and a
// player's page their whole history, as tablee plays --csv writes them
// (one writer): BoardGameGeek's columns, a BOM, no formula cell.
func TestConsoleExportsPlays(t *testing.T) {
	ctx := context.Background()
	f, b, _ := signedIn(t)
	b.lang = "en"
	if dl := b.get("/downloads").body; !strings.Contains(dl, `href="/plays.csv?sep=comma"`) {
		t.Errorf("the downloads page offers no plays:\n%s", dl)
	}
	if p := b.get("/players/" + f.lea.ID).body; !strings.Contains(p, `href="/players/`+f.lea.ID+`/plays.csv"`) {
		t.Errorf("the player's page offers no history:\n%s", p)
	}
	var want strings.Builder
	if err := f.d.WritePlaysCSV(ctx, &want, ';'); err != nil {
		t.Fatal(err)
	}
	all := b.get("/plays.csv?sep=semicolon")
	if all.StatusCode != http.StatusOK || all.body != want.String() || !strings.HasPrefix(all.body, db.CSVBOM) ||
		!strings.HasPrefix(all.Header.Get("Content-Disposition"), `attachment; filename="tablee-plays-`) {
		t.Fatalf("plays.csv: %d %q\n%s\nwant\n%s", all.StatusCode, all.Header.Get("Content-Disposition"), all.body, want.String())
	}
	hist := b.get("/players/" + f.lea.ID + "/plays.csv?sep=comma")
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(hist.body, db.CSVBOM))).ReadAll()
	if hist.StatusCode != http.StatusOK || err != nil || len(rows) != 3 || strings.Join(rows[0], ",") != strings.Join(db.PlaysColumns, ",") {
		t.Fatalf("Léa's history: %d %v\n%s", hist.StatusCode, err, hist.body)
	}
	names := rows[1][7] + "|" + rows[2][7]
	if !strings.Contains(names, "Léa") || !strings.Contains(names, "'=") {
		t.Errorf("Léa's game lists %s: want Léa and the formula player, escaped", names)
	}
	for _, row := range rows {
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+@\t\r", rune(cell[0])) {
				t.Errorf("a cell a spreadsheet would run: %q", cell)
			}
		}
	}
	if r := b.get("/players/nobody/plays.csv"); r.StatusCode != http.StatusNotFound {
		t.Errorf("the history of nobody: %d", r.StatusCode)
	}
	if r := f.browser(t).get("/plays.csv"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("signed out, plays.csv: %d", r.StatusCode)
	}
}

// TestBrowserEditsASheet: in Chromium, the editor passes axe-core, its
// preview follows what the staff type (a label holding a script shows
// as text, never runs), and a save makes the title's next sheet.
func TestBrowserEditsASheet(t *testing.T) {
	ctx := tab(t, laptopW, laptopH)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	f, lib := sheetFixture(t)
	axe := axeSource(t)
	azul := titleNamed(t, f, "Azul")
	path := "/sheets/" + strconv.FormatInt(azul.ID, 10)
	open(t, ctx, f, "/?lang=en", "login")
	signIn(t, ctx, f, testPIN)
	// axe-core takes seconds a page on a busy machine: -short checks the
	// editor, the full run the list and the preview too.
	open(t, ctx, f, "/sheets", "sheets")
	if !testing.Short() {
		accessibility(t, ctx, axe, "sheets")
	}
	fits(t, ctx, "sheets")
	open(t, ctx, f, path, "sheet")
	accessibility(t, ctx, axe, "sheet")
	fits(t, ctx, "sheet")
	eval(t, ctx, `window.ran = false; ''`)
	script := `<img src=x onerror="window.ran=true"><script>window.ran=true</script>`
	eval(t, ctx, `document.querySelector('input[name="c0.en"]').value = ''; ''`)
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`input[name="c0.en"]`), script+"Rows"),
	); err != nil {
		t.Fatal(err)
	}
	// Wait for the preview to show the typed label (the script's answer).
	for {
		got := eval(t, ctx, `document.querySelector('#sheet-preview table th[scope=row]')?.textContent || ''`)
		if strings.HasPrefix(got, script+"Rows") {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the preview's first line stays %q", got)
		case <-time.After(20 * time.Millisecond):
		}
	}
	if ran := eval(t, ctx, `String(window.ran) + document.querySelectorAll('#sheet-preview script, #sheet-preview img').length`); ran != "false0" {
		t.Errorf("the typed label ran or made elements: %s", ran)
	}
	if !testing.Short() {
		accessibility(t, ctx, axe, "sheet preview")
	}
	// A limit of 10^12: the preview says the rule, with the limit.
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#limit`), "1000000000000")); err != nil {
		t.Fatal(err)
	}
	for {
		got := eval(t, ctx, `document.querySelector('#sheet-preview [data-refusal]')?.textContent || ''`)
		if got == "The largest value of an entry goes up to 999999, no further." {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the preview's refusal stays %q", got)
		case <-time.After(20 * time.Millisecond):
		}
	}
	eval(t, ctx, `document.getElementById('limit').value = ''; document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button[value=save]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "sheet")
	if got := eval(t, ctx, `document.querySelector('.notice')?.textContent || ''`); !strings.HasPrefix(got, "Sheet saved") {
		t.Errorf("after the save the page says %q", got)
	}
	if s := lib.ForTitle("Azul"); s.ID != db.TitleSheetID(azul.ID, 1) || s.Categories[0].Label.EN != script+"Rows" {
		t.Errorf("Azul's next play gets %s, its first line %q", s.ID, s.Categories[0].Label.EN)
	}
	// On a phone the editor stacks the preview under the form and fits.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneW, phoneH)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct{ path, page string }{{"/sheets", "sheets"}, {path, "sheet"}} {
		open(t, ctx, f, p.path, p.page)
		fits(t, ctx, p.path+" (phone)")
		if !testing.Short() {
			accessibility(t, ctx, axe, p.path+" (phone)")
		}
	}
}
