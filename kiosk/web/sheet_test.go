package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
)

// openSheetKiosk is a table keeping the score of title (its ready sheet)
// for seats phones.
func openSheetKiosk(t testing.TB, title string, seats int) *kiosk {
	t.Helper()
	dir := t.TempDir()
	cfg := table.Config{Name: "Table 1", DBPath: filepath.Join(dir, "t.db"), DataDir: dir,
		Addr: "127.0.0.1:0", Games: catalog.Plays(), Logger: testLogger(t)}
	tb, err := table.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	opts := sheet.New().OptionsFor(title)
	if _, err := tb.Start(context.Background(), sheet.ID, opts, make([]table.Seat, seats)); err != nil {
		t.Fatal(err)
	}
	return &kiosk{Table: tb, join: tb.JoinInfo("127.0.0.1")}
}

// sheetPhone is a seat of a score sheet played from Go over the web
// channel, as a second phone at the table would.
type sheetPhone struct {
	t    *testing.T
	p    *phone
	seat engine.Seat
	last *sheet.View // its latest view
	raw  [][]byte    // every view it received, as received
}

func joinSheetPhone(t *testing.T, ctx context.Context, k *kiosk, name string) *sheetPhone {
	t.Helper()
	p := dialPhone(t, ctx, k.WebAddr(), k.join.BoxKey)
	if err := p.send(ctx, map[string]any{"type": "join", "code": k.join.Code, "name": name}); err != nil {
		t.Fatal(err)
	}
	m := p.until(t, ctx, "welcome")
	if m.Type != "welcome" || m.Seat == nil {
		t.Fatalf("%s joining: %+v", name, m)
	}
	return &sheetPhone{t: t, p: p, seat: *m.Seat}
}

// viewUntil reads views until ok says the latest is the one awaited.
func (s *sheetPhone) viewUntil(ctx context.Context, what string, ok func(*sheet.View) bool) *sheet.View {
	s.t.Helper()
	for {
		if s.last != nil && ok(s.last) {
			return s.last
		}
		m, err := s.p.read(ctx)
		if err != nil {
			s.t.Fatalf("seat %d waiting for %s (last view %+v): %v", s.seat, what, s.last, err)
		}
		if m.Type == "error" {
			s.t.Fatalf("seat %d waiting for %s: %+v", s.seat, what, *m.Error)
		}
		if m.Type != "view" {
			continue
		}
		s.raw = append(s.raw, m.View)
		v, err := engine.DecodeView(catalog.Sheet(), m.View)
		if err != nil {
			s.t.Fatalf("seat %d: %v in %s", s.seat, err, m.View)
		}
		s.last = v.(*sheet.View)
	}
}

func (s *sheetPhone) move(ctx context.Context, m sheet.Move) {
	s.t.Helper()
	data, _ := json.Marshal(m)
	if err := s.p.send(ctx, map[string]any{"type": "move", "move": json.RawMessage(data)}); err != nil {
		s.t.Fatal(err)
	}
}

func cellOf(v *sheet.View, seat int, cat string, round int) (sheet.Cell, bool) {
	for _, c := range v.Cells {
		if c.Seat == seat && c.Category == cat && c.Round == round {
			return c, true
		}
	}
	return sheet.Cell{}, false
}

// writeOnPage types text into the page's field of cat (round) and
// writes it with the field's own button.
func writeOnPage(t *testing.T, ctx context.Context, cat string, round int, text string) {
	t.Helper()
	sel := fmt.Sprintf("#cell-%s-%d", cat, round)
	typeInto(t, ctx, sel, text)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+" ~ button"))); err != nil {
		t.Fatalf("write %s: %v", sel, err)
	}
}

const sheetText = `(() => { const s = document.querySelector('#app .sheet'); return s ? s.innerText : ''; })()`

// said is the refusal shown under the field of cat (round).
func saidAt(cat string, round int) string {
	return fmt.Sprintf(`(() => { const r = document.getElementById('cell-%s-%d').closest('.row').querySelector('.said'); return r.hidden ? '' : r.textContent; })()`, cat, round)
}

