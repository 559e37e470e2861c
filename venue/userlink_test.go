package venue

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// userLink is a link between a kiosk and the hub made in user space, for
// the kernels that have neither tc netem nor nftables (this project's
// machines: TestVenueNetns skipped its bad link and everything after it,
// the kill -9 steps included, issue 42). It relays TCP between the kiosk
// and the hub and, at the test's word, degrades the relay the way a bad
// network degrades a TCP connection as its two ends see it:
//
//   - delay: every chunk read is written delay later;
//   - loss: that share of chunks waits a retransmission more (lossRTO),
//     and every chunk after it waits with it — a TCP stream stays in
//     order, so a lost segment holds up what follows, which is what a
//     lossy link does to the two ends;
//   - stall: nothing is written either way until flow (a black hole: the
//     connections stay open, their bytes held), as a link whose packets
//     all vanish for a while;
//   - cut: every connection closed and new ones refused, until up.
//
// It has no dependency: one relay with due times is all it needs.
type userLink struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	delay   time.Duration
	loss    float64 // 0..1
	stalled bool
	flowing chan struct{} // closed when a stall ends
	cut     bool
	conns   map[net.Conn]struct{}
	held    int // bytes read and not yet written, each way
	wg      sync.WaitGroup
}

// lossRTO is what a lost segment costs the stream: Linux's minimum
// retransmission timeout.
const lossRTO = 200 * time.Millisecond

// newUserLink relays what ln accepts to target.
func newUserLink(ln net.Listener, target string) *userLink {
	l := &userLink{ln: ln, target: target, conns: map[net.Conn]struct{}{}, flowing: make(chan struct{})}
	close(l.flowing)
	l.wg.Add(1)
	go l.serve()
	return l
}

func (l *userLink) serve() {
	defer l.wg.Done()
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		l.mu.Lock()
		cut := l.cut
		l.mu.Unlock()
		if cut {
			c.Close()
			continue
		}
		up, err := net.DialTimeout("tcp", l.target, 5*time.Second)
		if err != nil {
			c.Close()
			continue
		}
		l.mu.Lock()
		if l.cut { // cut while it dialled
			l.mu.Unlock()
			c.Close()
			up.Close()
			continue
		}
		l.conns[c], l.conns[up] = struct{}{}, struct{}{}
		l.mu.Unlock()
		l.wg.Add(2)
		go l.pipe(up, c)
		go l.pipe(c, up)
	}
}

// chunk is what one read brought, and when it may be written.
type chunk struct {
	b   []byte
	due time.Time
}

// pipe relays src to dst: a reader stamps each chunk with its due time
// (never before the one before it), a writer writes it then, waiting out
// any stall.
func (l *userLink) pipe(dst, src net.Conn) {
	defer l.wg.Done()
	q := make(chan chunk, 1024)
	done := make(chan struct{})
	gone := make(chan struct{}) // src read its last: held bytes have nowhere to go
	go func() {
		defer close(done)
		defer func() {
			dst.Close()
			src.Close()
			for c := range q { // what is left once the stream ended
				l.mu.Lock()
				l.held -= len(c.b)
				l.mu.Unlock()
			}
		}()
		for c := range q {
			if d := time.Until(c.due); d > 0 {
				time.Sleep(d) // the link's delay itself
			}
			if !l.waitFlowing(gone) {
				// Its sender went while the link held its bytes:
				// they are lost, as a reset connection's.
				l.mu.Lock()
				l.held -= len(c.b)
				l.mu.Unlock()
				return
			}
			_, err := dst.Write(c.b)
			l.mu.Lock()
			l.held -= len(c.b)
			l.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	var last time.Time
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			l.mu.Lock()
			due := time.Now().Add(l.delay)
			if l.loss > 0 && rand.Float64() < l.loss {
				due = due.Add(lossRTO)
			}
			l.held += n
			l.mu.Unlock()
			if due.Before(last) {
				due = last
			}
			last = due
			q <- chunk{b: append([]byte(nil), buf[:n]...), due: due}
		}
		if err != nil {
			break
		}
	}
	close(gone)
	close(q)
	<-done
	l.mu.Lock()
	delete(l.conns, dst)
	delete(l.conns, src)
	l.mu.Unlock()
}

// waitFlowing waits out a stall; false if gone closed meanwhile.
func (l *userLink) waitFlowing(gone <-chan struct{}) bool {
	for {
		l.mu.Lock()
		stalled, flowing := l.stalled, l.flowing
		l.mu.Unlock()
		if !stalled {
			return true
		}
		select {
		case <-flowing:
		case <-gone:
			return false
		}
	}
}

// degrade sets the link's delay and share of lost segments.
func (l *userLink) degrade(delay time.Duration, loss float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.delay, l.loss = delay, loss
}

// stall holds every byte from now on (stall true) or lets them flow.
func (l *userLink) stall(stall bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if stall == l.stalled {
		return
	}
	l.stalled = stall
	if stall {
		l.flowing = make(chan struct{})
	} else {
		close(l.flowing)
	}
}

