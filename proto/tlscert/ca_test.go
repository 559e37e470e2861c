package tlscert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The venue's authority is made once (a second tablee ca gives the same),
// its key the owner's only; a console's certificate it issues verifies
// with Go's x509.Verify against it alone, for the names and addresses of
// the venue's network it was asked for, and for nothing outside it — not
// even a certificate its own key signed for an Internet name, which its
// name constraints refuse.
func TestVenueCAIssuesConsoleCertificates(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	ca, made, err := CreateCA(dir, now)
	if err != nil || !made {
		t.Fatalf("CreateCA: %v, made %v", err, made)
	}
	again, made, err := CreateCA(dir, now)
	if err != nil || made || again.Fingerprint() != ca.Fingerprint() {
		t.Fatalf("a second CreateCA: %v, made %v, fingerprint %s, want %s", err, made, again.Fingerprint(), ca.Fingerprint())
	}
	if fi, err := os.Stat(filepath.Join(dir, caKeyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the authority's key file: %v %v, want 0600", fi.Mode(), err)
	}
	if _, err := LoadCA(t.TempDir()); !errors.Is(err, ErrNoCA) {
		t.Errorf("LoadCA where none was made: %v", err)
	}

	lan := net.ParseIP("192.168.1.20")
	cert, err := ca.IssueConsole(filepath.Join(dir, "console"), []string{"salle.local", "example.com", "tablette"},
		[]net.IP{lan, net.ParseIP("8.8.8.8")}, now)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(leaf.DNSNames) != 1 || leaf.DNSNames[0] != "salle.local" || len(leaf.IPAddresses) != 1 || !leaf.IPAddresses[0].Equal(lan) {
		t.Errorf("the console's names %v and addresses %v, want salle.local and %v only", leaf.DNSNames, leaf.IPAddresses, lan)
	}
	for _, name := range []string{"salle.local", "192.168.1.20"} {
		if _, err := leaf.Verify(x509.VerifyOptions{DNSName: name, Roots: ca.Pool(), CurrentTime: now}); err != nil {
			t.Errorf("x509.Verify for %s against the venue's authority: %v", name, err)
		}
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "salle.local", CurrentTime: now}); err == nil {
		t.Error("the console's certificate verified without the venue's authority")
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "salle.local", Roots: ca.Pool(), CurrentTime: now.Add(ConsoleLife + time.Hour)}); err == nil {
		t.Error("the console's certificate verified past its end")
	}

	// The authority's key signing an Internet name (stolen, or misused):
	// refused by its own name constraints.
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: leaf.SerialNumber, NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		DNSNames: []string{"bank.example.com"}, IPAddresses: []net.IP{net.ParseIP("8.8.8.8")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.Cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	rogue, _ := x509.ParseCertificate(der)
	if _, err := rogue.Verify(x509.VerifyOptions{DNSName: "bank.example.com", Roots: ca.Pool(), CurrentTime: now}); err == nil {
		t.Error("the venue's authority vouched for an Internet name")
	}

	// Kept, and issued again only when it no longer covers the machine.
	same, err := ca.IssueConsole(filepath.Join(dir, "console"), []string{"salle.local"}, []net.IP{lan}, now)
	if err != nil || Fingerprint(same) != Fingerprint(cert) {
		t.Errorf("issued again for the same names (%v)", err)
	}
	moved, err := ca.IssueConsole(filepath.Join(dir, "console"), []string{"salle.local"}, []net.IP{net.ParseIP("10.0.0.7")}, now)
	if err != nil || Fingerprint(moved) == Fingerprint(cert) {
		t.Errorf("not issued again for a new address (%v)", err)
	}
}

// A table's console key and certificate request, signed by the venue's
// authority as the hub does when the table pairs (for the address the
// request came from, whatever it asked for): the browser (Go's TLS
// client with the authority as its only root, no pin, no skipped check)
// connects to the console, and refuses a man in the middle who shows his
// own certificate for the same address.
func TestABrowserTrustsTheConsoleAndRefusesAManInTheMiddle(t *testing.T) {
	now := time.Now()
	ca, _, err := CreateCA(t.TempDir(), now)
	if err != nil {
		t.Fatal(err)
	}
	table := t.TempDir()
	// The request asks for the hub's address too: it gets the address
	// it came from alone.
	csr, err := ConsoleKey(table, []string{"table-1.local"}, []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("192.168.1.20")})
	if err != nil {
		t.Fatal(err)
	}
	der, err := ca.IssueCSR(csr, net.ParseIP("127.0.0.1"), now)
	if err != nil {
		t.Fatal(err)
	}
	if leaf, _ := x509.ParseCertificate(der); len(leaf.IPAddresses) != 1 || !leaf.IPAddresses[0].Equal(net.ParseIP("127.0.0.1")) || len(leaf.DNSNames) != 0 {
		t.Errorf("issued for %v %v, want the request's source address alone", leaf.DNSNames, leaf.IPAddresses)
	}
	if err := SaveConsole(table, der, ca.Cert.Raw); err != nil {
		t.Fatal(err)
	}
	cert, ok, err := LoadConsole(table)
	if err != nil || !ok || len(cert.Certificate) != 2 {
		t.Fatalf("the table's console certificate: %v, %v, chain of %d", ok, err, len(cert.Certificate))
	}
	mitm, err := LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]tls.Certificate{"the console": cert, "a man in the middle": mitm} {
		ln, err := tls.Listen("tcp", "127.0.0.1:0", ServerConfig(c))
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			conn, err := ln.Accept()
			if err == nil {
				conn.(*tls.Conn).Handshake()
				conn.Close()
			}
		}()
		conn, err := tls.Dial("tcp", ln.Addr().String(), &tls.Config{RootCAs: ca.Pool(), ServerName: "127.0.0.1"})
		if conn != nil {
			conn.Close()
		}
		ln.Close()
		if (err == nil) != (name == "the console") {
			t.Errorf("%s: the browser's handshake gave %v", name, err)
		}
	}
}
