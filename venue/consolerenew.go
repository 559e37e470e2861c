package venue

import (
	"context"
	"net"
	"path/filepath"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// The consoles' certificates renew by themselves, and a table removed
// from the venue has its certificate revoked (issue 41; docs/install.md,
// "A console the browser trusts").
//
//   - The hub's own console certificate (the hub holds the venue's
//     authority) is issued again by the hub from tlscert.RenewBefore
//     before its end: looked at when the hub starts and every
//     consoleRenewEvery while it runs, on its injected clock. Its console
//     serves the new one at once (tlscert.ConsoleSource reads the file
//     again when it changes).
//   - A table's, issued by the hub's authority when it paired, is valid
//     tlscert.TableLife (90 days). From RenewBefore before its end the
//     table's hellos carry a new certificate request for its console's key
//     (hello.ConsoleCSR); the hub answers with a certificate for the
//     address the table's link comes from (as at pairing: never for what
//     the table asks) in the hello's answer. The hub only answers a table
//     whose credential stands: a removed table can renew nothing, and the
//     certificate it has lapses within TableLife.
//   - Removing a table (the hub console's Tables page, tablee venue
//     --revoke) revokes its credential and its console certificate: the
//     hub records every console certificate it issues a table
//     (credFile.Consoles), moves the table's to the revoked
//     (credFile.RevokedConsoles) with its credential, and keeps a signed
//     revocation list (X.509 CRL) beside the authority, for tools that
//     check one. Browsers do not fetch such a list for a certificate that
//     names none: what bounds a removed table's certificate in a browser is
//     its short life.

// consoleRenewEvery is how often a running hub looks at its console's
// certificate: once a day is plenty for a certificate renewed a month
// before its end.
const consoleRenewEvery = 24 * time.Hour

// renewOwnConsole issues the hub's console certificate again if it ends
// within RenewBefore (or no longer names the machine's addresses).
func (h *Hub) renewOwnConsole() {
	if h.ca == nil {
		return
	}
	names, ips := tlscert.MachineNames()
	if _, err := h.ca.IssueConsole(tlscert.ConsoleDir(h.d.Path()), names, ips, h.now()); err != nil {
		h.logf("venue hub: the venue's authority issued no console certificate: %v", err)
	}
}

// renewConsoles looks at the hub's console certificate every
// consoleRenewEvery until ctx ends.
func (h *Hub) renewConsoles(ctx context.Context) {
	t := time.NewTicker(consoleRenewEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			h.renewOwnConsole()
		}
	}
}

// renewTableConsole answers a table's request for a new console
// certificate (its hello's ConsoleCSR): a certificate for the address its
// link comes from, and the authority's; nil when the hub holds no
// authority, the table's credential is gone, or the request does not
// check.
func (h *Hub) renewTableConsole(kiosk string, csr []byte) (cert, ca []byte) {
	if len(csr) == 0 || h.ca == nil || h.auth.creds.get(kiosk) == "" {
		return nil, nil
	}
	ip := h.linkIP(kiosk)
	if ip == nil {
		return nil, nil
	}
	der, err := h.ca.IssueCSR(csr, ip, h.now())
	if err != nil {
		h.logf("venue hub: no new console certificate for kiosk %s: %v", kiosk, err)
		return nil, nil
	}
	if err := h.auth.creds.noteConsole(kiosk, der); err != nil {
		h.logf("venue hub: console certificate of kiosk %s: %v", kiosk, err)
		return nil, nil
	}
	h.logf("venue hub: renewed the console certificate of kiosk %s (for %s, until %s)", kiosk, ip, h.now().Add(tlscert.TableLife).UTC().Format(time.DateOnly))
	return der, h.ca.Cert.Raw
}

// linkIP is the address kiosk's leaf link comes from, nil if it has none.
func (h *Hub) linkIP(kiosk string) net.IP {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return nil
	}
	for _, l := range lz.Leafs {
		if l.Name == kioskServerPrefix+kiosk {
			return net.ParseIP(l.IP)
		}
	}
	return nil
}

