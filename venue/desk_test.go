package venue

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/discovery"
)

// deskLines are a desk's tables as "name this behind" lines, sorted.
func deskLines(t *testing.T, d *Desk, now time.Time) []string {
	t.Helper()
	st, err := d.Status(context.Background(), now)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tb := range st.Tables {
		out = append(out, fmt.Sprintf("%s this=%v behind=%v", tb.Table, tb.This, tb.Behind))
	}
	sort.Strings(out)
	return out
}

// A kiosk's desk pairs at run time and lists the venue's tables as the hub
// last heard from them: a table the hub has not heard from for two hellos
// is behind; this table is behind while its own games have not come back
// or its link is down; a revoked table leaves the list.
func TestDeskTablesBehind(t *testing.T) {
	ctx := context.Background()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	find := func(context.Context) ([]discovery.Hub, error) {
		_, port, _ := net.SplitHostPort(hub.PairAddr())
		pp, _ := strconv.Atoi(port)
		return []discovery.Hub{{Name: "Hub", Fingerprint: hub.Fingerprint(), Addrs: []string{hub.Addr()}, PairPort: pp}}, nil
	}
	desks := map[string]*Desk{}
	for _, name := range []string{"A", "B"} {
		n := newNode(t, name)
		d := NewDesk(KioskConfig{DB: n.d, Dir: filepath.Join(n.dir, "venue"), Table: name, Logf: t.Logf}, find)
		t.Cleanup(d.Close)
		if err := d.Start(ctx); err != nil || d.Paired() {
			t.Fatalf("an unpaired desk started a kiosk (%v)", err)
		}
		hubs, err := d.Find(ctx)
		if err != nil || len(hubs) != 1 {
			t.Fatalf("hubs %v, %v", hubs, err)
		}
		if err := d.Pair(ctx, Pairing{Addr: hubs[0].Addrs[0], PairAddr: PairAddrOf(hubs[0]), Code: newCode(t, hub), Fingerprint: hubs[0].Fingerprint}); err != nil {
			t.Fatal(err)
		}
		desks[name] = d
	}
	a := desks["A"]
	waitFor(t, "A hears of both tables", func() error {
		a.Kiosk().AskHub()
		tables, err := a.Kiosk().Tables()
		return saw(len(tables) == 2 && a.Linked(), "tables %+v (%v), linked %v", tables, err, a.Linked())
	})
	now := time.Now()
	if got, want := fmt.Sprint(deskLines(t, a, now)), fmt.Sprint([]string{"A this=true behind=false", "B this=false behind=false"}); got != want {
		t.Errorf("at first: %s, want %s", got, want)
	}
	// Two hellos later without news of B: B is behind, A is not.
	if got, want := fmt.Sprint(deskLines(t, a, now.Add(helloGap+time.Second))), fmt.Sprint([]string{"A this=true behind=false", "B this=false behind=true"}); got != want {
		t.Errorf("B silent: %s, want %s", got, want)
	}
	// B revoked: no longer a table of the venue, at A's next answer.
	b := desks["B"]
	if err := hub.Revoke(ctx, b.Kiosk().ID()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "B gone from A's list", func() error {
		a.Kiosk().AskHub()
		tables, err := a.Kiosk().Tables()
		return saw(len(tables) == 1, "tables %+v (%v)", tables, err)
	})
	// Unpaired, A has no venue.
	if err := a.Unpair(ctx); err != nil {
		t.Fatal(err)
	}
	if st, err := a.Status(ctx, time.Now()); err != nil || st.Paired || a.Paired() {
		t.Errorf("after unpairing: %+v, %v", st, err)
	}
}

// A hub advertised over real mDNS (zeroconf on loopback) is found by a
// kiosk's desk and paired with. Not with -short: mDNS answers take a
// second or two.
func TestDeskFindsTheHubOverMDNS(t *testing.T) {
	if testing.Short() {
		t.Skip("real mDNS: not with -short")
	}
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	var lo []net.Interface
	for _, i := range ifaces {
		if i.Flags&net.FlagLoopback != 0 && i.Flags&net.FlagUp != 0 {
			lo = append(lo, i)
		}
	}
	if len(lo) == 0 {
		t.Skip("no loopback interface up")
	}
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	_, port, _ := net.SplitHostPort(hub.Addr())
	p, _ := strconv.Atoi(port)
	_, pairPort, _ := net.SplitHostPort(hub.PairAddr())
	pp, _ := strconv.Atoi(pairPort)
	a, err := discovery.AdvertiseHub(discovery.Hub{Name: "Salle test", Proto: Proto, Fingerprint: hub.Fingerprint(), PairPort: pp}, p, discovery.Scope{Ifaces: lo, IPs: []string{"127.0.0.1"}})
	if err != nil {
		t.Skipf("mDNS not available here: %v", err)
	}
	defer a.Close()
	n := newNode(t, "A")
	d := NewDesk(KioskConfig{DB: n.d, Dir: filepath.Join(n.dir, "venue"), Table: "A", Logf: t.Logf}, MDNSFinder(discovery.Scope{Ifaces: lo}))
	t.Cleanup(d.Close)
	var found discovery.Hub
	waitFor(t, "the hub found over mDNS", func() error {
		hubs, err := d.Find(context.Background())
		for _, h := range hubs {
			if h.Fingerprint == hub.Fingerprint() && len(h.Addrs) > 0 {
				found = h
			}
		}
		return saw(err == nil && found.Name == "Salle test", "hubs %+v (%v)", hubs, err)
	})
	if found.Addrs[0] != hub.Addr() {
		t.Errorf("found the hub at %v, want %s", found.Addrs, hub.Addr())
	}
	if PairAddrOf(found) != hub.PairAddr() {
		t.Errorf("found the hub's pairing address %q, want %s", PairAddrOf(found), hub.PairAddr())
	}
	if err := d.Pair(context.Background(), Pairing{Addr: found.Addrs[0], PairAddr: PairAddrOf(found), Code: newCode(t, hub), Fingerprint: found.Fingerprint}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the link up", func() error { return saw(d.Linked(), "the desk unlinked") })
}
