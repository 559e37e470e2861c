package kiosktest

import (
	"io"
	"net"
	"sync"
)

// relay passes TCP connections from phones to the kiosk, byte for byte.
type relay struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	paused bool
	conns  map[net.Conn]struct{}
	wg     sync.WaitGroup
}

func newRelay(target string) (*relay, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &relay{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	r.wg.Add(1)
	go r.accept()
	return r, nil
}

func (r *relay) addr() string { return r.ln.Addr().String() }

func (r *relay) accept() {
	defer r.wg.Done()
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		r.wg.Add(1)
		go r.pipe(c)
	}
}

// pipe copies both ways until either side closes, then closes both. A
// connection made while paused is closed at once, like a refused one.
func (r *relay) pipe(c net.Conn) {
	defer r.wg.Done()
	r.mu.Lock()
	paused := r.paused
	r.mu.Unlock()
	if paused {
		c.Close()
		return
	}
	up, err := net.Dial("tcp", r.target)
	if err != nil {
		c.Close()
		return
	}
	if !r.track(c, up) {
		c.Close()
		up.Close()
		return
	}
	done := make(chan struct{}, 2)
	go func() { io.Copy(up, c); done <- struct{}{} }()
	go func() { io.Copy(c, up); done <- struct{}{} }()
	<-done
	c.Close()
	up.Close()
	<-done
	r.mu.Lock()
	delete(r.conns, c)
	delete(r.conns, up)
	r.mu.Unlock()
}

func (r *relay) track(conns ...net.Conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.paused {
		return false
	}
	for _, c := range conns {
		r.conns[c] = struct{}{}
	}
	return true
}

func (r *relay) pause() {
	r.mu.Lock()
	r.paused = true
	r.mu.Unlock()
}

func (r *relay) resume() {
	r.mu.Lock()
	r.paused = false
	r.mu.Unlock()
}

// dropAll cuts every connection passing through.
func (r *relay) dropAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for c := range r.conns {
		c.Close()
	}
}

// close stops accepting, cuts every connection and waits for the copies.
func (r *relay) close() {
	r.pause()
	r.ln.Close()
	r.dropAll()
	r.wg.Wait()
}
