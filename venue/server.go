// Package venue joins several tables into one venue (docs/venue.md): every
// kiosk embeds a NATS server with JetStream in its own domain, publishes
// its finished sessions from its database's outbox to a stream of its own,
// and, paired, connects as a leaf node to the venue hub; the hub sources
// every kiosk's stream into the venue stream and loads it into its
// database, and every kiosk mirrors the venue stream back into its own.
// SQLite is the truth everywhere: the streams are a transport that can be
// dropped and rebuilt from the databases.
package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Names shared by the hub and the kiosks.
const (
	// DefaultPort is the hub's leaf node port, after the table's 7457,
	// the web companion's 7458 and the staff console's 7459 (issue 31),
	// so that the hub may run beside a kiosk.
	DefaultPort = 7460
	// Proto is the venue protocol's version, advertised over mDNS.
	Proto = 1
	// HubDomain is the hub's JetStream domain.
	HubDomain = "venue"
	// VenueStream is the hub's stream of every table's events, and the
	// name of each kiosk's mirror of it.
	VenueStream = "VENUE"
	// TableStream is each kiosk's stream of its own events, in its domain.
	TableStream = "TABLE"
	// helloPrefix begins the subjects on which the kiosks say hello
	// (helloSubject); the hub hears them on heardPrefix.<id>.
	helloPrefix = "tablee.venue.hello"
	// heardPrefix begins the subjects the hub maps the kiosks' hellos to
	// (Hub.hello): no kiosk may publish there, and nats-server announces
	// a mapping's source to every leaf whatever its permissions, where it
	// announces the hub's own interest in a wildcard only to a leaf
	// allowed to publish on the whole wildcard.
	heardPrefix = "tablee.venue.heard"
	// mirrorFilter is the subjects a kiosk's mirror of the venue stream
	// takes: all of them.
	mirrorFilter = "tablee.>"
	// loaderName is the durable consumer that loads a stream into SQLite.
	loaderName = "sqlite"
)

// Timing of the links, chosen for a venue's LAN (docs/venue.md, "Catching
// up").
const (
	// leafReconnect is how often a kiosk redials the hub after a cut:
	// after the watchdogs, it is most of what a table waits for the hub
	// to come back (nats-server's default is 1 s). A refused dial on a
	// LAN costs next to nothing.
	leafReconnect = 250 * time.Millisecond
	// copySync is how often a server of copies syncs its store.
	copySync = time.Second
	// leafPing is how often a server pings its peers on the leaf links.
	leafPing = 5 * time.Second
	// dupWindow is how long a stream remembers event ids to drop a
	// republished event; later duplicates are dropped by SQLite's ids.
	dupWindow = 10 * time.Minute
)

// leafCompression turns off the leaf links' compression. nats-server's
// default (s2_auto) picks the level from the link's round trip: on a busy
// machine the round trip grows past 100 ms and every frame, heartbeats
// included, went through s2's best (slowest) encoder — a quarter of the
// CPU of a hub sourcing 100,000 events. A venue's events are about 1 kB
// each on a LAN: there is nothing worth saving.
var leafCompression = server.CompressionOpts{Mode: server.CompressionOff}

// tableSubject is the subject of a kiosk's events of a kind ("session",
// "player", "copy": db.OutboxEvent.Kind).
func tableSubject(kiosk, kind string) string { return "tablee.table." + kiosk + "." + kind }

// hubSubject is the subject of the venue hub's own events of kind (its
// staff's player changes), hub its venue id: published into the venue
// stream at the hub, which no kiosk may publish on (kioskPermissions).
func hubSubject(hub, kind string) string { return hubSubjectPrefix + hub + "." + kind }

const hubSubjectPrefix = "tablee.hub."

// helloSubject is where a kiosk says hello to the hub: its own subject, the
// only one its link may say hello on (kioskPermissions), so the hub takes
// the kiosk's id from it. The build before said hello on helloPrefix
// alone, with the id in the body.
func helloSubject(kiosk string) string { return helloPrefix + "." + kiosk }

// kioskInbox is the prefix of the inboxes of a kiosk's client, whose
// requests' answers (the hub's answers to its hellos) only its link may
// receive.
func kioskInbox(kiosk string) string { return "_INBOX." + kiosk }

// kioskDomain is the JetStream domain of a kiosk: its venue id without
// dashes (a domain is a subject token), and the generation of its stream
// once rebuilt (db.RebuildVenueOutbox): the hub sources a rebuilt stream
// as a new source, from its start.
func kioskDomain(kiosk string, gen int) string {
	b := make([]byte, 0, len(kiosk)+1)
	b = append(b, 'k')
	for i := 0; i < len(kiosk); i++ {
		if kiosk[i] != '-' {
			b = append(b, kiosk[i])
		}
	}
	if gen > 0 {
		b = append(b, 'g')
		b = strconv.AppendInt(b, int64(gen), 10)
	}
	return string(b)
}

