package web

import "sync"

// seenCapacity is how many page keys the kiosk remembers: far more than
// connections in the minutes during which a key could be offered twice.
const seenCapacity = 1 << 14

// seenKeys remembers the page public keys of recent connections. A page
// makes its next connection's keys ahead and keeps them until used; the
// kiosk refusing a key it has seen guarantees that no two connections
// ever share keys, even when two tabs of one phone race for the same
// kept key (two connections under one shared key would reuse nonces).
type seenKeys struct {
	mu    sync.Mutex
	set   map[[32]byte]struct{}
	order [][32]byte // oldest first, for forgetting past the capacity
}

// fresh records key and reports whether it had not been seen before.
func (s *seenKeys) fresh(key [32]byte) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.set == nil {
		s.set = make(map[[32]byte]struct{})
	}
	if _, ok := s.set[key]; ok {
		return false
	}
	if len(s.order) == seenCapacity {
		delete(s.set, s.order[0])
		s.order = s.order[1:]
	}
	s.set[key] = struct{}{}
	s.order = append(s.order, key)
	return true
}
