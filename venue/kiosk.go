package venue

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// kioskServerPrefix begins a kiosk's server name, followed by its venue
// id: the hub knows which kiosk a leaf connection is by it.
const kioskServerPrefix = "tablee-kiosk-"

// KioskConfig configures a kiosk's side of the venue.
type KioskConfig struct {
	DB    *db.DB
	Dir   string // its JetStream store: beside the database, on its disk
	Table string // the table's name, for the hub's lists
	Logf  func(format string, args ...any)
	// Web is the table's web page, HOST:PORT, as its own QR code names
	// it: the hub's copy of the page may connect there.
	Web string
	// PageHash is the hash of the table's own page (kiosk/web's
	// PageHash): the seating QR points at the hub's page only while the
	// hub serves this very page. Empty: never.
	PageHash string
	// OnPage hears that HubPage changed (the seating screen shows its QR
	// again); nil: nobody.
	OnPage func()
	// Calls are the table's open staff calls, which each hello carries
	// to the hub's console; nil: none. Called from the hello goroutine.
	Calls func() []Call
	// OnAnswered hears the ids of calls the hub's console answered (the
	// table closes them); nil: nobody. Called from the hello goroutine.
	OnAnswered func(ids []string)
	// Now is the kiosk's clock (its hellos, its mirror, the check of its
	// copy of the venue, entropy.go); nil: time.Now.
	Now func() time.Time
}

// Kiosk is a kiosk's running side of the venue: its embedded server and
// stream, the outbox publisher and, when paired, the leaf link to the hub
// and the mirror of the venue stream loaded into the database.
type Kiosk struct {
	e      *embedded
	d      *db.DB
	id     string
	gen    int // the generation of its stream (kioskDomain)
	table  string
	logf   func(string, ...any)
	now    func() time.Time // KioskConfig.Now
	paired bool

	// Signals between its goroutines and to its callers.
	published chan struct{}
	loaded    chan struct{}
	// linkUp is signalled when the hub answered a hello: the mirror
	// should flow within a heartbeat and a half.
	linkUp chan struct{}
	// hubRestarted is signalled when the hub that answered is not the
	// one that answered before: the mirror must be made again.
	hubRestarted chan struct{}
	// ask is signalled when the staff screen wants news of the venue.
	ask chan struct{}

	// mu guards load, mirrorMade and remirror while the mirror is made
	// again, and answered, tables and page's probe results.
	mu   sync.Mutex
	load *loader
	// mirrorMade is when the mirror stream was last made (or found at
	// start).
	mirrorMade time.Time
	// hubJS is JetStream in the hub's domain: the kiosk asks it which
	// venue stream the hub has (mirror.go).
	hubJS jetstream.JetStream
	// remirror makes the mirror again for a restarted hub or a stalled
	// mirror (why is for the log): k.mirror's remake, set by StartKiosk.
	// A test hook: the figure comparing it with other ways replaces it
	// (TestVenueRemirrorFigure, -tags measure).
	remirror func(ctx context.Context, why string)
	// copy checks the kiosk's copy of the venue against the hub's
	// stream and fills its holes (entropy.go); nil unpaired.
	copy    *copyCheck
	removal *removal // paired: the hub's refusals (removed.go)
	// meter applies the hub's limits to the mirror's events
	// (kioskmeter.go); nil unpaired.
	meter *kioskMeter
	// consoleLooked is when the hello loop last looked at the table's
	// console certificate (consoleRequest); that loop's alone.
	consoleLooked time.Time

	// What the hub's answers told: when it last answered a hello, and
	// the venue's tables as its last answer listed them, with when it
	// last heard from each, on this kiosk's clock.
	answered time.Time
	tables   []KnownTable
	page     kioskPage
	hooks    tableHooks

	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once
}

// kioskPage is what the kiosk knows of the hub's web page (HubPage,
// kioskpage.go): the table's own page, HOST:PORT, and its hash; where the
// hub's is, from the hub's answers and the pairing's host; whether the
// last probe found this table's page there, and if not, why.
type kioskPage struct {
	own, hash, hubHost string
	hub                string
	ok                 bool
	why                string
	client             *http.Client
	probed             chan struct{} // signalled after each probe
}

// tableHooks are the table's hooks into the hellos (KioskConfig's OnPage,
// Calls and OnAnswered); each may be nil.
type tableHooks struct {
	onPage     func()
	calls      func() []Call
	onAnswered func([]string)
}

