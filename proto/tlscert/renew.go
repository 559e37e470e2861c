package tlscert

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"math/big"
	"path/filepath"
	"time"
)

// crlFile is where the venue's authority keeps the list of the consoles'
// certificates it revoked (CRL, DER), beside its certificate.
const crlFile = "venue-ca.crl"

// RenewalDue reports whether the console's certificate kept in dir was
// issued by a venue authority and ends within RenewBefore of now: a table
// then asks the hub for a new one. False with no certificate there (the
// table serves its own).
func RenewalDue(dir string, now time.Time) bool {
	cert, ok, err := LoadConsole(dir)
	if err != nil || !ok || len(cert.Certificate) == 0 {
		return false
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		return false
	}
	return now.Add(RenewBefore).After(leaf.NotAfter)
}

// Serial is a certificate's serial number in hex, "" if der is none.
func Serial(der []byte) string {
	c, err := x509.ParseCertificate(der)
	if err != nil {
		return ""
	}
	return hex.EncodeToString(c.SerialNumber.Bytes())
}

// Revoked is a console's certificate the authority revoked: its serial
// (Serial) and when.
type Revoked struct {
	Serial string    `json:"serial"`
	At     time.Time `json:"at"`
}

// WriteRevocationList signs the list of the certificates revoked (an
// X.509 CRL valid until the next's due, a year on) and keeps it in dir
// beside the authority's certificate, for the tools that check one
// (openssl verify -crl_check); browsers do not fetch it.
func (ca *CA) WriteRevocationList(dir string, revoked []Revoked, now time.Time) error {
	var entries []x509.RevocationListEntry
	for _, r := range revoked {
		n, ok := new(big.Int).SetString(r.Serial, 16)
		if !ok {
			return fmt.Errorf("tlscert: revoked serial %q is not hex", r.Serial)
		}
		entries = append(entries, x509.RevocationListEntry{SerialNumber: n, RevocationTime: r.At})
	}
	number, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 64))
	if err != nil {
		return fmt.Errorf("tlscert: revocation list: %w", err)
	}
	der, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{
		Number: number, ThisUpdate: now, NextUpdate: now.Add(365 * 24 * time.Hour), RevokedCertificateEntries: entries,
	}, ca.Cert, ca.key)
	if err != nil {
		return fmt.Errorf("tlscert: revocation list: %w", err)
	}
	return writeFile(filepath.Join(dir, crlFile), der, 0o644)
}

// RevocationList is the list the authority kept in dir, nil if none.
func RevocationList(dir string) []byte { return mustRead(filepath.Join(dir, crlFile)) }
