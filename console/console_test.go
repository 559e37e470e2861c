package console_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/gate"
	"github.com/tablee/tablee/kiosk/staff"
)

func TestLoginPageShowsTheVerificationWordsUnderAStrictPolicy(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	b := f.browser(t)
	r := b.get("/")
	if r.StatusCode != http.StatusOK || f.h.Phrase() == "" || !strings.Contains(r.body, f.h.Phrase()) {
		t.Fatalf("GET /: %d, phrase %q not on the page:\n%s", r.StatusCode, f.h.Phrase(), r.body)
	}
	if !strings.Contains(r.body, `name="pin"`) || !strings.Contains(r.body, `action="/login"`) {
		t.Errorf("no PIN form on the login page")
	}
	for _, path := range []string{"/", "/console.css", "/console.js", "/login"} {
		h := b.get(path).Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "form-action 'self'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") || strings.Contains(csp, "http:") || strings.Contains(csp, "*") {
			t.Errorf("%s: CSP %q allows more than the console itself", path, csp)
		}
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	// No inline script nor style anywhere: the policy would block them.
	for _, page := range []string{r.body} {
		if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, " onclick=") {
			t.Errorf("inline script or style on the login page")
		}
	}
}

func TestExportAnswersOnlyASignedInBrowser(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	b := f.browser(t)
	r := b.get("/export/results.csv")
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/login" || strings.Contains(r.body, f.lea.ID) {
		t.Fatalf("without a session: %d %q\n%s", r.StatusCode, r.Header.Get("Location"), r.body)
	}
	if r := b.login(testPIN); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/tables" {
		t.Fatalf("sign in: %d %q", r.StatusCode, r.Header.Get("Location"))
	}
	b.lang = "fr-FR"
	r = b.get("/export/results.csv")
	if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
		!strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("with a session: %d %v", r.StatusCode, r.Header)
	}
	if !strings.HasPrefix(r.body, db.CSVBOM+"session;ended;game;seat;") {
		t.Errorf("French export does not start with the BOM and ';': %q", r.body[:min(60, len(r.body))])
	}
	if !strings.Contains(r.body, "Léa") || !strings.Contains(r.body, ";'=HYPERLINK(1);") {
		t.Errorf("the export lacks Léa or runs the formula name:\n%s", r.body)
	}
	b.lang = "en"
	if r := b.get("/export/players.csv"); !strings.HasPrefix(r.body, db.CSVBOM+"player,name,") {
		t.Errorf("English export: %q", r.body[:min(40, len(r.body))])
	}
	r = b.get("/export/tablee.db")
	if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.body, "SQLite format 3\x00") {
		t.Errorf("database copy: %d, %q", r.StatusCode, r.body[:min(16, len(r.body))])
	}
	if r := b.get("/export/secrets.csv"); r.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown export: %d", r.StatusCode)
	}
}

func TestSignInSetsAStrictSessionCookie(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	b := f.browser(t)
	r := b.login(testPIN)
	var c *http.Cookie
	for _, x := range r.Cookies() {
		if x.Name == console.CookieName {
			c = x
		}
	}
	if c == nil {
		t.Fatalf("no session cookie: %v", r.Header)
	}
	if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Domain != "" {
		t.Errorf("cookie flags: %+v", c)
	}
	if c.MaxAge <= 0 || c.MaxAge > int(console.SessionTTL/time.Second) || c.Expires.IsZero() {
		t.Errorf("cookie expiry: max-age %d, expires %v", c.MaxAge, c.Expires)
	}
	if len(c.Value) < 40 {
		t.Errorf("session token %q: too short to be 32 random bytes", c.Value)
	}
	if r := b.get("/tables"); r.StatusCode != http.StatusOK {
		t.Fatalf("signed in: %d", r.StatusCode)
	}
	// The token lives on the server: it ends with its expiry, and with
	// signing out.
	f.clock.add(console.SessionTTL)
	if r := b.get("/tables"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("after the session's end: %d", r.StatusCode)
	}
	b.login(testPIN)
	token := b.cookie.Value
	r = b.post("/logout", url.Values{"csrf": {b.csrf()}})
	if r.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign out: %d", r.StatusCode)
	}
	b.cookie = &http.Cookie{Name: console.CookieName, Value: token}
	if r := b.get("/tables"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the token still works after signing out: %d", r.StatusCode)
	}
}

