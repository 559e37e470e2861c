package server

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// outBacklog is how many messages may wait for a slow phone; one that falls
// further behind is disconnected and will resume with a fresh view.
const outBacklog = 64

// writeTimeout bounds one frame's write to a phone.
const writeTimeout = 5 * time.Second

// conn is one phone's connection. Writes go through out, drained by one
// goroutine, so a slow phone never blocks the table.
type conn struct {
	t    Transport
	addr string // the phone's IP, for rate limiting
	out  chan outgoing
	// logf says why the table closed a connection on its own (a phone
	// too slow, a write that failed): the staff's log then explains a
	// seat shown away, which the phone alone cannot.
	logf func(format string, args ...any)

	closeOnce sync.Once
	done      chan struct{}
	closed    chan struct{} // closed once t.Close has returned

	mu          sync.Mutex
	seat        engine.Seat // NoSeat until joined
	bound       *binding    // the seat's binding, nil while unseated
	everJoined  bool        // joined or resumed once: the join timeout no longer applies
	unconfirmed bool        // welcomed, and the phone has not spoken since
	pendingRef  string      // ref of a move in flight, echoed on its view
	syncs       []string    // refs of the syncs waiting for the pump
	// proven is set once the phone asked info with the current QR
	// code's link form: it may search the shelf before it joins.
	proven bool
	// shelfAsks is the connection's budget of shelf requests
	// (shelf.go), made at its first.
	shelfAsks *rate.Limiter
}

// outgoing is one message queued for the phone, with its frame when it
// was encoded already (views: see viewFrame).
type outgoing struct {
	m     wire.Message
	frame []byte // nil: encode m at write time
}

// maxSyncs bounds the syncs waiting for one connection's pump; older ones
// are answered by the same view anyway.
const maxSyncs = 4

// binding is one holding of a seat of one session by a connection. When
// the phone loses the seat, or keeps it into the next session (play
// again), the binding ends: its pump stops and a new one starts, so no
// view of one session follows the welcome of the next.
type binding struct {
	// wake asks the seat's pump to send the view again: the seats
	// changed, or a sync is pending.
	wake chan struct{}
	gone chan struct{} // closed when the binding ends
}

func newBinding() *binding {
	return &binding{wake: make(chan struct{}, 1), gone: make(chan struct{})}
}

// ended reports whether b no longer holds the connection's seat.
func (b *binding) ended() bool {
	select {
	case <-b.gone:
		return true
	default:
		return false
	}
}

func newConn(t Transport, logf func(string, ...any)) *conn {
	return &conn{t: t, addr: t.RemoteAddr(), out: make(chan outgoing, outBacklog), done: make(chan struct{}),
		closed: make(chan struct{}), seat: engine.NoSeat, logf: logf}
}

// send queues m; a phone too slow to keep up is dropped.
func (c *conn) send(m wire.Message) {
	m.V = wire.Version
	c.queue(outgoing{m: m})
}

// sendView queues a view message (m.View encoded by this server), encoded
// here once; its events' encoding comes from cache.
func (c *conn) sendView(m wire.Message, cache *eventsCache) error {
	m.V = wire.Version
	events, err := cache.encode(m.Events)
	if err != nil {
		return err
	}
	frame, err := viewFrame(m, events)
	if err != nil {
		return err
	}
	c.queue(outgoing{m: m, frame: frame})
	return nil
}

func (c *conn) queue(o outgoing) {
	select {
	case <-c.done:
	case c.out <- o:
	default:
		c.close(wire.CloseTryAgain, "too slow")
	}
}

// close ends the connection once, with a status the phone can read.
func (c *conn) close(code wire.CloseCode, reason string) {
	c.closeOnce.Do(func() {
		if code == wire.CloseInternal || code == wire.CloseTryAgain {
			c.logf("%s disconnected by the table: %s", c.addr, reason)
		}
		close(c.done)
		go func() { // the close handshake may wait on the phone
			c.t.Close(code, reason)
			close(c.closed)
		}()
	})
}

