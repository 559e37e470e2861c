package venue

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
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

// DefaultWebPort is the port of the hub's web page: the table's TLS port
// is 7457, its page 7458, its staff console 7459, the hub's leaf port
// 7460.
const DefaultWebPort = 7461

// Hub is the running venue hub.
type Hub struct {
	e    *embedded
	d    *db.DB
	id   string // the hub's venue id: its own events' subject (hubSubject)
	auth *hubAuth
	logf func(string, ...any)
	pair *pairServer // the pairing address
	// ca is the venue's certificate authority when the hub holds it
	// (nil: none); console its console's certificate.
	ca      *tlscert.CA
	console *tlscert.ConsoleSource
	meter   *meter // what each kiosk brought in, against its limits
	fp      string
	cert    tls.Certificate
	addr    string
	load    *loader
	hello   *nats.Subscription
	mu      sync.Mutex           // serialises changes of the venue stream's sources
	added   map[string]time.Time // when a kiosk's source was added, by kiosk id
	// live holds the kiosks heard since this hub started: the venue
	// stream sources only those (see updateSources).
	live   map[string]bool
	kicked map[string]time.Time // when a kiosk's source was last restarted

	// kickedLink is the leaf connection (its id at this server) a
	// kiosk's source was last restarted for by a fresh hello.
	kickedLink map[string]uint64

	heard  map[string]time.Time // when a kiosk last said hello
	noted  map[string]notedKiosk
	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once
	kicks  int // sources restarted by the watchdog, for tests and logs
	boot   time.Time
	now    func() time.Time  // HubConfig.Now
	web    *http.Server      // the venue's web page; nil: none
	webLn  net.Listener      // its listener
	webAt  string            // its address for the kiosks' answers: ":PORT" when on every address
	pages  map[string]string // each kiosk's web page, HOST:PORT, from its hellos
	// calls are each kiosk's open staff calls, from its last hello;
	// answered are those the hub's console answered, told to the kiosk in
	// the answers to its hellos until its hellos no longer list them.
	calls    map[string][]Call
	answered map[string][]Call
	// published is signalled after the hub's own events are stored.
	published chan struct{}
	refill    refiller   // a lost database refilled from the stream (refill.go)
	copy      *copyCheck // its database checked against its stream (entropy.go)
}