// setCut closes every connection and refuses new ones (cut true), or
// takes them again.
func (l *userLink) setCut(cut bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cut = cut
	if cut {
		for c := range l.conns {
			c.Close()
		}
	}
}

// state says the link's mode, its open connections and the bytes it
// holds: what the test's "link" command answers.
func (l *userLink) state() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return fmt.Sprintf("delay=%v loss=%g stalled=%v cut=%v conns=%d held=%d", l.delay, l.loss, l.stalled, l.cut, len(l.conns)/2, l.held)
}

func (l *userLink) close() {
	l.stall(false)
	l.setCut(true)
	l.ln.Close()
	l.wg.Wait()
}

// runLink runs a userLink as a node of TestVenueNetns (role "link", in
// a kiosk's namespace): it listens on TABLEE_VENUE_LISTEN, relays to
// TABLEE_VENUE_TARGET, prints "ready", and reads commands on its standard
// input until it closes: "degrade DELAY LOSS%", "stall", "flow", "cut",
// "up" and "state", each answered by "link " and the link's state after it.
func runLink() int {
	o := &out{}
	ln, err := net.Listen("tcp", os.Getenv("TABLEE_VENUE_LISTEN"))
	if err != nil {
		o.say("error %v", err)
		return 1
	}
	l := newUserLink(ln, os.Getenv("TABLEE_VENUE_TARGET"))
	defer l.close()
	o.say("ready")
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 3 && f[0] == "degrade":
			delay, err := time.ParseDuration(f[1])
			loss, err2 := strconv.ParseFloat(strings.TrimSuffix(f[2], "%"), 64)
			if err != nil || err2 != nil {
				o.say("error degrade %q: want a delay and a loss in per cent", in.Text())
				return 1
			}
			l.degrade(delay, loss/100)
		case len(f) == 1 && f[0] == "stall":
			l.stall(true)
		case len(f) == 1 && f[0] == "flow":
			l.stall(false)
		case len(f) == 1 && f[0] == "cut":
			l.setCut(true)
		case len(f) == 1 && f[0] == "up":
			l.setCut(false)
		case len(f) == 1 && f[0] == "state":
		default:
			o.say("error unknown link command %q", in.Text())
			return 1
		}
		o.say("link %s", l.state())
	}
	return 0
}

// The user-space link keeps a stream whole and in order through delay
// and loss, holds every byte while stalled (and the connection stays
// open), and closes its connections when cut, refusing new ones until up.
func TestUserLink(t *testing.T) {
	echo, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer echo.Close()
	go func() {
		for {
			c, err := echo.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(c, c); c.Close() }()
		}
	}()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := newUserLink(ln, echo.Addr().String())
	defer l.close()
	dial := func() (net.Conn, *bufio.Reader) {
		t.Helper()
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(guard))
		return c, bufio.NewReader(c)
	}

	// Delay and a third of the chunks lost: all of it, in order.
	l.degrade(time.Millisecond, 0.3)
	c, r := dial()
	for i := range 50 {
		fmt.Fprintf(c, "line %d\n", i)
	}
	for i := range 50 {
		got, err := r.ReadString('\n')
		if want := fmt.Sprintf("line %d\n", i); err != nil || got != want {
			t.Fatalf("through a lossy link: read %q (%v), want %q; link %s", got, err, want, l.state())
		}
	}
	l.degrade(0, 0)

	// Stalled: the bytes are held (the link says so) until it flows.
	l.stall(true)
	fmt.Fprintf(c, "held\n")
	for {
		l.mu.Lock()
		held := l.held
		l.mu.Unlock()
		if held > 0 {
			break
		}
		time.Sleep(time.Millisecond) // polling the link's count
	}
	if s := l.state(); !strings.Contains(s, "stalled=true") || !strings.Contains(s, "conns=1") {
		t.Fatalf("stalled link: %s", s)
	}
	l.stall(false)
	if got, err := r.ReadString('\n'); err != nil || got != "held\n" {
		t.Fatalf("after the stall: read %q (%v); link %s", got, err, l.state())
	}

	// Cut: the connection closes, a new one is refused (closed at once).
	l.setCut(true)
	if _, err := r.ReadString('\n'); err == nil {
		t.Fatalf("a cut link's connection still reads; link %s", l.state())
	}
	c2, r2 := dial()
	fmt.Fprintf(c2, "x\n")
	if _, err := r2.ReadString('\n'); err == nil {
		t.Fatalf("a cut link took a new connection; link %s", l.state())
	}
	l.setCut(false)
	c3, r3 := dial()
	fmt.Fprintf(c3, "back\n")
	if got, err := r3.ReadString('\n'); err != nil || got != "back\n" {
		t.Fatalf("after up: read %q (%v); link %s", got, err, l.state())
	}
}