// An attacker's wrong-PIN stream from one address, then from many,
// beside the staff's right PIN from another (the audit's lock-out): the
// staff get in every time, the attacker's address is locked out and
// listed, and the table's own PIN pad (its gate over the database's
// budget) is untouched.
func TestAWrongPINStreamLocksOutOnlyItsAddress(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	attacker := f.browserFrom(t, "127.0.0.2")
	for i := range staff.Burst {
		if r := attacker.login("1111"); r.StatusCode != http.StatusUnauthorized || attacker.cookie != nil {
			t.Fatalf("wrong PIN %d: %d", i+1, r.StatusCode)
		}
	}
	r := attacker.login(testPIN)
	if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || attacker.cookie != nil {
		t.Fatalf("the right PIN from the locked-out address: %d %v", r.StatusCode, r.Header)
	}
	staffAt := func(addr string) {
		t.Helper()
		b := f.browserFrom(t, addr)
		if r := b.login(testPIN); r.StatusCode != http.StatusSeeOther || b.cookie == nil {
			t.Fatalf("the staff's right PIN from %s while %v are locked out: %d", addr, f.h.Lockouts(), r.StatusCode)
		}
	}
	// The stream goes on beside the staff's right PIN.
	for i := range 4 {
		attacker.login(fmt.Sprint(1000 + i))
		staffAt("127.0.0.1")
	}
	// Many addresses together pass the venue-wide ceiling: a fresh
	// address still gets its try.
	for i := range 2 * gate.Ceiling {
		f.browserFrom(t, fmt.Sprintf("127.0.1.%d", i+1)).login("1111")
	}
	staffAt("127.0.0.9")
	shown := f.browserFrom(t, "127.0.0.9")
	shown.cookie = nil
	shown.login(testPIN)
	if page := shown.get("/tables"); !strings.Contains(page.body, "127.0.0.2") {
		t.Errorf("the tables page does not show the lock-out of 127.0.0.2:\n%s", page.body)
	}
	locked := f.h.Lockouts()
	if len(locked) == 0 || locked[0].From != "127.0.0.2" {
		t.Errorf("the lock-outs shown: %v, want 127.0.0.2 first", locked)
	}
	// The pad keeps its own budget: nothing was spent from it.
	if until, err := f.d.StaffPINLimit(context.Background()); err != nil || !until.IsZero() {
		t.Errorf("the console's wrong PINs spent the pad's budget: %v %v", until, err)
	}
	pad := staff.NewGate(console.PINStore{DB: f.d}, f.clock.Now)
	if err := pad.Check(context.Background(), testPIN); err != nil {
		t.Errorf("the table's PIN pad refused the right PIN after the console's attack: %v", err)
	}
	// The attacker's address gets a try again with time.
	f.clock.add(gate.Burst * gate.Every)
	if r := attacker.login(testPIN); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the right PIN from 127.0.0.2 after %v: %d", gate.Burst*gate.Every, r.StatusCode)
	}
}

