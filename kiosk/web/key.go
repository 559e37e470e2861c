package web

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/nacl/box"
)

// keyFile is the kiosk's long-term box key in its data dir: the 32-byte
// secret key, raw. It is created once, readable by its owner only, and kept
// across restarts, since printed or photographed QR codes carry its public
// half.
const keyFile = "web-box.key"

// Key is the kiosk's long-term X25519 key pair.
type Key struct {
	Public, secret [32]byte
}

// PublicString is the public key as the join URL carries it (unpadded
// base64url).
func (k *Key) PublicString() string { return base64.RawURLEncoding.EncodeToString(k.Public[:]) }

// LoadOrCreateKey returns the key kept in dir, creating it (and dir) on
// first use with mode 0600.
func LoadOrCreateKey(dir string) (*Key, error) {
	path := filepath.Join(dir, keyFile)
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		return keyFrom(data, path)
	case !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("web key: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("web key: %w", err)
	}
	pub, sec, err := box.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("web key: generate: %w", err)
	}
	// O_EXCL: two kiosks starting on one data dir must not each write a
	// different key; the loser reads the winner's.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return LoadOrCreateKey(dir)
	}
	if err != nil {
		return nil, fmt.Errorf("web key: %w", err)
	}
	if _, err := f.Write(sec[:]); err != nil {
		f.Close()
		return nil, fmt.Errorf("web key: write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("web key: write %s: %w", path, err)
	}
	return &Key{Public: *pub, secret: *sec}, nil
}

func keyFrom(data []byte, path string) (*Key, error) {
	if len(data) != 32 {
		return nil, fmt.Errorf("web key: %s holds %d bytes, not a 32-byte key", path, len(data))
	}
	k := &Key{}
	copy(k.secret[:], data)
	pub, err := curve25519.X25519(k.secret[:], curve25519.Basepoint)
	if err != nil {
		return nil, fmt.Errorf("web key: %s: %w", path, err)
	}
	copy(k.Public[:], pub)
	return k, nil
}