// StartHub starts the hub: its embedded server listening for kiosks' leaf
// connections over TLS, the venue stream sourcing every kiosk known, and
// the loader into the hub's database.
func StartHub(ctx context.Context, cfg HubConfig) (*Hub, error) {
	h := &Hub{d: cfg.DB, logf: cfg.Logf, added: map[string]time.Time{}, live: map[string]bool{}, kicked: map[string]time.Time{}, kickedLink: map[string]uint64{},
		heard: map[string]time.Time{}, noted: map[string]notedKiosk{}, now: clock(cfg.Now),
		pages: map[string]string{}, calls: map[string][]Call{}, answered: map[string][]Call{}, published: make(chan struct{}, 1)}
	h.boot = h.now().UTC()
	if h.logf == nil {
		h.logf = func(string, ...any) {}
	}
	host, portText, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("venue hub: --listen %q: %w", cfg.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("venue hub: --listen %q: bad port", cfg.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if err := cfg.DB.SetVenueConfig(ctx, map[string]string{hubRoleKey: "hub"}); err != nil {
		return nil, err
	}
	if h.id, err = cfg.DB.VenueID(ctx); err != nil {
		return nil, err
	}
	cert, err := tlscert.LoadOrCreate(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("venue hub: %w", err)
	}
	h.fp, h.cert = tlscert.Fingerprint(cert), cert
	if err := h.loadCA(); err != nil {
		return nil, err
	}
	leaf := server.LeafNodeOpts{
		Host: host,
		Port: port,
		// Only over TLS (the kiosk pins the certificate); who may
		// connect is hubAuth's: kiosks with their credential, or pairing
		// with the code within its budget.
		TLSConfig:   tlscert.ServerConfig(cert),
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
	fail := func(err error) (*Hub, error) {
		h.Close()
		return nil, err
	}
	v, err := h.e.srv.Varz(nil)
	if err != nil {
		return fail(fmt.Errorf("venue hub: %w", err))
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		// Listening everywhere: say an address other machines can dial.
		addrs, _ := net.InterfaceAddrs()
		host = lanIP(addrs)
	}
	h.addr = net.JoinHostPort(host, strconv.Itoa(v.LeafNode.Port))
	if err := h.servePairing(pairListen); err != nil {
		return fail(err)
	}
	if err := h.updateSources(ctx); err != nil {
		return fail(err)
	}
	if err := h.checkOwnEvents(ctx); err != nil {
		return fail(err)
	}
	refill, err := h.refillIfLost(ctx)
	if err != nil {
		return fail(err)
	}
	h.refill.target = refill
	h.meter = newMeter(cfg.Limits, h.cutOff, h.auth.creds.isCut)
	if err := h.seedMeter(ctx); err != nil {
		return fail(err)
	}
	loader, err := hubLoaderName(ctx, h.e.js, h.logf)
	if err != nil {
		return fail(err)
	}
	if h.load, err = startLoaderAdmitting(ctx, h.e.js, h.d, VenueStream, loader, make(chan struct{}, 1), h.logf, h.now, h.meter.admit); err != nil {
		return fail(err)
	}
	h.copy = h.hubCopyCheck()
	h.copy.skip = h.meter.skips
	if cfg.WebListen != "" && cfg.Page != nil {
		if err := h.serveWeb(cfg.WebListen, cfg.Page); err != nil {
			return fail(err)
		}
	}
	// Each kiosk says hello on its own subject, which the hub maps to
	// one it alone hears on (heardPrefix). The mapping is what the
	// kiosks' servers see of the hub's interest: added once the hub
	// listens, or a kiosk's first hellos would wait out their 2 s
	// instead of finding no responders and trying again at once.
	if h.hello, err = h.e.nc.Subscribe(heardPrefix+".*", h.onHello); err != nil {
		return fail(fmt.Errorf("venue hub: %w", err))
	}
	if err := h.e.nc.Flush(); err != nil {
		return fail(fmt.Errorf("venue hub: %w", err))
	}
	if err := h.e.srv.GlobalAccount().AddMapping(helloPrefix+".*", heardPrefix+".{{wildcard(1)}}"); err != nil {
		return fail(fmt.Errorf("venue hub: hellos: %w", err))
	}
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
	return h, nil
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

// serveWeb starts the venue's web page on addr.
func (h *Hub) serveWeb(addr string, page func(func() []string) (http.Handler, error)) error {
	handler, err := page(h.tablePages)
	if err != nil {
		return fmt.Errorf("venue hub: web page: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("venue hub: --web-addr %s: %w", addr, err)
	}
	h.webLn = ln
	h.web = &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go h.web.Serve(ln)
	host, _, _ := net.SplitHostPort(addr)
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "" // the kiosk names the hub as it dials it
	}
	h.webAt = net.JoinHostPort(host, port)
	return nil
}

// WebAddr is where the venue's web page is served, HOST:PORT as a phone
// may reach it (the machine's LAN address when listening on every
// address), or "" without a page.
func (h *Hub) WebAddr() string {
	if h.webLn == nil {
		return ""
	}
	host, port, _ := net.SplitHostPort(h.webAt)
	if host == "" {
		host, _, _ = net.SplitHostPort(h.addr)
	}
	return net.JoinHostPort(host, port)
}

// closeWeb stops the web page (Close does it too).
func (h *Hub) closeWeb() {
	if h.web != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		h.web.Shutdown(ctx)
	}
}

// tablePages is the tables' web addresses, sorted, as their hellos said.
func (h *Hub) tablePages() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.pages))
	for _, p := range h.pages {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

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

// hello is what a kiosk says when it joins the venue.
type hello struct {
	Kiosk string `json:"kiosk"`
	Table string `json:"table"`
	// Gen is the generation of the kiosk's stream (kioskDomain).
	Gen int `json:"gen,omitempty"`
	// Fresh marks the first hellos after the kiosk's link came up.
	Fresh bool `json:"fresh,omitempty"`
	// Web is the table's web page, HOST:PORT, as its QR code names it.
	Web string `json:"web,omitempty"`
	// Calls are the table's open staff calls: the hub's console shows
	// them until someone answers them, there or at the table.
	Calls []Call `json:"calls,omitempty"`
	// ConsoleCSR asks for a new console certificate (consolerenew.go).
	ConsoleCSR []byte `json:"console_csr,omitempty"`
}

// Call is a table's call for the staff (the guests' button on the
// kiosk's corner menu), open until someone answers it.
type Call struct {
	ID    string    `json:"id"` // the table's id for it
	At    time.Time `json:"at"`
	Table string    `json:"table"` // the table's name
}

// notedKiosk is what the hub last wrote of a kiosk in its database.
type notedKiosk struct {
	gen int
	at  time.Time
}

// noteEvery is how often the hub writes that a kiosk was heard of.
const noteEvery = time.Minute

// helloAnswer is the hub's answer: its clock, and when it started (a
// kiosk knows from it that the hub restarted).
type helloAnswer struct {
	Now  time.Time `json:"now"`
	Boot time.Time `json:"boot"`
	// Web is the hub's web page, HOST:PORT, with no host when the hub
	// serves it on every address (the kiosk names the hub as it dials
	// it); empty: the hub serves none.
	Web string `json:"web,omitempty"`
	// Tables are the venue's tables and when the hub last heard from
	// each: a kiosk's staff screen shows them, and which are behind.
	Tables []helloTable `json:"tables,omitempty"`
	// Answered are the kiosk's calls the hub's console answered: the
	// kiosk closes them (KioskConfig.OnAnswered).
	Answered []string `json:"answered,omitempty"`
	// Console and CA answer a ConsoleCSR: the table's new console
	// certificate and the venue authority's (DER).
	Console []byte `json:"console,omitempty"`
	CA      []byte `json:"ca,omitempty"`
	// Limits are the hub's per-kiosk limits, Cut the kiosks it cut off:
	// the kiosks' mirrors meter as the hub does (kioskmeter.go).
	Limits *KioskLimits `json:"limits,omitempty"`
	Cut    []string     `json:"cut,omitempty"`
}

// helloTable is one table in the hub's answer.
type helloTable struct {
	ID    string    `json:"id"`
	Table string    `json:"table"`
	Heard time.Time `json:"heard"`
}

// tables lists the paired kiosks the hub knows and when it last heard
// from each (its database notes hellos once a minute; its memory each).
func (h *Hub) tables(ctx context.Context) []helloTable {
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		h.logf("venue hub: tables: %v", err)
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []helloTable
	for _, k := range kiosks {
		if h.auth.creds.get(k.ID) == "" {
			continue // revoked: no longer a table of the venue
		}
		heard := k.LastSeen
		if t := h.heard[k.ID]; t.After(heard) {
			heard = t
		}
		out = append(out, helloTable{ID: k.ID, Table: k.Table, Heard: heard.UTC()})
	}
	return out
}

// sourceStale reports whether the venue stream's source in a kiosk's
// domain has not heard from it for staleAfter: a kiosk whose hello comes
// through while its source is silent had its link back without noticing
// it lost it (a partition shorter than the pings' timeout).
func (h *Hub) sourceStale(ctx context.Context, domain string) bool {
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return false
	}
	info, err := s.Info(ctx)
	if err != nil {
		return false
	}
	for _, src := range info.Sources {
		if src.External != nil && src.External.APIPrefix == "$JS."+domain+".API" {
			return src.Active < 0 || src.Active > staleAfter
		}
	}
	return false
}

// mayKick reports whether kiosk id's source may be restarted at now (at
// most once every kickEvery), and notes it if so.
//
// A fresh hello (a new link) may restart it again after freshKickEvery: a
// kiosk restarted within kickEvery of the last restart (kiosk --headless
// --exit-when-over in a loop: a new server, a new link each game) left its
// source waiting for a consumer in the server that had gone, 30 s, and its
// games reached the venue only at its next start (issue 42).
//
// And a fresh hello over a link the source was not restarted for yet
// restarts it whenever it comes (link: the kiosk's leaf connection's id
// at this server, 0 if unknown): a new link is a new kiosk server, and the
// source's consumer lived in the old one. Limited by time alone, a kiosk
// that started again within freshKickEvery of the last restart (a game
// and its exit take a fraction of a second) kept a source waiting for the
// consumer that had gone — every other run of a kiosk restarted in a
// loop waited out Settle's 10 s (TestSettleAfterQuickRestarts).
func (h *Hub) mayKick(id string, now time.Time, fresh bool, link uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	every := kickEvery
	if fresh {
		every = freshKickEvery
	}
	newLink := fresh && link != 0 && link != h.kickedLink[id]
	if !newLink && now.Sub(h.kicked[id]) < every {
		return false
	}
	h.kicked[id] = now
	if fresh && link != 0 {
		h.kickedLink[id] = link
	}
	return true
}

// freshLink is the leaf connection a fresh hello came over; 0 for
// another hello (only a fresh one looks: Leafz lists every link).
func (h *Hub) freshLink(hi hello) uint64 {
	if !hi.Fresh {
		return 0
	}
	return h.leafLink(hi.Kiosk)
}

// leafLink is the id, at this server, of kiosk id's leaf connection (the
// newest, while an old one lingers); 0 if it has none.
func (h *Hub) leafLink(id string) uint64 {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return 0
	}
	var cid uint64
	for _, l := range lz.Leafs {
		if l.Name == kioskServerPrefix+id && l.ID > cid {
			cid = l.ID
		}
	}
	return cid
}

