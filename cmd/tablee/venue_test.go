package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// tablee venue prints the line kiosks are paired with, and stops when
// interrupted.
func TestVenueCommand(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		e := &env{stdout: w, stderr: io.Discard, games: catalog.Registry()}
		done <- runVenue(ctx, e, []string{"--db", filepath.Join(dir, "hub.db"), "--listen", "127.0.0.1:0"})
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatal(err, <-done)
	}
	m := regexp.MustCompile(`^venue addr=127\.0\.0\.1:[0-9]+ pair=127\.0\.0\.1:[0-9]+ fingerprint=([0-9a-f]{64}) console=(https://127\.0\.0\.1:[0-9]+/) web=(http://127\.0\.0\.1:[0-9]+/)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("line %q", line)
	}
	// The venue's staff console, on port 0 beside the hub's, with the
	// certificate kiosks pin: its sign-in page, and no export without a
	// sign-in.
	tr := &http.Transport{TLSClientConfig: tlscert.PinnedConfig(m[1])}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Get(m[2])
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `data-page="login"`) || !strings.Contains(string(body), `action="/login"`) {
		t.Errorf("the hub's console: %s\n%s", res.Status, body)
	}
	if res, err := c.Get(m[2] + "export/results.csv"); err != nil || (res.StatusCode != http.StatusSeeOther && res.StatusCode != http.StatusUnauthorized) {
		t.Errorf("an export without a sign-in: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	// The venue's web page, on port 0 beside the hub's too: the tables'
	// page, from kiosk/web, without the table's WebSocket.
	for path, want := range map[string]int{"": http.StatusOK, "app.js": http.StatusOK, "texts/de.json": http.StatusOK, "v2/box": http.StatusNotFound} {
		resp, err := http.Get(m[3] + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want || resp.Header.Get(web.PageHeader) == "" {
			t.Errorf("GET %s%s: %s, %s %q", m[3], path, resp.Status, web.PageHeader, resp.Header.Get(web.PageHeader))
		}
	}
	cancel()
	go io.Copy(io.Discard, r)
	if err := <-done; err != nil {
		t.Error(err)
	}
	// The hub's database lists the venue's sessions by default.
	d, err := db.Open(context.Background(), filepath.Join(dir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	loadEvent(t, d, "Terrasse", "01890000-0000-7000-8000-000000000001")
	d.Close()
	out, _, err := staff(t, runSessions, "--db", filepath.Join(dir, "hub.db"))
	if err != nil || !strings.Contains(out, "Terrasse") || !strings.Contains(out, "Ana (guest), Bob") {
		t.Errorf("sessions of the hub (%v):\n%s", err, out)
	}
}

// A kiosk lists its table's sessions by default, the venue's with
// --scope venue.
func TestSessionsScope(t *testing.T) {
	k := newKiosk(t)
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	loadEvent(t, d, "Véranda", "01890000-0000-7000-8000-000000000002")
	d.Close()
	out, _, err := staff(t, runSessions, "--db", k.path)
	if err != nil || strings.Contains(out, "Véranda") || !strings.Contains(out, k.sessions[0]) {
		t.Errorf("table scope (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runSessions, "--db", k.path, "--scope", "venue")
	if err != nil || !strings.Contains(out, "Véranda") || strings.Contains(out, k.sessions[0]) {
		t.Errorf("venue scope (%v):\n%s", err, out)
	}
	if _, _, err := staff(t, runSessions, "--db", k.path, "--scope", "town"); err == nil {
		t.Error("--scope town accepted")
	}
}

// loadEvent loads a finished session of table into d's venue sessions.
func loadEvent(t *testing.T, d *db.DB, table, id string) {
	t.Helper()
	now := time.Now()
	body, _ := json.Marshal(db.SessionEvent{V: 1, Kiosk: "01890000-0000-7000-8000-0000000000aa", Table: table, ID: id,
		Game: "canoe", StartedAt: now.Add(-time.Hour), EndedAt: now, Reason: "test",
		Seats: []db.EventSeat{{Kind: session.Guest, Name: "Ana", Rank: 1, Winner: true}, {Kind: session.Person, PlayerID: "p", Nickname: "Bob", Rank: 2}}})
	if _, err := d.LoadVenueEvent(context.Background(), "ev-"+id, body, now); err != nil {
		t.Fatal(err)
	}
}

// tablee leaderboard --scope venue shows the venue's board from a kiosk's
// copy, says it is provisional while the table's own games have not come
// back from the venue, and --digest prints the boards' digest.
func TestLeaderboardScopeVenue(t *testing.T) {
	k := newKiosk(t)
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.QueueFinishedSessions(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	loadEvent(t, d, "Véranda", "01890000-0000-7000-8000-000000000003")
	d.Close()
	out, _, err := staff(t, runLeaderboard, "--db", k.path, "--scope", "venue", "--game", "canoe")
	if err != nil || !strings.Contains(out, "the venue's board") || !strings.Contains(out, "Bob") ||
		!regexp.MustCompile(`provisional: [0-9]+ of this table's games`).MatchString(out) {
		t.Errorf("venue board (%v):\n%s", err, out)
	}
	out, _, err = staff(t, runLeaderboard, "--db", k.path, "--scope", "venue", "--digest")
	if err != nil || !regexp.MustCompile(`^[0-9a-f]{32}\n$`).MatchString(out) {
		t.Errorf("digest (%v): %q", err, out)
	}
	if _, _, err := staff(t, runLeaderboard, "--db", k.path, "--digest"); err == nil {
		t.Error("--digest of a table's board accepted")
	}
}