// writeLoop sends queued messages until the connection ends. A fatal error
// is written before the connection closes.
func (c *conn) writeLoop(ctx context.Context) {
	// One context for every write, cancelled by a timer armed around each
	// write: a write that takes longer than writeTimeout ends the
	// connection anyway, and a context per write would cost a timer and a
	// registration with ctx for every frame.
	// It is not cancelled with ctx: cancelling a WebSocket write closes
	// the socket at once, and the phone would read 1006 instead of the
	// 1001 that follows.
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	timer := time.AfterFunc(time.Hour, cancel)
	timer.Stop()
	defer timer.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-ctx.Done():
			c.close(wire.CloseGoingAway, "table closing")
			return
		case o := <-c.out:
			if ctx.Err() != nil { // both were ready: the table is closing
				c.close(wire.CloseGoingAway, "table closing")
				return
			}
			m := o.m
			timer.Reset(writeTimeout)
			err := c.write(wctx, o)
			if !timer.Stop() || err != nil {
				c.close(wire.CloseInternal, "write failed")
				return
			}
			if m.Error != nil && (m.Error.Fatal || m.Type == wire.TypeRemoved) {
				code := wire.ClosePolicy
				if m.Error.Code == wire.TooLarge {
					code = wire.CloseTooLarge
				}
				c.close(code, m.Error.Code)
				return
			}
		}
	}
}

// write sends one frame; ctx bounds it.
func (c *conn) write(ctx context.Context, o outgoing) error {
	data := o.frame
	if data == nil {
		var err error
		if data, err = json.Marshal(o.m); err != nil {
			return err
		}
	}
	return c.t.Write(ctx, data)
}

func (c *conn) joined() (engine.Seat, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat, c.seat != engine.NoSeat
}

// setSeat ends the connection's binding and, unless s is NoSeat, starts
// a new one for seat s, which it returns for the seat's pump.
func (c *conn) setSeat(s engine.Seat) *binding {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bound != nil {
		close(c.bound.gone)
		c.bound = nil
	}
	c.seat = s
	c.everJoined = c.everJoined || s != engine.NoSeat
	if s != engine.NoSeat {
		c.bound = newBinding()
	}
	return c.bound
}

func (c *conn) hasJoined() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.everJoined
}

func (c *conn) setUnconfirmed() {
	c.mu.Lock()
	c.unconfirmed = true
	c.mu.Unlock()
}

// takeUnconfirmed reports, once, that the phone speaks after a welcome.
func (c *conn) takeUnconfirmed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	u := c.unconfirmed
	c.unconfirmed = false
	return u
}

// nudge asks the pump to send the view again; it never blocks.
func (c *conn) nudge() {
	c.mu.Lock()
	b := c.bound
	c.mu.Unlock()
	if b == nil {
		return
	}
	select {
	case b.wake <- struct{}{}:
	default: // a wake-up is pending already
	}
}

// requestSync queues a sync for the pump.
func (c *conn) requestSync(ref string) {
	c.mu.Lock()
	if len(c.syncs) == maxSyncs {
		c.syncs = c.syncs[1:]
	}
	c.syncs = append(c.syncs, ref)
	c.mu.Unlock()
	c.nudge()
}

func (c *conn) hasSyncs() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.syncs) > 0
}

func (c *conn) takeSyncs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.syncs
	c.syncs = nil
	return s
}

// takeRef returns and clears the ref of the move in flight.
func (c *conn) takeRef() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.pendingRef
	c.pendingRef = ""
	return r
}

func (c *conn) setRef(ref string) {
	c.mu.Lock()
	c.pendingRef = ref
	c.mu.Unlock()
}

// viewMessage builds the message for one seat's view: nothing else is read.
func viewMessage(game string, v engine.View, version int, events []engine.Event, over bool) (wire.Message, error) {
	data, hash, err := encodeView(game, v)
	if err != nil {
		return wire.Message{}, err
	}
	return wire.Message{Type: wire.TypeView, Game: game, Version: int64(version), Hash: hash,
		View: data, Events: events, Over: over}, nil
}
