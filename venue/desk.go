package venue

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/discovery"
)

// HubFinder lists the venue hubs on the network.
type HubFinder func(ctx context.Context) ([]discovery.Hub, error)

// browseWait is how long the staff screen listens for hubs: mDNS answers
// on a LAN come within a few hundred milliseconds.
const browseWait = 2 * time.Second

// MDNSFinder finds hubs over mDNS (_tablee-venue._tcp) within scope.
func MDNSFinder(scope discovery.Scope) HubFinder {
	return func(ctx context.Context) ([]discovery.Hub, error) {
		return discovery.BrowseHubs(ctx, browseWait, scope)
	}
}

// Desk is a kiosk's side of the venue as its staff screen runs it: it
// finds hubs, pairs with one and starts the kiosk's side at once, unpairs
// and stops it, and says how the venue's tables stand. It is safe for
// concurrent use.
type Desk struct {
	cfg  KioskConfig
	find HubFinder

	mu sync.Mutex
	k  *Kiosk // nil while the kiosk belongs to no venue
}

// NewDesk returns the desk of the kiosk cfg describes; find lists hubs
// (MDNSFinder, or a test's).
func NewDesk(cfg KioskConfig, find HubFinder) *Desk {
	return &Desk{cfg: cfg, find: find}
}

// Start starts the kiosk's side of the venue if it is paired.
func (d *Desk) Start(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.start(ctx)
}

// start starts the kiosk's side if it is paired and not running; d.mu is
// held.
func (d *Desk) start(ctx context.Context) error {
	if d.k != nil {
		return nil
	}
	if _, ok, err := Paired(ctx, d.cfg.DB); err != nil || !ok {
		return err
	}
	k, err := StartKiosk(ctx, d.cfg)
	if err != nil {
		return err
	}
	d.k = k
	return nil
}

// Close stops the kiosk's side of the venue.
func (d *Desk) Close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.k != nil {
		d.k.Close()
		d.k = nil
	}
}

// PairAddrOf is the pairing address of a hub found over mDNS: its first
// address's host with the pairing port its record says ("" when it says
// none: the venue's default port on Pairing.Addr's host).
func PairAddrOf(h discovery.Hub) string {
	if len(h.Addrs) == 0 || h.PairPort == 0 {
		return ""
	}
	host, _, err := net.SplitHostPort(h.Addrs[0])
	if err != nil {
		return ""
	}
	return net.JoinHostPort(host, strconv.Itoa(h.PairPort))
}

// Kiosk is the running kiosk's side, nil while unpaired.
func (d *Desk) Kiosk() *Kiosk {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.k
}

// Paired reports whether the kiosk belongs to a venue.
func (d *Desk) Paired() bool { return d.Kiosk() != nil }

// Linked reports whether the kiosk's link to its hub is up.
func (d *Desk) Linked() bool {
	k := d.Kiosk()
	return k != nil && k.LeafConnected()
}

// HubPage is the running kiosk's Kiosk.HubPage, "" while unpaired.
func (d *Desk) HubPage() string {
	if k := d.Kiosk(); k != nil {
		return k.HubPage()
	}
	return ""
}

// HubOrigin is the running kiosk's Kiosk.HubOrigin, "" while unpaired.
func (d *Desk) HubOrigin() string {
	if k := d.Kiosk(); k != nil {
		return k.HubOrigin()
	}
	return ""
}

// Find lists the hubs on the network.
func (d *Desk) Find(ctx context.Context) ([]discovery.Hub, error) {
	if d.find == nil {
		return nil, nil
	}
	return d.find(ctx)
}

// Pair pairs the kiosk with the hub p names (see Pair) and starts its side
// of the venue. A kiosk paired with another hub leaves it first; if the
// new hub refuses, the kiosk stays with the old one.
func (d *Desk) Pair(ctx context.Context, p Pairing) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.Table == "" {
		p.Table = d.cfg.Table
	}
	if err := Pair(ctx, d.cfg.DB, p); err != nil {
		return err
	}
	if d.k != nil {
		d.k.Close()
		d.k = nil
	}
	return d.start(ctx)
}

// Unpair stops the kiosk's side of the venue and forgets the pairing. The
// table's sessions stay in the venue; the venue's stay in its database.
func (d *Desk) Unpair(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.k != nil {
		d.k.Close()
		d.k = nil
	}
	return Unpair(ctx, d.cfg.DB)
}

