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
	h, err := web.NewHandler(web.Config{Key: key, Table: t.srv, Games: t.cfg.Games, Logf: t.cfg.Logger.Printf})
	if err != nil {
		return err
	}
	srv, err := web.Start(t.cfg.WebAddr, h)
	if err != nil {
		return err
	}
	t.web, t.webKey = srv, key
	return nil
}

// WebAddr is the address the web companion's page is served on.
func (t *Table) WebAddr() string { return t.web.Addr() }

// JoinInfo is what the QR code carries for a phone reaching the kiosk at
// host (an address of the kiosk on the guests' network): the web page's
// address, the table code in its link form (which no guesser spends the
// table's budget on, see server.LinkCode), the web channel's key and, for the native
// companion, the TLS port and certificate fingerprint.
func (t *Table) JoinInfo(host string) joinurl.Info {
	_, tlsPort, _ := net.SplitHostPort(t.Addr())
	tp, _ := strconv.Atoi(tlsPort)
	return joinurl.Info{Host: host, WebPort: t.web.Port(), Code: t.srv.LinkCode(), BoxKey: t.webKey.Public,
		TLSPort: tp, Fingerprint: t.fp}
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
