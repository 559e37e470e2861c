// Package cuttest is a TCP proxy a test can cut: while cut, it forwards
// nothing either way and accepts new connections without answering them,
// but closes nothing — what a phone sees when its Wi-Fi drops packets,
// unlike a closed socket, which every client notices at once.
package cuttest

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"
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
	made   int // connections accepted
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
	p := &Proxy{ln: ln, target: target, resume: make(chan struct{})}
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
			// A connection made during a cut is held, as a SYN that
			// gets no answer would be: dialled only once the cut ends.
			p.wait()
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
