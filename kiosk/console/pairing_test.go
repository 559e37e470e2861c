package console_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/kiosk/console"
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
	for _, want := range []string{"Pairings", "&lt;b&gt;Salon&lt;/b&gt;", "corbeau-lama-poire", "10.0.0.9", "abeille-acier-ancre", "10.0.0.66", "New pairing code"} {
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
}