// TestBrowserKeepsItsOwnScoreSheet: a guest fills in their own Skull King
// sheet on the page while another phone fills in theirs: every line of the
// sheet per round in the guest's language, the bid marked private, sums
// typed as 3+6+2 shown as their total with the sum in sight, a value
// beyond the limit and a negative bid refused in words, a correction, the
// other seat's public total with its private line said hidden, what is
// missing in words; the other phone never receives the bid before the
// reveal; then the results and the play saved as CSV.
func TestBrowserKeepsItsOwnScoreSheet(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	k := openSheetKiosk(t, "Skull King", 2)
	other := joinSheetPhone(t, ctx, k, "=HYPERLINK(1)")
	joinInBrowser(t, ctx, k, "Anja")
	var layout layoutCheck
	waitState(t, ctx, "the sheet", func(s string) bool { return s == "sheet-fill" })
	waitFor(t, ctx, "the sheet's fields", `String(document.querySelectorAll('#app .sheet input.score').length)`, "20")
	text := eval(t, ctx, sheetText)
	for _, want := range []string{"Votre feuille · Skull King", "Annonce", "Points de la manche", "Manche 10",
		frText(t, "sheetphone.private", nil), frText(t, "sheetphone.tie_only", nil), frText(t, "sheetphone.negative", nil),
		"Vous n'avez pas de score pour Annonce à la manche 1."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
	if n := eval(t, ctx, `String(document.querySelectorAll('#app .sheet fieldset.priv').length)`); n != "1" {
		t.Errorf("%s lines marked private, want the bid's", n)
	}
	layout.look(t, ctx, "sheet-fill")

	// Refused in words, nothing sent: beyond the limit, a negative bid,
	// a character no score has.
	writeOnPage(t, ctx, "points", 1, "100000")
	waitFor(t, ctx, "the limit named", saidAt("points", 1), "Un score va jusqu'à 99\u202f999, pas plus.")
	writeOnPage(t, ctx, "bid", 1, "-1")
	waitFor(t, ctx, "the negative bid refused", saidAt("bid", 1), "Annonce n'est jamais négatif.")
	writeOnPage(t, ctx, "bid", 2, "2*3")
	waitFor(t, ctx, "the character refused", saidAt("bid", 2), frText(t, "sheet.refused.sum-character", map[string]any{"Char": "*", "At": 2}))
	layout.look(t, ctx, "sheet-refused")

	// The bid, private, and the round's points as a sum.
	writeOnPage(t, ctx, "bid", 1, "1")
	v := other.viewUntil(ctx, "the page's bid", func(v *sheet.View) bool { _, ok := cellOf(v, 1, "bid", 1); return ok })
	if c, _ := cellOf(v, 1, "bid", 1); !c.Hidden || c.Value != 0 {
		t.Errorf("the other phone sees the page's bid before the reveal: %+v", c)
	}
	writeOnPage(t, ctx, "points", 1, "20+10-5")
	other.viewUntil(ctx, "the page's points", func(v *sheet.View) bool { c, ok := cellOf(v, 1, "points", 1); return ok && c.Value == 25 })
	waitFor(t, ctx, "the sum beside its total", `document.getElementById('cell-points-1').closest('.row').querySelector('.sum').textContent`, "20+10-5 = 25")
	if got := eval(t, ctx, `document.getElementById('cell-points-1').value`); got != "25" {
		t.Errorf("the field shows %q, want the total 25", got)
	}

	// The other seat writes its bid and points: its total is public,
	// its bid said hidden.
	other.move(ctx, sheet.Enter(other.seat, "bid", 1, 0))
	other.move(ctx, sheet.Enter(other.seat, "points", 1, 30))
	waitFor(t, ctx, "the other's total", `(() => { const r = document.querySelectorAll('#app .totals tr')[0]; return r ? r.textContent : ''; })()`,
		"=HYPERLINK(1)30 points "+frText(t, "sheetphone.hidden", map[string]any{"N": 1}))
	if !strings.Contains(eval(t, ctx, sheetText), "=HYPERLINK(1) n'a pas de score pour Annonce à la manche 2.") {
		t.Errorf("the other seat's missing line is not named:\n%s", eval(t, ctx, sheetText))
	}
	// A correction.
	writeOnPage(t, ctx, "points", 1, "30")
	other.viewUntil(ctx, "the corrected points", func(v *sheet.View) bool { c, _ := cellOf(v, 1, "points", 1); return c.Value == 30 })
	waitFor(t, ctx, "the corrected total", `document.querySelector('#app .sheet .total').textContent`, "Votre total : 30")
	layout.look(t, ctx, "sheet-written")

	// Seat 0 reveals the bids (as the table does), then stops the play.
	other.move(ctx, sheet.Move{Kind: sheet.KindReveal, Category: "bid", Round: 1})
	waitFor(t, ctx, "the bid revealed", `document.getElementById('cell-bid-1').closest('.row').querySelector('.mark').textContent`, frText(t, "sheetphone.revealed", nil))
	other.move(ctx, sheet.Move{Kind: sheet.KindStop})
	waitState(t, ctx, "the results", func(s string) bool { return s == "result" })
	layout.look(t, ctx, "result")
	res := eval(t, ctx, `document.getElementById('app').innerText`)
	for _, want := range []string{frText(t, "rule.end.sheet-stopped", nil), "Votre feuille", frText(t, "sheetphone.save", nil)} {
		if !strings.Contains(res, want) {
			t.Errorf("the results lack %q:\n%s", want, res)
		}
	}
	csv := savedCSV(t, ctx)
	for i, raw := range other.raw {
		if strings.Contains(string(raw), `{"seat":1,"category":"bid","round":1,"value"`) && !strings.Contains(string(raw), `"revealed"`) {
			t.Errorf("view %d of the other phone holds the page's bid before the reveal: %s", i, raw)
		}
	}
	day := time.Now().Format("2006-01-02")
	lines := strings.Split(csv, "\n")
	if len(lines) != 4 || lines[0] != "\ufeffplay,date,quantity,length,incomplete,location,game,name,startposition,color,score,new,win" ||
		!strings.HasPrefix(lines[1], "1,"+day+",1,") || !strings.HasSuffix(lines[1], ",1,Table 1,Skull King,'=HYPERLINK(1),1,,30,0,0") ||
		!strings.HasSuffix(lines[2], ",1,Table 1,Skull King,Anja,2,,30,0,0") {
		t.Errorf("the saved play reads:\n%s", csv)
	}
	checkBGStatsLink(t, ctx, playcsv.Play{Location: "Table 1", Game: "Skull King",
		Players: []playcsv.Player{{Name: "=HYPERLINK(1)", Seat: 0, Score: 30}, {Name: "Anja", Seat: 1, Score: 30}}}, []int{1, 1})

	// The table plays again: the phone still keeps the play before.
	if _, err := k.PlayAgain(ctx); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the next sheet", func(s string) bool { return s == "sheet-fill" })
	waitFor(t, ctx, "the play kept", `(document.getElementById('savekept') || {}).textContent || ''`, frText(t, "sheetphone.save_kept", map[string]any{"N": 1}))
	if got := eval(t, ctx, `document.getElementById('cell-points-1').value`); got != "" {
		t.Errorf("the next play's sheet shows %q: the last play's values", got)
	}
	kept, err := url.PathUnescape(strings.TrimPrefix(eval(t, ctx, `document.getElementById('savekept').href`), "data:text/csv;charset=utf-8,"))
	if err != nil || kept != csv {
		t.Errorf("the kept play reads\n%s\nwant the one saved\n%s", kept, csv)
	}
	layout.look(t, ctx, "sheet-fill again")
	layout.report(t)
}

// checkBGStatsLink reads the page's link to BG Stats and compares its
// play with playcsv.BGStatsJSON's for want (its date, length and id the
// page's own: they come from its clock).
func checkBGStatsLink(t *testing.T, ctx context.Context, want playcsv.Play, ranks []int) {
	t.Helper()
	href := eval(t, ctx, `document.getElementById('bgstats').getAttribute('href')`)
	data, err := url.PathUnescape(strings.TrimPrefix(href, playcsv.BGStatsScheme))
	if err != nil || !strings.HasPrefix(href, playcsv.BGStatsScheme) {
		t.Fatalf("the BG Stats link %.80q: %v", href, err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(data), &got); err != nil {
		t.Fatalf("the BG Stats link holds %s: %v", data, err)
	}
	id, _ := got["sourcePlayId"].(string)
	date, _ := got["playDate"].(string)
	if !strings.HasPrefix(id, want.Location+"/") || !regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`).MatchString(date) {
		t.Errorf("the BG Stats play's id %q, date %q", id, date)
	}
	wantJSON, err := playcsv.BGStatsJSON(want, playcsv.BGStatsGame{HighestWins: true, ID: "skullking"}, id, ranks)
	if err != nil {
		t.Fatal(err)
	}
	var w map[string]any
	json.Unmarshal(wantJSON, &w)
	for _, m := range []map[string]any{got, w} {
		delete(m, "playDate")
		delete(m, "durationMin")
	}
	if !reflect.DeepEqual(got, w) {
		t.Errorf("the page hands BG Stats\n%v\nwant\n%v", got, w)
	}
}

// savedCSV reads the file the page's save link downloads, its bytes
// as the download writes them.
func savedCSV(t *testing.T, ctx context.Context) string {
	t.Helper()
	href := eval(t, ctx, `document.getElementById('savecsv').href`)
	prefix := "data:text/csv;charset=utf-8,"
	if !strings.HasPrefix(href, prefix) {
		t.Fatalf("the save link is %.60q", href)
	}
	got, err := url.PathUnescape(href[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	if name := eval(t, ctx, `document.getElementById('savecsv').download`); !strings.HasSuffix(name, ".csv") {
		t.Errorf("the file is named %q", name)
	}
	return got
}

// pageWrite writes text in the page's field of cat (round) as a guest
// does: the field's value, then its own button.
func pageWrite(t *testing.T, ctx context.Context, p webPage, cat string, round int, text string) {
	t.Helper()
	js := fmt.Sprintf(`((text) => { const i = document.getElementById('cell-%s-%d'); i.focus(); i.value = text;
	  i.closest('form').querySelector('button').click(); return 'ok'; })(%s)`, cat, round, jsString(text))
	if _, err := p.eval(ctx, js); err != nil {
		t.Fatalf("write %q in %s#%d: %v", text, cat, round, err)
	}
}

// keepAScoreSheet fills a Skull King sheet in p's browser beside another
// phone: the fields, a sum, a refusal in words, the private bid kept off
// the other phone, the sum still beside its total after a reload, the
// results and the play saved as CSV; the layout and axe-core's rules
// checked on the sheet and on the results.
func keepAScoreSheet(t *testing.T, p webPage, browser, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	k := openSheetKiosk(t, "Skull King", 2)
	other := joinSheetPhone(t, ctx, k, "Bernd")
	pageJoin(t, ctx, p, browser, k, name)
	pageWait(t, ctx, p, browser, "the sheet's fields", `String(document.querySelectorAll('#app .sheet input.score').length)`, func(s string) bool { return s == "20" })
	pageWrite(t, ctx, p, "points", 1, "100000")
	pageWait(t, ctx, p, browser, "the limit named", saidAt("points", 1), func(s string) bool { return s == "Un score va jusqu'à 99\u202f999, pas plus." })
	pageWrite(t, ctx, p, "bid", 1, "2")
	v := other.viewUntil(ctx, "the page's bid", func(v *sheet.View) bool { _, ok := cellOf(v, 1, "bid", 1); return ok })
	if c, _ := cellOf(v, 1, "bid", 1); !c.Hidden || c.Value != 0 {
		t.Errorf("%s: the other phone sees the bid before the reveal: %+v", browser, c)
	}
	pageWrite(t, ctx, p, "points", 1, "3+6+2")
	other.viewUntil(ctx, "the page's points", func(v *sheet.View) bool { c, _ := cellOf(v, 1, "points", 1); return c.Value == 11 })
	sum := `document.getElementById('cell-points-1').closest('.row').querySelector('.sum').textContent`
	pageWait(t, ctx, p, browser, "the sum beside its total", sum, func(s string) bool { return s == "3+6+2 = 11" })
	if err := p.reload(ctx); err != nil {
		t.Fatal(err)
	}
	pageWait(t, ctx, p, browser, "the sum after a reload", sum, func(s string) bool { return s == "3+6+2 = 11" })
	pageWait(t, ctx, p, browser, "the field after a reload", `document.getElementById('cell-points-1').value`, func(s string) bool { return s == "11" })
	var layout layoutCheck
	if pr, err := p.eval(ctx, layoutProblems); err == nil && pr != "" {
		layout.note(pr, "sheet-fill")
	}
	if pr := pageAxe(t, ctx, p, browser); pr != "" {
		layout.note(pr, "sheet-fill")
	}
	other.move(ctx, sheet.Enter(other.seat, "points", 1, 4))
	other.move(ctx, sheet.Move{Kind: sheet.KindStop})
	pageWait(t, ctx, p, browser, "the results", stateJS, func(s string) bool { return s == "result" })
	if pr, err := p.eval(ctx, layoutProblems); err == nil && pr != "" {
		layout.note(pr, "result")
	}
	if pr := pageAxe(t, ctx, p, browser); pr != "" {
		layout.note(pr, "result")
	}
	layout.report(t)
	href, err := p.eval(ctx, `document.getElementById('savecsv').href`)
	if err != nil {
		t.Fatal(err)
	}
	csv, _ := url.PathUnescape(strings.TrimPrefix(href, "data:text/csv;charset=utf-8,"))
	if !strings.HasPrefix(csv, "\ufeffplay,date,") || !strings.Contains(csv, ",Skull King,Bernd,1,,4,0,0\n") ||
		!strings.Contains(csv, ",1,Table 1,Skull King,"+name+",2,,11,0,1\n") {
		t.Errorf("%s saves the play as:\n%s", browser, csv)
	}
}

func TestFirefoxKeepsItsOwnScoreSheet(t *testing.T) {
	keepAScoreSheet(t, openFirefox(t), "Firefox", "Firmin")
}

func TestWebKitKeepsItsOwnScoreSheet(t *testing.T) {
	keepAScoreSheet(t, openWebKit(t), "WebKit", "Safia")
}

// sheetWritten seats the page at a Skull King sheet beside another phone
// and writes a few lines on both: the page's bid (private), its points
// as a sum, the other's bid and points, a refusal under a field.
func sheetWritten(t *testing.T, ctx context.Context) {
	t.Helper()
	k := openSheetKiosk(t, "Skull King", 2)
	other := joinSheetPhone(t, ctx, k, "Bernd")
	joinInBrowser(t, ctx, k, "Anja")
	waitState(t, ctx, "the sheet", func(s string) bool { return s == "sheet-fill" })
	waitFor(t, ctx, "the sheet's fields", `String(document.querySelectorAll('#app .sheet input.score').length)`, "20")
	writeOnPage(t, ctx, "bid", 1, "2")
	writeOnPage(t, ctx, "points", 1, "20+10-5")
	other.viewUntil(ctx, "the page's points", func(v *sheet.View) bool { c, ok := cellOf(v, 1, "points", 1); return ok && c.Value == 25 })
	other.move(ctx, sheet.Enter(other.seat, "bid", 1, 1))
	other.move(ctx, sheet.Enter(other.seat, "points", 1, 20))
	waitFor(t, ctx, "the other's total", `(() => { const r = document.querySelectorAll('#app .totals tr')[0]; return r ? r.textContent : ''; })()`,
		"Bernd20 points "+frText(t, "sheetphone.hidden", map[string]any{"N": 1}))
	writeOnPage(t, ctx, "bid", 2, "-1")
	waitFor(t, ctx, "the negative bid refused", saidAt("bid", 2), "Annonce n'est jamais négatif.")
	eval(t, ctx, `(() => { document.activeElement.blur(); document.getElementById('app').scrollTop = 0; return ''; })()`)
}

// TestAGuestWritesEveryLine: browsertest.GuestWrites, what the journeys'
// web seats do on a sheet, fills every line of the page's seat.
func TestAGuestWritesEveryLine(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	k := openSheetKiosk(t, "7 Wonders", 2)
	other := joinSheetPhone(t, ctx, k, "Bernd")
	joinInBrowser(t, ctx, k, "Anja")
	writes := 0
	for waitState(t, ctx, "the sheet", func(s string) bool { return strings.HasPrefix(s, "sheet-") }) == "sheet-fill" {
		if eval(t, ctx, browsertest.GuestWrites) != "" {
			writes++
		}
		pause(t, ctx, "the next line", "sheet-fill")
	}
	v := other.viewUntil(ctx, "the page's lines", func(v *sheet.View) bool {
		for _, m := range v.Missing {
			if m.Seat == 1 {
				return false
			}
		}
		return true
	})
	if n := len(v.Cells); n != 8 || writes != 8 {
		t.Errorf("%d writes, %d lines on the sheet, want the 8 of 7 Wonders", writes, n)
	}
	if s := eval(t, ctx, `document.querySelector('#app .sheet .total').textContent`); s != "Votre total : 21" {
		t.Errorf("the total reads %q, want 7 lines of 3 (the coins only break a tie)", s)
	}
}

// TestBrowserSheetFitsAtDoubleZoom: at 200 % (half the CSS pixels) the
// sheet is no wider than the screen and every field and button is whole.
func TestBrowserSheetFitsAtDoubleZoom(t *testing.T) {
	ctx := chrome.TabAt(t, phoneW/2, phoneH/2)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	sheetWritten(t, ctx)
	if w := eval(t, ctx, `String(document.documentElement.scrollWidth) + ' ' + String(innerWidth)`); w != "180 180" {
		t.Errorf("at 200 %% the page is %s CSS px wide for the screen's", w)
	}
	if p := eval(t, ctx, layoutProblems); p != "" {
		t.Errorf("at 200 %%: %s", p)
	}
}

// TestEveryPageHoldsTheSheet: a table offering only the four games
// serves the very page of one that also keeps shelf games' scores — the
// sheet's name and rules included — so the venue hub's copy of the page
// is the same for both (web.PageHeader).
func TestEveryPageHoldsTheSheet(t *testing.T) {
	four, err := web.NewPage(web.PageConfig{Games: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	plays, err := web.NewPage(web.PageConfig{Games: catalog.Plays()})
	if err != nil {
		t.Fatal(err)
	}
	if four.PageHash() != plays.PageHash() {
		t.Errorf("the page differs with the sheet in the registry: %s, %s", four.PageHash(), plays.PageHash())
	}
	for _, path := range []string{"/rules/sheet.fr.html", "/sheets/ready.json"} {
		rec := httptest.NewRecorder()
		four.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
}

// TestBrowserSaysATieTheSheetCannotBreak: another game's generic sheet,
// both seats on 5: the page says they are tied and the group decides.
func TestBrowserSaysATieTheSheetCannotBreak(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	k := openSheetKiosk(t, "Les Loups-Garous de Thiercelieux", 2)
	other := joinSheetPhone(t, ctx, k, "Bernd")
	joinInBrowser(t, ctx, k, "Anja")
	waitFor(t, ctx, "the generic sheet", `String(document.querySelectorAll('#app .sheet input.score').length)`, "1")
	if h := eval(t, ctx, `document.querySelector('#app .sheet h2').textContent`); h != "Votre feuille · Les Loups-Garous de Thiercelieux" {
		t.Errorf("the sheet's heading reads %q", h)
	}
	other.move(ctx, sheet.Enter(other.seat, "points", 1, 5))
	writeOnPage(t, ctx, "points", 1, "2+3")
	waitFor(t, ctx, "the tie said", `(document.querySelector('#app .sheet .undecided') || {}).textContent || ''`,
		frText(t, "sheet.undecided.tie", map[string]any{"Names": "Bernd, Anja"}))
}

// TestAGuestTapsThroughASheet: browsertest.GuestTap, which the journeys'
// web seats play every game with, fills a score sheet's seat too.
func TestAGuestTapsThroughASheet(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	k := openSheetKiosk(t, "Azul", 2)
	joinSheetPhone(t, ctx, k, "Bernd")
	joinInBrowser(t, ctx, k, "Anja")
	taps := playUntil(t, ctx, "the page's lines written", func(s string) bool { return s == "sheet-done" })
	if fields := eval(t, ctx, `String(document.querySelectorAll('#app .sheet input.score').length)`); fmt.Sprint(taps) != fields || taps < 2 {
		t.Errorf("%d taps for Azul's %s fields of a first round", taps, fields)
	}
}
