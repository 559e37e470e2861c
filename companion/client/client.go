package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

var (
	// ErrClosed is the reason a client stopped when Close stopped it.
	ErrClosed = errors.New("client: closed")
	// ErrDisconnected is returned by requests made, or left waiting, while
	// the connection is down; the client is reconnecting meanwhile.
	ErrDisconnected = errors.New("client: not connected to the table")
	// ErrRemoved is the reason a client stopped when the table took its seat
	// away (a removed message, or a token it no longer knows). The
	// *wire.Error it wraps says why: bad-token when the staff freed the
	// seat or gave it to a bot, replaced when another connection resumed
	// it with this phone's token.
	ErrRemoved = errors.New("client: the seat was taken from this phone")
)

// Options tune a client; the zero value gives the protocol's defaults.
type Options struct {
	// Logf receives one line per notable event (reconnecting, resumed,
	// resync); nil discards them. It is called from the client's own
	// goroutine, sometimes under its lock: it must not call the Client.
	Logf func(format string, args ...any)
	// Backoff is the first wait before reconnecting (0.25 s); it doubles
	// up to MaxBackoff (1 s), so a table that restarts is found again
	// within about a second.
	Backoff, MaxBackoff time.Duration
	// PingEvery is how often the client pings the table (3 s); a pong
	// missing for twice as long drops the connection, which catches a
	// network that loses packets instead of closing it: the link is said
	// lost within about 9 s (docs/protocol.md, "Heartbeat").
	PingEvery time.Duration
	// DialTimeout bounds each reconnection attempt (2.5 s): a network
	// that drops packets holds a dial rather than failing it, and a fresh
	// attempt after it comes back connects within about 3 s.
	DialTimeout time.Duration
	// Signer signs the seat's result of a shelf game when the table asks
	// (sign.go); nil: the phone signs nothing, and the venue counts its
	// results of shelf games as a guest's.
	Signer *Signer
}

func (o Options) withDefaults() Options {
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.Backoff <= 0 {
		o.Backoff = 250 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = time.Second
	}
	if o.PingEvery <= 0 {
		o.PingEvery = 3 * time.Second
	}
	if o.DialTimeout <= 0 {
		o.DialTimeout = 2500 * time.Millisecond
	}
	return o
}

// Welcome is the seat a table gave this phone.
type Welcome struct {
	Seat  engine.Seat
	Token string // keep it to resume the seat later; each welcome brings a new one
	Game  string // the game's id, e.g. "canoe"
	Table string // the table's name
}

// Client is one phone's connection to one table. Its methods may be called
// from any goroutine.
type Client struct {
	addr string
	url  string
	opts Options
	http *http.Client

	ctx    context.Context // the client's lifetime, ended by stop
	cancel context.CancelFunc
	done   chan struct{}

	updates chan Update
	links   chan struct{} // one pending signal that Connected may have changed

	mu       sync.Mutex
	conn     *websocket.Conn // nil while reconnecting
	stopErr  error
	welcome  Welcome
	view     viewState
	pending  map[string]*request
	nextRef  int
	resuming bool            // an automatic resume awaits its welcome
	final    json.RawMessage // the seat's final view of the game, for a sign-ask
	signed   chan struct{}   // one pending signal: a sign was sent (Signed)
}

// Dial connects to the table at addr (host:port), accepting only the
// certificate whose SHA-256 fingerprint is given. A certificate mismatch
// gives an error wrapping tlscert.ErrMismatch.
func Dial(ctx context.Context, addr, fingerprint string) (*Client, error) {
	return DialWith(ctx, addr, fingerprint, Options{})
}

// DialWith is Dial with options.
func DialWith(ctx context.Context, addr, fingerprint string, opts Options) (*Client, error) {
	transport := &http.Transport{TLSClientConfig: tlscert.PinnedConfig(fingerprint)}
	c := &Client{
		addr:    addr,
		url:     "wss://" + addr + wire.Path,
		opts:    opts.withDefaults(),
		http:    &http.Client{Transport: transport},
		done:    make(chan struct{}),
		updates: make(chan Update, 1),
		links:   make(chan struct{}, 1),
		pending: map[string]*request{},
		signed:  make(chan struct{}, 1),
	}
	conn, err := c.dial(ctx)
	if err != nil {
		transport.CloseIdleConnections()
		return nil, err
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.conn = conn
	go c.run(conn)
	return c, nil
}

// dial opens one WebSocket to the table.
func (c *Client) dial(ctx context.Context) (*websocket.Conn, error) {
	conn, _, err := websocket.Dial(ctx, c.url, &websocket.DialOptions{HTTPClient: c.http})
	if errors.Is(err, tlscert.ErrMismatch) {
		// The transport's chain of wrappers only hides what a person must read.
		return nil, fmt.Errorf("client: %s: %w; another machine may be posing as the table", c.addr, tlscert.ErrMismatch)
	}
	if err != nil {
		return nil, fmt.Errorf("client: connect to %s: %w", c.url, err)
	}
	conn.SetReadLimit(wire.MaxFrame)
	return conn, nil
}

// Updates delivers the seat's views, newest last. Each view is whole, so a
// reader that falls behind is handed only the newest one. The channel is
// closed when the client stops.
func (c *Client) Updates() <-chan Update { return c.updates }

// Connected reports whether the client has a connection on which its seat
// is held: false while it reconnects, or while its automatic resume awaits
// the table's welcome.
func (c *Client) Connected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn != nil && !c.resuming
}

// Links signals each time Connected may have changed, so a screen can say
// "reconnecting" without polling. It holds at most one pending signal.
func (c *Client) Links() <-chan struct{} { return c.links }

// linkChanged signals Links without ever blocking.
func (c *Client) linkChanged() {
	select {
	case c.links <- struct{}{}:
	default:
	}
}

// Done is closed when the client has stopped; Err says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the client stopped (ErrClosed, ErrRemoved...), or nil while it
// runs.
func (c *Client) Err() error {
	select {
	case <-c.done:
	default:
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stopErr
}

// Welcome is the latest welcome, zero before join or resume.
func (c *Client) Welcome() Welcome {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.welcome
}

// Close leaves the table politely and stops the client's goroutines. The
// seat is kept at the table: the token still resumes it.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.stopErr == nil {
		c.stopErr = ErrClosed
	}
	conn := c.conn
	c.mu.Unlock()
	if conn != nil {
		// Tells the table the phone left on purpose, not a dropped network.
		_ = conn.Close(websocket.StatusNormalClosure, "bye")
	}
	c.cancel()
	<-c.done
	c.http.CloseIdleConnections()
	return nil
}

// stop records why the client stops (the first reason wins) and ends its
// lifetime.
func (c *Client) stop(reason error) {
	c.mu.Lock()
	if c.stopErr == nil {
		c.stopErr = reason
	}
	c.mu.Unlock()
	c.cancel()
}

func (c *Client) stopped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stopErr != nil
}
