package web

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/nacl/box"
)

// The two directions, written in the first byte of every nonce so a frame
// sent one way can never be accepted coming back the other way.
const (
	fromPage  byte = 0
	fromKiosk byte = 1
)

// nonceSize is the size of a box nonce; each frame starts with its nonce.
const nonceSize = 24

// Frame errors. Each ends the connection: a channel that has seen one can
// no longer be trusted to stay in step.
var (
	ErrShortFrame = errors.New("frame too short to be a box")
	ErrReflected  = errors.New("frame carries the kiosk's own direction (reflected)")
	ErrReplayed   = errors.New("frame replayed or out of order")
	ErrDecrypt    = errors.New("frame does not decrypt under this connection's keys")
)

// helloSize is the size of the kiosk's handshake frame: a random nonce,
// then the box of the connection's ephemeral kiosk public key.
const helloSize = nonceSize + box.Overhead + 32

// Channel is one connection's encrypted channel, seen from the kiosk. It
// is not safe for concurrent use by several readers or several writers;
// one reader and one writer at once are fine.
type Channel struct {
	shared [32]byte
	recv   uint64 // counter the next frame from the page must carry
	sent   uint64 // counter of the next frame to the page
}

// NewChannel answers a page's handshake: pagePub is the page's fresh
// public key for this connection. The kiosk makes a fresh key pair of its
// own for the connection (so a recorded connection never opens again, and
// nothing recorded opens with the long-term key: forward secrecy) and
// returns the channel, keyed by the two fresh keys, with the hello frame
// for the page: a random nonce and the box of the kiosk's fresh public key
// under the long-term kiosk key and the page's key, which proves to the
// page that the fresh key is the table's. Keys that give no secret
// (low-order points) are refused.
func NewChannel(k *Key, pagePub []byte) (*Channel, []byte, error) {
	peer, err := pageKey(k, pagePub)
	if err != nil {
		return nil, nil, err
	}
	ephPub, ephSec, err := box.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("handshake: fresh key: %w", err)
	}
	var n [nonceSize]byte
	if _, err := rand.Read(n[:]); err != nil {
		return nil, nil, fmt.Errorf("handshake: nonce: %w", err)
	}
	// A random nonce: a page may offer the same key twice (two tabs
	// taking the same kept keys), and each connection's hello must
	// still be a box under a nonce never used with that key.
	hello := box.Seal(n[:], ephPub[:], &n, peer, &k.secret)
	c := &Channel{}
	box.Precompute(&c.shared, peer, ephSec)
	clear(ephSec[:])
	return c, hello, nil
}

// pageKey checks a page's public key: 32 bytes that give a shared secret
// with the kiosk's key (curve25519.X25519 refuses a low-order point,
// which would make the secret a known value).
func pageKey(k *Key, pagePub []byte) (*[32]byte, error) {
	if len(pagePub) != 32 {
		return nil, fmt.Errorf("handshake: a public key has 32 bytes, not %d", len(pagePub))
	}
	if _, err := curve25519.X25519(k.secret[:], pagePub); err != nil {
		return nil, fmt.Errorf("handshake: unusable public key: %w", err)
	}
	return (*[32]byte)(pagePub), nil
}

// newStaticChannel is the channel of the first web protocol, keyed by the
// page's key and the long-term kiosk key only: the kiosk speaks it to a
// page of that version just to tell it to reload (see reloadOldPage).
func newStaticChannel(k *Key, pagePub []byte) (*Channel, error) {
	peer, err := pageKey(k, pagePub)
	if err != nil {
		return nil, err
	}
	c := &Channel{}
	box.Precompute(&c.shared, peer, &k.secret)
	return c, nil
}

// nonce builds the nonce of frame n in direction dir: dir, 15 zero bytes,
// n big-endian.
func nonce(dir byte, n uint64) [nonceSize]byte {
	var b [nonceSize]byte
	b[0] = dir
	binary.BigEndian.PutUint64(b[16:], n)
	return b
}

// Seal boxes msg as the next frame to the page: nonce then box.
func (c *Channel) Seal(msg []byte) []byte {
	n := nonce(fromKiosk, c.sent)
	c.sent++
	return box.SealAfterPrecomputation(n[:], msg, &n, &c.shared)
}

// Open reads the next frame from the page. Only the next counter in the
// page's direction is accepted, so a replayed, reordered or reflected frame
// fails even when it is a genuine box of this connection.
func (c *Channel) Open(frame []byte) ([]byte, error) {
	if len(frame) < nonceSize+box.Overhead {
		return nil, ErrShortFrame
	}
	want := nonce(fromPage, c.recv)
	got := [nonceSize]byte(frame[:nonceSize])
	if got != want {
		if got[0] == fromKiosk {
			return nil, ErrReflected
		}
		return nil, fmt.Errorf("%w: counter %d, expected %d", ErrReplayed,
			binary.BigEndian.Uint64(got[16:]), c.recv)
	}
	msg, ok := box.OpenAfterPrecomputation(nil, frame[nonceSize:], &want, &c.shared)
	if !ok {
		return nil, ErrDecrypt
	}
	c.recv++
	return msg, nil
}
