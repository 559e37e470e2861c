package console_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/proto/tlscert"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/kiosk/staff"
)

// Screen sizes the console is checked at: a laptop and a phone.
const (
	laptopW, laptopH = 1366, 768
	phoneW, phoneH   = 390, 844
)

// axeFile is axe-core 4.14.1's axe.min.js as published on npm, vendored
// for the tests only (MPL-2.0, testdata/axe-LICENSE.txt); never served.
const (
	axeFile   = "testdata/axe-4.14.1.min.js"
	axeSHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
)

// The tests share one Chromium, told to accept the console's self-signed
// certificate as the staff do once (docs/install.md); each test gets its
// own tab.
var shared = browsertest.Browser{SelfSigned: true}

func TestMain(m *testing.M) {
	code := m.Run()
	shared.Close()
	os.Exit(code)
}

// tab opens a tab of the shared headless Chromium at w×h, with none of
// the cookies an earlier test left: every console listens on 127.0.0.1,
// and a cookie is the host's whatever the port, so a language one test
// chose (?lang=de) was the next run's (-count=2 saw "Falsche PIN." where
// it wanted "Code faux"). The console's browser tests run one at a time.
func tab(tb testing.TB, w, h int64) context.Context {
	tb.Helper()
	ctx := shared.TabAt(tb, w, h)
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		tb.Fatalf("clear the browser's cookies: %v", err)
	}
	return ctx
}

// eval runs js in the page and returns its string value.
func eval(t testing.TB, ctx context.Context, js string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return s
}

// waitPage waits until the tab shows the console's page name, loaded;
// the tab may be between two pages when it looks.
func waitPage(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	for {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === 'complete' && document.body ? document.body.dataset.page || '' : ''`))
		if err == nil && s == name {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for the %s page (the tab shows %q, %v): %v", name, s, err, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// open loads path of the console and waits for its page.
func open(t testing.TB, ctx context.Context, f *fixture, path, page string) {
	t.Helper()

	if err := chromedp.Do(ctx, chromedp.Navigate(f.url+path)); err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	waitPage(t, ctx, page)
}

// signIn types pin on the sign-in page and submits it; it returns the
// page the console answers with.
func signIn(t testing.TB, ctx context.Context, f *fixture, pin string) string {
	t.Helper()
	open(t, ctx, f, "/login", "login")
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#pin"), pin), chromedp.Click(chromedp.CSS("form.login button[type=submit]"))); err != nil {
		t.Fatalf("sign in: %v", err)
	}
	for {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === 'complete' && document.body ? document.body.dataset.page || '' : ''`))
		if err == nil && s != "" && s != "submitted" {
			return s
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for the answer to the PIN: %v", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// axeSource reads the vendored axe-core, checked against its published
// hash.
func axeSource(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(axeFile)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:]) != axeSHA256 {
		t.Fatalf("%s is not axe-core 4.14.1's axe.min.js", axeFile)
	}
	return string(b)
}

// violation is one axe-core finding.
type violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// accessibility runs axe-core on the tab's page (WCAG 2.1 A and AA and
// best practices) and fails the test on any serious or critical finding.
// axe is evaluated through the DevTools protocol: the page's CSP allows
// no script but its own, and the console never serves axe.
func accessibility(t testing.TB, ctx context.Context, axe, page string) {
	t.Helper()

	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+";true")); err != nil {
		t.Fatalf("%s: load axe-core: %v", page, err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
	  .then((r) => JSON.stringify(r.violations.map((v) => ({id: v.id, impact: v.impact || '', help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: axe-core: %v", page, err)
	}
	var vs []violation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Errorf("%s: axe-core %s (%s): %s at %v", page, v.ID, v.Impact, v.Help, v.Nodes)
		} else {
			t.Logf("%s: axe-core %s (%s): %s at %v", page, v.ID, v.Impact, v.Help, v.Nodes)
		}
	}
}

// download opens the downloads page at path, taps its link (a CSS
// selector) and returns the file that lands on the staff's device.
func download(t testing.TB, ctx context.Context, f *fixture, path, link string) []byte {
	t.Helper()
	dir := t.TempDir()
	progress := chromedp.Events(ctx, cdpbrowser.DownloadProgress)
	open(t, ctx, f, path, "downloads")
	if err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			yes := true
			_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
				Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &yes})
			return err
		}),
		chromedp.Click(chromedp.CSS(link)),
	); err != nil {
		t.Fatal(err)
	}
	for ev, err := range progress {
		if err != nil {
			t.Fatal(err)
		}
		if ev.State == cdpbrowser.DownloadProgressStateCanceled {
			t.Fatal("the download was cancelled")
		}
		if ev.State != cdpbrowser.DownloadProgressStateCompleted {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ev.GUID))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	t.Fatalf("no download from %s", path)
	return nil
}

