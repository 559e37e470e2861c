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
	static   [32]byte // with the kiosk's long-term key: opens the hello
	shared   [32]byte // with the kiosk's fresh key: the channel
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
	box.Precompute(&p.static, &kiosk, sec)
	return p
}

// keyed reads the kiosk's hello: its fresh key, boxed under the
// long-term key, keys the channel.
func (p *page) keyed(t testing.TB, hello []byte) {
	t.Helper()
	if len(hello) != helloSize {
		t.Fatalf("hello of %d bytes, want %d", len(hello), helloSize)
	}
	n := [nonceSize]byte(hello[:nonceSize])
	eph, ok := box.OpenAfterPrecomputation(nil, hello[nonceSize:], &n, &p.static)
	if !ok || len(eph) != 32 {
		t.Fatal("the hello does not open under the kiosk's long-term key")
	}
	box.Precompute(&p.shared, (*[32]byte)(eph), p.sec)
}

// connect runs the handshake of a new page with the kiosk.
func connect(t testing.TB, k *Key) (*page, *Channel) {
	t.Helper()
	p := newPage(t, k.Public)
	c, hello, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	p.keyed(t, hello)
	return p, c
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
	p, c := connect(t, k)
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
	p, c := connect(t, k)
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
	other, _ := connect(t, k)
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
	if _, _, err := NewChannel(k, make([]byte, 32)); err == nil {
		t.Error("the all-zero (low-order) key was accepted")
	}
	if _, _, err := NewChannel(k, make([]byte, 31)); err == nil {
		t.Error("a 31-byte key was accepted")
	}
}

// TestAPageKeyOfferedTwiceGivesTwoChannels: the kiosk's fresh key makes
// every connection's keys new, even when a page offers a key it used
// before (a recording replayed, or two tabs taking the same kept keys):
// the first connection's frames never open in the second.
func TestAPageKeyOfferedTwiceGivesTwoChannels(t *testing.T) {
	k := testKey(t)
	p := newPage(t, k.Public)
	c1, hello1, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	c2, hello2, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(hello1, hello2) || bytes.Equal(hello1[:nonceSize], hello2[:nonceSize]) {
		t.Fatal("two hellos share a nonce")
	}
	p.keyed(t, hello1)
	frame := p.seal([]byte(`{"v":2,"type":"join"}`))
	if _, err := c1.Open(frame); err != nil {
		t.Fatal(err)
	}
	if _, err := c2.Open(frame); !errors.Is(err, ErrDecrypt) {
		t.Errorf("the first connection's frame in the second: %v, want ErrDecrypt", err)
	}
}

// TestTheLongTermKeyOpensNoRecordedFrame: someone who recorded a
// connection and later copies web-box.key can open the hello (which
// holds only the kiosk's fresh public key) and nothing else, either way.
func TestTheLongTermKeyOpensNoRecordedFrame(t *testing.T) {
	k := testKey(t)
	p := newPage(t, k.Public)
	c, hello, err := NewChannel(k, p.pub[:])
	if err != nil {
		t.Fatal(err)
	}
	p.keyed(t, hello)
	recorded := [][]byte{p.seal([]byte(`{"v":2,"type":"join","code":"123456"}`)), c.Seal([]byte(`{"hand":[1,2,3]}`))}
	// What the thief can compute: the long-term secret with each public
	// key on the wire (the page's, and the fresh one the hello reveals).
	var withPage, withFresh [32]byte
	box.Precompute(&withPage, p.pub, &k.secret)
	n := [nonceSize]byte(hello[:nonceSize])
	fresh, ok := box.OpenAfterPrecomputation(nil, hello[nonceSize:], &n, &withPage)
	if !ok {
		t.Fatal("the long-term key does not open the hello")
	}
	box.Precompute(&withFresh, (*[32]byte)(fresh), &k.secret)
	for i, f := range recorded {
		n := [nonceSize]byte(f[:nonceSize])
		for _, key := range []*[32]byte{&withPage, &withFresh} {
			if _, ok := box.OpenAfterPrecomputation(nil, f[nonceSize:], &n, key); ok {
				t.Errorf("recorded frame %d opens with the long-term key", i)
			}
		}
	}
}
