package venue

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// probeTimeout bounds a probe of the hub's web page.
const probeTimeout = 2 * time.Second

// probePage looks whether the hub's web page, at web as the hub's answer
// names it, answers with this table's very page (kiosk/web's
// PageHeader), and notes the result for HubPage. Every answered hello
// probes again (every helloEvery): a HEAD request.
func (k *Kiosk) probePage(ctx context.Context, web string) {
	page := ""
	if host, port, err := net.SplitHostPort(web); err == nil {
		if host == "" {
			host = k.page.hubHost // the hub serves it on every address
		}
		page = net.JoinHostPort(host, port)
	}
	var why string
	switch {
	case page == "":
		why = "the hub serves no web page"
	case k.page.hash == "":
		why = "this table has no page to compare"
	default:
		if err := k.probe(ctx, page); err != nil {
			why = err.Error()
		}
	}
	k.mu.Lock()
	k.page.hub, k.page.ok, k.page.why = page, why == "", why
	k.mu.Unlock()
	signal(k.page.probed)
}

// probe asks the hub's page for its hash.
func (k *Kiosk) probe(ctx context.Context, page string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, "http://"+page+"/", nil)
	if err != nil {
		return err
	}
	resp, err := k.page.client.Do(req)
	if err != nil {
		return fmt.Errorf("the hub's page did not answer: %w", err)
	}
	resp.Body.Close()
	switch got := resp.Header.Get(pageHeader); {
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("the hub's page answered %s", resp.Status)
	case got != k.page.hash:
		return fmt.Errorf("the hub serves another page (%q, this table's is %q: another version of Tablée)", got, k.page.hash)
	}
	return nil
}

// pageHeader is kiosk/web's PageHeader (this package does not import the
// page).
const pageHeader = "Tablee-Page"

// HubPage is where the seating QR's link loads the web page: the hub's
// page, HOST:PORT, while the link to the hub is up and the hub's page
// answered the last probe with this table's very page; "" otherwise: the
// table's own page (its guests are then strangers to the other tables
// for that game).
func (k *Kiosk) HubPage() string {
	k.mu.Lock()
	page, ok := k.page.hub, k.page.ok
	k.mu.Unlock()
	if !ok || !k.LeafConnected() || !k.hubAlive() {
		return ""
	}
	return page
}

// HubOrigin is the hub's web page, HOST:PORT, as last known (also while
// the hub is away: a page it served goes on playing at the table), or
// "": the table's web server accepts the WebSockets of its pages.
func (k *Kiosk) HubOrigin() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.page.hub
}

// logQR says which page the seating QR now points at, and why not the
// hub's: guests see nothing of it.
func (k *Kiosk) logQR(page string) {
	if page != "" {
		k.logf("venue kiosk: the seating QR points at the venue's page http://%s/ (one player key at every table)", page)
		return
	}
	k.mu.Lock()
	why := k.page.why
	k.mu.Unlock()
	if !k.LeafConnected() || !k.hubAlive() {
		why = "the link to the hub is down"
	}
	k.logf("venue kiosk: the seating QR points at this table's own page: %s", why)
}