// embedded is a running embedded server and an in-process client of it.
type embedded struct {
	srv *server.Server
	nc  *nats.Conn
	js  jetstream.JetStream
	// opts are the server's options, to reload them changed
	// (Kiosk.setLinkDisabled, healStore): nats-server does not hand them
	// out. optsMu serialises the reloads.
	opts   *server.Options
	optsMu sync.Mutex
	// health notices the store's write errors (disk.go); the server logs
	// through it.
	health *storeHealth
}

// startServer starts opts' server with JetStream synced on every write and
// no client port (only in-process clients), and connects to it.
//
// copies marks a server whose streams are all copies of streams held
// elsewhere (the hub's venue stream, sourced from the kiosks' streams): it
// syncs its store every second rather than on every write. A tail lost on
// a power cut is fetched again from the sources (the stream resumes each
// source from the last event it holds of it), and the loader's database,
// synced on every commit, ignores what it already has. Syncing each of a
// rebuild's events made it 20 times slower. A kiosk's server holds its own
// stream, the first copy of its events: it syncs every write.
//
// auth, when not nil, decides who may connect (the hub's kiosks, by their
// credentials); it learns the server it guards before the server starts.
// inbox is the prefix of the client's inboxes ("": nats.go's).
func startServer(ctx context.Context, name, domain, storeDir string, leaf server.LeafNodeOpts, copies bool, auth *hubAuth, inbox string, now func() time.Time) (*embedded, error) {
	if err := os.MkdirAll(storeDir, 0o700); err != nil {
		return nil, fmt.Errorf("venue store: %w", err)
	}
	opts := serverOptions(name, domain, storeDir, leaf, copies)
	if auth != nil {
		opts.CustomClientAuthentication = auth
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("venue server: %w", err)
	}
	if auth != nil {
		auth.srv = srv
	}
	health := &storeHealth{now: clock(now)}
	srv.SetLoggerV2(health, false, false, false)
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("venue server: not ready after 10 s")
	}
	copts := []nats.Option{nats.InProcessServer(srv), nats.Name(name), nats.MaxReconnects(-1)}
	if inbox != "" {
		copts = append(copts, nats.CustomInboxPrefix(inbox))
	}
	nc, err := nats.Connect("", copts...)
	if err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("venue server: connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		srv.Shutdown()
		return nil, fmt.Errorf("venue server: %w", err)
	}
	return &embedded{srv: srv, nc: nc, js: js, opts: opts, health: health}, nil
}

// serverOptions are the options of an embedded server named name, in
// JetStream domain domain, storing in storeDir, its store syncing every
// write (a kiosk's own stream) or every copySync (copies).
func serverOptions(name, domain, storeDir string, leaf server.LeafNodeOpts, copies bool) *server.Options {
	opts := &server.Options{
		ServerName:      name,
		JetStream:       true,
		JetStreamDomain: domain,
		StoreDir:        storeDir,
		// The file store's default syncs every two minutes: an
		// acknowledged event could vanish on a power cut. A kiosk's own
		// stream syncs every write; copies every second (see above).
		SyncAlways: !copies,
		DontListen: true,
		NoSigs:     true,
		NoLog:      true,
		LeafNode:   leaf,
		// A leaf link whose peer vanished without closing (a cable
		// pulled, a partition) is noticed after two missed pings, about
		// 15 s, instead of nats-server's default of 4 minutes; then the
		// kiosk redials every leafReconnect. Pings every 2 s (two missed:
		// 4 s) closed links of a hub busy with a 100,000-event rebuild
		// on a loaded machine, whose sources then restarted again and
		// again (4 min 12 s instead of 1 min 14–23 s); a partition
		// shorter than the pings' timeout is left to TCP's
		// retransmission back-off, and to the hellos (onHello).
		PingInterval: leafPing,
		MaxPingsOut:  2,
		FeatureFlags: replyV2(),
	}
	if copies {
		opts.SyncInterval = copySync
	}
	// A kiosk's stores keep nats-server's default background sync (two
	// minutes): every write is synced already, and a timer per stream
	// every second woke an idle kiosk for nothing.
	return opts
}

func (e *embedded) close() {
	e.nc.Close()
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// signal wakes whoever waits on c, without blocking: one pending signal is
// enough to make them look again.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
