package tlscert

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/renameio/v2"
)

// The venue's certificate authority (docs/install.md, "A console the
// browser trusts"): made once (tablee ca), its certificate installed on
// the staff's devices, it issues the staff consoles' certificates, so that
// a browser checks the console itself and refuses a man in the middle
// without a warning to click through. Everything here is crypto/x509 of
// the standard library.
//
// Its certificate is name-constrained (critical, as RFC 5280 wants) to
// the addresses and names of a café's own network: private and loopback
// IPv4 and IPv6 ranges and the DNS suffixes a LAN uses. A device that
// trusts it therefore trusts it for nothing on the Internet, even if its
// key were stolen.
const (
	caCertFile      = "venue-ca.pem"
	caKeyFile       = "venue-ca-key.pem"
	consoleCertFile = "console-cert.pem"
	consoleKeyFile  = "console-key.pem"
)

// ConsoleLife is how long a console's certificate is valid: under the
// 398 days browsers accept (user-installed authorities are exempt in
// Apple's and Google's rules, but nothing is lost by keeping to them).
const ConsoleLife = 397 * 24 * time.Hour

// TableLife is how long a table's console certificate, issued by the
// hub's authority (IssueCSR), is valid: the table asks for a new one by
// itself from RenewBefore before its end (its hellos to the hub), so a
// short life costs nothing, and a table removed from the venue — its
// credential revoked, so it can ask for none — keeps a certificate the
// staff's browsers accept for at most this long.
const TableLife = 90 * 24 * time.Hour

// RenewBefore is how long before its end a console's certificate is
// issued again.
const RenewBefore = 30 * 24 * time.Hour

// renewBefore is RenewBefore, as this file has always named it.
const renewBefore = RenewBefore

// LANDomains are the DNS suffixes the venue's authority may vouch for.
var LANDomains = []string{"local", "lan", "home.arpa", "internal", "localhost"}

// lanNets are the IP ranges the venue's authority may vouch for.
var lanNets = func() []*net.IPNet {
	var out []*net.IPNet
	for _, c := range []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16",
		"100.64.0.0/10", "fc00::/7", "fe80::/10", "::1/128"} {
		_, n, _ := net.ParseCIDR(c)
		out = append(out, n)
	}
	return out
}()

// ErrNoCA is returned by LoadCA when no authority was made in the
// directory.
var ErrNoCA = errors.New("tlscert: no venue certificate authority here (tablee ca makes one)")

// CA is the venue's certificate authority.
type CA struct {
	Cert *x509.Certificate
	key  crypto.Signer
}

// Fingerprint is the SHA-256 of the authority's certificate, hex: what a
// device shows of a certificate installed, and what tablee ca prints.
func (ca *CA) Fingerprint() string {
	sum := sha256.Sum256(ca.Cert.Raw)
	return hex.EncodeToString(sum[:])
}

// PEM is the authority's certificate, as a device installs it.
func (ca *CA) PEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ca.Cert.Raw})
}

// Pool is a pool holding the authority alone, to verify a console's
// certificate against.
func (ca *CA) Pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(ca.Cert)
	return p
}

