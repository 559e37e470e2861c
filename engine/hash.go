package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// Hasher builds State.Hash from a state's fields in a fixed order.
type Hasher struct {
	h   hash.Hash
	buf [8]byte
}

// NewHasher starts a hash for the game id.
func NewHasher(game string) *Hasher {
	h := &Hasher{h: sha256.New()}
	h.String(game)
	return h
}

// Int adds one number.
func (h *Hasher) Int(v int) *Hasher {
	binary.LittleEndian.PutUint64(h.buf[:], uint64(v))
	h.h.Write(h.buf[:])
	return h
}

// Ints adds a length-prefixed list of numbers.
func (h *Hasher) Ints(vs ...int) *Hasher {
	h.Int(len(vs))
	for _, v := range vs {
		h.Int(v)
	}
	return h
}

// Bool adds a flag.
func (h *Hasher) Bool(b bool) *Hasher {
	if b {
		return h.Int(1)
	}
	return h.Int(0)
}

// String adds a length-prefixed string.
func (h *Hasher) String(s string) *Hasher {
	h.Int(len(s))
	h.h.Write([]byte(s))
	return h
}

// Uint64 adds 64 bits, e.g. a random source's state.
func (h *Hasher) Uint64(v uint64) *Hasher { return h.Int(int(v)) }

// Sum returns the hash as hex.
func (h *Hasher) Sum() string { return hex.EncodeToString(h.h.Sum(nil)) }

// RNG adds a random source's position in its stream.
func (h *Hasher) RNG(r RNG) *Hasher {
	b, _ := r.pcg.MarshalBinary() // never fails for PCG
	h.String(string(b))
	return h
}
