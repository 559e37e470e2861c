package console_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/session"
)

// testPIN is the staff PIN of every test console.
const testPIN = "2468"

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// fakeLive is a table as the kiosk would show it.
type fakeLive struct{ tables []console.LiveTable }

func (f fakeLive) Tables() []console.LiveTable { return f.tables }

// fakeScreen is the table's screen: free, or busy with something; it
// keeps the sessions it was asked to replay.
type fakeScreen struct {
	mu    sync.Mutex
	busy  console.Busy
	shown []string
}

func (s *fakeScreen) setBusy(b console.Busy) { s.mu.Lock(); defer s.mu.Unlock(); s.busy = b }

func (s *fakeScreen) replays() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.shown...)
}

func (s *fakeScreen) Free(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy != "" {
		return &console.BusyError{Reason: s.busy}
	}
	return nil
}

func (s *fakeScreen) ShowReplay(ctx context.Context, id string) error {
	if err := s.Free(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shown = append(s.shown, id)
	return nil
}

// fixture is a console over a database with two players, a guest and a
// finished, rated game with its moves, served over HTTPS on loopback.
type fixture struct {
	d       *db.DB
	h       *console.Handler
	srv     *console.Server
	url     string
	fp      string
	clock   *clock
	screen  *fakeScreen
	hub     *fakeHub  // the hub's console's
	lea     db.Player // Léa, who won
	formula db.Player // a player whose name a spreadsheet would run
	session string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	dir := t.TempDir()
	f := openFixture(t, dir, "tablee.db")
	f.screen = &fakeScreen{}
	f.playAGame(t)
	started := f.clock.Now().Add(-25 * time.Minute)
	live := fakeLive{tables: []console.LiveTable{{Name: "Table 1", Game: "canaille", Status: "active", Started: started, Moves: 12,
		Seats: []console.LiveSeat{{Name: "Léa", Kind: console.SeatPhone}, {Name: "Max", Kind: console.SeatWeb},
			{Name: "Robot", Kind: console.SeatBot}, {Kind: console.SeatWaiting}}}}}
	f.serve(t, dir, console.Config{Live: live, Screen: f.screen, TableName: "Table 1"})
	return f
}

// openFixture opens the database file name in dir, with the staff PIN
// testPIN and a clock at now; the kiosk's fixture and the hub's start so.
func openFixture(t testing.TB, dir, name string) *fixture {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.SetStaffPIN(ctx, testPIN); err != nil {
		t.Fatal(err)
	}
	return &fixture{d: d, clock: &clock{now: time.Now()}}
}

// serve starts f's console of cfg (its database, games, certificate,
// clock and log filled in here) over HTTPS on loopback, with a
// certificate kept in dir.
func (f *fixture) serve(t testing.TB, dir string, cfg console.Config) {
	t.Helper()
	cert, err := tlscert.LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.fp = tlscert.Fingerprint(cert)
	cfg.DB, cfg.Games, cfg.Cert, cfg.Now, cfg.Logf = f.d, catalog.Registry(), cert, f.clock.Now, t.Logf
	if f.h, err = console.NewHandler(cfg); err != nil {
		t.Fatal(err)
	}
	if f.srv, err = console.Start("127.0.0.1:0", cert, f.h); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.srv.Close() })
	f.url = "https://" + f.srv.Addr()
}

// playAGame stores a finished Canoë game between Léa and the formula
// player, with every move, as the kiosk would.
func (f *fixture) playAGame(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	now := f.clock.Now().Add(-time.Hour)
	var err error
	if f.lea, err = f.d.IdentifyPlayer(ctx, strings.Repeat("k", db.MinKeyLen), "Léa", now); err != nil {
		t.Fatal(err)
	}
	if f.formula, err = f.d.IdentifyPlayer(ctx, strings.Repeat("q", db.MinKeyLen), "=HYPERLINK(1)", now); err != nil {
		t.Fatal(err)
	}
	f.session = f.playCanoe(t, now, 11, f.lea.ID, f.formula.ID)
}