func TestStateChangesNeedTheTokenAndTheOrigin(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f, b, token := signedIn(t)
	rename := "/players/" + f.lea.ID + "/rename"
	named := func() string {
		p, err := f.d.Player(context.Background(), f.lea.ID)
		if err != nil {
			t.Fatal(err)
		}
		return p.Nickname
	}
	for _, c := range []struct {
		name   string
		form   url.Values
		origin string
		site   string
	}{
		{"no token", url.Values{"name": {"Mallory"}}, f.url, ""},
		{"a wrong token", url.Values{"name": {"Mallory"}, "csrf": {token + "x"}}, f.url, ""},
		{"another origin", url.Values{"name": {"Mallory"}, "csrf": {token}}, "https://evil.example", ""},
		{"a cross-site fetch", url.Values{"name": {"Mallory"}, "csrf": {token}}, "", "cross-site"},
		{"the null origin", url.Values{"name": {"Mallory"}, "csrf": {token}}, "null", ""},
	} {
		req, _ := http.NewRequest(http.MethodPost, f.url+rename, strings.NewReader(c.form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		if c.site != "" {
			req.Header.Set("Sec-Fetch-Site", c.site)
		}
		if r := b.do(req); r.StatusCode != http.StatusForbidden || named() != "Léa" {
			t.Errorf("%s: %d, name now %q", c.name, r.StatusCode, named())
		}
	}
	// Another site's form cannot sign in either.
	if r := b.postFrom("/login", url.Values{"pin": {testPIN}}, "https://evil.example"); r.StatusCode != http.StatusForbidden {
		t.Errorf("a sign-in from another origin: %d", r.StatusCode)
	}
	r := b.post(rename, url.Values{"name": {"  Léa M.  "}, "csrf": {token}})
	if r.StatusCode != http.StatusSeeOther || named() != "Léa M." {
		t.Errorf("with the token: %d, name %q", r.StatusCode, named())
	}
	// Names are cleaned as on the wire: control characters are refused.
	if r := b.post(rename, url.Values{"name": {"Eve\u202e"}, "csrf": {token}}); r.StatusCode != http.StatusBadRequest || named() != "Léa M." {
		t.Errorf("a name with a bidi override: %d, name %q", r.StatusCode, named())
	}
}

func TestEveryPageSpeaksEachLanguage(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	b := f.browser(t)
	b.login(testPIN)
	pages := []string{"/tables", "/leaderboards", "/leaderboards?game=canoe&period=all", "/leaderboards?period=week",
		"/sessions", "/sessions?game=canoe&player=l%C3%A9a&from=2000-01-01&to=2999-12-31", "/sessions/" + f.session,
		"/players", "/players?q=lea", "/players/" + f.lea.ID, "/players/" + f.lea.ID + "/forget", "/downloads", "/settings"}
	for _, lang := range []string{"fr", "de", "en"} {
		for _, p := range pages {
			sep := "?"
			if strings.Contains(p, "?") {
				sep = "&"
			}
			r := b.get(p + sep + "lang=" + lang)
			if r.StatusCode != http.StatusOK {
				t.Errorf("%s in %s: %d\n%s", p, lang, r.StatusCode, r.body)
				continue
			}
			if !strings.Contains(r.body, `<html lang="`+lang+`">`) {
				t.Errorf("%s in %s: not in that language", p, lang)
			}
			if i := strings.Index(r.body, "console."); i >= 0 && !strings.Contains(r.body[max(0, i-6):i], "/") {
				t.Errorf("%s in %s: a text's key shows: %q", p, lang, r.body[i:min(len(r.body), i+40)])
			}
		}
	}
	// The session's page names the players, their results and rating
	// changes, and says the moves in words.
	b.lang = "fr"
	r := b.get("/sessions/" + f.session + "?lang=fr")
	for _, want := range []string{"Léa", "=HYPERLINK(1)", "→", "<ol class=\"moves\">"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the session's page lacks %q", want)
		}
	}
	if strings.Contains(r.body, `"kind"`) || strings.Contains(r.body, `{"v"`) {
		t.Error("the session's page shows the engine's notation")
	}
	// Filters: a player who did not play finds nothing.
	if r := b.get("/sessions?player=nobody"); strings.Contains(r.body, "/sessions/"+f.session) {
		t.Error("the player filter kept a session without that player")
	}
	if r := b.get("/leaderboards?game=canoe&period=all&lang=en"); !strings.Contains(r.body, "Léa") {
		t.Error("the all-time board lacks Léa")
	}
}

func TestAStaffCallShowsUntilAnswered(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f := newFixture(t)
	b := f.browser(t)
	b.login(testPIN)
	b.lang = "en"
	if r := b.get("/tables"); strings.Contains(r.body, `class="call"`) {
		t.Fatal("a call shows before anyone called")
	}
	call := f.h.CallStaff("Table 1")
	f.h.CallStaff("Table 1") // a second tap while the first waits
	f.clock.add(3 * time.Minute)
	r := b.get("/tables/live")
	if strings.Count(r.body, `class="call"`) != 1 || !strings.Contains(r.body, "Table 1 calls the staff (3 minutes ago)") {
		t.Fatalf("the call on the live page:\n%s", r.body)
	}
	for _, want := range []string{"Léa", "web page on a phone", "app on a phone", "robot", "1 seat waits for a player", "playing for 28 minutes"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the live table lacks %q", want)
		}
	}
	if r := b.post("/calls/"+call.ID+"/answer", url.Values{"csrf": {b.csrf()}}); r.StatusCode != http.StatusSeeOther {
		t.Fatalf("answer: %d", r.StatusCode)
	}
	if len(f.h.Calls()) != 0 || strings.Contains(b.get("/tables").body, `class="call"`) {
		t.Error("the call still shows once answered")
	}
}