// onHello notes the kiosk and, if it is new, sources its stream. The
// kiosk is the one the subject names (only its link may say hello there);
// a hello whose body names another is refused, unanswered.
func (h *Hub) onHello(m *nats.Msg) {
	id := strings.TrimPrefix(m.Subject, heardPrefix+".")
	var hi hello
	if err := json.Unmarshal(m.Data, &hi); err != nil {
		h.logf("venue hub: hello from %s: %v", id, err)
		return
	}
	if hi.Kiosk != id {
		h.logf("venue hub: a hello from kiosk %s as kiosk %q refused", id, hi.Kiosk)
		return
	}
	if _, err := uuid.Parse(hi.Kiosk); err != nil {
		h.logf("venue hub: hello from %q: not a kiosk id", hi.Kiosk)
		return
	}
	if h.auth.creds.get(hi.Kiosk) == "" {
		// Revoked while its hello was on its way: not sourced again.
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := h.now()
	h.mu.Lock()
	// A gap: the hub missed this kiosk's hellos (a partition its link
	// may not have noticed) or never heard it since it started.
	last, heard := h.heard[hi.Kiosk]
	gap := !heard || now.Sub(last) > helloEvery+helloSlack
	h.heard[hi.Kiosk] = now
	if _, _, err := net.SplitHostPort(hi.Web); err == nil {
		h.pages[hi.Kiosk] = hi.Web
	}
	answered := h.noteCalls(hi.Kiosk, hi.Calls)
	seen, noted := h.noted[hi.Kiosk]
	h.mu.Unlock()
	var added bool
	var err error
	// The database learns a kiosk, a new generation of its stream, and
	// when it was last heard of at most every noteEvery: hellos come
	// every 5 s from every kiosk.
	if !noted || seen.gen != hi.Gen || now.Sub(seen.at) >= noteEvery {
		added, err = h.d.NoteVenueKiosk(ctx, hi.Kiosk, hi.Table, hi.Gen, now)
		if err == nil {
			h.mu.Lock()
			h.noted[hi.Kiosk] = notedKiosk{gen: hi.Gen, at: now}
			h.mu.Unlock()
		}
	}
	h.mu.Lock()
	live := h.live[hi.Kiosk]
	h.mu.Unlock()
	switch {
	case err == nil && (added || !live):
		// The kiosk's first hello since the hub started (or a new
		// generation of its stream): its source is added now, over
		// the live link, and flows at once.
		h.mu.Lock()
		h.added[hi.Kiosk] = now
		h.live[hi.Kiosk] = true
		h.mu.Unlock()
		err = h.updateSources(ctx)
	case err == nil && (hi.Fresh || gap && h.sourceStale(ctx, kioskDomain(hi.Kiosk, hi.Gen))) && h.mayKick(hi.Kiosk, now, hi.Fresh, h.freshLink(hi)):
		// The kiosk's link just came up, or carried nothing for a
		// while: its source's consumer request most likely went out
		// while the link was down (after a hub restart, always) and
		// would wait 30 s. A source restarted now, over the live link,
		// flows at once; restarting one that flowed costs two updates
		// of the stream's configuration. A hello on time after another
		// is not looked into: the stream's info is a request, and
		// hellos come every 5 s from every kiosk.
		err = h.kick(ctx, hi.Kiosk)
	}
	if err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
		return
	}
	// The answer carries the hub's clock: the kiosk stamps its events on
	// it (db.SessionEvent.At).
	cert, ca := h.renewTableConsole(hi.Kiosk, hi.ConsoleCSR)
	answer, _ := json.Marshal(helloAnswer{Now: h.now().UTC(), Boot: h.boot, Web: h.webAt, Tables: h.tables(ctx), Answered: answered, Console: cert, CA: ca,
		Limits: &h.meter.limits, Cut: h.auth.creds.cutList()})
	if err := m.Respond(answer); err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
	}
}

