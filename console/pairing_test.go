package console_test

import (
	"context"
	"github.com/tablee/tablee/proto/tlscert"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/console"
)

// pairingHub is fakeHub with pairing codes: each code made is counted;
// its pairings are the terrace's and a stranger's with a hostile name.
type pairingHub struct {
	*fakeHub
	mu    sync.Mutex
	codes int
}

func (p *pairingHub) NewCode(context.Context) (string, time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.codes++
	return "042731", p.now.Add(15 * time.Minute), nil
}

func (p *pairingHub) Pairings(context.Context) []console.Pairing {
	return []console.Pairing{
		{At: p.now.Add(-time.Minute), Kiosk: kioskSalon, Table: `<b>Salon</b>`, Words: "corbeau-lama-poire", From: "10.0.0.9"},
		{At: p.now.Add(-time.Hour), Kiosk: kioskTerrasse, Table: "Terrasse", Words: "abeille-acier-ancre", From: "10.0.0.5"},
	}
}

func (p *pairingHub) PairLockouts(context.Context) []console.Lockout {
	return []console.Lockout{{From: "10.0.0.66", Until: p.now.Add(30 * time.Second)}}
}

// The hub's Pairing page lists each pairing with its table's name
// (escaped), its words and its address, and the addresses locked out of
// pairing; a code is made only on a signed POST with the CSRF token and
// shown on its answer alone, with when it expires.
func TestHubConsolePairingPage(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 3, false)
	hub := &pairingHub{fakeHub: f.hub}
	f.serve(t, t.TempDir(), console.Config{Hub: hub})
	b := f.browser(t)
	b.lang = "en"
	if r := b.get("/pairing"); r.StatusCode == http.StatusOK {
		t.Fatalf("the pairing page without a sign-in: %d", r.StatusCode)
	}
	b.login(testPIN)
	r := b.get("/pairing")
	for _, want := range []string{"Pairings", "&lt;b&gt;Salon&lt;/b&gt;", "corbeau-lama-poire", "10.0.0.9",
		// The words in the page's language, with their numbers.
		tlscert.ShowPhrase("abeille-acier-ancre", "en"), "bee-steel-anchor (1-3-9)", "10.0.0.66", "New pairing code"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the pairing page lacks %q:\n%s", want, r.body)
		}
	}
	if strings.Contains(r.body, "<b>Salon") || strings.Contains(r.body, "042731") {
		t.Errorf("the page shows a name unescaped or a code nobody asked for:\n%s", r.body)
	}
	if r := b.post("/pairing/code", url.Values{}); r.StatusCode == http.StatusOK || hub.codes != 0 {
		t.Errorf("a code without the CSRF token: %d, %d codes made", r.StatusCode, hub.codes)
	}
	r = b.post("/pairing/code", url.Values{"csrf": {b.csrf()}})
	if r.StatusCode != http.StatusOK || !strings.Contains(r.body, "042731") || hub.codes != 1 || r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("a new code: %d, %d codes made, %v\n%s", r.StatusCode, hub.codes, r.Header, r.body)
	}
	if r := b.get("/pairing"); strings.Contains(r.body, "042731") {
		t.Error("the code shows again on the page")
	}
	// The page's script refreshes the pairings (as they happen), below
	// the code, which stays.
	if !strings.Contains(r.body, `id="live" data-refresh="/pairing/live"`) || strings.Index(r.body, "042731") > strings.Index(r.body, `id="live"`) {
		t.Errorf("the code is not above the live part of the page:\n%s", r.body)
	}
	if live := b.get("/pairing/live"); live.StatusCode != http.StatusOK || !strings.Contains(live.body, "corbeau-lama-poire") || strings.Contains(live.body, "042731") {
		t.Errorf("/pairing/live: %d\n%s", live.StatusCode, live.body)
	}
}

// limitsHub is fakeHub with the veranda cut off for going over its
// limit of games a minute, until let in.
type limitsHub struct {
	*fakeHub
	mu  sync.Mutex
	let []string
}

func (l *limitsHub) Tables(ctx context.Context) ([]console.HubTable, error) {
	tables, err := l.fakeHub.Tables(ctx)
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range tables {
		if tables[i].Kiosk == kioskVeranda && len(l.let) == 0 {
			tables[i].CutOff, tables[i].CutOffAt, tables[i].CutOffLimit, tables[i].CutOffMax = true, l.now.Add(-time.Minute), "events_per_minute", 60
		}
	}
	return tables, err
}

func (l *limitsHub) LetIn(_ context.Context, kiosk string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.let = append(l.let, kiosk)
	return nil
}

// A table the hub cut off for going over its limits shows so on the hub's
// Tables page, which limit in the staff's language, with a button that
// lets it in again (a signed POST with the CSRF token).
func TestHubConsoleShowsATableCutOff(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 3, false)
	hub := &limitsHub{fakeHub: f.hub}
	f.serve(t, t.TempDir(), console.Config{Hub: hub})
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	r := b.get("/tables")
	if !strings.Contains(r.body, "Coupée de la salle") || !strings.Contains(r.body, "plus de 60 parties en une minute") || !strings.Contains(r.body, "/tables/"+kioskVeranda+"/letin") {
		t.Fatalf("the tables page does not show the veranda cut off:\n%s", r.body)
	}
	if r := b.post("/tables/"+kioskVeranda+"/letin", url.Values{}); r.StatusCode == http.StatusSeeOther || len(hub.let) != 0 {
		t.Errorf("let in without the CSRF token: %d, %v", r.StatusCode, hub.let)
	}
	if r := b.post("/tables/"+kioskVeranda+"/letin", url.Values{"csrf": {b.csrf()}}); r.StatusCode != http.StatusSeeOther || len(hub.let) != 1 || hub.let[0] != kioskVeranda {
		t.Errorf("let in: %d, %v", r.StatusCode, hub.let)
	}
	if strings.Contains(b.get("/tables").body, "Coupée de la salle") {
		t.Error("still shown cut off once let in")
	}
}
