//go:build measure

// A measurement, not a check (it cannot fail on its figures): built only
// with -tags measure, so that no Test… of the suite passes for lack of a
// way to fail.

package venue

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/session"
)

// A new hub rebuilt from many kiosks' streams: K kiosk servers, each with
// its stream of N session events (published straight to the stream, as
// the outbox would have), and a hub started on an empty database and
// store that sources them all. A measurement, not a check: it logs how
// long the hub takes to hold every session in its database.
//
//	TABLEE_VENUE_REBUILD=20x5000 go test -tags measure -run TestVenueRebuildFigure -v -timeout 30m ./venue
func TestVenueRebuildFigure(t *testing.T) {
	size := os.Getenv("TABLEE_VENUE_REBUILD")
	if testing.Short() || size == "" {
		t.Skip("a measurement: TABLEE_VENUE_REBUILD=20x5000 go test -tags measure -run TestVenueRebuildFigure -v ./venue")
	}
	ks, ns, _ := strings.Cut(size, "x")
	kiosks, err1 := strconv.Atoi(ks)
	per, err2 := strconv.Atoi(ns)
	if err1 != nil || err2 != nil {
		t.Fatalf("TABLEE_VENUE_REBUILD=%q: want KxN", size)
	}
	ctx := context.Background()
	hubNode := newNode(t, "")
	dataDir := filepath.Join(hubNode.dir, "hub")
	// The hub's identity first: the kiosks are paired with it.
	hub := startHubIn(t, hubNode, dataDir, "127.0.0.1:0")
	addr, fp := hub.Addr(), hub.Fingerprint()
	hub.Close()
	creds, err := openCreds(filepath.Join(dataDir, credsFile))
	if err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	var ids []string
	var servers []*embedded
	for k := 0; k < kiosks; k++ {
		id, err := uuid.NewV7()
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id.String())
		// Each kiosk's credential, as pairing leaves it in the hub's
		// data directory.
		cred, err := newCredential()
		if err != nil {
			t.Fatal(err)
		}
		if err := creds.set(id.String(), credHash(cred), time.Now()); err != nil {
			t.Fatal(err)
		}
		u := &url.URL{Scheme: "nats-leaf", Host: addr, User: url.UserPassword(kioskServerPrefix+id.String(), cred)}
		leaf := server.LeafNodeOpts{ReconnectInterval: leafReconnect, Remotes: []*server.RemoteLeafOpts{{
			URLs: []*url.URL{u}, TLS: true, TLSConfig: tlscert.PinnedConfig(fp), TLSTimeout: 5, IgnoreDiscoveredServers: true, Compression: leafCompression}}}
		// Filled without a sync per write (copies: true): only the
		// setting up goes faster, the hub is measured as it runs.
		e, err := startServer(ctx, kioskServerPrefix+id.String(), kioskDomain(id.String(), 0), filepath.Join(t.TempDir(), "jetstream"), leaf, true, nil, kioskInbox(id.String()), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.close)
		servers = append(servers, e)
		if _, err := e.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: TableStream, Subjects: []string{tableSubject(id.String(), "session")},
			Storage: jetstream.FileStorage, Duplicates: dupWindow}); err != nil {
			t.Fatal(err)
		}
		fill(t, e.js, id.String(), k, per)
	}
	t.Logf("%d kiosk streams of %d events made in %v", kiosks, per, time.Since(start))

	// A new hub: an empty database and store, the same identity. It
	// knows the kiosks (told directly here, as it would have learnt
	// them from their first hellos) and sources every stream from its
	// start.
	if err := os.RemoveAll(filepath.Join(dataDir, "jetstream")); err != nil {
		t.Fatal(err)
	}
	fresh := newNode(t, "")
	for _, id := range ids {
		if _, err := fresh.d.NoteVenueKiosk(ctx, id, "T "+id[:8], 0, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	start = time.Now()
	hub = startHubIn(t, fresh, dataDir, addr)
	// Each kiosk says hello as its link comes up, as a kiosk's sayHello
	// does: the hub restarts the source whose consumer request went out
	// before that link was there.
	hctx, stopHellos := context.WithCancel(ctx)
	defer stopHellos()
	for k, e := range servers {
		go func() {
			body, _ := json.Marshal(hello{Kiosk: ids[k], Table: "T " + ids[k][:8], Fresh: true})
			for hctx.Err() == nil {
				if e.srv.NumLeafNodes() > 0 {
					rctx, cancel := context.WithTimeout(hctx, 2*time.Second)
					_, err := e.nc.RequestWithContext(rctx, helloSubject(ids[k]), body)
					cancel()
					if err == nil {
						return
					}
				}
				select {
				case <-hctx.Done():
				case <-time.After(linkPoll):
				}
			}
		}()
	}
	want := kiosks * per
	deadline := time.NewTimer(30 * time.Minute)
	defer deadline.Stop()
	// Counted every second, and logged every 5 s with what the venue
	// stream holds: which of sourcing and loading is behind.
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	cpu0, logged := cpuTime(t), time.Now()
	for {
		n, err := fresh.d.VenueSessionCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == want {
			break
		}
		if time.Since(logged) >= 5*time.Second {
			logged = time.Now()
			var msgs uint64
			if s, err := hub.e.js.Stream(ctx, VenueStream); err == nil {
				if info, err := s.Info(ctx); err == nil {
					msgs = info.State.Msgs
				}
			}
			t.Logf("after %v: the venue stream holds %d events, the database %d sessions", time.Since(start).Round(time.Second), msgs, n)
		}
		select {
		case <-tick.C:
		case <-deadline.C:
			t.Fatalf("the hub holds %d of %d sessions after 30 min", n, want)
		}
	}
	t.Logf("FIGURE a new hub sourced %d kiosks × %d sessions into its database in %v (%v of CPU in this process, the kiosks' servers included)",
		kiosks, per, time.Since(start), cpuTime(t)-cpu0)
}

// fill publishes n session events of kiosk id to its stream.
func fill(t *testing.T, js jetstream.JetStream, kiosk string, k, n int) {
	t.Helper()
	ctx := context.Background()
	base := time.Now().Add(-time.Duration(n) * time.Minute)
	var acks []jetstream.PubAckFuture
	for i := 0; i < n; i++ {
		sid, _ := uuid.NewV7()
		ev := db.SessionEvent{V: 1, Kiosk: kiosk, Table: fmt.Sprintf("Table %d", k+1), ID: sid.String(), Game: "canoe",
			StartedAt: base.Add(time.Duration(i) * time.Minute), EndedAt: base.Add(time.Duration(i)*time.Minute + 30*time.Second), Reason: "bench",
			Seats: []db.EventSeat{{Kind: session.Guest, Name: "Ana", Rank: 1, Winner: true, Score: 2}, {Kind: session.Guest, Name: "Ben", Rank: 2, Score: 1}}}
		body, _ := json.Marshal(ev)
		eid, _ := uuid.NewV7()
		m := &nats.Msg{Subject: tableSubject(kiosk, "session"), Data: body, Header: nats.Header{}}
		a, err := js.PublishMsgAsync(m, jetstream.WithMsgID(eid.String()))
		if err != nil {
			t.Fatal(err)
		}
		acks = append(acks, a)
		if len(acks) == 1000 || i == n-1 {
			for _, a := range acks {
				select {
				case <-a.Ok():
				case err := <-a.Err():
					t.Fatal(err)
				case <-ctx.Done():
				}
			}
			acks = acks[:0]
		}
	}
}
