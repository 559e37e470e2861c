package console_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// staffCSV is a small staff spreadsheet: one new title, one the demo
// shelf knows (Azul, by its BGG id), a wish.
const staffCSV = "\uFEFFnom;bgg_id;joueurs min;joueurs max;durée min;âge min;type;exemplaires;étagère\n" +
	"Les Cartographes;263918;1;100;45;10;compétitif;1;Z1\n" +
	"Azul;230802;2;4;30;8;;2;B3 B4\n" +
	"Gloomhaven;174430;1;4;120;14;coopératif;0;\n"

// upload posts a file to the catalogue's preview as the page's form does.
func (b *browser) upload(csrf, kind, name, content string) reply {
	b.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("csrf", csrf)
	w.WriteField("kind", kind)
	fw, _ := w.CreateFormFile("file", name)
	fw.Write([]byte(content))
	w.Close()
	req, err := http.NewRequest(http.MethodPost, b.f.url+"/catalogue/preview", &body)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Origin", b.f.url)
	return b.do(req)
}

// pendingID is the confirmation form's id on a preview page.
func pendingID(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `name="pending" value="`)
	if !ok {
		t.Fatalf("no confirmation on the preview:\n%s", body)
	}
	id, _, _ := strings.Cut(rest, `"`)
	return id
}

func TestCatalogueImportPreviewsThenImports(t *testing.T) {
	ctx := context.Background()
	f, b, csrf := signedIn(t)
	b.lang = "en"
	before, _ := f.d.Titles(ctx)
	page := b.get("/catalogue")
	if page.StatusCode != http.StatusOK || !strings.Contains(page.body, `enctype="multipart/form-data"`) || !strings.Contains(page.body, "The library holds 45 games") {
		t.Fatalf("catalogue page: %d\n%s", page.StatusCode, page.body)
	}
	preview := b.upload(csrf, "csv", "ludo.csv", staffCSV)
	if preview.StatusCode != http.StatusOK || !strings.Contains(preview.body, "The file: 2 games, 3 boxes, 1 wishes") ||
		!strings.Contains(preview.body, "New games: 2; updated: 1") || !strings.Contains(preview.body, "Demo games removed: 44") ||
		!strings.Contains(preview.body, "<td>Les Cartographes</td><td>new</td>") || !strings.Contains(preview.body, "<td>1 → 2</td>") {
		t.Fatalf("preview: %d\n%s", preview.StatusCode, preview.body)
	}
	if after, _ := f.d.Titles(ctx); len(after) != len(before) {
		t.Fatalf("the preview wrote: %d titles, %d before", len(after), len(before))
	}
	id := pendingID(t, preview.body)
	// Without the CSRF token the confirmation changes nothing.
	if r := b.post("/catalogue/import", map[string][]string{"pending": {id}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("confirm without CSRF: %d", r.StatusCode)
	}
	done := b.post("/catalogue/import", map[string][]string{"pending": {id}, "csrf": {csrf}})
	if done.StatusCode != http.StatusSeeOther || done.Header.Get("Location") != "/catalogue?done=catalogue_imported" {
		t.Fatalf("confirm: %d %s", done.StatusCode, done.Header.Get("Location"))
	}
	after, _ := f.d.Titles(ctx)
	if len(after) != 3+4 {
		t.Errorf("after the import: %d titles", len(after))
	}
	if shown := b.get("/catalogue?done=catalogue_imported").body; !strings.Contains(shown, "Catalogue imported.") || !strings.Contains(shown, "The library holds 2 games (3 boxes") {
		t.Errorf("after the import the page says:\n%s", shown)
	}
	// A preview is confirmed once.
	if again := b.post("/catalogue/import", map[string][]string{"pending": {id}, "csrf": {csrf}}); again.StatusCode != http.StatusConflict {
		t.Errorf("confirmed twice: %d", again.StatusCode)
	}
}

func TestCatalogueImportNamesTheBadLinesAndWritesNothing(t *testing.T) {
	ctx := context.Background()
	f, b, csrf := signedIn(t)
	b.lang = "en"
	before, _ := f.d.Titles(ctx)
	bad := strings.Replace(staffCSV, "1;100;45", "1;<b>cent</b>;45", 1)
	r := b.upload(csrf, "csv", "ludo.csv", bad)
	if r.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(r.body, "The file has 1 bad line") ||
		!strings.Contains(r.body, "<li>line 2: max_players &#34;&lt;b&gt;cent&lt;/b&gt;&#34; is not a number</li>") || strings.Contains(r.body, `name="pending"`) {
		t.Fatalf("bad file: %d\n%s", r.StatusCode, r.body)
	}
	if after, _ := f.d.Titles(ctx); len(after) != len(before) {
		t.Errorf("a bad file wrote")
	}
	if r := b.upload(csrf, "bgg", "ludo.csv", staffCSV); r.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(r.body, "no column objectname") {
		t.Errorf("a staff file as BGG's: %d", r.StatusCode)
	}
	// Another site's upload is refused before anything.
	if r := b.upload("", "csv", "ludo.csv", staffCSV); r.StatusCode != http.StatusForbidden {
		t.Errorf("upload without CSRF: %d", r.StatusCode)
	}
	// Signed out, the page is the sign-in's.
	if r := f.browser(t).get("/catalogue"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("signed out: %d", r.StatusCode)
	}
}

func TestBrowserImportsACatalogue(t *testing.T) {
	ctx := tab(t, laptopW, laptopH)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	f := newFixture(t)
	axe := axeSource(t)
	file := filepath.Join(t.TempDir(), "ludo.csv")
	os.WriteFile(file, []byte(staffCSV), 0o644)
	open(t, ctx, f, "/?lang=fr", "login")
	signIn(t, ctx, f, testPIN)
	open(t, ctx, f, "/catalogue", "catalogue")
	accessibility(t, ctx, axe, "catalogue")
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`input[value=csv]`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#file`), []string{file}),
		chromedp.Click(chromedp.CSS(`form[action="/catalogue/preview"] button`)),
	); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "catalogue")
	if got := eval(t, ctx, `document.getElementById('preview').parentElement.textContent`); !strings.Contains(got, "Les Cartographes") {
		t.Fatalf("the preview shows %q", got)
	}
	accessibility(t, ctx, axe, "catalogue preview")
	fits(t, ctx, "catalogue preview")
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[action="/catalogue/import"] button`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "catalogue")
	if got := eval(t, ctx, `document.querySelector('.notice').textContent`); got != "Catalogue importé." {
		t.Errorf("after confirming: %q", got)
	}
	titles, _ := f.d.Titles(context.Background())
	if len(titles) != 3+4 {
		t.Errorf("after the browser's import: %d titles", len(titles))
	}
}