// writeRevocations keeps the authority's revocation list in dir (the
// console folder holding it) as the credentials' file has it.
func writeRevocations(ca *tlscert.CA, dir string, creds *credStore, now time.Time) error {
	creds.mu.Lock()
	revoked := append([]tlscert.Revoked(nil), creds.f.RevokedConsoles...)
	creds.mu.Unlock()
	if ca == nil || (len(revoked) == 0 && tlscert.RevocationList(dir) == nil) {
		return nil
	}
	return ca.WriteRevocationList(dir, revoked, now)
}

// revocations writes the hub's revocation list again (after a table was
// removed, here or by tablee venue --revoke beside it).
func (h *Hub) revocations() {
	if err := writeRevocations(h.ca, tlscert.ConsoleDir(h.d.Path()), h.auth.creds, h.now()); err != nil {
		h.logf("venue hub: revocation list: %v", err)
	}
}

// noteConsole records the console certificate der issued to kiosk.
func (s *credStore) noteConsole(kiosk string, der []byte) error {
	serial := tlscert.Serial(der)
	return s.update(func(f *credFile) {
		if f.Consoles == nil {
			f.Consoles = map[string]string{}
		}
		f.Consoles[kiosk] = serial
	})
}

// revokeConsole moves kiosk's console certificate to the revoked ones
// (with its credential, in set).
func revokeConsole(f *credFile, kiosk string, now time.Time) {
	serial, ok := f.Consoles[kiosk]
	if !ok {
		return
	}
	delete(f.Consoles, kiosk)
	if now.IsZero() {
		now = clock(nil)() // tablee venue --revoke, beside no hub
	}
	f.RevokedConsoles = append(f.RevokedConsoles, tlscert.Revoked{Serial: serial, At: now.UTC()})
}

// RevokedConsoles are the serials of the tables' console certificates the
// hub whose data directory is dir revoked, and when.
func RevokedConsoles(dir string) ([]tlscert.Revoked, error) {
	creds, err := openCreds(dirCreds(dir))
	if err != nil {
		return nil, err
	}
	creds.mu.Lock()
	defer creds.mu.Unlock()
	return append([]tlscert.Revoked(nil), creds.f.RevokedConsoles...), nil
}

// revokeTableConsole writes the revocation list of the hub whose
// database is d after tablee venue --revoke, when it holds the venue's
// authority.
func revokeTableConsole(d *db.DB, creds *credStore) error {
	dir := tlscert.ConsoleDir(d.Path())
	ca, err := tlscert.LoadCA(dir)
	if err != nil {
		return nil // no authority here: nothing issued, nothing to list
	}
	return writeRevocations(ca, dir, creds, clock(nil)()) // tablee venue --revoke
}

// consoleRequest is the certificate request a kiosk's hello carries when
// its console's certificate, issued by the hub's authority, nears its end;
// nil otherwise. A kiosk that holds the authority itself (it made it:
// tablee ca on the first table) issues its own again instead.
func (k *Kiosk) consoleRequest() []byte {
	dir := tlscert.ConsoleDir(k.d.Path())
	now := k.now()
	if ca, err := tlscert.LoadCA(dir); err == nil {
		names, ips := tlscert.MachineNames()
		if tlscert.RenewalDue(dir, now) {
			if _, err := ca.IssueConsole(dir, names, ips, now); err != nil {
				k.logf("venue kiosk: the venue's authority issued no console certificate: %v", err)
			}
		}
		return nil
	}
	if !tlscert.RenewalDue(dir, now) {
		return nil
	}
	names, ips := tlscert.MachineNames()
	csr, err := tlscert.ConsoleKey(dir, names, ips)
	if err != nil {
		k.logf("venue kiosk: console certificate request: %v", err)
		return nil
	}
	return csr
}

// keepConsole keeps the console certificate the hub's answer brought.
func (k *Kiosk) keepConsole(cert, ca []byte) {
	if len(cert) == 0 {
		return
	}
	if err := tlscert.SaveConsole(tlscert.ConsoleDir(k.d.Path()), cert, ca); err != nil {
		k.logf("venue kiosk: console certificate: %v", err)
		return
	}
	k.logf("venue kiosk: the hub renewed this table's console certificate")
}

// dirCreds is the credentials' file of the hub whose data directory is dir.
func dirCreds(dir string) string { return filepath.Join(dir, credsFile) }

// consoleLookEvery is how often a kiosk looks at its console certificate
// (at a hello): a file read and a parse, for a certificate renewed a month
// before its end.
const consoleLookEvery = time.Hour
