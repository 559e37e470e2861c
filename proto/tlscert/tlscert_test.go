package tlscert

import (
	"crypto/tls"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCertificateIsCreatedOnceAndKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	a, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if Fingerprint(a) != Fingerprint(b) || len(Fingerprint(a)) != 64 {
		t.Fatalf("fingerprints %q and %q", Fingerprint(a), Fingerprint(b))
	}
	info, err := os.Stat(filepath.Join(dir, keyFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v", err, info.Mode())
	}
}

func handshake(t *testing.T, server tls.Certificate, pin string) error {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", ServerConfig(server))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err == nil {
			c.(*tls.Conn).Handshake()
			c.Close()
		}
	}()
	c, err := tls.Dial("tcp", ln.Addr().String(), PinnedConfig(pin))
	if err == nil {
		c.Close()
	}
	return err
}

func TestClientAcceptsOnlyThePinnedCertificate(t *testing.T) {
	good, err := LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	other, err := LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := handshake(t, good, Fingerprint(good)); err != nil {
		t.Fatalf("pinned certificate refused: %v", err)
	}
	err = handshake(t, other, Fingerprint(good))
	if !errors.Is(err, ErrMismatch) {
		t.Fatalf("another certificate was accepted (err %v)", err)
	}
}
