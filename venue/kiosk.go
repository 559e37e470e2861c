package venue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/renameio/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// Keys of venue_config for a kiosk's pairing. The code is not kept: the
// kiosk's own credential (pairing.go) is its key to the venue.
const (
	pairAddrKey        = "pair.addr"
	pairCodeKey        = "pair.code" // set by earlier versions; cleared when pairing
	pairFingerprintKey = "pair.fingerprint"
	pairCredKey        = "pair.credential"
)

// Pairing is how a kiosk reaches its venue's hub: the hub's leaf address,
// its pairing address (to pair; "": the leaf address's host with
// DefaultPairPort), a one-time pairing code (to pair; never stored) and
// the fingerprint of the hub's certificate, pinned.
type Pairing struct {
	Addr, PairAddr, Code, Fingerprint string
	// Table is the table's name the hub's console lists the pairing
	// under ("": the name the database keeps).
	Table string
}

// pairAddr is where p pairs.
func (p Pairing) pairAddr() string {
	if p.PairAddr != "" {
		return p.PairAddr
	}
	host, _, _ := net.SplitHostPort(p.Addr)
	return net.JoinHostPort(host, strconv.Itoa(DefaultPairPort))
}

var (
	codeRE        = regexp.MustCompile(`^[0-9]{6}$`)
	fingerprintRE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// Check reports what is wrong with p, if anything.
func (p Pairing) Check() error {
	if _, _, err := net.SplitHostPort(p.Addr); err != nil {
		return fmt.Errorf("venue address %q: want HOST:PORT", p.Addr)
	}
	if _, _, err := net.SplitHostPort(p.PairAddr); p.PairAddr != "" && err != nil {
		return fmt.Errorf("venue pairing address %q: want HOST:PORT", p.PairAddr)
	}
	if !codeRE.MatchString(p.Code) {
		return fmt.Errorf("venue code %q: want six digits", p.Code)
	}
	if !fingerprintRE.MatchString(p.Fingerprint) {
		return fmt.Errorf("venue fingerprint %q: want 64 hex digits", p.Fingerprint)
	}
	return nil
}

// normalised is p with its fingerprint as Check wants it.
func (p Pairing) normalised() Pairing {
	p.Fingerprint = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(p.Fingerprint), ":", ""))
	p.Code = strings.TrimSpace(p.Code)
	p.PairAddr = strings.TrimSpace(p.PairAddr)
	return p
}

// Pair pairs the kiosk with the hub p names: it reaches the hub's pairing
// address over TLS pinned to p's fingerprint, has it check the one-time
// code and learn a credential made for this kiosk, and stores the leaf
// address and fingerprint in the kiosk's database and the credential in
// its file (not the code). The kiosk joins that venue at its next start
// (or StartKiosk now), and at every start after it. A code the hub
// refuses gives ErrRefused (ErrCodeUsed, ErrCodeExpired or a
// *CodeLockedError when it said why); nothing is stored then.
func Pair(ctx context.Context, d *db.DB, p Pairing) error {
	p = p.normalised()
	if err := p.Check(); err != nil {
		return err
	}
	id, err := d.VenueID(ctx)
	if err != nil {
		return err
	}
	cred, err := newCredential()
	if err != nil {
		return err
	}
	if p.Table == "" {
		if p.Table, err = d.TableName(ctx); err != nil {
			return err
		}
	}
	// A certificate request for the table's staff console: a hub
	// holding the venue's authority answers it with a certificate the
	// staff's browsers trust (docs/install.md, "A console the browser
	// trusts").
	dir := tlscert.ConsoleDir(d.Path())
	names, ips := tlscert.MachineNames()
	var csr []byte
	if _, err := tlscert.LoadCA(dir); errors.Is(err, tlscert.ErrNoCA) {
		// (A table that made the authority itself issues its own.)
		if csr, err = tlscert.ConsoleKey(dir, names, ips); err != nil {
			return err
		}
	}
	done, err := pairVia(ctx, &net.Dialer{}, p.pairAddr(), p.Fingerprint, pairRequest{Kiosk: id, Table: p.Table, Code: p.Code, Credential: cred, ConsoleCSR: csr})
	if err != nil {
		return err
	}
	if len(done.Console) > 0 {
		if err := tlscert.SaveConsole(dir, done.Console, done.CA); err != nil {
			return err
		}
	}
	if err := writeCredential(d, cred); err != nil {
		return err
	}
	return d.SetVenueConfig(ctx, map[string]string{
		pairAddrKey: p.Addr, pairFingerprintKey: p.Fingerprint, pairCredKey: "", pairCodeKey: "",
	})
}

