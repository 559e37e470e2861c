package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/web"
)

// dialFrom opens the table's WebSocket as a page loaded from origin
// would (a browser sends its page's origin); it returns the refusal.
func dialFrom(ctx context.Context, k *kiosk, origin string) error {
	ws, _, err := websocket.Dial(ctx, "ws://"+k.WebAddr()+web.BoxPath,
		&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
	if err == nil {
		ws.CloseNow()
	}
	return err
}

// A table's WebSocket accepts pages from the table itself and, once the
// venue's side says where it is, from the venue hub's page; every other
// origin is refused, the hub's too before the table knows it, and a
// neighbour of the hub's address (another port, another host).
func TestTheVenueHubsPageMayConnect(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	const hub = "192.0.2.7:7461"
	if err := dialFrom(ctx, k, "http://"+hub); err == nil {
		t.Error("the hub's page connected before the table knew the hub")
	}
	if err := dialFrom(ctx, k, "http://"+k.WebAddr()); err != nil {
		t.Errorf("the table's own page: %v", err)
	}
	page := hub
	k.UseHubPage(func() string { return page }, func() string { return hub })
	if err := dialFrom(ctx, k, "http://"+hub); err != nil {
		t.Errorf("the hub's page: %v", err)
	}
	for _, o := range []string{"http://192.0.2.7:7462", "http://192.0.2.8:7461", "https://" + hub, "http://" + hub + ".evil.example", "null"} {
		if err := dialFrom(ctx, k, o); err == nil {
			t.Errorf("origin %s connected", o)
		}
	}
	if err := dialFrom(ctx, k, "http://"+k.WebAddr()); err != nil {
		t.Errorf("the table's own page, in a venue: %v", err)
	}
	// The seating QR loads the hub's page with the table in the
	// fragment, or the table's own when the venue's side says so.
	j := k.JoinInfo("127.0.0.1")
	if want := "http://" + hub + "/#t=" + k.WebAddr() + "&c="; !strings.HasPrefix(j.String(), want) {
		t.Errorf("QR %s, want %s…", j, want)
	}
	page = ""
	if j := k.JoinInfo("127.0.0.1").String(); !strings.HasPrefix(j, "http://"+k.WebAddr()+"/#c=") {
		t.Errorf("QR without the hub's page: %s", j)
	}
	// The hub still away, a page it served goes on playing.
	if err := dialFrom(ctx, k, "http://"+hub); err != nil {
		t.Errorf("the hub's page while the hub is away: %v", err)
	}
}

// The hub's copy of the page is the tables' very page (same hash), has no
// WebSocket, and lets the page connect only to the tables the venue knows.
func TestTheHubsPage(t *testing.T) {
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	h, err := web.NewPage(web.PageConfig{Games: catalog.Registry(), Tables: func() []string { return []string{"192.0.2.10:7458", "bad host"} }})
	if err != nil {
		t.Fatal(err)
	}
	if h.PageHash() != k.PageHash() {
		t.Errorf("the hub's page %s, the table's %s", h.PageHash(), k.PageHash())
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for path, want := range map[string]int{"/": 200, "/app.js": 200, "/texts/en.json": 200, "/looks.json": 200, web.BoxPath: 404, web.OldBoxPath: 404} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %s", path, resp.Status)
		}
		if got := resp.Header.Get(web.PageHeader); got != k.PageHash() {
			t.Errorf("%s: %s %q", path, web.PageHeader, got)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "connect-src 'self' ws://"+strings.TrimPrefix(srv.URL, "http://")+" ws://192.0.2.10:7458;") {
			t.Errorf("%s: CSP %s", path, csp)
		}
	}
}
