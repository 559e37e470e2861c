package venue

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// hubCodeKey is the venue_config key of the hub's pairing code.
const hubCodeKey = "hub.code"

// HubConfig configures the venue hub.
type HubConfig struct {
	DB      *db.DB // the hub's database: the venue's sessions are loaded there
	DataDir string // its certificate and its JetStream store
	// Listen is the leaf node address kiosks dial, HOST:PORT; port 0
	// picks a free one.
	Listen string
	Logf   func(format string, args ...any) // problems worth a line; nil: none
}

// Hub is the running venue hub.
type Hub struct {
	e      *embedded
	d      *db.DB
	logf   func(string, ...any)
	code   string
	fp     string
	addr   string
	load   *loader
	hello  *nats.Subscription
	mu     sync.Mutex // serialises changes of the venue stream's sources
	closed sync.Once
}

// StartHub starts the hub: its embedded server listening for kiosks' leaf
// connections over TLS, the venue stream sourcing every kiosk known, and
// the loader into the hub's database.
func StartHub(ctx context.Context, cfg HubConfig) (*Hub, error) {
	h := &Hub{d: cfg.DB, logf: cfg.Logf}
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
	if h.code, err = hubCode(ctx, cfg.DB); err != nil {
		return nil, err
	}
	cert, err := tlscert.LoadOrCreate(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("venue hub: %w", err)
	}
	h.fp = tlscert.Fingerprint(cert)
	leaf := server.LeafNodeOpts{
		Host: host,
		Port: port,
		// Per-venue credentials: only a kiosk given the pairing code may
		// connect, and only over TLS (the kiosk pins the certificate).
		Username:    leafUser,
		Password:    h.code,
		TLSConfig:   tlscert.ServerConfig(cert),
		TLSTimeout:  5,
		AuthTimeout: 5,
	}
	h.e, err = startServer(ctx, "tablee-venue-hub", HubDomain, filepath.Join(cfg.DataDir, "jetstream"), leaf)
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
	if host == "" {
		host = "0.0.0.0"
	}
	h.addr = net.JoinHostPort(host, strconv.Itoa(v.LeafNode.Port))
	if err := h.updateSources(ctx); err != nil {
		return fail(err)
	}
	if h.load, err = startLoader(ctx, h.e.js, h.d, VenueStream, h.logf); err != nil {
		return fail(err)
	}
	if h.hello, err = h.e.nc.Subscribe(helloSubject, h.onHello); err != nil {
		return fail(fmt.Errorf("venue hub: %w", err))
	}
	return h, nil
}

// hubCode returns the venue's pairing code, made on the hub's first start.
func hubCode(ctx context.Context, d *db.DB) (string, error) {
	code, err := d.VenueConfig(ctx, hubCodeKey)
	if err != nil || code != "" {
		return code, err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("venue hub: pairing code: %w", err)
	}
	code = fmt.Sprintf("%06d", n.Int64())
	return code, d.SetVenueConfig(ctx, map[string]string{hubCodeKey: code})
}

// IsHub reports whether d is a venue hub's database.
func IsHub(ctx context.Context, d *db.DB) (bool, error) {
	code, err := d.VenueConfig(ctx, hubCodeKey)
	return code != "", err
}

// Addr is the address kiosks dial, HOST:PORT.
func (h *Hub) Addr() string { return h.addr }

// Code is the venue's pairing code.
func (h *Hub) Code() string { return h.code }

// Fingerprint is the hub certificate's fingerprint kiosks pin.
func (h *Hub) Fingerprint() string { return h.fp }

// Loaded is signalled after events are loaded into the hub's database.
func (h *Hub) Loaded() <-chan struct{} { return h.load.loaded }

// Close stops the hub.
func (h *Hub) Close() {
	h.closed.Do(func() {
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
}

// onHello notes the kiosk and, if it is new, sources its stream.
func (h *Hub) onHello(m *nats.Msg) {
	var hi hello
	if err := json.Unmarshal(m.Data, &hi); err != nil {
		h.logf("venue hub: hello: %v", err)
		return
	}
	if _, err := uuid.Parse(hi.Kiosk); err != nil {
		h.logf("venue hub: hello from %q: not a kiosk id", hi.Kiosk)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	added, err := h.d.NoteVenueKiosk(ctx, hi.Kiosk, hi.Table, time.Now())
	if err == nil && added {
		err = h.updateSources(ctx)
	}
	if err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
		return
	}
	if err := m.Respond([]byte("ok")); err != nil {
		h.logf("venue hub: hello from %s: %v", hi.Kiosk, err)
	}
}

// updateSources makes the venue stream source every kiosk the database
// knows: a hub rebuilt from scratch re-sources each kiosk's stream from
// its start once the kiosk says hello again.
func (h *Hub) updateSources(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	kiosks, err := h.d.VenueKiosks(ctx)
	if err != nil {
		return err
	}
	cfg := jetstream.StreamConfig{
		Name:        VenueStream,
		Description: "every table's events, sourced from the kiosks' streams",
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		Duplicates:  dupWindow,
	}
	for _, k := range kiosks {
		cfg.Sources = append(cfg.Sources, &jetstream.StreamSource{Name: TableStream, Domain: kioskDomain(k.ID)})
	}
	_, err = h.e.js.CreateOrUpdateStream(ctx, cfg)
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("venue hub: venue stream: %w", err)
	}
	return err
}