// credentialPath is the file of the kiosk's venue credential, beside its
// database (mode 0600): out of the database, so that no download of it
// from the console, no backup and no copy of the file carries the key to
// the venue.
func credentialPath(d *db.DB) string { return d.Path() + ".venue-credential" }

// writeCredential writes the kiosk's venue credential into its file,
// synced, then renamed over the old: a power cut leaves one or the other.
func writeCredential(d *db.DB, cred string) error {
	if err := renameio.WriteFile(credentialPath(d), []byte(cred+"\n"), 0o600); err != nil {
		return fmt.Errorf("venue: credential: %w", err)
	}
	return nil
}

// readCredential reads the kiosk's venue credential: from its file, or,
// for a kiosk paired by an earlier build that kept it in the database,
// from there, moving it into the file and out of the database.
func readCredential(ctx context.Context, d *db.DB) (string, error) {
	b, err := os.ReadFile(credentialPath(d))
	switch {
	case err == nil:
		return strings.TrimSpace(string(b)), nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("venue: credential: %w", err)
	}
	old, err := d.VenueConfig(ctx, pairCredKey)
	if err != nil || old == "" {
		return "", err
	}
	if err := writeCredential(d, old); err != nil {
		return "", err
	}
	if err := d.SetVenueConfig(ctx, map[string]string{pairCredKey: ""}); err != nil {
		return "", fmt.Errorf("venue: move the credential out of the database: %w", err)
	}
	return old, nil
}

// PairingWords are the verification words of the kiosk's pairing: the
// hub's console lists the pairing with the same words (PairingNote), so
// the staff see that the pairing the hub took is this table's. "" when
// the kiosk is not paired.
func PairingWords(ctx context.Context, d *db.DB) (string, error) {
	cred, err := readCredential(ctx, d)
	if err != nil || cred == "" {
		return "", err
	}
	return tlscert.Phrase(credHash(cred)), nil
}

// Unpair forgets the kiosk's venue: it stops joining it at its next start
// (stop its running Kiosk first). Its sessions stay where they reached.
func Unpair(ctx context.Context, d *db.DB) error {
	if err := os.Remove(credentialPath(d)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("venue: credential: %w", err)
	}
	return d.SetVenueConfig(ctx, map[string]string{pairAddrKey: "", pairFingerprintKey: "", pairCredKey: "", pairCodeKey: ""})
}

// Paired returns the kiosk's stored pairing (without a code), and whether
// it has one.
func Paired(ctx context.Context, d *db.DB) (Pairing, bool, error) {
	p, cred, err := paired(ctx, d)
	return p, p.Addr != "" && cred != "", err
}