// Refresh asks the hub for news of the venue's tables now and waits for
// its answer, at most until ctx ends or two seconds passed (the hub may
// be away: Status then says since when it did not answer).
func (d *Desk) Refresh(ctx context.Context) {
	k := d.Kiosk()
	if k == nil || !k.LeafConnected() {
		return
	}
	_, before := k.Tables()
	k.AskHub()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, at := k.Tables(); at.After(before) {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// DeskStatus is how the kiosk's venue stands, for its staff screen.
type DeskStatus struct {
	Paired bool
	Hub    Pairing // the hub's address and fingerprint (no code)
	// PairWords are the verification words of this table's pairing
	// (PairingWords), which the hub's console lists it with.
	PairWords string
	Linked    bool // the link to the hub is up
	// Answered is when the hub last answered (zero: not since the kiosk
	// started); the tables are as it then listed them.
	Answered time.Time
	// Stale: the hub has not answered for two hellos.
	Stale bool
	// Unshared counts this table's games not yet back from the venue.
	Unshared int
	Tables   []DeskTable
	// Removed: the hub refuses this table's credential (it was removed
	// from the venue at the hub, or the hub lost its credentials' file),
	// since RemovedSince. The kiosk no longer dials it, asks again once a
	// minute, and keeps its pairing: the staff pair again or leave.
	Removed      bool
	RemovedSince time.Time
	// StoreFull: the kiosk's venue store cannot be written (a full
	// disk) since StoreSince; the table plays on, its games wait in its
	// database, and the store resumes by itself once there is space.
	StoreFull  bool
	StoreSince time.Time
	// Aside are the latest venue sessions this table's copy kept aside
	// (at most deskAside; verify.go), AsideCount how many in all: games
	// a table sent whose results do not follow from their moves.
	Aside      []DeskAside
	AsideCount int
}

// DeskAside is a venue session kept aside, on the staff screen.
type DeskAside struct {
	Table, Game string
	Ended       time.Time
	Refusal     string // engine/verify's Refusal
	Move        int    // the log entry refused, 0 if none
}

// deskAside is the most sessions aside the staff screen lists.
const deskAside = 3

// DeskTable is a table of the venue on the staff screen.
type DeskTable struct {
	Table    string
	This     bool      // this kiosk's table
	LastSeen time.Time // when the hub last heard from it
	// Behind: the venue misses games of this table, or may. Another
	// table is behind when the hub has not heard from it for two hellos;
	// this table when its link is down or some of its games have not come
	// back from the venue.
	Behind bool
}

// Status says how the kiosk's venue stands at now.
func (d *Desk) Status(ctx context.Context, now time.Time) (DeskStatus, error) {
	k := d.Kiosk()
	if k == nil {
		return DeskStatus{}, nil
	}
	p, _, err := Paired(ctx, d.cfg.DB)
	if err != nil {
		return DeskStatus{}, err
	}
	n, err := d.cfg.DB.VenueUnshared(ctx)
	if err != nil {
		return DeskStatus{}, fmt.Errorf("venue status: %w", err)
	}
	words, err := PairingWords(ctx, d.cfg.DB)
	if err != nil {
		return DeskStatus{}, err
	}
	st := DeskStatus{Paired: true, Hub: p, PairWords: words, Linked: k.LeafConnected(), Unshared: n}
	if st.Aside, st.AsideCount, err = deskAsides(ctx, d.cfg.DB); err != nil {
		return DeskStatus{}, err
	}
	if p, bad := k.StoreProblem(); bad {
		st.StoreFull, st.StoreSince = true, p.Since
	}
	st.RemovedSince, st.Removed = k.Removed()
	if !st.Removed {
		st.RemovedSince = time.Time{}
	}
	tables, answered := k.Tables()
	st.Answered = answered
	st.Stale = now.Sub(answered) > helloGap
	this := false
	for _, t := range tables {
		dt := DeskTable{Table: t.Table, LastSeen: t.LastSeen, This: t.ID == k.ID()}
		if dt.This {
			this = true
			dt.Behind = !st.Linked || n > 0
		} else {
			dt.Behind = now.Sub(t.LastSeen) > helloGap
		}
		st.Tables = append(st.Tables, dt)
	}
	if !this {
		// The hub has not listed this table yet (it has not answered
		// since the kiosk paired).
		st.Tables = append([]DeskTable{{Table: d.cfg.Table, This: true, Behind: true}}, st.Tables...)
	}
	return st, nil
}

// deskAsides are the latest sessions kept aside in d and how many there
// are.
func deskAsides(ctx context.Context, d *db.DB) ([]DeskAside, int, error) {
	n, err := d.VenueAsideCount(ctx)
	if err != nil || n == 0 {
		return nil, n, err
	}
	list, err := d.VenueAside(ctx, deskAside)
	if err != nil {
		return nil, 0, err
	}
	out := make([]DeskAside, len(list))
	for i, a := range list {
		out[i] = DeskAside{Table: a.Event.Table, Game: a.Event.Game, Ended: a.Event.OrderAt(), Refusal: a.Refusal, Move: a.Move}
	}
	return out, n, nil
}