// StartKiosk starts the kiosk's embedded server in its own JetStream
// domain, its stream, and the publisher of its outbox; paired (see Pair),
// it also connects to the hub as a leaf node and mirrors the venue stream
// into the database.
func StartKiosk(ctx context.Context, cfg KioskConfig) (*Kiosk, error) {
	k := newKiosk(cfg)
	var err error
	if k.id, err = cfg.DB.VenueID(ctx); err != nil {
		return nil, err
	}
	p, cred, err := paired(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	k.paired = p.Addr != "" && cred != ""
	k.page.hubHost, _, _ = net.SplitHostPort(p.Addr)
	if k.gen, err = cfg.DB.VenueStreamGen(ctx); err != nil {
		return nil, err
	}
	k.e, err = startServer(ctx, kioskServerPrefix+k.id, kioskDomain(k.id, k.gen), filepath.Join(cfg.Dir, "jetstream"), k.leafOpts(p, cred), false, nil, kioskInbox(k.id), k.now)
	if err != nil {
		return nil, err
	}
	if err := k.open(ctx, cfg.Dir); err != nil {
		k.Close()
		return nil, err
	}
	k.run(ctx)
	return k, nil
}

// newKiosk is the kiosk cfg configures, before it starts.
func newKiosk(cfg KioskConfig) *Kiosk {
	k := &Kiosk{d: cfg.DB, table: cfg.Table, logf: cfg.Logf, published: make(chan struct{}, 1), loaded: make(chan struct{}, 1), linkUp: make(chan struct{}, 1), hubRestarted: make(chan struct{}, 1), ask: make(chan struct{}, 1),
		page:  kioskPage{own: cfg.Web, hash: cfg.PageHash, client: &http.Client{Timeout: probeTimeout}, probed: make(chan struct{}, 1)},
		hooks: tableHooks{onPage: cfg.OnPage, calls: cfg.Calls, onAnswered: cfg.OnAnswered}, now: clock(cfg.Now)}
	if k.logf == nil {
		k.logf = func(string, ...any) {}
	}
	k.remirror = func(ctx context.Context, why string) { k.mirror(ctx, true, why) }
	return k
}

// leafOpts is the kiosk server's leaf configuration: a remote, the hub
// of pairing p with credential cred, when the kiosk is paired.
func (k *Kiosk) leafOpts(p Pairing, cred string) server.LeafNodeOpts {
	leaf := server.LeafNodeOpts{ReconnectInterval: leafReconnect}
	if k.paired {
		u := &url.URL{Scheme: "nats-leaf", Host: p.Addr, User: url.UserPassword(kioskServerPrefix+k.id, cred)}
		leaf.Remotes = []*server.RemoteLeafOpts{{
			URLs:       []*url.URL{u},
			TLS:        true,
			TLSConfig:  tlscert.PinnedConfig(p.Fingerprint),
			TLSTimeout: 5,
			// The hub's other addresses are the hub's business: a kiosk
			// dials the address it was paired with.
			IgnoreDiscoveredServers: true,
			Compression:             leafCompression,
		}}
	}
	return leaf
}

// open makes the started server's table stream and, paired, the mirror
// of the venue stream and the check of its copy, and queues what the
// outbox lacks. The caller closes the kiosk if it fails.
func (k *Kiosk) open(ctx context.Context, dir string) error {
	if k.paired {
		// The hub's refusals reach only the server's log (removed.go);
		// one before this line is missed, the count starts at the next.
		k.removal = newRemoval(k.now)
		k.e.health.setNext(k.removal)
	}
	if _, err := k.e.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        TableStream,
		Description: "this table's events, sourced by the venue hub",
		Subjects:    []string{tableSubject(k.id, "session"), tableSubject(k.id, "player"), tableSubject(k.id, "copy")},
		Storage:     jetstream.FileStorage,
		// No MaxAge, MaxBytes or MaxMsgs: a new hub sources every
		// kiosk's whole stream (nothing lives only on the hub), so an
		// event dropped here before a hub copied it would be missing
		// from the venue until the stream is rebuilt. About 1 kB a
		// session: a busy table's year is some tens of MB
		// (docs/venue.md, "Stream limits").
		Retention:  jetstream.LimitsPolicy,
		Duplicates: dupWindow,
	}); err != nil {
		return fmt.Errorf("venue kiosk: table stream: %w", err)
	}
	if err := k.checkOwnEvents(ctx); err != nil {
		return err
	}
	if k.paired {
		var err error
		if k.hubJS, err = jetstream.NewWithDomain(k.e.nc, HubDomain); err != nil {
			return fmt.Errorf("venue kiosk: %w", err)
		}
		k.meter = newKioskMeter(dir, k.logf, k.now)
		k.meter.seed(k.seedMeter(ctx))
		if err := k.openMirror(ctx); err != nil {
			return err
		}
		k.copy = newCopyCheck(k.d, "venue kiosk", k.loaded, k.logf, k.now,
			func(ctx context.Context) (jetstream.Stream, error) { return k.hubJS.Stream(ctx, VenueStream) },
			k.loaderFloor)
		k.copy.skip = k.meter.skips
	}
	// A shelf game's event held for its players' signatures goes now:
	// the process whose phones would sign it is gone (db/venuesigned.go).
	// Here, before StartKiosk returns, and not in the publisher's
	// goroutine: there it could release the hold of a game this process
	// finished meanwhile, whose phones are still there to sign.
	if err := k.d.ReleaseHeldEvents(ctx); err != nil {
		return fmt.Errorf("venue kiosk: %w", err)
	}
	// Sessions that ended before the venue existed go too.
	if _, err := k.d.QueueFinishedSessions(ctx, k.now()); err != nil {
		return err
	}
	// And the boxes at this table taken before copies were venue events.
	_, err := k.d.QueueCopiesAtTables(ctx)
	return err
}

