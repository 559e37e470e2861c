package venue

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// hubRoleKey is the venue_config key marking a hub's database.
const hubRoleKey = "role"

// codeFile is the file of the venue's fixed pairing code an earlier build
// kept in the hub's data directory; one-time codes replaced it
// (retireFixedCode).
const codeFile = "venue-code"

// HubConfig configures the venue hub.
type HubConfig struct {
	DB      *db.DB // the hub's database: the venue's sessions are loaded there
	DataDir string // its certificate and its JetStream store
	// Listen is the leaf node address kiosks dial, HOST:PORT; port 0
	// picks a free one.
	Listen string
	// PairListen is the pairing address (pairserve.go), HOST:PORT; ""
	// is Listen's host with DefaultPairPort, or port 0 when Listen's
	// port is 0.
	PairListen string
	Logf       func(format string, args ...any) // problems worth a line; nil: none
	// WebListen is where the hub serves the venue's copy of the tables'
	// web page, HOST:PORT (port 0: a free one); "" or a nil Page: none.
	// Its origin is the venue's: a guest's browser keeps one player key
	// for every table (docs/venue.md, "The web page's origin").
	WebListen string
	// Limits bound what each kiosk may put into the venue (limits.go);
	// zero fields are DefaultKioskLimits'.
	Limits KioskLimits
	// Page makes the page's handler (cmd/tablee: kiosk/web's NewPage),
	// given the tables' web addresses as they said them in their
	// hellos: the only places the page may connect to.
	Page func(tables func() []string) (http.Handler, error)
	// Now is the hub's clock; nil: time.Now.
	Now func() time.Time
}

// Hub is the running venue hub.
type Hub struct {
	e    *embedded
	d    *db.DB
	id   string // the hub's venue id: its own events' subject (hubSubject)
	logf func(string, ...any)
	now  func() time.Time // HubConfig.Now
	boot time.Time        // when it started, on its clock: its hellos' answers say it

	// Who may come in, and what they bring.
	auth  *hubAuth
	pair  *pairServer // the pairing address
	meter *meter      // what each kiosk brought in, against its limits

	// What the hub shows of itself: its certificate, which kiosks pin
	// (fp), the venue's certificate authority when the hub holds it (nil:
	// none), its console's certificate, and the address kiosks dial.
	fp      string
	cert    tls.Certificate
	ca      *tlscert.CA
	console *tlscert.ConsoleSource
	addr    string

	// The venue stream into the hub's database.
	load      *loader
	published chan struct{} // signalled after the hub's own events are stored
	refill    refiller      // a lost database refilled from the stream (refill.go)
	copy      *copyCheck    // its database checked against its stream (entropy.go)

	hello *nats.Subscription
	// mu serialises changes of the venue stream's sources and guards src
	// and news.
	mu   sync.Mutex
	src  sourcing
	news kioskNews
	web  hubWeb

	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once
}

// sourcing is what the hub did to the venue stream's source of each
// kiosk, by kiosk id (hubsources.go).
type sourcing struct {
	added map[string]time.Time // when a kiosk's source was added
	// live holds the kiosks heard since this hub started: the venue
	// stream sources only those (see updateSources).
	live   map[string]bool
	kicked map[string]time.Time // when a kiosk's source was last restarted
	// kickedLink is the leaf connection (its id at this server) a
	// kiosk's source was last restarted for by a fresh hello.
	kickedLink map[string]uint64
}

// kioskNews is what the kiosks' hellos told the hub, by kiosk id
// (hubhello.go, hubcalls.go).
type kioskNews struct {
	heard map[string]time.Time // when a kiosk last said hello
	noted map[string]notedKiosk
	pages map[string]string // each kiosk's web page, HOST:PORT, from its hellos
	// calls are each kiosk's open staff calls, from its last hello;
	// answered are those the hub's console answered, told to the kiosk in
	// the answers to its hellos until its hellos no longer list them.
	calls    map[string][]Call
	answered map[string][]Call
}

