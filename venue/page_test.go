package venue

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// logLines keeps what a kiosk logs, for a test to wait on.
type logLines struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
	added chan struct{}
}

func newLogLines(t *testing.T) *logLines { return &logLines{t: t, added: make(chan struct{}, 1)} }

func (l *logLines) logf(format string, args ...any) {
	l.t.Logf(format, args...)
	l.mu.Lock()
	l.lines = append(l.lines, strings.TrimSpace(fmt.Sprintf(format, args...)))
	l.mu.Unlock()
	select {
	case l.added <- struct{}{}:
	default:
	}
}

// waitLine waits for a line containing want, logged after the first
// from lines already seen; it returns how many lines it has seen.
func (l *logLines) waitLine(from int, want string) int {
	l.t.Helper()
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for {
		l.mu.Lock()
		for i := from; i < len(l.lines); i++ {
			if strings.Contains(l.lines[i], want) {
				l.mu.Unlock()
				return i + 1
			}
		}
		l.mu.Unlock()
		select {
		case <-l.added:
		case <-deadline.C:
			l.t.Fatalf("no log line %q after %v", want, guard)
		}
	}
}

// waitProbe waits for a probe of k's whose failure says want.
func waitProbe(t *testing.T, k *Kiosk, want string) {
	t.Helper()
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for {
		k.mu.Lock()
		why := k.page.why
		k.mu.Unlock()
		if strings.Contains(why, want) {
			return
		}
		select {
		case <-k.page.probed:
		case <-deadline.C:
			t.Fatalf("no probe saying %q after %v (last: %q)", want, guard, why)
		}
	}
}

// The venue's web page: the hub serves it and learns the tables' pages
// from their hellos; a kiosk whose page is the hub's points its seating
// QR at the hub's page, and at its own while its link is cut or the hub's
// page does not answer; a kiosk of another version (another page) keeps
// its own, but accepts the hub's origin.
func TestVenueWebPage(t *testing.T) {
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	var tables func() []string
	page := func(tt func() []string) (http.Handler, error) {
		tables = tt
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(pageHeader, "page-1")
		}), nil
	}
	hub, err := StartHub(context.Background(), HubConfig{DB: hubNode.d, DataDir: filepath.Join(hubNode.dir, "hub"),
		Listen: "127.0.0.1:0", WebListen: "127.0.0.1:0", Page: page, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	web := hub.WebAddr()
	if !strings.HasPrefix(web, "127.0.0.1:") || web == "127.0.0.1:0" {
		t.Fatalf("the hub's page at %q", web)
	}
	link := newProxy(t, hub.Addr())
	logA, logB := newLogLines(t), newLogLines(t)
	start := func(n *node, p Pairing, hash, own string, l *logLines) *Kiosk {
		if err := Pair(context.Background(), n.d, p); err != nil {
			t.Fatal(err)
		}
		k, err := StartKiosk(context.Background(), KioskConfig{DB: n.d, Dir: filepath.Join(n.dir, "venue"), Table: n.table.Name,
			Logf: l.logf, Web: own, PageHash: hash})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(k.Close)
		return k
	}
	ka := start(a, *pairing(t, hub, link.addr()), "page-1", "127.0.0.1:17458", logA)
	kb := start(b, *pairing(t, hub, hub.Addr()), "page-2", "127.0.0.1:27458", logB)

	seen := logA.waitLine(0, "the seating QR points at the venue's page http://"+web+"/")
	if got := ka.HubPage(); got != web {
		t.Errorf("A's QR page %q, want the hub's %s", got, web)
	}
	logB.waitLine(0, "venue kiosk: the hub answered")
	// Its first probe follows the hub's first answer.
	waitProbe(t, kb, "another page")
	if kb.HubPage() != "" || kb.HubOrigin() != web {
		t.Errorf("B (another page): QR page %q, origin %q", kb.HubPage(), kb.HubOrigin())
	}
	if got := tables(); !slices.Equal(got, []string{"127.0.0.1:17458", "127.0.0.1:27458"}) {
		t.Errorf("the hub's page may connect to %q", got)
	}

	// A's link cut: its own page, at once; back, the hub's again.
	link.setCut(true)
	seen = logA.waitLine(seen, "the seating QR points at this table's own page: the link to the hub is down")
	if ka.HubPage() != "" || ka.HubOrigin() != web {
		t.Errorf("A cut off: QR page %q, origin %q", ka.HubPage(), ka.HubOrigin())
	}
	link.setCut(false)
	seen = logA.waitLine(seen, "the seating QR points at the venue's page")

	// The hub's page down: the next probe (each hello's) finds no page.
	hub.closeWeb()
	ka.probePage(context.Background(), hub.web.at)
	logA.waitLine(seen, "the seating QR points at this table's own page: the hub's page did not answer")
	if ka.HubPage() != "" || ka.HubOrigin() != web {
		t.Errorf("the hub's page down: QR page %q, origin %q", ka.HubPage(), ka.HubOrigin())
	}
}

// A hub's answer names its page as ":PORT" when it serves it on every
// address: the kiosk names the hub as it dials it (IPv6 too); a hub
// without a page, or a page that does not answer, leaves the table's own.
func TestProbeNamesTheHubAsPaired(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close() // a port nobody answers on
	for _, c := range []struct{ host, web, page, why string }{
		{"127.0.0.1", "", "", "the hub serves no web page"},
		{"127.0.0.1", ":" + port, "127.0.0.1:" + port, "the hub's page did not answer"},
		{"::1", ":" + port, "[::1]:" + port, "the hub's page did not answer"},
		{"127.0.0.1", "127.0.0.2:" + port, "127.0.0.2:" + port, "the hub's page did not answer"},
	} {
		k := &Kiosk{page: kioskPage{hubHost: c.host, hash: "p", client: &http.Client{Timeout: probeTimeout}}}
		k.probePage(context.Background(), c.web)
		if k.HubOrigin() != c.page || k.page.ok || !strings.Contains(k.page.why, c.why) {
			t.Errorf("hub %s, answer %q: page %q, ok %v, why %q", c.host, c.web, k.HubOrigin(), k.page.ok, k.page.why)
		}
	}
}