func TestMergeAndForgetUseTheDatabasesRules(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f, b, token := signedIn(t)
	ctx := context.Background()
	// They played the same game: the database refuses, as tablee does.
	r := b.post("/players/"+f.formula.ID+"/merge", url.Values{"into": {f.lea.ID}, "csrf": {token}})
	if r.StatusCode != http.StatusConflict {
		t.Errorf("merging two players of one game: %d", r.StatusCode)
	}
	other, err := f.d.IdentifyPlayer(ctx, strings.Repeat("z", db.MinKeyLen), "Lea", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if r := b.post("/players/"+other.ID+"/merge", url.Values{"into": {f.lea.ID}, "csrf": {token}}); r.StatusCode != http.StatusSeeOther {
		t.Fatalf("merge: %d\n%s", r.StatusCode, r.body)
	}
	lea, err := f.d.Player(ctx, f.lea.ID)
	if err != nil || !strings.Contains(strings.Join(lea.Aliases, ","), "Lea") {
		t.Errorf("after the merge Léa's names are %v (%v)", lea.Aliases, err)
	}
	// The confirmation says what goes.
	b.lang = "en"
	page := b.get("/players/" + f.lea.ID + "/forget").body
	for _, want := range []string{"every name they used", "Léa", "Lea", "phones that recognise them", "cannot be undone", "Backups"} {
		if !strings.Contains(page, want) {
			t.Errorf("the forget confirmation lacks %q", want)
		}
	}
	if r := b.post("/players/"+f.lea.ID+"/forget", url.Values{"csrf": {token}}); r.StatusCode != http.StatusSeeOther {
		t.Fatalf("forget: %d", r.StatusCode)
	}
	if _, err := f.d.Player(ctx, f.lea.ID); err == nil {
		t.Error("Léa is still in the database")
	}
	if r := b.get("/export/players.csv"); strings.Contains(r.body, "Léa") {
		t.Error("the export still names Léa")
	}
}

func TestSettingsAndThePINChange(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f, b, token := signedIn(t)
	ctx := context.Background()
	if r := b.post("/settings", url.Values{"csrf": {token}, "table_name": {"Salle du fond"}}); r.StatusCode != http.StatusSeeOther {
		t.Fatalf("save settings: %d", r.StatusCode)
	}
	if n, _ := f.d.TableName(ctx); n != "Salle du fond" {
		t.Errorf("table name %q", n)
	}
	if on, _ := f.d.HintsInRated(ctx); on {
		t.Error("hints in rated games still on after unticking")
	}
	if r := b.post("/settings/pin", url.Values{"csrf": {token}, "old": {"9999"}, "new": {"13579"}, "again": {"13579"}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("a PIN change with a wrong old PIN: %d", r.StatusCode)
	}
	if r := b.post("/settings/pin", url.Values{"csrf": {token}, "old": {testPIN}, "new": {"13579"}, "again": {"13578"}}); r.StatusCode != http.StatusBadRequest {
		t.Errorf("two different new PINs: %d", r.StatusCode)
	}
	if r := b.post("/settings/pin", url.Values{"csrf": {token}, "old": {testPIN}, "new": {"13579"}, "again": {"13579"}}); r.StatusCode != http.StatusSeeOther {
		t.Fatalf("PIN change: %d", r.StatusCode)
	}
	if err := f.d.CheckStaffPIN(ctx, "13579"); err != nil {
		t.Errorf("the new PIN: %v", err)
	}
	if r := b.get("/tables"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("still signed in after the PIN change: %d", r.StatusCode)
	}
}

// TestDefaultOptionsPerGameAreTheEnginesChoices: the settings page lists
// every game of the catalogue with its options, labelled in the page's
// language; a saved choice is what a new game starts with; a value the
// engine does not allow saves nothing (issue 31, item 7).
func TestDefaultOptionsPerGameAreTheEnginesChoices(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f, b, token := signedIn(t)
	ctx := context.Background()
	page := b.get("/settings").body
	for _, info := range catalog.Registry().Infos() {
		for _, o := range info.Options {
			field := "option." + info.ID + "." + o.Key
			if !strings.Contains(page, `name="`+field+`"`) {
				t.Errorf("the settings page has no field %s", field)
			}
			for _, c := range o.Choices {
				if !strings.Contains(page, `<option value="`+c+`"`) {
					t.Errorf("%s: no choice %q", field, c)
				}
			}
		}
	}
	if !strings.Contains(page, "Premier joueur") || !strings.Contains(page, "Moins de hasard") || !strings.Contains(page, `<option value="random" selected>au hasard</option>`) {
		t.Errorf("the options are not labelled in French, at the games' defaults:\n%s", page)
	}
	form := url.Values{"csrf": {token}, "option.canaille.first": {"2"}, "option.canyon.less-luck": {"on"}}
	if r := b.post("/settings/options", form); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/settings?done=saved" {
		t.Fatalf("save the options: %d %q\n%s", r.StatusCode, r.Header.Get("Location"), r.body)
	}
	if o, err := f.d.DefaultOptions(ctx, "canaille"); err != nil || o["first"] != "2" {
		t.Errorf("Canaille's saved options: %v %v", o, err)
	}
	if !strings.Contains(b.get("/settings").body, `<option value="2" selected>Place 2</option>`) {
		t.Error("the settings page does not show the saved choice")
	}
	// A stranger's values: one the engine does not allow, a missing one.
	for _, bad := range []url.Values{
		{"csrf": {token}, "option.canaille.first": {"9"}, "option.canyon.less-luck": {"off"}},
		{"csrf": {token}, "option.canaille.first": {"random"}, "option.canyon.less-luck": {"<script>"}},
		{"csrf": {token}, "option.canaille.first": {"1"}},
	} {
		r := b.post("/settings/options", bad)
		if r.StatusCode != http.StatusBadRequest || !strings.Contains(r.body, "rien n&#39;a été enregistré") || strings.Contains(r.body, "<script>") {
			t.Errorf("options %v: %d\n%s", bad, r.StatusCode, r.body)
		}
	}
	if o, _ := f.d.DefaultOptions(ctx, "canaille"); o["first"] != "2" {
		t.Errorf("a refused form changed Canaille's options to %v", o)
	}
	if o, _ := f.d.DefaultOptions(ctx, "canyon"); o["less-luck"] != "on" {
		t.Errorf("a refused form changed Canyon's options to %v", o)
	}
}

// TestReplayOnTheTableOnlyWhenItIsFree: a session's page offers its
// replay on the table's screen; a busy table refuses it, the page says
// why and the screen is not asked to show anything (issue 31, item 4).
func TestReplayOnTheTableOnlyWhenItIsFree(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	f, b, token := signedIn(t)
	page := "/sessions/" + f.session
	f.screen.setBusy(console.BusyGame)
	r := b.get(page)
	if !strings.Contains(r.body, `id="replay" disabled`) || !strings.Contains(r.body, "une partie est en cours") {
		t.Errorf("a busy table's session page: the replay button is not disabled with the reason:\n%s", r.body)
	}
	r = b.post(page+"/replay", url.Values{"csrf": {token}})
	if r.StatusCode != http.StatusConflict || !strings.Contains(r.body, "Rien n&#39;a changé sur la table") {
		t.Errorf("replay on a busy table: %d\n%s", r.StatusCode, r.body)
	}
	if got := f.screen.replays(); len(got) != 0 {
		t.Fatalf("a busy table was asked to show %v", got)
	}
	// Without the CSRF token nothing is asked of the table either.
	f.screen.setBusy("")
	if r := b.post(page+"/replay", url.Values{}); r.StatusCode != http.StatusForbidden || len(f.screen.replays()) != 0 {
		t.Errorf("replay without the token: %d, shown %v", r.StatusCode, f.screen.replays())
	}
	if r := b.get(page); !strings.Contains(r.body, `id="replay">`) {
		t.Errorf("a free table's session page has no enabled replay button:\n%s", r.body)
	}
	r = b.post(page+"/replay", url.Values{"csrf": {token}})
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != page+"?done=replay_shown" {
		t.Errorf("replay on a free table: %d %q", r.StatusCode, r.Header.Get("Location"))
	}
	if got := f.screen.replays(); len(got) != 1 || got[0] != f.session {
		t.Errorf("the table was asked to show %v, want [%s]", got, f.session)
	}
	if r := b.post("/sessions/nope/replay", url.Values{"csrf": {token}}); r.StatusCode != http.StatusNotFound {
		t.Errorf("replay of no session: %d", r.StatusCode)
	}
}

func TestAddrForFollowsTheTablesPort(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	for in, want := range map[string]string{":7457": ":7459", "127.0.0.1:0": "127.0.0.1:0", "10.0.0.2:7000": ":7459"} {
		if got := console.AddrFor(in); got != want {
			t.Errorf("AddrFor(%q) = %q, want %q", in, got, want)
		}
	}
	if _, err := console.NewHandler(console.Config{Games: catalog.Registry()}); err == nil {
		t.Error("a console without a database")
	}
}
