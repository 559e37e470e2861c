package web

import (
	"bytes"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/crypto/nacl/box"
)

// page is the page's side of a channel, as the JavaScript does it with
// tweetnacl: tests use it to speak to the kiosk.
type page struct {
	pub, sec *[32]byte
	shared   [32]byte
	sent     uint64
	recv     uint64
}

func newPage(t testing.TB, kiosk [32]byte) *page {
	t.Helper()
	pub, sec, err := box.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := &page{pub: pub, sec: sec}
	box.Precompute(&p.shared, &kiosk, sec)
	return p
}

func (p *page) seal(msg []byte) []byte {
	n := nonce(fromPage, p.sent)
	p.sent++
	return box.SealAfterPrecomputation(n[:], msg, &n, &p.shared)
}

func (p *page) open(frame []byte) ([]byte, error) {
	if len(frame) < nonceSize {
		return nil, ErrShortFrame
	}
	want := nonce(fromKiosk, p.recv)
	if !bytes.Equal(frame[:nonceSize], want[:]) {
		return nil, ErrReplayed
	}
	msg, ok := box.OpenAfterPrecomputation(nil, frame[nonceSize:], &want, &p.shared)
	if !ok {
		return nil, ErrDecrypt
	}
	p.recv++
	return msg, nil
}

func testKey(t testing.TB) *Key {
	t.Helper()
	k, err := LoadOrCreateKey(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestKeyIsKeptWithMode0600(t *testing.T) {
	dir := t.TempDir()
	k1, err := LoadOrCreateKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, keyFile))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}
	k2, err := LoadOrCreateKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if *k1 != *k2 {
		t.Error("the key changed across a restart")
	}
	if len(k1.PublicString()) != 43 {
		t.Errorf("public key %q is not 43 base64url characters", k1.PublicString())
	}
	if err := os.WriteFile(filepath.Join(dir, keyFile), []byte("short"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateKey(dir); err == nil {
		t.Error("a damaged key file was accepted")
	}
}

func TestChannelRoundTrip(t *testing.T) {
	k := testKey(t)
	p := newPage(t, k.Public)
	c, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	for i, msg := range []string{`{"v":1,"type":"ping"}`, `{"v":1,"type":"sync"}`} {
		got, err := c.Open(p.seal([]byte(msg)))
		if err != nil || string(got) != msg {
			t.Fatalf("frame %d: %q, %v", i, got, err)
		}
		back, err := p.open(c.Seal([]byte("pong")))
		if err != nil || string(back) != "pong" {
			t.Fatalf("answer %d: %q, %v", i, back, err)
		}
	}
}

func TestChannelRefusesBadFrames(t *testing.T) {
	k := testKey(t)
	p := newPage(t, k.Public)
	c, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	first := p.seal([]byte("one"))
	if _, err := c.Open(first); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Open(first); !errors.Is(err, ErrReplayed) {
		t.Errorf("replay: %v, want ErrReplayed", err)
	}
	skipped := p.seal([]byte("two"))
	third := p.seal([]byte("three"))
	if _, err := c.Open(third); !errors.Is(err, ErrReplayed) {
		t.Errorf("reordered: %v, want ErrReplayed", err)
	}
	tampered := bytes.Clone(skipped)
	tampered[len(tampered)-1] ^= 1
	if _, err := c.Open(tampered); !errors.Is(err, ErrDecrypt) {
		t.Errorf("tampered: %v, want ErrDecrypt", err)
	}
	if _, err := c.Open(c.Seal([]byte("echo"))); !errors.Is(err, ErrReflected) {
		t.Errorf("reflected: %v, want ErrReflected", err)
	}
	other := newPage(t, k.Public)
	other.sent = 1 // the counter c expects: only the key differs
	if _, err := c.Open(other.seal([]byte("x"))); !errors.Is(err, ErrDecrypt) {
		t.Errorf("other connection's key: %v, want ErrDecrypt", err)
	}
	if _, err := c.Open([]byte(`{"v":1}`)); !errors.Is(err, ErrShortFrame) {
		t.Errorf("plaintext: %v, want ErrShortFrame", err)
	}
	// A refused frame does not move the counter: the genuine next frame
	// still opens.
	if got, err := c.Open(skipped); err != nil || string(got) != "two" {
		t.Errorf("next frame after refusals: %q, %v", got, err)
	}
}

func TestChannelRefusesUnusableKeys(t *testing.T) {
	k := testKey(t)
	if _, err := NewChannel(k, make([]byte, 32)); err == nil {
		t.Error("the all-zero (low-order) key was accepted")
	}
	if _, err := NewChannel(k, make([]byte, 31)); err == nil {
		t.Error("a 31-byte key was accepted")
	}
}

func TestSeenKeysRefusesAKeyTwiceAndForgetsTheOldest(t *testing.T) {
	var s seenKeys
	key := func(i int) [32]byte { var k [32]byte; k[0], k[1] = byte(i), byte(i>>8); return k }
	for i := range seenCapacity {
		if !s.fresh(key(i)) {
			t.Fatalf("key %d refused on first use", i)
		}
	}
	if s.fresh(key(5)) {
		t.Fatal("a key seen before is fresh")
	}
	if !s.fresh(key(seenCapacity)) {
		t.Fatal("a new key past the capacity refused")
	}
	if !s.fresh(key(0)) {
		t.Error("the oldest key is still remembered past the capacity")
	}
	if s.fresh(key(seenCapacity)) || len(s.set) != seenCapacity || len(s.order) != seenCapacity {
		t.Errorf("after forgetting: %d keys, %d in order", len(s.set), len(s.order))
	}
}