// CreateCA makes the venue's authority in dir, once: a second call loads
// the one made (made reports which). Its key file is the owner's only.
func CreateCA(dir string, now time.Time) (ca *CA, made bool, err error) {
	if ca, err := LoadCA(dir); err == nil || !errors.Is(err, ErrNoCA) {
		return ca, false, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, false, fmt.Errorf("tlscert: authority key: %w", err)
	}
	serial, err := serialNumber()
	if err != nil {
		return nil, false, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		// The serial in the name: two venues' authorities on one
		// device are told apart in its list.
		Subject:                     pkix.Name{CommonName: "Tablée venue " + serial.Text(16)[:8], Organization: []string{"Tablée"}},
		NotBefore:                   now.Add(-time.Hour),
		NotAfter:                    now.AddDate(10, 0, 0),
		IsCA:                        true,
		BasicConstraintsValid:       true,
		MaxPathLenZero:              true,
		KeyUsage:                    x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		PermittedDNSDomainsCritical: true,
		PermittedDNSDomains:         LANDomains,
		PermittedIPRanges:           lanNets,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, false, fmt.Errorf("tlscert: create the authority: %w", err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, false, fmt.Errorf("tlscert: authority key: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, false, fmt.Errorf("tlscert: %w", err)
	}
	// The key first: a certificate without its key would read as an
	// authority made.
	if err := writeFile(filepath.Join(dir, caKeyFile), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return nil, false, err
	}
	if err := writeFile(filepath.Join(dir, caCertFile), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return nil, false, err
	}
	ca, err = LoadCA(dir)
	return ca, err == nil, err
}

// LoadCA loads the venue's authority made in dir (ErrNoCA if none).
func LoadCA(dir string) (*CA, error) {
	pair, err := tls.LoadX509KeyPair(filepath.Join(dir, caCertFile), filepath.Join(dir, caKeyFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoCA
	}
	if err != nil {
		return nil, fmt.Errorf("tlscert: the venue's authority in %s: %w", dir, err)
	}
	cert, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil || !cert.IsCA {
		return nil, fmt.Errorf("tlscert: %s is no certificate authority (%v)", filepath.Join(dir, caCertFile), err)
	}
	key, ok := pair.PrivateKey.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("tlscert: the venue's authority's key cannot sign")
	}
	return &CA{Cert: cert, key: key}, nil
}

// Permitted keeps of names and ips those the authority may vouch for.
func Permitted(names []string, ips []net.IP) ([]string, []net.IP) {
	var okNames []string
	for _, n := range names {
		n = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(n), "."))
		for _, d := range LANDomains {
			if n != "" && (n == d || strings.HasSuffix(n, "."+d)) && !slices.Contains(okNames, n) {
				okNames = append(okNames, n)
				break
			}
		}
	}
	var okIPs []net.IP
	for _, ip := range ips {
		for _, n := range lanNets {
			if n.Contains(ip) && !slices.ContainsFunc(okIPs, ip.Equal) {
				okIPs = append(okIPs, ip)
				break
			}
		}
	}
	return okNames, okIPs
}

// Issue signs a console's certificate for pub, valid for the names and
// ips the authority may vouch for (Permitted), for ConsoleLife from now.
func (ca *CA) Issue(pub crypto.PublicKey, names []string, ips []net.IP, now time.Time) ([]byte, error) {
	return ca.issue(pub, names, ips, now, ConsoleLife)
}

func (ca *CA) issue(pub crypto.PublicKey, names []string, ips []net.IP, now time.Time, life time.Duration) ([]byte, error) {
	names, ips = Permitted(names, ips)
	if len(names) == 0 && len(ips) == 0 {
		return nil, errors.New("tlscert: no name or address of the venue's network to vouch for")
	}
	serial, err := serialNumber()
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "Tablée staff console", Organization: []string{"Tablée"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(life),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     names,
		IPAddresses:  ips,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.Cert, pub, ca.key)
	if err != nil {
		return nil, fmt.Errorf("tlscert: issue a console's certificate: %w", err)
	}
	return der, nil
}

// IssueCSR signs, for the key of a certificate request whose signature
// checks, a certificate for the one address ip — the address the request
// came from, not what it asks for: a table (or whoever holds a pairing
// code) must not get a certificate for the hub's address or another
// table's, with which it could stand in the middle of their consoles.
// It is valid TableLife: the table renews it by itself (venue, its
// hellos).
func (ca *CA) IssueCSR(csrDER []byte, ip net.IP, now time.Time) ([]byte, error) {
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		return nil, fmt.Errorf("tlscert: certificate request: %w", err)
	}
	if err := csr.CheckSignature(); err != nil {
		return nil, fmt.Errorf("tlscert: certificate request: %w", err)
	}
	return ca.issue(csr.PublicKey, nil, []net.IP{ip}, now, TableLife)
}