func paired(ctx context.Context, d *db.DB) (Pairing, string, error) {
	var p Pairing
	var cred string
	var err error
	for key, v := range map[string]*string{pairAddrKey: &p.Addr, pairFingerprintKey: &p.Fingerprint} {
		if *v, err = d.VenueConfig(ctx, key); err != nil {
			return p, "", err
		}
	}
	if cred, err = readCredential(ctx, d); err != nil {
		return p, "", err
	}
	return p, cred, nil
}

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
	paired bool
	load   *loader

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
	mu  sync.Mutex // guards load, mirrorMade and remirror while the mirror is made again
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
	// answered is when the hub last answered a hello.
	answered time.Time
	now      func() time.Time // KioskConfig.Now
	// tables are the venue's tables as the hub's last answer listed
	// them, with when it last heard from each, on this kiosk's clock.
	tables []KnownTable
	// The hub's web page (HubPage): where it is, HOST:PORT, from the
	// hub's answers and the pairing's host; whether the last probe found
	// this table's page there, and if not, why.
	web, pageHash, hubHost string
	hubPage                string
	pageOK                 bool
	pageWhy                string
	client                 *http.Client
	probed                 chan struct{} // signalled after each probe
	onPage                 func()
	calls                  func() []Call
	onAnswered             func([]string)
	removal                *removal // paired: the hub's refusals (removed.go)
	// copy checks the kiosk's copy of the venue against the hub's
	// stream and fills its holes (entropy.go); nil unpaired.
	copy *copyCheck
	// meter applies the hub's limits to the mirror's events
	// (kioskmeter.go); nil unpaired.
	meter  *kioskMeter
	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once
}

