package server

import (
	"net"
	"time"

	"golang.org/x/time/rate"
)

// Defaults of Config.ConnRate and Config.ConnBurst: a phone needs one
// connection and reconnects with a backoff that starts at half a second
// and doubles, so twice its cap of open connections at once
// (DefaultMaxConnsPerAddr) and one a second after that is plenty; a phone
// that reconnects in a loop to flood the table gets one TLS (or web)
// handshake a second out of it.
const (
	DefaultConnRate  = 1
	DefaultConnBurst = 2 * DefaultMaxConnsPerAddr
)

// maxConnLimiters bounds the addresses whose connection rate is followed;
// beyond it, the addresses whose allowance is whole again are forgotten.
const maxConnLimiters = 1024

// AllowConn reports whether addr (an IP address, no port) may open a new
// connection now, and spends one of its allowance if so: Config.ConnBurst
// at once, then Config.ConnRate a second. It is asked before any
// handshake — the TLS one by Listener, the web channel's by its handler
// before the WebSocket upgrade — so a phone that reconnects in a loop
// costs the table an accept and a close, not a handshake each time.
func (s *Server) AllowConn(addr string) bool {
	now := s.cfg.Now()
	s.connMu.Lock()
	defer s.connMu.Unlock()
	l, ok := s.connRates[addr]
	if !ok {
		if len(s.connRates) >= maxConnLimiters {
			s.forgetFullLocked(now)
		}
		l = rate.NewLimiter(s.cfg.ConnRate, s.cfg.ConnBurst)
		s.connRates[addr] = l
	}
	if l.AllowN(now, 1) {
		return true
	}
	s.connRefused[addr]++
	return false
}

// forgetFullLocked drops the addresses whose allowance is whole again:
// they are as new. s.connMu is held.
func (s *Server) forgetFullLocked(now time.Time) {
	for addr, l := range s.connRates {
		if l.TokensAt(now) >= float64(s.cfg.ConnBurst) {
			delete(s.connRates, addr)
		}
	}
}

// refusedConns returns and resets the connections refused by address
// since the last call, for the log's summary.
func (s *Server) refusedConns() map[string]int {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	out := s.connRefused
	s.connRefused = map[string]int{}
	return out
}

// Listener wraps ln so that a connection over its address's rate
// (AllowConn) is closed as soon as it is accepted, before the TLS
// handshake or anything else is read; the caller never sees it.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return &limitedListener{Listener: ln, s: s}
}

type limitedListener struct {
	net.Listener
	s *Server
}

func (l *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
		if l.s.AllowConn(addr) {
			return c, nil
		}
		l.s.holdRefused(c, addr)
	}
}

// A refused connection is held, unread, for refusedHold before it is
// closed: a phone that reconnects as soon as it is closed then waits
// instead of spinning through connects, each of which costs the table an
// accept and a close. At most holdPerAddr are held per address and
// holdTotal in all; beyond, they are closed at once.
const (
	refusedHold = time.Second
	holdPerAddr = 16
	holdTotal   = 512
)

// holdRefused closes c after refusedHold, or at once when the holds are
// full.
func (s *Server) holdRefused(c net.Conn, addr string) {
	s.connMu.Lock()
	if s.held[addr] >= holdPerAddr || s.heldTotal >= holdTotal {
		s.connMu.Unlock()
		c.Close()
		return
	}
	s.held[addr]++
	s.heldTotal++
	after := s.holdFor
	s.connMu.Unlock()
	after(refusedHold, func() {
		c.Close()
		s.connMu.Lock()
		if s.held[addr]--; s.held[addr] <= 0 {
			delete(s.held, addr)
		}
		s.heldTotal--
		s.connMu.Unlock()
	})
}