// noteCalls keeps kiosk id's open calls from its hello and returns the
// ids of those the hub's console answered, to tell it; an answered call
// its hello no longer lists is forgotten (the kiosk closed it). Called
// with h.mu held.
func (h *Hub) noteCalls(id string, calls []Call) []string {
	if len(calls) == 0 {
		delete(h.calls, id)
	} else {
		h.calls[id] = calls
	}
	var ids []string
	var still []Call
	for _, a := range h.answered[id] {
		if slices.ContainsFunc(calls, func(c Call) bool { return sameCall(a, c) }) {
			ids = append(ids, a.ID)
			still = append(still, a)
		}
	}
	if len(still) == 0 {
		delete(h.answered, id)
	} else {
		h.answered[id] = still
	}
	return ids
}

// sameCall compares calls by id and time: a kiosk restarted numbers its
// calls again.
func sameCall(a, b Call) bool { return a.ID == b.ID && a.At.Equal(b.At) }

// AnswerCall answers table kiosk's call id from the hub's console: it
// leaves the hub's list now and the table's at its next hello (within
// helloEvery). False if the hub knows no such open call.
func (h *Hub) AnswerCall(kiosk, id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := slices.IndexFunc(h.calls[kiosk], func(c Call) bool { return c.ID == id })
	if i < 0 {
		return false
	}
	c := h.calls[kiosk][i]
	if !slices.ContainsFunc(h.answered[kiosk], func(a Call) bool { return sameCall(a, c) }) {
		h.answered[kiosk] = append(h.answered[kiosk], c)
	}
	return true
}