// hubWeb is the venue's web page the hub serves (hubweb.go).
type hubWeb struct {
	srv *http.Server // nil: none
	ln  net.Listener
	at  string // its address for the kiosks' answers: ":PORT" when on every address
}

// StartHub starts the hub: its embedded server listening for kiosks' leaf
// connections over TLS, the venue stream sourcing every kiosk known, and
// the loader into the hub's database.
func StartHub(ctx context.Context, cfg HubConfig) (*Hub, error) {
	h := newHub(cfg)
	host, port, err := leafListen(cfg.Listen)
	if err != nil {
		return nil, err
	}
	if err := h.identify(ctx, cfg); err != nil {
		return nil, err
	}
	leaf := server.LeafNodeOpts{
		Host: host,
		Port: port,
		// Only over TLS (the kiosk pins the certificate); who may
		// connect is hubAuth's: kiosks with their credential, or pairing
		// with the code within its budget.
		TLSConfig:   tlscert.ServerConfig(h.cert),
		TLSTimeout:  5,
		AuthTimeout: 5,
		Compression: leafCompression,
	}
	if h.auth, err = newHubAuth(cfg.DataDir, h.logf, h.now); err != nil {
		return nil, err
	}
	if err := retireFixedCode(cfg.DataDir, h.auth.creds, h.logf); err != nil {
		return nil, err
	}
	pairListen := cfg.PairListen
	if pairListen == "" {
		pairListen = net.JoinHostPort(host, strconv.Itoa(DefaultPairPort))
		if port == server.RANDOM_PORT {
			pairListen = net.JoinHostPort(host, "0")
		}
	}
	h.e, err = startServer(ctx, "tablee-venue-hub", HubDomain, filepath.Join(cfg.DataDir, "jetstream"), leaf, true, h.auth, "", h.now)
	if err != nil {
		return nil, err
	}
	if err := h.open(ctx, cfg, host, pairListen); err != nil {
		h.Close()
		return nil, err
	}
	h.run(ctx)
	return h, nil
}

// newHub is the hub cfg configures, before it starts.
func newHub(cfg HubConfig) *Hub {
	h := &Hub{d: cfg.DB, logf: cfg.Logf, now: clock(cfg.Now), published: make(chan struct{}, 1),
		src: sourcing{added: map[string]time.Time{}, live: map[string]bool{}, kicked: map[string]time.Time{}, kickedLink: map[string]uint64{}},
		news: kioskNews{heard: map[string]time.Time{}, noted: map[string]notedKiosk{},
			pages: map[string]string{}, calls: map[string][]Call{}, answered: map[string][]Call{}}}
	h.boot = h.now().UTC()
	if h.logf == nil {
		h.logf = func(string, ...any) {}
	}
	return h
}