// playCanoe stores a finished Canoë game of random bots' moves between
// the players ids, started at start, and returns its session's id.
func (f *fixture) playCanoe(t testing.TB, start time.Time, seed uint64, ids ...string) string {
	t.Helper()
	ctx := context.Background()
	d := f.d
	tb, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := catalog.Registry().Get("canoe")
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Seats: len(ids), Seed: seed}
	bots := make([]engine.Bot, len(ids))
	seats := make([]session.Seat, len(ids))
	for i, id := range ids {
		bots[i] = bot.NewRandom(seed + uint64(i))
		seats[i] = session.Seat{Kind: session.Person, PlayerID: id}
	}
	out, err := bot.Play(ctx, rules, setup, bots)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canoe", Seed: setup.Seed, StartedAt: start, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.NewGame(rules, setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range out.Moves {
		if err := engine.Step(st, rec.Seat, rec.Move); err != nil {
			t.Fatal(err)
		}
		js, err := engine.EncodeMove("canoe", rec.Seat, rec.Move)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AppendMove(ctx, s.ID, session.Move{Seq: i + 1, Seat: rec.Seat, JSON: js, StateHash: st.Hash(), PlayedAt: start}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Finish(ctx, s.ID, out.Result, start.Add(20*time.Minute)); err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// browser is an HTTP client that keeps the console's cookies as a
// browser would, pins the console's certificate and follows no redirect
// (the tests look at them).
type browser struct {
	t      testing.TB
	f      *fixture
	c      *http.Client
	cookie *http.Cookie
	lang   string
}

func (f *fixture) browser(t testing.TB) *browser { return f.browserFrom(t, "") }

// browserFrom is a browser on the loopback address from (127.0.0.2, …:
// Linux answers the whole of 127/8), "" for the default: the console
// sees each as another machine of the café's network.
func (f *fixture) browserFrom(t testing.TB, from string) *browser {
	tr := &http.Transport{TLSClientConfig: tlscert.PinnedConfig(f.fp)}
	if from != "" {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		tr.DialContext = d.DialContext
	}
	t.Cleanup(tr.CloseIdleConnections)
	return &browser{t: t, f: f, c: &http.Client{Transport: tr, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// reply is a response read whole.
type reply struct {
	*http.Response
	body string
}

func (b *browser) do(req *http.Request) reply {
	b.t.Helper()
	if b.cookie != nil {
		req.AddCookie(b.cookie)
	}
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.Name == console.CookieName {
			if c.MaxAge < 0 || c.Value == "" {
				b.cookie = nil
			} else {
				b.cookie = c
			}
		}
	}
	return reply{res, string(body)}
}

func (b *browser) get(path string) reply {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodGet, b.f.url+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(req)
}

// post sends a form as the console's own page would: from its origin.
func (b *browser) post(path string, form url.Values) reply {
	b.t.Helper()
	return b.postFrom(path, form, b.f.url)
}

func (b *browser) postFrom(path string, form url.Values, origin string) reply {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.f.url+path, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	return b.do(req)
}

// login signs in with pin.
func (b *browser) login(pin string) reply {
	b.t.Helper()
	return b.post("/login", url.Values{"pin": {pin}})
}

// signedIn is a fixture with a browser signed in to its console, and
// the browser's CSRF token.
func signedIn(t testing.TB) (*fixture, *browser, string) {
	t.Helper()
	f := newFixture(t)
	b := f.browser(t)
	b.login(testPIN)
	return f, b, b.csrf()
}

// csrf is the CSRF token a signed-in page carries.
func (b *browser) csrf() string {
	b.t.Helper()
	body := b.get("/settings").body
	_, rest, ok := strings.Cut(body, `name="csrf" value="`)
	if !ok {
		b.t.Fatalf("no CSRF token on the settings page:\n%s", body)
	}
	token, _, _ := strings.Cut(rest, `"`)
	return token
}