// ConsoleKey is the console's own key kept in dir (made on first use),
// and a certificate request for names and ips signed with it: what a
// table sends the hub's authority when it pairs.
func ConsoleKey(dir string, names []string, ips []net.IP) (csrDER []byte, err error) {
	key, err := consoleKey(dir)
	if err != nil {
		return nil, err
	}
	names, ips = Permitted(names, ips)
	csr, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{
		Subject: pkix.Name{CommonName: "Tablée staff console"}, DNSNames: names, IPAddresses: ips}, key)
	if err != nil {
		return nil, fmt.Errorf("tlscert: certificate request: %w", err)
	}
	return csr, nil
}

func consoleKey(dir string) (*ecdsa.PrivateKey, error) {
	path := filepath.Join(dir, consoleKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		blk, _ := pem.Decode(b)
		if blk == nil {
			return nil, fmt.Errorf("tlscert: %s holds no key", path)
		}
		key, err := x509.ParseECPrivateKey(blk.Bytes)
		if err != nil {
			return nil, fmt.Errorf("tlscert: %s: %w", path, err)
		}
		return key, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("tlscert: %w", err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("tlscert: console key: %w", err)
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("tlscert: console key: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("tlscert: %w", err)
	}
	if err := writeFile(path, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return nil, err
	}
	return key, nil
}

// SaveConsole keeps in dir a console's certificate the authority issued
// (DER), with the authority's certificate after it (the chain a browser
// is shown), for the key ConsoleKey keeps there.
func SaveConsole(dir string, certDER, caDER []byte) error {
	var b bytes.Buffer
	for _, der := range [][]byte{certDER, caDER} {
		pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: der})
	}
	if _, err := tls.X509KeyPair(b.Bytes(), mustRead(filepath.Join(dir, consoleKeyFile))); err != nil {
		return fmt.Errorf("tlscert: the console's certificate is not for its key: %w", err)
	}
	// The authority's certificate alone (no key), for the staff devices
	// to download from this console (CAPEM); an authority made here (its
	// key here) stays.
	if !fileExists(filepath.Join(dir, caKeyFile)) {
		if err := writeFile(filepath.Join(dir, caCertFile), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
			return err
		}
	}
	return writeFile(filepath.Join(dir, consoleCertFile), b.Bytes(), 0o644)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// CAPEM is the venue authority's certificate kept in dir (made there, or
// received when the table paired), nil if none: what the console offers
// the staff's devices to install.
func CAPEM(dir string) []byte {
	b, err := os.ReadFile(filepath.Join(dir, caCertFile))
	if err != nil {
		return nil
	}
	if blk, _ := pem.Decode(b); blk == nil || blk.Type != "CERTIFICATE" {
		return nil
	}
	return b
}

// CAFingerprint is the SHA-256 (hex) of the venue authority's
// certificate kept in dir, "" if none.
func CAFingerprint(dir string) string {
	blk, _ := pem.Decode(CAPEM(dir))
	if blk == nil {
		return ""
	}
	sum := sha256.Sum256(blk.Bytes)
	return hex.EncodeToString(sum[:])
}

func mustRead(path string) []byte {
	b, _ := os.ReadFile(path)
	return b
}

// LoadConsole is the console's certificate issued by the venue's
// authority and kept in dir, with its chain; ok is false when there is
// none (the console then serves the table's own self-signed one).
func LoadConsole(dir string) (cert tls.Certificate, ok bool, err error) {
	cert, err = tls.LoadX509KeyPair(filepath.Join(dir, consoleCertFile), filepath.Join(dir, consoleKeyFile))
	if errors.Is(err, fs.ErrNotExist) {
		return tls.Certificate{}, false, nil
	}
	if err != nil {
		return tls.Certificate{}, false, fmt.Errorf("tlscert: the console's certificate in %s: %w", dir, err)
	}
	return cert, true, nil
}

// IssueConsole is the console's certificate for names and ips on the
// machine that holds the authority (the hub, or the first table): kept in
// dir, issued again when it ends within 30 days or does not cover them.
func (ca *CA) IssueConsole(dir string, names []string, ips []net.IP, now time.Time) (tls.Certificate, error) {
	if cert, ok, err := LoadConsole(dir); err == nil && ok && covers(cert, ca, names, ips, now) {
		return cert, nil
	}
	key, err := consoleKey(dir)
	if err != nil {
		return tls.Certificate{}, err
	}
	der, err := ca.Issue(&key.PublicKey, names, ips, now)
	if err != nil {
		return tls.Certificate{}, err
	}
	if err := SaveConsole(dir, der, ca.Cert.Raw); err != nil {
		return tls.Certificate{}, err
	}
	cert, _, err := LoadConsole(dir)
	return cert, err
}

// covers reports whether cert, issued by ca, is valid past renewBefore
// and names every permitted name and address of names and ips.
func covers(cert tls.Certificate, ca *CA, names []string, ips []net.IP, now time.Time) bool {
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil || leaf.CheckSignatureFrom(ca.Cert) != nil || now.Add(renewBefore).After(leaf.NotAfter) {
		return false
	}
	names, ips = Permitted(names, ips)
	for _, n := range names {
		if !slices.Contains(leaf.DNSNames, n) {
			return false
		}
	}
	for _, ip := range ips {
		if !slices.ContainsFunc(leaf.IPAddresses, ip.Equal) {
			return false
		}
	}
	return true
}

// MachineNames are this machine's names and LAN addresses as the staff
// reach its console: its host name with .local (mDNS), localhost, and its
// interfaces' addresses.
func MachineNames() ([]string, []net.IP) {
	names := []string{"localhost"}
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.ToLower(h)
		names = append(names, h)
		if !strings.Contains(h, ".") {
			names = append(names, h+".local")
		}
	}
	var ips []net.IP
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			ips = append(ips, n.IP)
		}
	}
	return names, ips
}

