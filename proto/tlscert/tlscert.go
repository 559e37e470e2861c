// Package tlscert gives a kiosk its self-signed TLS certificate, created on
// first start and kept in the data dir, and the SHA-256 fingerprint that
// phones pin: a table has no domain name a public CA could vouch for, so the
// fingerprint, published over mDNS and checked by the companion, is the trust.
package tlscert

import (
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
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// File names inside the data dir.
const (
	certFile = "tls-cert.pem"
	keyFile  = "tls-key.pem"
)

// LoadOrCreate returns the certificate kept in dir, creating it (and dir) on
// first use. The key file is readable by its owner only.
func LoadOrCreate(dir string) (tls.Certificate, error) {
	certPath, keyPath := filepath.Join(dir, certFile), filepath.Join(dir, keyFile)
	cert, err := tls.LoadX509KeyPair(certPath, keyPath)
	if err == nil {
		return cert, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return tls.Certificate{}, fmt.Errorf("tlscert: load %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return tls.Certificate{}, fmt.Errorf("tlscert: %w", err)
	}
	certPEM, keyPEM, err := generate(time.Now())
	if err != nil {
		return tls.Certificate{}, err
	}
	if err := os.WriteFile(keyPath, keyPEM, 0o600); err != nil {
		return tls.Certificate{}, fmt.Errorf("tlscert: %w", err)
	}
	if err := os.WriteFile(certPath, certPEM, 0o644); err != nil {
		return tls.Certificate{}, fmt.Errorf("tlscert: %w", err)
	}
	return tls.X509KeyPair(certPEM, keyPEM)
}

func generate(now time.Time) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("tlscert: key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, fmt.Errorf("tlscert: serial: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "Tablée table", Organization: []string{"Tablée"}},
		NotBefore:    now.Add(-time.Hour),
		// A kiosk runs for years; phones pin the fingerprint, not the dates.
		NotAfter:    now.AddDate(20, 0, 0),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:    []string{"tablee.local"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("tlscert: create: %w", err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("tlscert: key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), nil
}

// Fingerprint is the lowercase hex SHA-256 of the certificate's DER bytes.
func Fingerprint(cert tls.Certificate) string {
	if len(cert.Certificate) == 0 {
		return ""
	}
	sum := sha256.Sum256(cert.Certificate[0])
	return hex.EncodeToString(sum[:])
}

// ErrMismatch is returned when a server shows another certificate than the
// one pinned.
var ErrMismatch = errors.New("the table's certificate does not match its published fingerprint")

// PinnedConfig is the client TLS configuration that accepts exactly the
// certificate whose fingerprint is given, and no other, whoever signed it.
func PinnedConfig(fingerprint string) *tls.Config {
	want := strings.ToLower(strings.ReplaceAll(fingerprint, ":", ""))
	return &tls.Config{
		MinVersion: tls.VersionTLS13,
		// Chain checks are replaced by the pin below: a self-signed
		// certificate has no chain, and the pin is stricter than any CA.
		InsecureSkipVerify: true,
		VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 {
				return ErrMismatch
			}
			sum := sha256.Sum256(raw[0])
			if hex.EncodeToString(sum[:]) != want {
				return ErrMismatch
			}
			return nil
		},
	}
}

// ServerConfig is the server TLS configuration for cert.
func ServerConfig(cert tls.Certificate) *tls.Config {
	return &tls.Config{MinVersion: tls.VersionTLS13, Certificates: []tls.Certificate{cert}}
}