// forgedPostRefused opens page, served by another site, in the browser
// signed in to f's console, and fails unless the post it makes lands
// on the console's refusal.
func forgedPostRefused(t testing.TB, ctx context.Context, f *fixture, page string) {
	t.Helper()
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer evil.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(evil.URL)); err != nil {
		t.Fatal(err)
	}
	for {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === 'complete' && document.body && document.body.innerText ? location.origin + ' ' + document.body.innerText : ''`))
		if err == nil && strings.HasPrefix(s, f.url) {
			if !strings.Contains(s, "cross-site request refused") {
				t.Errorf("the forged post's answer: %q", s)
			}
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the forged form never reached the console: %q %v", s, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// menu opens every page of the console's menu in turn, by its entry,
// checks it fits the tab and hands it to visit.
func menu(t testing.TB, ctx context.Context, visit func(page string)) {
	t.Helper()
	entries := strings.Fields(eval(t, ctx, `Array.from(document.querySelectorAll('nav a')).map(a => a.getAttribute('href').slice(1)).join(' ')`))
	if len(entries) < 6 {
		t.Fatalf("the menu has %v", entries)
	}
	for _, p := range entries {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav a[href="/`+p+`"]`))); err != nil {
			t.Fatalf("menu %s: %v", p, err)
		}
		waitPage(t, ctx, p)
		visit(p)
		fits(t, ctx, p)
	}
}

// phonePass signs in to f's console in a phone-sized tab and checks
// that each page fits and passes axe-core, naming it with label.
func phonePass(t *testing.T, f *fixture, label string, pages []struct{ path, page string }) {
	t.Helper()
	ctx := tab(t, phoneW, phoneH)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	axe := axeSource(t)
	open(t, ctx, f, "/?lang=de", "login")
	fits(t, ctx, "login")
	if page := signIn(t, ctx, f, testPIN); page != "tables" {
		t.Fatalf("sign in: %s", page)
	}
	for _, p := range pages {
		open(t, ctx, f, p.path, p.page)
		fits(t, ctx, p.path)
		accessibility(t, ctx, axe, label+p.path+" (phone)")
	}
}

// fits fails when the page is wider than the tab (a phone would scroll
// sideways).
func fits(t testing.TB, ctx context.Context, page string) {
	t.Helper()
	if w := eval(t, ctx, `String(document.documentElement.scrollWidth - window.innerWidth)`); w != "0" {
		t.Errorf("%s: %s px wider than the screen", page, w)
	}
}

