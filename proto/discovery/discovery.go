// Package discovery lets phones find tables on the venue's network: a kiosk
// advertises itself over mDNS/DNS-SD as _tablee._tcp with a TXT record
// (protocol version, table name, game, free seats, certificate
// fingerprint), and the companion browses for it.
package discovery

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/grandcat/zeroconf"
	"golang.org/x/text/unicode/norm"
)

// Service is the DNS-SD service type of a Tablée table.
const Service = "_tablee._tcp"

const domain = "local."

// Kiosk is what a kiosk publishes about its table.
type Kiosk struct {
	Name        string   // shown to guests, e.g. "Table 1"
	Proto       int      // protocol version (wire.Version)
	Game        string   // the game being set up or played, "" in the lobby
	Free        int      // free seats
	Fingerprint string   // SHA-256 of the TLS certificate, hex
	Addrs       []string // host:port to connect to (browse results only)
	// Twins counts the other tables of the same browse that publish the
	// same Name (browse results only). mDNS is not authenticated: a
	// machine may pose as a table by copying its name, so a phone that
	// finds twins says so and asks the guest to compare the table's
	// verification words (tlscert.Phrase) or to scan its QR code.
	Twins int
}

func (t Kiosk) txt() []string {
	return []string{
		"v=" + strconv.Itoa(t.Proto),
		"name=" + t.Name,
		"game=" + t.Game,
		"free=" + strconv.Itoa(t.Free),
		"fp=" + t.Fingerprint,
	}
}

func parseTXT(txt []string) (Kiosk, error) {
	var t Kiosk
	for _, kv := range txt {
		k, v, _ := strings.Cut(unescapeTXT(kv), "=")
		switch k {
		case "v":
			t.Proto, _ = strconv.Atoi(v)
		case "name":
			if !utf8.ValidString(v) {
				return Kiosk{}, fmt.Errorf("discovery: table name %q is not UTF-8", v)
			}
			t.Name = norm.NFC.String(v)
		case "game":
			t.Game = v
		case "free":
			t.Free, _ = strconv.Atoi(v)
		case "fp":
			t.Fingerprint = v
		}
	}
	if t.Name == "" || t.Proto == 0 || len(t.Fingerprint) != 64 {
		return Kiosk{}, fmt.Errorf("discovery: incomplete TXT record %q", txt)
	}
	return t, nil
}

// unescapeTXT undoes the presentation escapes of the DNS library under
// zeroconf, which hands TXT strings over as zone-file text: every byte
// outside printable ASCII as \DDD (decimal), and '"' and '\' after a
// backslash. Without it "Café" arrives as "Caf\195\169".
func unescapeTXT(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		if i+3 < len(s) && isDigit(s[i+1]) && isDigit(s[i+2]) && isDigit(s[i+3]) {
			if n := int(s[i+1]-'0')*100 + int(s[i+2]-'0')*10 + int(s[i+3]-'0'); n < 256 {
				out = append(out, byte(n))
				i += 3
				continue
			}
		}
		out = append(out, s[i+1])
		i++
	}
	return string(out)
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// sameName reports whether two table names read the same to a guest:
// equal after compatibility normalisation (NFKC: composed accents,
// full-width letters, ligatures), case folding and collapsing spaces. Two
// tables whose names read the same are twins.
func sameName(a, b string) bool { return nameKey(a) == nameKey(b) }

func nameKey(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(norm.NFKC.String(s))), " ")
}

// Scope limits mDNS to some interfaces (nil: all that can multicast) and,
// for an advertiser, to some addresses (needed on loopback, which has no
// multicast flag and so no address zeroconf would pick by itself).
type Scope struct {
	Ifaces []net.Interface
	IPs    []string
}

// settle is how long a zeroconf server must have run before it is shut
// down: Register starts its receive goroutines asynchronously, and a
// Shutdown that overtakes them races on the connections and can panic
// ("WaitGroup is reused"), as seen under the race detector.
const settle = 200 * time.Millisecond

// Advertiser keeps a table advertised until Close. It is safe for
// concurrent use.
type Advertiser struct {
	port    int
	scope   Scope
	service string // Service or HubService

	mu     sync.Mutex
	srv    *zeroconf.Server // nil after a failed Update, until one succeeds
	since  time.Time        // when srv was registered
	closed bool
}

// Advertise publishes t, reachable on port, until Close. When it cannot
// (no address to advertise on: a machine whose network is not up yet) it
// returns the error with an Advertiser that is usable all the same,
// unadvertised: the next Update tries again.
func Advertise(t Kiosk, port int, scope Scope) (*Advertiser, error) {
	a := &Advertiser{port: port, scope: scope, service: Service}
	srv, err := a.register(t.Name, t.txt())
	if err != nil {
		return a, err
	}
	a.srv, a.since = srv, time.Now()
	return a, nil
}

// HasNetwork reports whether this machine has an address phones could
// reach it at: an up interface other than loopback with a unicast IP
// address that is not link-local (as zeroconf picks them). Without one,
// nothing can be advertised and no phone can join.
func HasNetwork() bool {
	ifaces, err := net.Interfaces()
	if err != nil {
		return false
	}
	for _, i := range ifaces {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := i.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
				return true
			}
		}
	}
	return false
}

// shutdown stops the current server once it has settled; a.mu is held.
func (a *Advertiser) shutdown() {
	time.Sleep(time.Until(a.since.Add(settle)))
	a.srv.Shutdown()
	a.srv = nil
}