// openCalls are kiosk id's calls its last hello listed that nobody
// answered on the hub. Called with h.mu held.
func (h *Hub) openCalls(id string) []Call {
	var out []Call
	for _, c := range h.calls[id] {
		if !slices.ContainsFunc(h.answered[id], func(a Call) bool { return sameCall(a, c) }) {
			out = append(out, c)
		}
	}
	return out
}

// updateSources makes the venue stream source every kiosk the database
// knows that said hello since the hub started: a hub rebuilt from scratch
// re-sources each kiosk's stream from its start once the kiosk says hello
// again. A source set up before its kiosk's link is there sends its
// consumer request nowhere and waits 30 s for the answer (nats-server's
// srcConsumerWaitTime): at start, before any link, the stream sources
// nothing, and each kiosk's first hello adds its source — one update of
// the stream each, where restarting a stalled source costs two, and each
// update scans the stream back for the sources' positions (a sixth of a
// 100,000-event rebuild's CPU with two).
func (h *Hub) updateSources(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return err
	}
	_, err = h.e.js.CreateOrUpdateStream(ctx, h.streamConfig(kiosks, ""))
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("venue hub: venue stream: %w", err)
	}
	return err
}

// streamConfig is the venue stream sourcing the live kiosks among
// kiosks, except the one whose id is left out ("" for none). h.mu is held.
func (h *Hub) streamConfig(kiosks []db.VenueKiosk, leftOut string) jetstream.StreamConfig {
	cfg := jetstream.StreamConfig{
		Name:        VenueStream,
		Description: "every table's events, sourced from the kiosks' streams, and the hub's own",
		// The hub's own events (its staff's player changes) are
		// published here, on a subject no kiosk may publish on.
		Subjects: []string{hubSubject(h.id, ">")},
		Storage:  jetstream.FileStorage,
		// No limits, as the kiosks' streams: every kiosk's mirror
		// copies the whole venue stream, and a table that joins late
		// needs the venue's history for its boards (docs/venue.md,
		// "Stream limits").
		Retention:  jetstream.LimitsPolicy,
		Duplicates: dupWindow,
	}
	for _, k := range kiosks {
		if k.ID != leftOut && h.live[k.ID] {
			// Delivered under the kiosk's own prefix, the only one its
			// link may publish on (kioskPermissions). Filtered to its own
			// subjects: the kiosk sets its stream's subjects itself, and
			// a tampered one could add another table's (or the hub's)
			// and publish there events whose subject and body agree.
			cfg.Sources = append(cfg.Sources, &jetstream.StreamSource{Name: TableStream, FilterSubject: tableSubject(k.ID, ">"),
				External: &jetstream.ExternalStream{APIPrefix: "$JS." + kioskDomain(k.ID, k.Gen) + ".API", DeliverPrefix: deliverPrefix(k.ID)}})
		}
	}
	return cfg
}