// run starts the kiosk's goroutines until Close (not ctx: it only carries
// ctx's values): the publisher, and paired, the watch of the hub's
// refusals, the hellos and the mirror's watchdog; unpaired, the store's.
func (k *Kiosk) run(ctx context.Context) {
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	k.stop = stop
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		k.publish(run)
	}()
	if k.paired {
		k.wg.Add(3)
		go func() {
			defer k.wg.Done()
			k.watchRemoval(run)
		}()
		go func() {
			defer k.wg.Done()
			k.sayHello(run)
		}()
		go func() {
			defer k.wg.Done()
			k.watch(run)
		}()
		return
	}
	// An unpaired kiosk's store holds its own stream only, which its
	// publisher fills; a full disk wedges it as a paired one's (its
	// watchdog heals that): this looks every coolEvery.
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		k.watchStore(run)
	}()
}

// checkOwnEvents publishes again the tail of the outbox the table's own
// stream lost: a store that holds fewer events than the outbox says it
// acknowledged lost its last ones (a store restored or copied while it was
// written, a disk that lied about a sync), and SQLite is the truth. Only
// the tail, in the outbox's order, which is the stream's: the hub's
// source of the stream resumes after the last sequence it copied, so the
// stream's next events would otherwise take the lost ones' numbers and
// never reach the venue (the hole TestVenueQuickExitsConverge/killed
// met, one run in many, when its store's snapshot missed a game the hub
// had already copied). What the hub had copied already is dropped by its
// loader's ids.
func (k *Kiosk) checkOwnEvents(ctx context.Context) error {
	acked, err := k.d.AckedEvents(ctx)
	if err != nil || acked == 0 {
		return err
	}
	s, err := k.e.js.Stream(ctx, TableStream)
	if err != nil {
		return fmt.Errorf("venue kiosk: table stream: %w", err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		return fmt.Errorf("venue kiosk: table stream: %w", err)
	}
	if info.State.Msgs >= uint64(acked) {
		return nil
	}
	lost := acked - int(info.State.Msgs)
	k.logf("venue kiosk: the table's stream holds %d of its %d events: publishing the last %d again", info.State.Msgs, acked, lost)
	_, err = k.d.RepublishLastEvents(ctx, lost)
	return err
}

// watchStore heals an unpaired kiosk's store once its disk has room again
// (healStore), looking every coolEvery until ctx ends.
func (k *Kiosk) watchStore(ctx context.Context) {
	t := time.NewTicker(coolEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			k.healStore(ctx)
		}
	}
}

// ID is the kiosk's venue id.
func (k *Kiosk) ID() string { return k.id }

// Paired reports whether the kiosk joined a venue.
func (k *Kiosk) Paired() bool { return k.paired }

// Loaded is signalled after venue events are loaded into the kiosk's
// database (never, unpaired).
func (k *Kiosk) Loaded() <-chan struct{} { return k.loaded }

// Published is signalled after outbox events are acknowledged by the
// kiosk's stream.
func (k *Kiosk) Published() <-chan struct{} { return k.published }

// LeafConnected reports whether the kiosk's link to the hub is up.
func (k *Kiosk) LeafConnected() bool { return k.e.srv.NumLeafNodes() > 0 }

// link reports whether the kiosk's link to the hub is up, and which
// connection it is (its server's id for it; 0 when down).
func (k *Kiosk) link() (bool, uint64) {
	lz, err := k.e.srv.Leafz(nil)
	if err != nil || len(lz.Leafs) == 0 {
		return false, 0
	}
	return true, lz.Leafs[0].ID
}

// Close stops the kiosk's side of the venue. Events not yet acknowledged
// stay in the outbox for the next start.
func (k *Kiosk) Close() {
	k.closed.Do(func() {
		if k.stop != nil {
			k.stop()
		}
		k.wg.Wait()
		k.mu.Lock()
		if k.load != nil {
			k.load.stop()
		}
		k.mu.Unlock()
		k.e.close()
	})
}

// publish sends the outbox's events to the kiosk's stream, oldest first,
// each under its event id, and marks each acknowledged: at start (what a
// crash left unacknowledged) and whenever the database queues one.
func (k *Kiosk) publish(ctx context.Context) {
	p := publisher{d: k.d, js: k.e.js, now: k.now, stream: TableStream, published: k.published, logf: k.logf, who: "venue kiosk",
		subject: func(kind string) string { return tableSubject(k.id, kind) }}
	p.run(ctx)
}
