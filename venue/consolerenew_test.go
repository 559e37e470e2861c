package venue

import (
	"crypto/x509"
	"net"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/tlscert"
)

// The consoles' certificates renew by themselves before they end, on the
// nodes' clocks (here one clock the test moves on, for the hub and the
// table): the hub issues its own again, a table's hello asks the hub's
// authority for a new one and keeps it, each checked by x509.Verify
// against the venue's authority at the clock's time. A table removed from
// the venue has its certificate revoked (in the hub's record and its
// signed revocation list) and gets no new one. (Before, a table's
// certificate lasted 397 days and was never renewed but by pairing the
// table again, and nothing recorded a removed table's.)
func TestConsoleCertificatesRenewThemselves(t *testing.T) {
	ctx := t.Context()
	var shift atomic.Int64 // how far the test moved the clock on
	now := func() time.Time { return time.Now().Add(time.Duration(shift.Load())) }
	hn, a := newNode(t, ""), newNode(t, "Table A")
	hubDir := tlscert.ConsoleDir(hn.d.Path())
	ca, _, err := tlscert.CreateCA(hubDir, now())
	if err != nil {
		t.Fatal(err)
	}
	hub, err := StartHub(ctx, HubConfig{DB: hn.d, DataDir: filepath.Join(hn.dir, "hub"), Listen: "127.0.0.1:0", PairListen: "127.0.0.1:0", Logf: t.Logf, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	if err := Pair(ctx, a.d, Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: newCode(t, hub), Fingerprint: hub.Fingerprint()}); err != nil {
		t.Fatal(err)
	}
	k, err := StartKiosk(ctx, KioskConfig{DB: a.d, Dir: filepath.Join(a.dir, "venue"), Table: a.table.Name, Logf: t.Logf, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Close)
	tableDir := tlscert.ConsoleDir(a.d.Path())

	leafOf := func(der []byte) *x509.Certificate {
		t.Helper()
		c, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tableLeaf := func() *x509.Certificate {
		t.Helper()
		c, ok, err := tlscert.LoadConsole(tableDir)
		if err != nil || !ok {
			t.Fatalf("the table's console certificate: %v %v", ok, err)
		}
		return leafOf(c.Certificate[0])
	}
	verify := func(who string, c *x509.Certificate, ip string) {
		t.Helper()
		if _, err := c.Verify(x509.VerifyOptions{Roots: ca.Pool(), CurrentTime: now()}); err != nil {
			t.Errorf("%s's console certificate at %s: %v", who, now().Format(time.DateOnly), err)
		}
		if ip != "" && !slices.ContainsFunc(c.IPAddresses, net.ParseIP(ip).Equal) {
			t.Errorf("%s's console certificate is for %v, want %s", who, c.IPAddresses, ip)
		}
	}

	hubBefore := leafOf(hub.ConsoleCertificate().Certificate[0])
	tableBefore := tableLeaf()
	verify("the hub", hubBefore, "")
	verify("the table", tableBefore, "127.0.0.1")
	if life := tableBefore.NotAfter.Sub(now()); life > tlscert.TableLife || life < tlscert.TableLife-2*time.Hour {
		t.Errorf("the table's certificate lasts %v, want %v", life, tlscert.TableLife)
	}

	// 61 days on: the table's certificate ends within 30 days.
	shift.Store(int64(tlscert.TableLife - tlscert.RenewBefore + 24*time.Hour))
	waitFor(t, "the table's certificate renewed", func() error {
		c := tableLeaf()
		return saw(c.NotAfter.After(tableBefore.NotAfter), "it ends %s, as before", c.NotAfter)
	})
	tableAfter := tableLeaf()
	verify("the table", tableAfter, "127.0.0.1")
	if tableAfter.SerialNumber.Cmp(tableBefore.SerialNumber) == 0 {
		t.Errorf("the renewed certificate has the serial of the one before")
	}

	// 370 days on: the hub's own ends within 30 days; its daily look
	// issues it again, and its console serves the new one.
	shift.Store(int64(tlscert.ConsoleLife - tlscert.RenewBefore + 24*time.Hour))
	hub.renewOwnConsole()
	hubAfter := leafOf(hub.ConsoleCertificate().Certificate[0])
	if !hubAfter.NotAfter.After(hubBefore.NotAfter) {
		t.Errorf("the hub's certificate ends %s, as before", hubAfter.NotAfter)
	}
	verify("the hub", hubAfter, "")

	// The table removed: its certificate revoked, none issued again.
	if err := hub.Revoke(ctx, k.ID()); err != nil {
		t.Fatal(err)
	}
	revoked, err := RevokedConsoles(filepath.Join(hn.dir, "hub"))
	if err != nil {
		t.Fatal(err)
	}
	serial := tlscert.Serial(tableAfter.Raw)
	if !slices.ContainsFunc(revoked, func(r tlscert.Revoked) bool { return r.Serial == serial }) {
		t.Errorf("the hub's revoked consoles %v lack the removed table's %s", revoked, serial)
	}
	crl, err := x509.ParseRevocationList(tlscert.RevocationList(hubDir))
	if err != nil {
		t.Fatalf("the revocation list: %v", err)
	}
	if err := crl.CheckSignatureFrom(ca.Cert); err != nil {
		t.Errorf("the revocation list's signature: %v", err)
	}
	if !slices.ContainsFunc(crl.RevokedCertificateEntries, func(e x509.RevocationListEntry) bool {
		return e.SerialNumber.Cmp(tableAfter.SerialNumber) == 0
	}) {
		t.Errorf("the revocation list lacks the removed table's certificate")
	}
	// And a table removed by tablee venue --revoke (the hub's database
	// and folder, the hub running or not): its certificate from its
	// pairing is in the list too.
	b := newNode(t, "Table B")
	if err := Pair(ctx, b.d, Pairing{Addr: hub.Addr(), PairAddr: hub.PairAddr(), Code: newCode(t, hub), Fingerprint: hub.Fingerprint()}); err != nil {
		t.Fatal(err)
	}
	bCert, ok, err := tlscert.LoadConsole(tlscert.ConsoleDir(b.d.Path()))
	if err != nil || !ok {
		t.Fatalf("table B's console certificate: %v %v", ok, err)
	}
	bID, err := b.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hn.d.NoteVenueKiosk(ctx, bID, "Table B", 0, now()); err != nil {
		t.Fatal(err)
	}
	if _, err := RevokeTable(ctx, hn.d, filepath.Join(hn.dir, "hub"), bID); err != nil {
		t.Fatal(err)
	}
	if crl, err = x509.ParseRevocationList(tlscert.RevocationList(hubDir)); err != nil {
		t.Fatalf("the revocation list: %v", err)
	}
	if !slices.ContainsFunc(crl.RevokedCertificateEntries, func(e x509.RevocationListEntry) bool {
		return e.SerialNumber.Cmp(leafOf(bCert.Certificate[0]).SerialNumber) == 0
	}) || len(crl.RevokedCertificateEntries) != 2 {
		t.Errorf("after tablee venue --revoke of table B, the list has %d certificates, want A's and B's", len(crl.RevokedCertificateEntries))
	}

	csr, err := tlscert.ConsoleKey(tableDir, nil, []net.IP{net.ParseIP("127.0.0.1")})
	if err != nil {
		t.Fatal(err)
	}
	if cert, _ := hub.renewTableConsole(k.ID(), csr); cert != nil {
		t.Errorf("a removed table got a new console certificate")
	}
}