// leafListen is the host and port of the leaf address listen
// (HubConfig.Listen); port 0 is server.RANDOM_PORT.
func leafListen(listen string) (string, int, error) {
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("venue hub: --listen %q: %w", listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("venue hub: --listen %q: bad port", listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	return host, port, nil
}

// identify marks the database a hub's, and reads or makes what the hub
// is: its venue id, its certificate, the venue's certificate authority.
func (h *Hub) identify(ctx context.Context, cfg HubConfig) error {
	if err := cfg.DB.SetVenueConfig(ctx, map[string]string{hubRoleKey: "hub"}); err != nil {
		return err
	}
	var err error
	if h.id, err = cfg.DB.VenueID(ctx); err != nil {
		return err
	}
	cert, err := tlscert.LoadOrCreate(cfg.DataDir)
	if err != nil {
		return fmt.Errorf("venue hub: %w", err)
	}
	h.fp, h.cert = tlscert.Fingerprint(cert), cert
	return h.loadCA()
}

// open opens the started server's doors in turn: the address kiosks dial
// (on host), the pairing address, the venue stream and its loader, the
// web page, the hellos. The caller closes the hub if it fails.
func (h *Hub) open(ctx context.Context, cfg HubConfig, host, pairListen string) error {
	v, err := h.e.srv.Varz(nil)
	if err != nil {
		return fmt.Errorf("venue hub: %w", err)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		// Listening everywhere: say an address other machines can dial.
		addrs, _ := net.InterfaceAddrs()
		host = lanIP(addrs)
	}
	h.addr = net.JoinHostPort(host, strconv.Itoa(v.LeafNode.Port))
	if err := h.servePairing(pairListen); err != nil {
		return err
	}
	if err := h.startLoading(ctx, cfg.Limits); err != nil {
		return err
	}
	if cfg.WebListen != "" && cfg.Page != nil {
		if err := h.serveWeb(cfg.WebListen, cfg.Page); err != nil {
			return err
		}
	}
	return h.hearHellos()
}

// startLoading sources the live kiosks' streams into the venue stream,
// has the hub's own events published again if it lost some, refills a
// lost database, and starts the loader admitting what limits allow.
func (h *Hub) startLoading(ctx context.Context, limits KioskLimits) error {
	if err := h.updateSources(ctx); err != nil {
		return err
	}
	if err := h.checkOwnEvents(ctx); err != nil {
		return err
	}
	refill, err := h.refillIfLost(ctx)
	if err != nil {
		return err
	}
	h.refill.target = refill
	h.meter = newMeter(limits, h.cutOff, h.auth.creds.isCut)
	if err := h.seedMeter(ctx); err != nil {
		return err
	}
	loader, err := hubLoaderName(ctx, h.e.js, h.logf)
	if err != nil {
		return err
	}
	if h.load, err = startLoaderAdmitting(ctx, h.e.js, h.d, VenueStream, loader, make(chan struct{}, 1), h.logf, h.now, h.meter.admit); err != nil {
		return err
	}
	h.copy = h.hubCopyCheck()
	h.copy.skip = h.meter.skips
	return nil
}

// hearHellos listens for the kiosks' hellos. Each kiosk says hello on its
// own subject, which the hub maps to one it alone hears on (heardPrefix).
// The mapping is what the kiosks' servers see of the hub's interest:
// added once the hub listens, or a kiosk's first hellos would wait out
// their 2 s instead of finding no responders and trying again at once.
func (h *Hub) hearHellos() error {
	var err error
	if h.hello, err = h.e.nc.Subscribe(heardPrefix+".*", h.onHello); err != nil {
		return fmt.Errorf("venue hub: %w", err)
	}
	if err := h.e.nc.Flush(); err != nil {
		return fmt.Errorf("venue hub: %w", err)
	}
	if err := h.e.srv.GlobalAccount().AddMapping(helloPrefix+".*", heardPrefix+".{{wildcard(1)}}"); err != nil {
		return fmt.Errorf("venue hub: hellos: %w", err)
	}
	return nil
}

// run starts the hub's goroutines, the watchdog and the publisher of its
// own events, until Close (not ctx: it only carries ctx's values).
func (h *Hub) run(ctx context.Context) {
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	h.stop = stop
	h.wg.Add(3)
	go func() {
		defer h.wg.Done()
		h.watch(run)
	}()
	go func() {
		defer h.wg.Done()
		h.renewConsoles(run)
	}()
	go func() {
		defer h.wg.Done()
		p := publisher{d: h.d, js: h.e.js, now: h.now, stream: VenueStream, published: h.published, logf: h.logf, who: "venue hub",
			subject: func(kind string) string { return hubSubject(h.id, kind) }}
		p.run(run)
	}()
}

// checkOwnEvents makes the hub's outbox publish all its events again when
// the venue stream holds fewer of them than the outbox says it
// acknowledged: the hub's server syncs its store every second (its
// stream is otherwise a copy of the kiosks'), so a power cut can lose the
// last second of what it acknowledged, and a store dropped (tablee venue
// --rebuild) loses all of it. SQLite is the truth: the staff's events are
// few, the stream drops copies within its duplicate window, and every
// loader later ones by their ids.
func (h *Hub) checkOwnEvents(ctx context.Context) error {
	acked, err := h.d.AckedEvents(ctx)
	if err != nil || acked == 0 {
		return err
	}
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return fmt.Errorf("venue hub: venue stream: %w", err)
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(hubSubject(h.id, ">")))
	if err != nil {
		return fmt.Errorf("venue hub: venue stream: %w", err)
	}
	held := 0
	for _, n := range info.State.Subjects {
		held += int(n)
	}
	if held >= acked {
		return nil
	}
	h.logf("venue hub: the venue stream holds %d of the hub's %d events: publishing them again", held, acked)
	_, err = h.d.RepublishVenueOutbox(ctx)
	return err
}

// loadCA loads the venue's certificate authority if the hub holds it, and
// issues its console's certificate (again when it nears its end or no
// longer names the machine's addresses).
func (h *Hub) loadCA() error {
	dir := tlscert.ConsoleDir(h.d.Path())
	h.console = tlscert.NewConsoleSource(dir, h.cert)
	ca, err := tlscert.LoadCA(dir)
	switch {
	case errors.Is(err, tlscert.ErrNoCA):
		return nil
	case err != nil:
		return fmt.Errorf("venue hub: %w", err)
	}
	h.ca = ca
	names, ips := tlscert.MachineNames()
	if _, err := ca.IssueConsole(dir, names, ips, h.now()); err != nil {
		h.logf("venue hub: the venue's authority issued no console certificate: %v", err)
	}
	return nil
}

// Published is signalled after the hub's own events (its staff's player
// changes) are stored in the venue stream.
func (h *Hub) Published() <-chan struct{} { return h.published }

// IsHub reports whether d is a venue hub's database.
func IsHub(ctx context.Context, d *db.DB) (bool, error) {
	role, err := d.VenueConfig(ctx, hubRoleKey)
	return role == "hub", err
}

// Addr is the address kiosks dial, HOST:PORT.
func (h *Hub) Addr() string { return h.addr }

// Fingerprint is the hub certificate's fingerprint kiosks pin.
func (h *Hub) Fingerprint() string { return h.fp }

// Words are the verification words of the hub's certificate
// (tlscert.Phrase): a kiosk's staff screen shows them when it pairs, and
// the staff compare them with these.
func (h *Hub) Words() string { return tlscert.Phrase(h.fp) }

// Certificate is the hub's own certificate, the one kiosks pin (its leaf
// port and its pairing address serve it).
func (h *Hub) Certificate() tls.Certificate { return h.cert }

// ConsoleCertificate is the certificate of the hub's staff console: the
// one the venue's certificate authority issued it when the hub holds the
// authority (tablee ca --db HUB.db), which a staff device that installed
// the authority trusts; else the hub's own, whose words the staff check.
func (h *Hub) ConsoleCertificate() tls.Certificate { return h.console.Certificate() }

// Loaded is signalled after events are loaded into the hub's database.
func (h *Hub) Loaded() <-chan struct{} { return h.load.loaded }

// Close stops the hub.
func (h *Hub) Close() {
	h.closed.Do(func() {
		if h.stop != nil {
			h.stop()
		}
		h.wg.Wait()
		if h.pair != nil {
			h.pair.close()
		}
		h.closeWeb()
		if h.hello != nil {
			h.hello.Unsubscribe()
		}
		if h.load != nil {
			h.load.stop()
		}
		h.e.close()
	})
}

// lanIP picks the address kiosks should dial among the machine's: the
// first IPv4 address that is neither loopback nor link-local, else
// 127.0.0.1.
func lanIP(addrs []net.Addr) string {
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		if ip := n.IP.To4(); ip != nil && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
			return ip.String()
		}
	}
	return "127.0.0.1"
}