// StartKiosk starts the kiosk's embedded server in its own JetStream
// domain, its stream, and the publisher of its outbox; paired (see Pair),
// it also connects to the hub as a leaf node and mirrors the venue stream
// into the database.
func StartKiosk(ctx context.Context, cfg KioskConfig) (*Kiosk, error) {
	k := &Kiosk{d: cfg.DB, table: cfg.Table, logf: cfg.Logf, published: make(chan struct{}, 1), loaded: make(chan struct{}, 1), linkUp: make(chan struct{}, 1), hubRestarted: make(chan struct{}, 1), ask: make(chan struct{}, 1),
		web: cfg.Web, pageHash: cfg.PageHash, client: &http.Client{Timeout: probeTimeout}, probed: make(chan struct{}, 1), onPage: cfg.OnPage,
		calls: cfg.Calls, onAnswered: cfg.OnAnswered, now: clock(cfg.Now)}
	if k.logf == nil {
		k.logf = func(string, ...any) {}
	}
	k.remirror = func(ctx context.Context, why string) { k.mirror(ctx, true, why) }
	var err error
	if k.id, err = cfg.DB.VenueID(ctx); err != nil {
		return nil, err
	}
	p, cred, err := paired(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	k.paired = p.Addr != "" && cred != ""
	paired := k.paired
	k.hubHost, _, _ = net.SplitHostPort(p.Addr)
	leaf := server.LeafNodeOpts{ReconnectInterval: leafReconnect}
	if paired {
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
	if k.gen, err = cfg.DB.VenueStreamGen(ctx); err != nil {
		return nil, err
	}
	k.e, err = startServer(ctx, kioskServerPrefix+k.id, kioskDomain(k.id, k.gen), filepath.Join(cfg.Dir, "jetstream"), leaf, false, nil, kioskInbox(k.id), k.now)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*Kiosk, error) {
		k.Close()
		return nil, err
	}
	if paired {
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
		return fail(fmt.Errorf("venue kiosk: table stream: %w", err))
	}
	if err := k.checkOwnEvents(ctx); err != nil {
		return fail(err)
	}
	if paired {
		if k.hubJS, err = jetstream.NewWithDomain(k.e.nc, HubDomain); err != nil {
			return fail(fmt.Errorf("venue kiosk: %w", err))
		}
		k.meter = newKioskMeter(cfg.Dir, k.logf, k.now)
		k.meter.seed(k.seedMeter(ctx))
		if err := k.openMirror(ctx); err != nil {
			return fail(err)
		}
		k.copy = newCopyCheck(k.d, "venue kiosk", k.loaded, k.logf, k.now,
			func(ctx context.Context) (jetstream.Stream, error) { return k.hubJS.Stream(ctx, VenueStream) },
			k.loaderFloor)
		k.copy.skip = k.meter.skips
	}
	// Sessions that ended before the venue existed go too.
	if _, err := cfg.DB.QueueFinishedSessions(ctx, k.now()); err != nil {
		return fail(err)
	}
	// And the boxes at this table taken before copies were venue events.
	if _, err := cfg.DB.QueueCopiesAtTables(ctx); err != nil {
		return fail(err)
	}
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	k.stop = stop
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		k.publish(run)
	}()
	if paired {
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
	} else {
		// An unpaired kiosk's store holds its own stream only, which its
		// publisher fills; a full disk wedges it as a paired one's (its
		// watchdog heals that): this looks every coolEvery.
		k.wg.Add(1)
		go func() {
			defer k.wg.Done()
			k.watchStore(run)
		}()
	}
	return k, nil
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

// sayHello tells the hub this kiosk's id and table: as soon as the link
// to the hub comes up (it looks every linkPoll), again every linkPoll
// until the hub answers (the hub then sources the kiosk's stream: a hub
// rebuilt from scratch learns every kiosk again as their links come
// back), then every helloEvery, so that both know the link carries
// traffic, and the hub's list says when each table was last heard of.
func (k *Kiosk) sayHello(ctx context.Context) {
	t := time.NewTimer(linkPoll)
	defer t.Stop()
	var up bool            // the link was up at the last look
	var upConn uint64      // which connection it was (link)
	var answered time.Time // when the hub last answered, zero since the link came up
	var boot time.Time     // when the hub that answered last started
	var asked bool         // the staff screen asked for news
	var qr string          // the hub's page the seating QR points at; "": the table's own

	var consoleLooked time.Time // when its console certificate was last looked at (consoleRequest)
	for {
		// A link that dropped and came back between two looks is
		// another connection (a hub restarted within a second): as
		// fresh as one seen down, so the hub hears at once of the
		// kiosk, whose source it resumes, and the kiosk of the new hub,
		// whose mirror it makes again, instead of at the next hello.
		link, conn := k.link()
		if link != up || conn != upConn {
			// Whatever answered before the link went down or came back
			// says nothing of it now: the watchdog waits for the hub's
			// next answer before making the mirror again (hubAlive).
			answered = time.Time{}
			k.mu.Lock()
			k.answered = time.Time{}
			k.mu.Unlock()
			k.logf("venue kiosk: link to the hub %s", map[bool]string{true: "up", false: "down"}[link])
			if link {
				k.removal.linked() // the hub let it in: no run of refusals
			}
		}
		up, upConn = link, conn
		if link && (asked || k.now().Sub(answered) >= helloEvery) {
			asked = false
			// Fresh: the link just came up, or the hub has not answered
			// for two hellos (a partition the link did not notice): the
			// hub restarts this kiosk's source, and the mirror is
			// looked at soon after.
			fresh := answered.IsZero() || k.now().Sub(answered) > helloGap
			hi := hello{Kiosk: k.id, Table: k.table, Gen: k.gen, Fresh: fresh, Web: k.web}
			if k.now().Sub(consoleLooked) >= consoleLookEvery {
				consoleLooked, hi.ConsoleCSR = k.now(), k.consoleRequest()
			}
			if k.calls != nil {
				hi.Calls = k.calls()
			}
			body, _ := json.Marshal(hi)
			rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			sent := k.now()
			m, err := k.requestHello(rctx, body)
			cancel()
			switch {
			case ctx.Err() != nil:
				return
			case err == nil:
				// A gap: the link just came up, or hellos went unanswered
				// (a partition the link may not have noticed).
				gap := answered.IsZero() || k.now().Sub(answered) > helloEvery+helloSlack
				answered = k.now()
				a := k.setClock(m.Data, sent, answered)
				// The tables and the time of the answer change
				// together: Desk.Refresh waits for the time.
				k.noteTables(a, answered)
				if len(a.Answered) > 0 && k.onAnswered != nil {
					k.onAnswered(a.Answered)
				}
				k.keepConsole(a.Console, a.CA)
				if k.meter.heard(a.Limits, a.Cut, a.Boot, func() map[string]int64 { return k.seedMeter(ctx) }) {
					k.copy.again()
				}
				if fresh {
					k.logf("venue kiosk: the hub answered")
				}
				switch {
				case !boot.IsZero() && !a.Boot.IsZero() && !a.Boot.Equal(boot):
					// A new hub: the mirror's consumer died with the
					// old one.
					signal(k.hubRestarted)
				case gap:
					// The link carries traffic again: the mirror should
					// flow (a mirror made again during a partition the
					// link did not notice waits out its request). After
					// an answer on time there is nothing to look at:
					// looking costs a request of the stream's info.
					signal(k.linkUp)
				}
				if !a.Boot.IsZero() {
					boot = a.Boot
				}
				k.probePage(ctx, a.Web)
			case !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrNoResponders):
				k.logf("venue kiosk: hello: %v", err)
			}
		}
		if page := k.HubPage(); page != qr {
			qr = page
			k.logQR(page)
			if k.onPage != nil {
				k.onPage()
			}
		}
		// Looking often matters while the link is down or unanswered;
		// once the hub answers, a link that dropped and came back
		// between two looks is caught by the hub (a hello after a gap,
		// onHello) and the watchdogs.
		next := linkPoll
		if up && !answered.IsZero() {
			next = linkPollUp
		}
		t.Reset(next)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-k.ask:
			asked = true
		}
	}
}

