package main

import (
	"context"
	"crypto/sha256"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// chrome is the headless Chromium of this package's browser tests.
var chrome browsertest.Browser

func TestMain(m *testing.M) {
	code := m.Run()
	chrome.Close()
	os.Exit(code)
}

// pageLog is what the hub's web server was asked, and how it answered.
type pageLog struct {
	mu   sync.Mutex
	reqs []string // "STATUS URI"
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(s int) { w.status = s; w.ResponseWriter.WriteHeader(s) }

func (l *pageLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		l.mu.Lock()
		l.reqs = append(l.reqs, strconv.Itoa(sw.status)+" "+r.RequestURI)
		l.mu.Unlock()
	})
}

// waitFor waits until cond holds, looking again every few milliseconds:
// a page, a table and the venue work meanwhile; ctx bounds the wait.
func waitFor(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// guestTaps is a guest's turn reduced to a rule (browsertest.GuestTap).
const guestTaps = browsertest.GuestTap

// join opens url in tab and takes a seat as name.
func join(t *testing.T, tab context.Context, url, name string) {
	t.Helper()
	if err := chromedp.Do(tab,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#nick")),
		chromedp.SetValue(chromedp.CSS("#nick"), name),
		chromedp.Click(chromedp.CSS(".join button[type=submit]")),
	); err != nil {
		t.Fatalf("join at %s: %v", url, err)
	}
}

// playGame opens url in tab, takes a seat as name and plays until the
// page shows the game's result.
func playGame(t *testing.T, ctx, tab context.Context, url, name string) {
	t.Helper()
	join(t, tab, url, name)
	waitFor(t, ctx, "the end of the game at "+url, func() bool {
		s, err := evalString(tab, `document.body.dataset.state || ''`)
		if err != nil {
			t.Fatalf("the page (state %q): %v", s, err)
		}
		if s == "result" {
			return true
		}
		if _, err := evalString(tab, guestTaps+"("+strconv.Quote(s)+")"); err != nil {
			t.Fatalf("a tap: %v", err)
		}
		return false
	})
}

func evalString(tab context.Context, js string) (string, error) {
	return chromedp.Run(tab, chromedp.Evaluate[string](js))
}

// venueTable is a kiosk of the venue: its table and its venue side, wired
// as the kiosk's main does (startVenue).
type venueTable struct {
	t *table.Table
	v *venue.Kiosk
}

func openVenueTable(t *testing.T, name string, pair venue.Pairing) venueTable {
	t.Helper()
	dir := t.TempDir()
	var o options
	o.cfg = table.Config{Name: name, DBPath: filepath.Join(dir, "t.db"), DataDir: dir, Addr: "127.0.0.1:0",
		Games: catalog.Registry()}
	o.venue = venueFlags{addr: pair.Addr, pairAddr: pair.PairAddr, code: pair.Code, fingerprint: pair.Fingerprint}
	tb, err := table.Open(context.Background(), o.cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	v, err := startVenue(context.Background(), o, tb, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(v.Close)
	return venueTable{t: tb, v: v.Kiosk()}
}

// personKeys are the venue tokens of the person seats of table's
// sessions as db lists the venue's, by table name.
func personKeys(t *testing.T, d *db.DB) map[string][]string {
	t.Helper()
	sessions, err := d.VenueSessions(context.Background(), time.Time{}, "")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, s := range sessions {
		for _, st := range s.Event.Seats {
			if st.Kind == session.Person {
				out[s.Event.Table] = append(out[s.Event.Table], st.Keys...)
			}
		}
	}
	return out
}

// The journey of a web guest in a venue: a hub and two paired tables; the
// guest opens table A's QR, which loads the hub's page, plays a game of
// Canaille against the table's bot, then opens table B's QR in the same
// browser: B knows the same player key (one venue player in both
// tables' sessions, at the hub and in each table's copy of the venue).
// The hub's server never sees a fragment. With the hub away, the QR is
// the table's own page again, and it plays.
func TestVenueGuestKeepsTheirKeyAtEveryTable(t *testing.T) {
	tab := chrome.Tab(t)
	ctx, cancel := context.WithTimeout(tab, 4*time.Minute)
	defer cancel()
	tab = ctx
	hubDir := t.TempDir()
	hubDB, err := db.Open(context.Background(), filepath.Join(hubDir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hubDB.Close() })
	var asked pageLog
	hub, err := venue.StartHub(context.Background(), venue.HubConfig{DB: hubDB, DataDir: filepath.Join(hubDir, "venue"),
		Listen: "127.0.0.1:0", WebListen: "127.0.0.1:0", Logf: t.Logf,
		Page: func(tables func() []string) (http.Handler, error) {
			h, err := web.NewPage(web.PageConfig{Games: catalog.Registry(), Tables: tables})
			return asked.wrap(h), err
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	// A one-time code for each table.
	pair := func() venue.Pairing {
		code, _, err := hub.NewCode(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return venue.Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: code, Fingerprint: hub.Fingerprint()}
	}
	a, b := openVenueTable(t, "Table A", pair()), openVenueTable(t, "Table B", pair())
	start := time.Now()
	for _, k := range []venueTable{a, b} {
		waitFor(t, ctx, "the seating QR at the hub's page", func() bool { return k.t.JoinInfo("127.0.0.1").Page == hub.WebAddr() })
	}
	t.Logf("both tables' QR at the hub's page %v after their start", time.Since(start))

	// Table A: the hub's page, connected to A, one game against A's bot.
	if _, err := a.t.Start(context.Background(), "canaille", nil, []table.Seat{{}, {Bot: "default"}}); err != nil {
		t.Fatal(err)
	}
	urlA := a.t.JoinInfo("127.0.0.1").String()
	start = time.Now()
	playGame(t, ctx, tab, urlA, "Lucie")
	t.Logf("a game at table A through the hub's page: %v", time.Since(start))
	origin, err := evalString(tab, `location.origin`)
	if err != nil || origin != "http://"+hub.WebAddr() {
		t.Fatalf("the page's origin %q (%v), want the hub's", origin, err)
	}
	key, err := evalString(tab, `localStorage.getItem('tablee.player') || ''`)
	if err != nil || key == "" {
		t.Fatalf("no player key in the hub origin's storage: %q %v", key, err)
	}
	sum := sha256.Sum256([]byte(key))
	token := db.VenueKeyToken(sum[:])

	// Table B, in a new tab of the same browser (same storage).
	if _, err := b.t.Start(context.Background(), "canaille", nil, []table.Seat{{}, {Bot: "default"}}); err != nil {
		t.Fatal(err)
	}
	tabB := chrome.Tab(t)
	ctxB, cancelB := context.WithTimeout(tabB, 4*time.Minute)
	defer cancelB()
	urlB := b.t.JoinInfo("127.0.0.1").String()
	start = time.Now()
	if testing.Short() {
		// The join is enough to see B know the key: the full run
		// plays B's game to the end and compares the venue's records.
		join(t, ctxB, urlB, "Lucie")
		waitFor(t, ctx, "Lucie seated at B", func() bool {
			st, _ := evalString(ctxB, `document.body.dataset.state || ''`)
			return strings.HasPrefix(st, "canaille-")
		})
	} else {
		playGame(t, ctxB, ctxB, urlB, "Lucie")
		t.Logf("a game at table B through the hub's page: %v", time.Since(start))
	}
	if k, _ := evalString(ctxB, `localStorage.getItem('tablee.player') || ''`); k != key {
		t.Fatalf("table B's page holds player key %q, table A's %q", k, key)
	}
	// B's join carried the key: B's one player holds it (a key it did
	// not know would make a second player).
	id, err := b.t.DB().PlayerForKey(context.Background(), key, "Lucie", time.Now())
	if players, perr := b.t.DB().Players(context.Background()); err != nil || perr != nil || len(players) != 1 || players[0].ID != id {
		t.Errorf("table B's players after Lucie's join: %+v (%v %v), her key's: %s", players, err, perr, id)
	}

	// The sessions at the hub and in each table's copy of the venue name
	// the one key: one venue player.
	want := []string{"Table A"}
	if !testing.Short() {
		want = append(want, "Table B")
	}
	for name, d := range map[string]*db.DB{"the hub": hubDB, "table A": a.t.DB(), "table B": b.t.DB()} {
		waitFor(t, ctx, "the sessions in "+name+"'s copy of the venue", func() bool {
			keys := personKeys(t, d)
			return len(keys) == len(want)
		})
		for tbl, keys := range personKeys(t, d) {
			if !slices.Equal(keys, []string{token}) || !slices.Contains(want, tbl) {
				t.Errorf("%s: the session of %s names keys %q, want the browser's %s", name, tbl, keys, token)
			}
		}
	}

	// The hub's server saw no fragment (a browser never sends it, and no
	// redirect put it in a query): no table code, no box key.
	asked.mu.Lock()
	reqs := slices.Clone(asked.reqs)
	asked.mu.Unlock()
	infoA, infoB := a.t.JoinInfo("127.0.0.1"), b.t.JoinInfo("127.0.0.1")
	for _, r := range reqs {
		status, uri, _ := strings.Cut(r, " ")
		if status[0] == '3' && status != "304" || strings.ContainsAny(uri, "#?") || strings.Contains(uri, infoA.Code) || strings.Contains(uri, infoB.Code) {
			t.Errorf("the hub's page was asked %s", r)
		}
	}
	t.Logf("the hub's page answered %d requests, none with a fragment or a query", len(reqs))

	// The hub away: the QR is the table's own page again, and it plays.
	hub.Close()
	waitFor(t, ctx, "table A's own page in its QR", func() bool { return a.t.JoinInfo("127.0.0.1").Page == "" })
	own := a.t.JoinInfo("127.0.0.1").String()
	if !strings.HasPrefix(own, "http://"+a.t.WebAddr()+"/#c=") {
		t.Errorf("table A's QR with the hub away: %s", own)
	}
	if _, err := a.t.Start(context.Background(), "canaille", nil, []table.Seat{{}, {Bot: "default"}}); err != nil {
		t.Fatal(err)
	}
	own = a.t.JoinInfo("127.0.0.1").String() // the new game's code
	tabC := chrome.Tab(t)
	join(t, tabC, own, "Lucie")
	waitFor(t, ctx, "a seat at the table's own page", func() bool {
		s, _ := evalString(tabC, `document.body.dataset.state || ''`)
		return strings.HasPrefix(s, "canaille-")
	})
}