// tablee venue --rebuild drops a kiosk's store and queues its whole
// outbox again under a new generation; it refuses while the kiosk runs.
func TestVenueRebuildCommand(t *testing.T) {
	k := newKiosk(t)
	store := filepath.Join(filepath.Dir(k.path), "venue", "jetstream")
	if err := os.MkdirAll(store, 0o700); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := staff(t, runVenue, "--db", k.path, "--rebuild"); !errors.Is(err, venue.ErrRunning) {
		t.Errorf("rebuild beside a running kiosk: %v, want %v", err, venue.ErrRunning)
	}
	d.Close()
	out, _, err := staff(t, runVenue, "--db", k.path, "--rebuild")
	if err != nil || !strings.Contains(out, "kiosk store dropped") {
		t.Fatalf("rebuild (%v):\n%s", err, out)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Errorf("the kiosk's store is still there: %v", err)
	}
	d, err = db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	pending, err := d.PendingEvents(context.Background(), 1000)
	// newKiosk finished three of its sessions.
	if gen, _ := d.VenueStreamGen(context.Background()); err != nil || len(pending) != 3 || gen != 1 {
		t.Errorf("after the rebuild: %d events pending (%v), generation %d; want 3, 1", len(pending), err, gen)
	}
}

// tablee venue --pair pairs a kiosk's database with a running hub.
func TestVenuePairCommand(t *testing.T) {
	k := newKiosk(t)
	hubDir := t.TempDir()
	hd, err := db.Open(context.Background(), filepath.Join(hubDir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hd.Close() })
	hub, err := venue.StartHub(context.Background(), venue.HubConfig{DB: hd, DataDir: filepath.Join(hubDir, "venue"), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	fp := hub.Fingerprint()
	if _, _, err := staff(t, runVenue, "--db", k.path, "--pair", hub.Addr(), "--pair-addr", hub.PairAddr(), "--code", "42", "--fingerprint", fp); err == nil {
		t.Error("a five-digit code accepted")
	}
	// A code made beside the running hub, as the staff would.
	out, _, err := staff(t, runVenue, "--db", filepath.Join(hubDir, "hub.db"), "--data", filepath.Join(hubDir, "venue"), "--new-code")
	m := regexp.MustCompile(`^code=([0-9]{6}) expires=(\S+)\n$`).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("--new-code (%v): %q", err, out)
	}
	if exp, err := time.Parse(time.RFC3339, m[2]); err != nil || time.Until(exp) > venue.CodeLife || time.Until(exp) < venue.CodeLife-time.Minute {
		t.Errorf("the code expires at %s (%v), want in %v", m[2], err, venue.CodeLife)
	}
	out, _, err = staff(t, runVenue, "--db", k.path, "--pair", hub.Addr(), "--pair-addr", hub.PairAddr(), "--code", m[1], "--fingerprint", fp)
	if err != nil || !strings.Contains(out, "paired") || !strings.Contains(out, "table words=") {
		t.Fatalf("pair (%v):\n%s", err, out)
	}
	// The same code for a second table: refused, and says why.
	other := newKiosk(t)
	if _, _, err := staff(t, runVenue, "--db", other.path, "--pair", hub.Addr(), "--pair-addr", hub.PairAddr(), "--code", m[1], "--fingerprint", fp); err == nil || !strings.Contains(err.Error(), "code already used") {
		t.Errorf("a second pairing with the code: %v, want %q", err, "code already used")
	}
	d, err := db.Open(context.Background(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if p, ok, err := venue.Paired(context.Background(), d); !ok || err != nil || p.Addr != hub.Addr() || p.Code != "" || p.Fingerprint != fp {
		t.Errorf("stored pairing %+v %v %v", p, ok, err)
	}

	// tablee venue --revoke removes the table from the stopped hub's
	// venue: its credential is gone from the hub's data directory.
	id, err := d.VenueID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hd.NoteVenueKiosk(context.Background(), id, "Véranda", 0, time.Now()); err != nil { // its hello, as a running kiosk says it
		t.Fatal(err)
	}
	creds := filepath.Join(hubDir, "venue", "venue-kiosks.json")
	if b, err := os.ReadFile(creds); err != nil || !strings.Contains(string(b), id) {
		t.Fatalf("the hub keeps no credential of the kiosk (%v): %s", err, b)
	}
	hub.Close()
	hd.Close()
	if _, _, err := staff(t, runVenue, "--db", filepath.Join(hubDir, "hub.db"), "--revoke", "Nowhere"); err == nil {
		t.Error("an unknown table revoked")
	}
	out, _, err = staff(t, runVenue, "--db", filepath.Join(hubDir, "hub.db"), "--revoke", "Véranda")
	if err != nil || !strings.Contains(out, id) {
		t.Fatalf("revoke (%v):\n%s", err, out)
	}
	// The pairings' history keeps the id; the credentials must not.
	var kept struct{ Kiosks map[string]string }
	if b, err := os.ReadFile(creds); err != nil || json.Unmarshal(b, &kept) != nil || kept.Kiosks[id] != "" {
		t.Errorf("the revoked kiosk's credential is still kept (%v): %s", err, b)
	}
}

// A console address asked for and taken is an error; the hub's console
// names the hub's LAN address when it listens everywhere.
func TestVenueConsoleAddr(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	e := &env{stdout: io.Discard, stderr: io.Discard, games: catalog.Registry()}
	err = runVenue(t.Context(), e, []string{"--db", filepath.Join(t.TempDir(), "hub.db"), "--listen", "127.0.0.1:0", "--console-addr", ln.Addr().String()})
	if err == nil || !strings.Contains(err.Error(), "console") {
		t.Errorf("a taken --console-addr: %v", err)
	}
	for _, c := range []struct{ console, hub, want string }{
		{"[::]:7459", "192.168.1.20:7460", "192.168.1.20:7459"},
		{"0.0.0.0:7459", "192.168.1.20:7460", "192.168.1.20:7459"},
		{"127.0.0.1:40000", "127.0.0.1:40001", "127.0.0.1:40000"},
	} {
		if got := consoleHost(c.console, c.hub); got != c.want {
			t.Errorf("consoleHost(%q, %q) = %q, want %q", c.console, c.hub, got, c.want)
		}
	}
}

// tablee venue --tables lists the tables paired with a running hub, and
// --revoke removes one while the hub runs: the hub closes its link and
// the list no longer has it.
func TestVenueTablesAndRevokeBesideARunningHub(t *testing.T) {
	ctx := context.Background()
	k := newKiosk(t)
	hubDir := t.TempDir()
	hubDB := filepath.Join(hubDir, "hub.db")
	hd, err := db.Open(ctx, hubDB)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hd.Close() })
	hub, err := venue.StartHub(ctx, venue.HubConfig{DB: hd, DataDir: filepath.Join(hubDir, "venue"), Listen: "127.0.0.1:0", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	out, _, err := staff(t, runVenue, "--db", hubDB, "--tables")
	if err != nil || !strings.Contains(out, "no table is paired") {
		t.Errorf("tables before any pairing (%v):\n%s", err, out)
	}
	_, kiosk := pairWithCommand(t, k, hub)
	row := regexp.MustCompile(`(?m)^Fenêtre +` + kiosk.ID() + ` +[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5} +[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5} +-$`)
	until(t, "the table listed by --tables", func() bool {
		kiosk.AskHub()
		out, _, err = staff(t, runVenue, "--db", hubDB, "--tables")
		return err == nil && row.MatchString(out) && kiosk.LeafConnected()
	})
	if !strings.HasPrefix(out, "TABLE ") {
		t.Errorf("--tables:\n%s", out)
	}
	if _, _, err := staff(t, runVenue, "--db", k.path, "--tables"); err == nil {
		t.Error("--tables on a kiosk's database")
	}
	out, _, err = staff(t, runVenue, "--db", hubDB, "--revoke", "Fenêtre")
	if err != nil || !strings.Contains(out, kiosk.ID()) || !strings.Contains(out, "the running hub closes its link") {
		t.Fatalf("revoke beside the running hub (%v):\n%s", err, out)
	}
	until(t, "the table's link closed by the running hub", func() bool { return !kiosk.LeafConnected() })
	if tables, err := hub.Tables(ctx); err != nil || len(tables) != 0 {
		t.Errorf("the hub's tables after --revoke: %+v, %v", tables, err)
	}
	if out, _, err := staff(t, runVenue, "--db", hubDB, "--tables"); err != nil || !strings.Contains(out, "no table is paired") {
		t.Errorf("tables after --revoke (%v):\n%s", err, out)
	}
}

// The hub's staff console removes a table from the running hub: signed
// in with the hub's PIN, the table's confirmation page, then its post
// with the CSRF token; the hub closes the table's link at once and no
// longer lists it.
func TestVenueConsoleRemovesATable(t *testing.T) {
	ctx := context.Background()
	hubDir := t.TempDir()
	hd, err := db.Open(ctx, filepath.Join(hubDir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hd.Close() })
	if err := hd.SetStaffPIN(ctx, "2468"); err != nil {
		t.Fatal(err)
	}
	hub, err := venue.StartHub(ctx, venue.HubConfig{DB: hd, DataDir: filepath.Join(hubDir, "venue"), Listen: "127.0.0.1:0", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	e := &env{stdout: io.Discard, stderr: io.Discard, games: catalog.Registry()}
	srv, err := serveVenueConsole(e, hd, hub, "127.0.0.1:0", hub.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	k := newKiosk(t)
	_, kiosk := pairWithCommand(t, k, hub)
	until(t, "the table linked and listed", func() bool {
		kiosk.AskHub()
		tables, err := hub.Tables(ctx)
		return err == nil && len(tables) == 1 && tables[0].Online
	})

	jar, _ := cookiejar.New(nil)
	tr := &http.Transport{TLSClientConfig: tlscert.PinnedConfig(hub.Fingerprint())}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Jar: jar}
	base := "https://" + srv.Addr()
	do := func(method, path string, form url.Values) string {
		t.Helper()
		var res *http.Response
		var err error
		if method == http.MethodGet {
			res, err = c.Get(base + path)
		} else {
			res, err = c.PostForm(base+path, form)
		}
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s %s: %s\n%s", method, path, res.Status, b)
		}
		return string(b)
	}
	do(http.MethodPost, "/login", url.Values{"pin": {"2468"}})
	page := do(http.MethodGet, "/tables/"+kiosk.ID()+"/remove?lang=en", nil)
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(page)
	if m == nil || !strings.Contains(page, "Remove Fenêtre from the venue?") {
		t.Fatalf("the confirmation page:\n%s", page)
	}
	if !kiosk.LeafConnected() {
		t.Fatal("the confirmation page cut the table off")
	}
	after := do(http.MethodPost, "/tables/"+kiosk.ID()+"/remove?lang=en", url.Values{"csrf": {m[1]}})
	if strings.Contains(after, kiosk.ID()) {
		t.Errorf("the tables page still lists the removed table:\n%s", after)
	}
	until(t, "the table's link closed", func() bool { return !kiosk.LeafConnected() })
	if out, _, err := staff(t, runVenue, "--db", filepath.Join(hubDir, "hub.db"), "--tables"); err != nil || !strings.Contains(out, "no table is paired") {
		t.Errorf("--tables after the console removed the table (%v):\n%s", err, out)
	}
}

// until waits for cond, polling: what the hub does in its own time.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 30 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// pairWithCommand pairs kiosk k with hub as tablee venue --pair does and
// starts its venue side, as table Fenêtre; it returns k's database, open
// beside the command's, and the started kiosk.
func pairWithCommand(t *testing.T, k *kiosk, hub *venue.Hub) (*db.DB, *venue.Kiosk) {
	t.Helper()
	ctx := context.Background()
	code, _, err := hub.NewCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := staff(t, runVenue, "--db", k.path, "--pair", hub.Addr(), "--pair-addr", hub.PairAddr(), "--code", code, "--fingerprint", hub.Fingerprint()); err != nil {
		t.Fatal(err)
	}
	kd, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kd.Close() })
	kiosk, err := venue.StartKiosk(ctx, venue.KioskConfig{DB: kd, Dir: filepath.Join(filepath.Dir(k.path), "venue"), Table: "Fenêtre", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(kiosk.Close)
	return kd, kiosk
}

// tablee venue --rebuild on a hub's missing database is accepted: it
// keeps the hub's store, and the hub's next start refills the new
// database from it.
func TestVenueRebuildMissingHubDatabase(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	hubPath, data := filepath.Join(dir, "hub.db"), filepath.Join(dir, "venue")
	startHub := func() (*db.DB, *venue.Hub) {
		d, err := db.Open(ctx, hubPath)
		if err != nil {
			t.Fatal(err)
		}
		h, err := venue.StartHub(ctx, venue.HubConfig{DB: d, DataDir: data, Listen: "127.0.0.1:0", Logf: t.Logf})
		if err != nil {
			t.Fatal(err)
		}
		return d, h
	}
	waitSessions := func(d *db.DB, h *venue.Hub, want int) {
		t.Helper()
		deadline := time.After(time.Minute)
		for {
			n, err := d.VenueSessionCount(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n == want {
				return
			}
			select {
			case <-h.Loaded():
			case <-deadline:
				t.Fatalf("the hub holds %d venue sessions, want %d", n, want)
			}
		}
	}
	hd, hub := startHub()
	k := newKiosk(t)
	kd, err := db.Open(ctx, k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	code, _, err := hub.NewCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := venue.Pair(ctx, kd, venue.Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: code, Fingerprint: hub.Fingerprint()}); err != nil {
		t.Fatal(err)
	}
	kv, err := venue.StartKiosk(ctx, venue.KioskConfig{DB: kd, Dir: filepath.Join(filepath.Dir(k.path), "venue"), Table: "Fenêtre", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	// newKiosk finished three of its sessions.
	waitSessions(hd, hub, 3)
	kv.Close()
	hub.Close()
	hd.Close()
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(hubPath + suffix); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	out, _, err := staff(t, runVenue, "--db", hubPath, "--data", data, "--rebuild")
	if err != nil || !strings.Contains(out, "refills the database") {
		t.Fatalf("rebuild of a missing hub database (%v):\n%s", err, out)
	}
	hd, hub = startHub()
	defer hd.Close()
	defer hub.Close()
	waitSessions(hd, hub, 3)

	// A directory that is no hub's is refused with the reason.
	if _, _, err := staff(t, runVenue, "--db", filepath.Join(dir, "none.db"), "--data", t.TempDir(), "--rebuild"); !errors.Is(err, venue.ErrNotAHub) {
		t.Errorf("rebuild of a missing database beside no hub's data: %v, want %v", err, venue.ErrNotAHub)
	}
}
