// Package cuttest is a TCP proxy a test can cut: while cut, it forwards
// nothing either way and accepts new connections without answering them,
// but closes nothing — what a phone sees when its Wi-Fi drops packets,
// unlike a closed socket, which every client notices at once. A connection
// made during a cut gets through as a real client's retried SYN would
// (see synRetries).
package cuttest

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// Proxy forwards every connection made to Addr to a target address.
type Proxy struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	closed bool
	cut    bool
	resume chan struct{} // closed when a cut ends
	conns  []net.Conn
	made   int           // connections accepted
	done   chan struct{} // closed when the proxy ends
	wg     sync.WaitGroup
}

// Start listens on a free loopback port and forwards to target until the
// test ends.
func Start(tb testing.TB, target string) *Proxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("cuttest: listen: %v", err)
	}
	p := &Proxy{ln: ln, target: target, resume: make(chan struct{}), done: make(chan struct{})}
	close(p.resume)
	p.wg.Add(1)
	go p.accept()
	tb.Cleanup(p.close)
	return p
}

// Addr is the proxy's HOST:PORT.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Port is the proxy's port.
func (p *Proxy) Port() int { return p.ln.Addr().(*net.TCPAddr).Port }

// Accepted is how many connections the proxy has accepted, also during
// cuts: how many times a client tried.
func (p *Proxy) Accepted() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.made
}

// Cut stops forwarding: bytes already read wait, nothing is closed.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.cut {
		p.cut = true
		p.resume = make(chan struct{})
	}
}

// Resume forwards again, the waiting bytes first.
func (p *Proxy) Resume() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cut {
		p.cut = false
		close(p.resume)
	}
}

// wait blocks while the proxy is cut.
func (p *Proxy) wait() {
	p.mu.Lock()
	r := p.resume
	p.mu.Unlock()
	<-r
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if !p.track(c) {
			return
		}
		p.mu.Lock()
		p.made++
		p.mu.Unlock()
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			if !p.synRetries() {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				_ = c.Close()
				return
			}
			if !p.track(up) {
				return
			}
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				p.pipe(up, c)
			}()
			p.pipe(c, up)
		}()
	}
}

// synRetries holds a connection made during a cut as a client's TCP would
// see it: its SYN lost, sent again 1, 3, 7, 15 and 31 s after the first
// (Linux's initial retransmission timeout, doubling), and answered by the
// first of those that comes after the cut ends. So a client that gives up
// on a connection and dials again is measured as it would be on a real
// network, not helped by a proxy that lets a held connection through the
// moment the cut ends. False when no retry gets through (the proxy
// closed, or the client's TCP would have given up).
func (p *Proxy) synRetries() bool {
	made := time.Now()
	for _, at := range []time.Duration{0, time.Second, 3 * time.Second, 7 * time.Second, 15 * time.Second, 31 * time.Second} {
		if d := time.Until(made.Add(at)); d > 0 {
			select {
			case <-time.After(d):
			case <-p.done:
				return false
			}
		}
		p.mu.Lock()
		cut, closed := p.cut, p.closed
		p.mu.Unlock()
		if closed {
			return false
		}
		if !cut {
			return true
		}
	}
	return false
}

// track keeps c to close when the proxy ends; false (c closed) when the
// proxy has already ended.
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		_ = c.Close()
		return false
	}
	p.conns = append(p.conns, c)
	return true
}

// pipe copies from src to dst, holding each read while the proxy is cut;
// a close is held too, as a cut network loses the FIN.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer func() {
		p.wait()
		_ = dst.Close()
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.wait()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				_ = src.Close()
			}
			return
		}
	}
}

// close ends the proxy and every connection through it.
func (p *Proxy) close() {
	_ = p.ln.Close()
	close(p.done)
	p.Resume()
	p.mu.Lock()
	conns := p.conns
	p.conns, p.closed = nil, true
	p.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
	}
	p.wg.Wait()
}