func (a *Advertiser) register(name string, txt []string) (*zeroconf.Server, error) {
	var (
		srv *zeroconf.Server
		err error
	)
	if len(a.scope.IPs) > 0 {
		host := "tablee-" + strconv.Itoa(a.port)
		srv, err = zeroconf.RegisterProxy(name, a.service, domain, a.port, host, a.scope.IPs, txt, a.scope.Ifaces)
	} else {
		srv, err = zeroconf.Register(name, a.service, domain, a.port, txt, a.scope.Ifaces)
	}
	if err != nil {
		return nil, fmt.Errorf("discovery: advertise %q: %w", name, err)
	}
	return srv, nil
}

// Update re-announces the table with new details (game, free seats). It
// registers the service anew rather than calling zeroconf's SetText, which
// writes the record while the server's own goroutines read it (a data
// race); the changes are rare enough for the goodbye and new probe.
//
// A failed Update leaves the table unadvertised but the Advertiser usable:
// the next Update registers it again.
func (a *Advertiser) Update(t Kiosk) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return fmt.Errorf("discovery: update %q: closed", t.Name)
	}
	if a.srv != nil {
		a.shutdown()
	}
	srv, err := a.register(t.Name, t.txt())
	if err != nil {
		return err
	}
	a.srv, a.since = srv, time.Now()
	return nil
}

// Close withdraws the table (a goodbye packet, TTL 0) and stops answering.
func (a *Advertiser) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	if a.srv != nil {
		a.shutdown()
	}
}

// browse returns the entries of service that answer until ctx ends, when
// the channel is closed.
func browse(ctx context.Context, service string, scope Scope) (<-chan *zeroconf.ServiceEntry, error) {
	var opts []zeroconf.ClientOption
	if len(scope.Ifaces) > 0 {
		opts = append(opts, zeroconf.SelectIfaces(scope.Ifaces))
	}
	r, err := zeroconf.NewResolver(opts...)
	if err != nil {
		return nil, fmt.Errorf("discovery: %w", err)
	}
	// Browse closes the channel itself when ctx ends.
	entries := make(chan *zeroconf.ServiceEntry, 16)
	if err := r.Browse(ctx, service, domain, entries); err != nil {
		return nil, fmt.Errorf("discovery: browse: %w", err)
	}
	return entries, nil
}

// entryAddrs are the HOST:PORT addresses an entry answered with.
func entryAddrs(e *zeroconf.ServiceEntry) []string {
	var out []string
	for _, ip := range e.AddrIPv4 {
		out = append(out, net.JoinHostPort(ip.String(), strconv.Itoa(e.Port)))
	}
	for _, ip := range e.AddrIPv6 {
		if !ip.IsLinkLocalUnicast() { // a link-local address needs a zone we do not have here
			out = append(out, net.JoinHostPort(ip.String(), strconv.Itoa(e.Port)))
		}
	}
	return out
}

// Browse lists the tables that answer within wait. Tables whose TXT record
// is incomplete are skipped.
func Browse(ctx context.Context, wait time.Duration, scope Scope) ([]Kiosk, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	entries, err := browse(ctx, Service, scope)
	if err != nil {
		return nil, err
	}
	found := map[string]Kiosk{}
	for e := range entries {
		t, err := parseTXT(e.Text)
		if err != nil {
			continue
		}
		t.Addrs = entryAddrs(e)
		if len(t.Addrs) > 0 {
			// Keyed by fingerprint too: two responders announcing one
			// instance name are two tables (twins), not one.
			found[e.Instance+"\x00"+t.Fingerprint] = t
		}
	}
	out := make([]Kiosk, 0, len(found))
	for _, t := range found {
		out = append(out, t)
	}
	return sorted(out), nil
}

// sorted orders tables by name, then fingerprint, and counts their twins.
func sorted(tables []Kiosk) []Kiosk {
	sort.Slice(tables, func(i, j int) bool {
		if tables[i].Name != tables[j].Name {
			return tables[i].Name < tables[j].Name
		}
		return tables[i].Fingerprint < tables[j].Fingerprint
	})
	names := map[string]int{}
	for _, t := range tables {
		names[nameKey(t.Name)]++
	}
	for i := range tables {
		tables[i].Twins = names[nameKey(tables[i].Name)] - 1
	}
	return tables
}

// ErrTwins is returned by Find when several tables publish the name: the
// right one cannot be told from its record alone.
var ErrTwins = errors.New("discovery: several tables publish this name")

// named returns the one table called name, ErrTwins if there are several.
func named(tables []Kiosk, name string) (Kiosk, bool, error) {
	var match []Kiosk
	for _, t := range tables {
		if sameName(t.Name, name) {
			match = append(match, t)
		}
	}
	switch len(match) {
	case 0:
		return Kiosk{}, false, nil
	case 1:
		return match[0], true, nil
	}
	return Kiosk{}, true, fmt.Errorf("%w: %d tables called %q answered; use the table's QR code or its fingerprint", ErrTwins, len(match), name)
}

// Find browses until a table called name answers, or ctx ends. When
// several tables answer with that name it fails with ErrTwins rather than
// pick one.
func Find(ctx context.Context, name string, scope Scope) (Kiosk, error) {
	for wait := time.Second; ; wait = min(2*wait, 8*time.Second) {
		tables, err := Browse(ctx, wait, scope)
		if err != nil {
			return Kiosk{}, err
		}
		if t, ok, err := named(tables, name); ok {
			return t, err
		}
		if ctx.Err() != nil {
			return Kiosk{}, fmt.Errorf("discovery: no table called %q answered", name)
		}
	}
}