// Watchdog timing. A source's consumer sends a heartbeat every second, so
// a source silent for staleAfter while its kiosk's leaf link is up has
// stalled; it is restarted at most every kickEvery. Sources and mirrors
// stall when a link comes back, so the watchdogs look every watchEvery for
// hotFor after the number of leaf links changed, and every slowEvery
// otherwise (looking costs a stream info request: looking every second
// all day tripled the idle CPU).
const (
	watchEvery = time.Second
	staleAfter = 3 * time.Second
	// stallAfter is how long a source or mirror may be silent when a
	// watchdog looks on its own (not after a link came back): a source
	// busy with a catch-up on a loaded machine can miss heartbeats for
	// more than staleAfter, and restarting it then made it slower (a
	// restart updates the stream, which scans it back; a mirror made
	// again copies the whole venue stream). nats-server retries a source
	// silent for 10 s itself.
	stallAfter = 10 * time.Second
	kickEvery  = 5 * time.Second
	// freshKickEvery is kickEvery for a kiosk's fresh hellos (mayKick).
	freshKickEvery = time.Second
	// freshSilence is how long a source or mirror may be silent when its
	// link has just come up: a heartbeat and a half.
	freshSilence = 1500 * time.Millisecond
	hotFor       = 30 * time.Second
	slowEvery    = 30 * time.Second
)

// coolEvery is how often a cool watchdog wakes to see whether the number
// of leaf links changed (it looks at the streams only every slowEvery): a
// ticker every second was a wake-up of every idle node every second.
const coolEvery = 5 * time.Second