// AskHub says hello to the hub now rather than at the next helloEvery:
// its answer brings the venue's tables up to date (Tables).
func (k *Kiosk) AskHub() { signal(k.ask) }

// probeTimeout bounds a probe of the hub's web page.
const probeTimeout = 2 * time.Second

// probePage looks whether the hub's web page, at web as the hub's answer
// names it, answers with this table's very page (kiosk/web's
// PageHeader), and notes the result for HubPage. Every answered hello
// probes again (every helloEvery): a HEAD request.
func (k *Kiosk) probePage(ctx context.Context, web string) {
	page := ""
	if host, port, err := net.SplitHostPort(web); err == nil {
		if host == "" {
			host = k.hubHost // the hub serves it on every address
		}
		page = net.JoinHostPort(host, port)
	}
	var why string
	switch {
	case page == "":
		why = "the hub serves no web page"
	case k.pageHash == "":
		why = "this table has no page to compare"
	default:
		if err := k.probe(ctx, page); err != nil {
			why = err.Error()
		}
	}
	k.mu.Lock()
	k.hubPage, k.pageOK, k.pageWhy = page, why == "", why
	k.mu.Unlock()
	signal(k.probed)
}

// probe asks the hub's page for its hash.
func (k *Kiosk) probe(ctx context.Context, page string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, "http://"+page+"/", nil)
	if err != nil {
		return err
	}
	resp, err := k.client.Do(req)
	if err != nil {
		return fmt.Errorf("the hub's page did not answer: %w", err)
	}
	resp.Body.Close()
	switch got := resp.Header.Get(pageHeader); {
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("the hub's page answered %s", resp.Status)
	case got != k.pageHash:
		return fmt.Errorf("the hub serves another page (%q, this table's is %q: another version of Tablée)", got, k.pageHash)
	}
	return nil
}

// pageHeader is kiosk/web's PageHeader (this package does not import the
// page).
const pageHeader = "Tablee-Page"

// HubPage is where the seating QR's link loads the web page: the hub's
// page, HOST:PORT, while the link to the hub is up and the hub's page
// answered the last probe with this table's very page; "" otherwise: the
// table's own page (its guests are then strangers to the other tables
// for that game).
func (k *Kiosk) HubPage() string {
	k.mu.Lock()
	page, ok := k.hubPage, k.pageOK
	k.mu.Unlock()
	if !ok || !k.LeafConnected() || !k.hubAlive() {
		return ""
	}
	return page
}

// HubOrigin is the hub's web page, HOST:PORT, as last known (also while
// the hub is away: a page it served goes on playing at the table), or
// "": the table's web server accepts the WebSockets of its pages.
func (k *Kiosk) HubOrigin() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.hubPage
}

