package table

import (
	"net"
	"strconv"

	"github.com/tablee/tablee/kiosk/web"
	"github.com/tablee/tablee/proto/joinurl"
)

// serveWeb starts the web companion: the page on the web port, with the
// protocol served by the table's server inside its encrypted channel.
func (t *Table) serveWeb() error {
	key, err := web.LoadOrCreateKey(t.cfg.DataDir)
	if err != nil {
		return err
	}
	h, err := web.NewHandler(web.Config{Key: key, Table: t.srv, Games: t.cfg.Games, Logf: t.cfg.Logger.Printf,
		HubPage: func() string {
			if p := t.hub.Load(); p != nil {
				return p.origin()
			}
			return ""
		}})
	if err != nil {
		return err
	}
	srv, err := web.Start(t.cfg.WebAddr, h)
	if err != nil {
		return err
	}
	t.web, t.webKey, t.webPage = srv, key, h
	return nil
}

// hubPage is the venue hub's copy of the web page, as the venue's side of
// the kiosk knows it.
type hubPage struct {
	now    func() string // where the seating QR loads the page now; "": the table's own
	origin func() string // the hub's page, also while it is away
}

// UseHubPage makes the seating QR load the venue hub's web page, at the
// address now returns (HOST:PORT; "" the table's own page), with the
// table in the link's fragment, so a guest's browser keeps one player key
// at every table of the venue; and the table's web server accept the
// WebSockets of pages loaded from origin's address (docs/venue.md, "The
// web page's origin").
func (t *Table) UseHubPage(now, origin func() string) {
	t.hub.Store(&hubPage{now: now, origin: origin})
}

// HubPageChanged tells the screen that the seating QR's page changed
// (UseHubPage's now says another): it draws the QR again.
func (t *Table) HubPageChanged() { t.announce() }

// PageHash is the hash of the table's web page (web.PageHeader): the
// venue's side of the kiosk checks that the hub serves this very page.
func (t *Table) PageHash() string { return t.webPage.PageHash() }

// WebAddr is the address the web companion's page is served on.
func (t *Table) WebAddr() string { return t.web.Addr() }

// JoinInfo is what the QR code carries for a phone reaching the kiosk at
// host (an address of the kiosk on the guests' network): the web page's
// address (the venue hub's page when UseHubPage says so), the table code in its link form (which no guesser spends the
// table's budget on, see server.LinkCode), the web channel's key and, for the native
// companion, the TLS port and certificate fingerprint.
func (t *Table) JoinInfo(host string) joinurl.Info {
	_, tlsPort, _ := net.SplitHostPort(t.Addr())
	tp, _ := strconv.Atoi(tlsPort)
	info := joinurl.Info{Host: host, WebPort: t.web.Port(), Code: t.srv.LinkCode(), BoxKey: t.webKey.Public,
		TLSPort: tp, Fingerprint: t.fp}
	if p := t.hub.Load(); p != nil {
		info.Page = p.now()
	}
	return info
}

// webAddrFor is the default web address: the web port on all interfaces,
// or an ephemeral port beside an ephemeral TLS port (tests running side by
// side must not all claim the web port).
func webAddrFor(tlsAddr string) string {
	if host, port, err := net.SplitHostPort(tlsAddr); err == nil && port == "0" {
		return net.JoinHostPort(host, "0")
	}
	return ":" + strconv.Itoa(web.DefaultPort)
}