// pacer decides when a watchdog looks.
type pacer struct {
	leafs          int
	hotUntil, last time.Time
}

// wait is how long to sleep before asking due again.
func (p *pacer) wait(now time.Time) time.Duration {
	if now.Before(p.hotUntil) {
		return watchEvery
	}
	return coolEvery
}

// due reports whether to look now, given the number of leaf links.
func (p *pacer) due(now time.Time, leafs int) bool {
	if leafs != p.leafs {
		p.leafs = leafs
		p.hotUntil = now.Add(hotFor)
	}
	if leafs == 0 {
		return false
	}
	if now.Before(p.hotUntil) || now.Sub(p.last) >= slowEvery {
		p.last = now
		return true
	}
	return false
}

// watch restarts the sources that stalled while their kiosk is connected.
// nats-server waits 30 s for the answer to a source's consumer request
// sent while the kiosk was away (after a hub restart: before the kiosks'
// leaf links are back), then backs off 10 s more: the 40 s the issue
// measured. A source removed and added again is set up at once, from the
// last event the venue stream holds from it.
func (h *Hub) watch(ctx context.Context) {
	t := time.NewTimer(watchEvery)
	defer t.Stop()
	var p pacer
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		// A table removed by tablee venue --revoke while the hub runs:
		// a stat of the credentials' file each tick.
		h.dropRevoked(ctx)
		h.healStore(ctx)
		h.checkCopy(ctx)
		now := h.now()
		due := p.due(now, h.e.srv.NumLeafNodes())
		t.Reset(p.wait(now))
		if !due {
			continue
		}
		for _, id := range h.stalled(ctx) {
			h.mu.Lock()
			added := h.added[id]
			h.mu.Unlock()
			// A source just added has not had time to hear from its
			// kiosk.
			h.mu.Lock()
			heard := h.heard[id]
			h.mu.Unlock()
			// A kiosk not heard lately is behind a dead link: a source
			// restarted now would wait 30 s; its next hello restarts it.
			if now.Sub(added) < stallAfter || now.Sub(heard) > helloGap || !h.mayKick(id, now, false, 0) {
				continue
			}
			if err := h.kick(ctx, id); err != nil && ctx.Err() == nil {
				h.logf("venue hub: restart the source of kiosk %s: %v", id, err)
			}
		}
	}
}

// stalled lists the kiosks connected now whose source is silent.
func (h *Hub) stalled(ctx context.Context) []string {
	lz, err := h.e.srv.Leafz(nil)
	if err != nil {
		return nil
	}
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return nil
	}
	gens := map[string]int{}
	for _, k := range kiosks {
		gens[k.ID] = k.Gen
	}
	connected := map[string]string{} // domain → kiosk id
	for _, l := range lz.Leafs {
		if id, ok := strings.CutPrefix(l.Name, kioskServerPrefix); ok {
			connected[kioskDomain(id, gens[id])] = id
		}
	}
	s, err := h.e.js.Stream(ctx, VenueStream)
	if err != nil {
		return nil
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for _, src := range info.Sources {
		if src.External == nil {
			continue
		}
		domain := strings.TrimSuffix(strings.TrimPrefix(src.External.APIPrefix, "$JS."), ".API")
		id, ok := connected[domain]
		if ok && (src.Active < 0 || src.Active > stallAfter) {
			out = append(out, id)
		}
	}
	return out
}

// kick restarts kiosk id's source: removed from the venue stream, then
// added again.
func (h *Hub) kick(ctx context.Context, id string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return err
	}
	if _, err := h.e.js.UpdateStream(ctx, h.streamConfig(kiosks, id)); err != nil {
		return err
	}
	if _, err := h.e.js.UpdateStream(ctx, h.streamConfig(kiosks, "")); err != nil {
		return err
	}
	h.kicks++
	h.logf("venue hub: restarted the stalled source of kiosk %s", id)
	return nil
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