// logQR says which page the seating QR now points at, and why not the
// hub's: guests see nothing of it.
func (k *Kiosk) logQR(page string) {
	if page != "" {
		k.logf("venue kiosk: the seating QR points at the venue's page http://%s/ (one player key at every table)", page)
		return
	}
	k.mu.Lock()
	why := k.pageWhy
	k.mu.Unlock()
	if !k.LeafConnected() || !k.hubAlive() {
		why = "the link to the hub is down"
	}
	k.logf("venue kiosk: the seating QR points at this table's own page: %s", why)
}

// requestHello says hello to the hub with body and returns its answer,
// on the kiosk's own subject. A hub of the build before hears hellos on
// helloPrefix alone, with the id in the body (which the kiosk still
// sends): a kiosk upgraded before its hub says hello there when nothing
// listens on its own subject. A hub of this build never listens there,
// and refuses a kiosk's hello on it (kioskPermissions).
func (k *Kiosk) requestHello(ctx context.Context, body []byte) (*nats.Msg, error) {
	m, err := k.e.nc.RequestWithContext(ctx, helloSubject(k.id), body)
	if errors.Is(err, nats.ErrNoResponders) {
		m, err = k.e.nc.RequestWithContext(ctx, helloPrefix, body)
	}
	return m, err
}

// linkPoll is how often a kiosk looks whether its link to the hub came
// up: reading a counter of its own server, so looking often costs little,
// and the hub hears the kiosk at most this long after the link is back.
// linkPollUp is how often it looks while the hub answers: each look is a
// wake-up of an idle kiosk.
const (
	linkPoll   = 200 * time.Millisecond
	linkPollUp = time.Second
)

// setClock takes the hub's clock from its answer to a hello sent at sent
// and answered at got (the hub read its clock about halfway), and returns
// the answer.
func (k *Kiosk) setClock(answer []byte, sent, got time.Time) helloAnswer {
	var a helloAnswer
	if json.Unmarshal(answer, &a) != nil || a.Now.IsZero() {
		return helloAnswer{} // a hub that does not say its time
	}
	mid := sent.Add(got.Sub(sent) / 2)
	k.d.SetVenueClock(a.Now.Sub(mid))
	return a
}

// KnownTable is a table of the venue as the hub last described it.
type KnownTable struct {
	ID, Table string
	// LastSeen is when the hub last heard from the table, on this
	// kiosk's clock.
	LastSeen time.Time
}

// noteTables keeps the tables of the hub's answer a, got at got, and
// when it came.
func (k *Kiosk) noteTables(a helloAnswer, got time.Time) {
	out := make([]KnownTable, 0, len(a.Tables))
	for _, t := range a.Tables {
		// The hub's clock may differ from the kiosk's: keep how long
		// before its answer the hub heard from the table.
		out = append(out, KnownTable{ID: t.ID, Table: t.Table, LastSeen: got.Add(-a.Now.Sub(t.Heard))})
	}
	k.mu.Lock()
	k.tables, k.answered = out, got
	k.mu.Unlock()
}

// Tables returns the venue's tables as the hub last listed them, and when
// the hub last answered (zero: never since the kiosk started).
func (k *Kiosk) Tables() ([]KnownTable, time.Time) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]KnownTable(nil), k.tables...), k.answered
}

// helloEvery is how often a kiosk that the hub answered says hello again:
// the hub's answers are how both sides know the link carries traffic (a
// link can look up through a partition until its pings fail). helloGap
// without an answer means it did not.
const (
	helloEvery = 5 * time.Second
	helloGap   = 2*helloEvery + 2*time.Second
	// helloSlack is how late a hello may come or be answered and still
	// be on time: a hello waits up to two seconds for its answer.
	helloSlack = 3 * time.Second
)

// hubAlive reports whether the hub answered the last hello, sent at most
// helloEvery ago, on time: the link carries traffic now. (Within helloGap
// was too lax: a partition the link had not noticed yet passed for a live
// link, and a mirror made again then waited out its request, 30 s.)
func (k *Kiosk) hubAlive() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.now().Sub(k.answered) < helloEvery+helloSlack
}

