//go:build measure

// A measurement, not a check (it cannot fail on its figures): built only
// with -tags measure, so that no Test… of the suite passes for lack of a
// way to fail.

package venue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/proto/tlscert"
)

// What a hub restart costs a kiosk whose mirror holds a venue stream of N
// events: how long until the kiosk has loaded what the hub received after
// its restart, and how many events (and bytes) its mirror copied for it,
// the kiosk's way (its mirror made again after the last event it loaded)
// beside the way before (made again from the venue's first event) and
// nats-server's own (the mirror left to resume by itself). A measurement,
// not a check: it logs the figures, each way's median of RUNS.
//
//	TABLEE_VENUE_REMIRROR=20000x3 go test -tags measure -run TestVenueRemirrorFigure -v -timeout 60m ./venue
//
// TABLEE_VENUE_REMIRROR_DOWN=15s keeps the hub away 15 s at each restart.
//
// The venue's events come from a filler: a kiosk's server whose stream is
// filled directly (as TestVenueRebuildFigure's kiosks), paired with the
// hub; kiosk A is a real kiosk. After each restart the filler publishes
// one event and says hello (its source resumes), and A must load it.
func TestVenueRemirrorFigure(t *testing.T) {
	size := os.Getenv("TABLEE_VENUE_REMIRROR")
	if testing.Short() || size == "" {
		t.Skip("a measurement: TABLEE_VENUE_REMIRROR=20000x3 go test -tags measure -run TestVenueRemirrorFigure -v ./venue")
	}
	ns, rs, _ := strings.Cut(size, "x")
	n, err1 := strconv.Atoi(ns)
	runs, err2 := strconv.Atoi(rs)
	if err1 != nil || err2 != nil || n < 1 || runs < 1 {
		t.Fatalf("TABLEE_VENUE_REMIRROR=%q: want NxRUNS", size)
	}
	// TABLEE_VENUE_REMIRROR_DOWN: how long the hub stays away at each
	// restart (default: restarted at once).
	var down time.Duration
	if d := os.Getenv("TABLEE_VENUE_REMIRROR_DOWN"); d != "" {
		var err error
		if down, err = time.ParseDuration(d); err != nil {
			t.Fatalf("TABLEE_VENUE_REMIRROR_DOWN=%q: %v", d, err)
		}
	}
	ctx := context.Background()
	hubNode, a, fillNode := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Filler")
	dataDir := filepath.Join(hubNode.dir, "hub")
	hub := startFigureHub(t, hubNode, dataDir, "127.0.0.1:0")
	addr := hub.Addr()
	pair := pairing(t, hub, addr)
	ka := startKiosk(t, a, pair)

	// The filler: paired as a kiosk is, its server's stream filled
	// without a sync per write.
	if err := Pair(ctx, fillNode.d, *pair); err != nil {
		t.Fatal(err)
	}
	_, cred, err := paired(ctx, fillNode.d)
	if err != nil {
		t.Fatal(err)
	}
	fid, err := fillNode.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u := &url.URL{Scheme: "nats-leaf", Host: addr, User: url.UserPassword(kioskServerPrefix+fid, cred)}
	leaf := server.LeafNodeOpts{ReconnectInterval: leafReconnect, Remotes: []*server.RemoteLeafOpts{{
		URLs: []*url.URL{u}, TLS: true, TLSConfig: tlscert.PinnedConfig(pair.Fingerprint), TLSTimeout: 5, IgnoreDiscoveredServers: true, Compression: leafCompression}}}
	filler, err := startServer(ctx, kioskServerPrefix+fid, kioskDomain(fid, 0), filepath.Join(fillNode.dir, "jetstream"), leaf, true, nil, kioskInbox(fid), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(filler.close)
	if _, err := filler.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: TableStream, Subjects: []string{tableSubject(fid, "session")},
		Storage: jetstream.FileStorage, Duplicates: dupWindow}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	fill(t, filler.js, fid, 0, n)
	sayHello := func() {
		t.Helper()
		body, _ := json.Marshal(hello{Kiosk: fid, Table: "Filler", Fresh: true})
		deadline := time.Now().Add(guard)
		for time.Now().Before(deadline) {
			if filler.srv.NumLeafNodes() > 0 {
				rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
				_, err := filler.nc.RequestWithContext(rctx, helloSubject(fid), body)
				cancel()
				if err == nil {
					return
				}
			}
			time.Sleep(linkPoll) // a figure's pacing, as the kiosks' own look
		}
		t.Fatal("the hub does not answer the filler's hello")
	}
	sayHello()
	total := n
	waitCount := func(d *node, want int, limit time.Duration) {
		t.Helper()
		deadline := time.Now().Add(limit)
		for {
			got, err := d.d.VenueSessionCount(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got >= want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d sessions after %v", got, want, limit)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitCount(a, total, 30*time.Minute)
	t.Logf("a venue stream of %d events, at the hub and loaded at A, in %v", total, time.Since(start))

	type result struct {
		took, remade  time.Duration // until A loaded the new event; until A's mirror was made again
		copied, bytes uint64        // what A's mirror copied since the restart
		cpu           time.Duration // the process's CPU meanwhile (hub, kiosk, filler)
	}
	ways := []string{"before: made again from the start", "now: made again after what A loaded", "kept: left to nats-server"}
	ka.mu.Lock()
	kioskWay := ka.remirror
	ka.mu.Unlock()
	remirrors := []func(context.Context, string){
		func(ctx context.Context, why string) { remirrorFromStart(ctx, ka, why) },
		kioskWay,
		func(context.Context, string) {}, // nats-server resumes it when its retries reach the new hub
	}
	results := map[string][]result{}
	for run := 0; run < runs; run++ {
		for w, way := range ways {
			ka.mu.Lock()
			ka.remirror = remirrors[w]
			made := ka.mirrorMade
			ka.mu.Unlock()
			mirror, err := ka.e.js.Stream(ctx, VenueStream)
			if err != nil {
				t.Fatal(err)
			}
			mi, err := mirror.Info(ctx)
			if err != nil {
				t.Fatal(err)
			}
			before := mi.State
			hub.Close()
			time.Sleep(down) // the hub away, as the figure asks
			cpu0 := cpuTime(t)
			restarted := time.Now()
			hub = startFigureHub(t, hubNode, dataDir, addr)
			// One event after the restart, sourced once the filler says
			// hello again.
			fill(t, filler.js, fid, 0, 1)
			total++
			sayHello()
			waitCount(a, total, 10*time.Minute)
			// Loaded: the new event is in A's database; the loader has
			// nothing left (a full copy loads the old events again).
			cons, err := ka.e.js.Consumer(ctx, VenueStream, loaderName)
			for err == nil {
				ci, ierr := cons.Info(ctx)
				if ierr == nil && ci.NumPending == 0 && ci.NumAckPending == 0 {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err != nil {
				t.Fatal(err)
			}
			var r result
			r.took, r.cpu = time.Since(restarted), cpuTime(t)-cpu0
			ka.mu.Lock()
			if ka.mirrorMade != made {
				r.remade = ka.mirrorMade.Sub(restarted)
			}
			ka.mu.Unlock()
			if mi, err = mirror.Info(ctx); err != nil {
				if mirror, err = ka.e.js.Stream(ctx, VenueStream); err != nil {
					t.Fatal(err)
				}
				mi = mirror.CachedInfo()
			}
			if r.remade > 0 {
				r.copied, r.bytes = mi.State.Msgs, mi.State.Bytes
			} else {
				r.copied, r.bytes = mi.State.Msgs-before.Msgs, mi.State.Bytes-before.Bytes
			}
			results[way] = append(results[way], r)
			t.Logf("run %d, %s: A loaded again %v after the restart (mirror made again after %v), %d events (%d bytes) copied, %v of CPU",
				run+1, way, r.took.Round(time.Millisecond), r.remade.Round(time.Millisecond), r.copied, r.bytes, r.cpu.Round(time.Millisecond))
		}
	}
	median := func(rs []result, f func(result) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	var base float64
	for _, way := range ways {
		rs := results[way]
		took := median(rs, func(r result) float64 { return r.took.Seconds() })
		copied := median(rs, func(r result) float64 { return float64(r.copied) })
		bytes := median(rs, func(r result) float64 { return float64(r.bytes) })
		cpu := median(rs, func(r result) float64 { return r.cpu.Seconds() })
		ratio := ""
		if base == 0 {
			base = took
		} else {
			ratio = fmt.Sprintf(", %.2f× the first way's time", took/base)
		}
		t.Logf("FIGURE venue of %d events, hub restart (away %v), %s: median of %d: A loaded again after %.2f s, %.0f events (%.0f kB) copied, %.2f s of CPU%s",
			n, down, way, len(rs), took, copied, bytes/1000, cpu, ratio)
	}
}

// remirrorFromStart is the way before resuming, for the figure: the
// mirror made again copies the hub's venue stream from its start, and its
// loader goes through every event again (ignored by their ids).
func remirrorFromStart(ctx context.Context, k *Kiosk, why string) {
	origin, err := k.hubOrigin(ctx)
	if err != nil {
		k.logf("venue kiosk: make the mirror%s from the start: %v", why, err)
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.stopLoader()
	if err := k.e.js.DeleteStream(ctx, VenueStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		k.logf("venue kiosk: make the mirror%s from the start: %v", why, err)
		return
	}
	if _, err := k.e.js.CreateStream(ctx, mirrorConfig(0, origin)); err != nil {
		k.logf("venue kiosk: make the mirror%s from the start: %v", why, err)
		return
	}
	k.mirrorMade = k.now()
	if k.load, err = startLoaderAdmitting(ctx, k.e.js, k.d, VenueStream, loaderName, k.loaded, k.logf, k.now, nil); err != nil {
		k.logf("venue kiosk: make the mirror%s from the start: %v", why, err)
		return
	}
	k.logf("venue kiosk: made the mirror again from the start (the figure's full copy)%s", why)
}

// startFigureHub is startHubIn with limits the filler cannot reach: it
// writes thousands of events a minute, which a real table never does
// (DefaultKioskLimits cut it off within the first minute).
func startFigureHub(t *testing.T, n *node, dataDir, listen string) *Hub {
	t.Helper()
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		t.Fatal(err)
	}
	h, err := StartHub(context.Background(), HubConfig{DB: n.d, DataDir: dataDir, Listen: listen, PairListen: net.JoinHostPort(host, "0"), Logf: t.Logf,
		Limits: KioskLimits{EventsPerMinute: 1 << 30, TotalBytes: 1 << 40}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	testHubs.Store(h.Fingerprint(), h)
	return h
}