func TestBrowserSignsInVisitsEveryPageDownloadsAndRefusesAForgedPost(t *testing.T) {
	ctx := tab(t, laptopW, laptopH)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	f := newFixture(t)
	axe := axeSource(t)
	// axe-core takes seconds a page on a busy machine: -short checks the
	// pages that differ most (sign-in, a live call, a game, a form, the
	// forget confirmation), the full run every page.
	check := func(page string, short bool) {
		t.Helper()
		if short || !testing.Short() {
			accessibility(t, ctx, axe, page)
		}
	}

	open(t, ctx, f, "/", "login")
	if got, want := eval(t, ctx, `document.getElementById('phrase').textContent`), tlscert.ShowPhrase(f.h.Phrase(), "fr"); got != want {
		t.Errorf("the sign-in page shows %q, the certificate's words are %q", got, want)
	}
	check("login", true)
	// Wrong PINs, then the limit: the right PIN is refused too.
	for i := range staff.Burst {
		if page := signIn(t, ctx, f, "1111"); page != "login" || !strings.Contains(eval(t, ctx, `document.querySelector('.error').textContent`), "Code faux") {
			t.Fatalf("wrong PIN %d: page %s", i+1, page)
		}
	}
	signIn(t, ctx, f, testPIN)
	if msg := eval(t, ctx, `(document.querySelector('.error') || {}).textContent || ''`); !strings.Contains(msg, "Trop de codes faux") {
		t.Fatalf("the right PIN past the limit: %q", msg)
	}
	check("login with an error", false)
	f.clock.add(staff.Every)
	if page := signIn(t, ctx, f, testPIN); page != "tables" {
		t.Fatalf("the right PIN once a try is back: page %s", page)
	}
	// Every page, by the menu where it has an entry.
	menu(t, ctx, func(p string) { check(p, p == "settings") })
	// The settings page's default options: a choice made in the browser
	// is the table's default.
	// The old page is marked, so that waitPage waits for the answer.
	eval(t, ctx, `document.getElementById('option.canyon.less-luck').value = 'on'; document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[action="/settings/options"] button[type=submit]`))); err != nil {
		t.Fatalf("save the default options: %v", err)
	}
	waitPage(t, ctx, "settings")
	if o, err := f.d.DefaultOptions(context.Background(), "canyon"); err != nil || o["less-luck"] != "on" {
		t.Errorf("after saving in the browser Canyon's default options are %v (%v)", o, err)
	}
	if got := eval(t, ctx, `document.getElementById('option.canyon.less-luck').value`); got != "on" {
		t.Errorf("the settings page shows less-luck=%s after saving on", got)
	}
	// The table is busy: a session's page says so and its replay button
	// cannot be pressed.
	f.screen.setBusy(console.BusyGame)
	for _, p := range []struct{ path, page string }{
		{"/leaderboards?game=canoe&period=all", "leaderboards"},
		{"/leaderboards?period=week&lang=de", "leaderboards"},
		{"/sessions/" + f.session + "?lang=en", "session"},
		{"/players/" + f.lea.ID, "player"},
		{"/players/" + f.lea.ID + "/forget?lang=fr", "forget"},
	} {
		open(t, ctx, f, p.path, p.page)
		check(p.path, p.page == "session" || p.page == "forget")
		fits(t, ctx, p.path)
		if p.page == "session" {
			if eval(t, ctx, `String(document.getElementById('replay').disabled)`) != "true" ||
				!strings.Contains(eval(t, ctx, `document.getElementById('replay-note').textContent`), "a game is being played") {
				t.Error("a busy table's session page offers its replay")
			}
		}
	}
	if got := f.screen.replays(); len(got) != 0 {
		t.Errorf("the busy table was asked to show %v", got)
	}
	// A staff call appears on the tables page without a reload.
	open(t, ctx, f, "/tables", "tables")
	f.h.CallStaff("Table 1")
	for eval(t, ctx, `String(document.querySelectorAll('.call').length)`) != "1" {
		select {
		case <-ctx.Done():
			t.Fatal("the call never showed on the open tables page")
		case <-time.After(50 * time.Millisecond):
		}
	}
	check("tables with a call", true)

	// A download lands on the staff's device.
	b := download(t, ctx, f, "/downloads", `a[href^="/export/results.csv"]`)
	if !strings.HasPrefix(string(b), db.CSVBOM+"session;ended;") || !strings.Contains(string(b), "Léa") {
		t.Errorf("the downloaded results: %q", b[:min(80, len(b))])
	}

	// Another site's page, open in the same browser while the staff are
	// signed in, posts to the console: a form and a fetch. Neither may
	// change anything.
	target := f.url + "/players/" + f.lea.ID
	forgedPostRefused(t, ctx, f, fmt.Sprintf(`<!doctype html><html lang="en"><body data-page="evil"><form id="f" method="post" action="%s/forget">
<input name="csrf" value="guessed"></form><script>
fetch(%q, {method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams({name: 'Pwned', csrf: 'guessed'})})
  .finally(() => document.getElementById('f').submit());
</script></body></html>`, target, target+"/rename"))
	p, err := f.d.Player(context.Background(), f.lea.ID)
	if err != nil || p.Nickname != "Léa" {
		t.Fatalf("after the forged posts Léa is %+v (%v)", p, err)
	}
	// The staff are still signed in: only the forgery failed.
	open(t, ctx, f, "/players/"+f.lea.ID, "player")
}

func TestBrowserPhoneSizedPagesFitAndPassAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("the phone-sized pass: full runs only (the laptop pass covers the same pages in -short)")
	}
	f := newFixture(t)
	boxesOutAndBack(t, f) // the catalogue's notes and boxes at tables, on a phone too
	phonePass(t, f, "", []struct{ path, page string }{
		{"/tables", "tables"}, {"/leaderboards?game=canoe", "leaderboards"}, {"/sessions", "sessions"},
		{"/sessions/" + f.session, "session"}, {"/players", "players"}, {"/players/" + f.lea.ID, "player"},
		{"/downloads", "downloads"}, {"/settings", "settings"}, {"/catalogue", "catalogue"},
	})
}