// watch makes the mirror once the hub answers, and again when the hub
// restarted or the mirror stalled while the link to the hub is up. A
// mirror whose consumer request went out while the hub was away waits
// 30 s for the answer, then backs off (nats-server's
// srcConsumerWaitTime), and a leaf link coming back does not hurry a
// request in progress; a mirror's configuration cannot change, so it is
// deleted and made again, from the event after the last one the kiosk
// loaded (makeMirror).
func (k *Kiosk) watch(ctx context.Context) {
	t := time.NewTimer(watchEvery)
	defer t.Stop()
	var p pacer
	var check <-chan time.Time // a look soon after the link came up
	var silent time.Duration   // how long a mirror may be silent, by the look
	for {
		select {
		case <-ctx.Done():
			return
		case <-k.linkUp:
			// The hub answers: the mirror is made if there is none, or
			// made again if the hub's venue stream is not the one it
			// copies (a hub rebuilt while this kiosk was away).
			k.mirror(ctx, false, "")
			check = time.After(freshSilence)
			k.copy.soon()
			continue
		case <-k.hubRestarted:
			// The mirror's consumer lived in the old hub: the mirror
			// waits out its request (30 s) unless made again now.
			k.remake(ctx, " for the restarted hub")
			k.copy.soon()
			continue
		case <-check:
			// The hub answered a heartbeat and a half ago: a mirror
			// silent for staleAfter is waiting out a consumer request
			// lost while the link was down (a healthy one hears a
			// heartbeat every second; a busy machine's may be late).
			check = nil
			silent = staleAfter
		case <-t.C:
			now := k.now()
			due := p.due(now, k.e.srv.NumLeafNodes())
			t.Reset(p.wait(now))
			k.healStore(ctx)
			if k.hubAlive() && k.copy.due() {
				k.checkCopy(ctx)
			}
			if !due {
				continue
			}
			silent = stallAfter
		}
		now := k.now()
		k.mu.Lock()
		made := k.mirrorMade
		k.mu.Unlock()
		if now.Sub(made) < staleAfter {
			continue // a new mirror has not had time to hear from the hub
		}
		if !k.hubAlive() {
			// A mirror made again now would send its request into a
			// dead link and wait 30 s: wait for the hub's answer.
			continue
		}
		s, err := k.e.js.Stream(ctx, VenueStream)
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			// Not made when the link came up (the hub did not answer
			// in time).
			k.mirror(ctx, false, "")
			continue
		}
		if err != nil {
			continue
		}
		info, err := s.Info(ctx)
		if err != nil || info.Mirror == nil || (info.Mirror.Active >= 0 && info.Mirror.Active <= silent) {
			continue
		}
		k.remake(ctx, ": it had stalled")
	}
}

// remake makes the mirror again the way k.remirror says (read under k.mu:
// a test may replace it while the kiosk runs).
func (k *Kiosk) remake(ctx context.Context, why string) {
	k.mu.Lock()
	remirror := k.remirror
	k.mu.Unlock()
	remirror(ctx, why)
}

// checkCopy runs the check of the kiosk's copy of the venue (entropy.go)
// and logs what went wrong; what it repaired it logs itself.
func (k *Kiosk) checkCopy(ctx context.Context) {
	if _, err := k.copy.run(ctx); err != nil && !errors.Is(err, errNotCaughtUp) && ctx.Err() == nil {
		k.logf("%v", err)
	}
}

// loaderFloor is the mirror's loader's floor, false without a loader.
func (k *Kiosk) loaderFloor(ctx context.Context) (uint64, bool) {
	k.mu.Lock()
	l := k.load
	k.mu.Unlock()
	if l == nil {
		return 0, false
	}
	f := l.floor(ctx)
	return f, f > 0
}

// mirror makes the mirror (makeMirror) and says what it did, and why.
func (k *Kiosk) mirror(ctx context.Context, remake bool, why string) {
	did, err := k.makeMirror(ctx, remake)
	switch {
	case err != nil && ctx.Err() == nil:
		k.logf("venue kiosk: make the mirror%s: %v", why, err)
	case did != "":
		k.logf("venue kiosk: %s%s", did, why)
	}
}
