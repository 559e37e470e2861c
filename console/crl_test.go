package console_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"math/big"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/tlscert"
)

// The hub's console serves the venue authority's revocation list, with no
// sign-in (public, as the authority's certificate): a removed table's
// console certificate is in it, signed by the venue's authority. The list
// is the file the hub writes when a table is removed (venue's
// TestRevokeAtTheRunningHub: HUB.db.console/venue-ca.crl); 404 before
// any, and on a table's console (it holds no authority).
func TestTheHubConsoleServesTheRevocationList(t *testing.T) {
	f := newHubFixture(t, 1, false)
	b := f.browser(t)
	if r := b.get("/venue-ca.crl"); r.StatusCode != 404 {
		t.Errorf("no list yet: %s; want 404", r.Status)
	}
	dir := tlscert.ConsoleDir(f.d.Path())
	now := time.Now()
	ca, _, err := tlscert.CreateCA(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	// Two tables' console certificates; table A is removed.
	var serials []string
	for range 2 {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		der, err := ca.Issue(key.Public(), nil, []net.IP{net.IPv4(192, 168, 1, 20)}, now)
		if err != nil {
			t.Fatal(err)
		}
		serials = append(serials, tlscert.Serial(der))
	}
	if err := ca.WriteRevocationList(dir, []tlscert.Revoked{{Serial: serials[0], At: now}}, now); err != nil {
		t.Fatal(err)
	}
	r := b.get("/venue-ca.crl") // not signed in
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "application/pkix-crl" {
		t.Fatalf("GET /venue-ca.crl: %s, %q; want 200, application/pkix-crl", r.Status, r.Header.Get("Content-Type"))
	}
	crl, err := x509.ParseRevocationList([]byte(r.body))
	if err != nil {
		t.Fatalf("the list served does not parse: %v", err)
	}
	if err := crl.CheckSignatureFrom(ca.Cert); err != nil {
		t.Errorf("the list is not signed by the venue's authority: %v", err)
	}
	has := func(serial string) bool {
		n, _ := new(big.Int).SetString(serial, 16)
		return slices.ContainsFunc(crl.RevokedCertificateEntries, func(e x509.RevocationListEntry) bool { return e.SerialNumber.Cmp(n) == 0 })
	}
	if !has(serials[0]) || has(serials[1]) || len(crl.RevokedCertificateEntries) != 1 {
		t.Errorf("the list revokes %d certificates (A's: %v, B's: %v); want the removed table A's alone", len(crl.RevokedCertificateEntries), has(serials[0]), has(serials[1]))
	}

	_, tb, _ := signedIn(t)
	if r := tb.get("/venue-ca.crl"); r.StatusCode != 404 {
		t.Errorf("a table's console: %s; want 404", r.Status)
	}
}