func serialNumber() (*big.Int, error) {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("tlscert: serial: %w", err)
	}
	return serial, nil
}

// writeFile writes path whole, synced, then renamed into place: a power
// cut leaves the old file or the new, never half of one
// (github.com/google/renameio: its temporary file sits beside path, so
// the rename stays on one file system).
func writeFile(path string, b []byte, mode os.FileMode) error {
	if err := renameio.WriteFile(path, b, mode); err != nil {
		return fmt.Errorf("tlscert: %w", err)
	}
	return nil
}

// ConsoleDir is where a node keeps the venue's authority (if it made it)
// and its console's key and certificate: a folder beside its database
// (dbPath.console), out of the database, so that no download, backup or
// copy of the database carries a key.
func ConsoleDir(dbPath string) string { return dbPath + ".console" }

// ConsoleSource is a console's certificate as it stands: the one the
// venue's authority issued, kept in a folder (read again when its file
// changes: a table paired while its console runs), else the node's own
// self-signed one.
type ConsoleSource struct {
	dir string
	own tls.Certificate

	mu    sync.Mutex
	stamp time.Time
	cur   *tls.Certificate
}

// NewConsoleSource is the console's certificate kept in dir, own while
// there is none.
func NewConsoleSource(dir string, own tls.Certificate) *ConsoleSource {
	return &ConsoleSource{dir: dir, own: own}
}

// Certificate is the console's certificate now.
func (s *ConsoleSource) Certificate() tls.Certificate {
	s.mu.Lock()
	defer s.mu.Unlock()
	fi, err := os.Stat(filepath.Join(s.dir, consoleCertFile))
	if err != nil {
		s.cur = nil
		return s.own
	}
	if s.cur == nil || !fi.ModTime().Equal(s.stamp) {
		if cert, ok, err := LoadConsole(s.dir); err == nil && ok {
			s.cur, s.stamp = &cert, fi.ModTime()
		}
	}
	if s.cur == nil {
		return s.own
	}
	return *s.cur
}
