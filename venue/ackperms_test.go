package venue

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
)

// A kiosk's link cannot acknowledge the hub loader's events (issue 41
// item 6; loadername.go): nats-server lets every $JS.ACK message of a
// leaf through whatever its permissions say, so what keeps a kiosk out
// is that no acknowledgement subject it can form has a subscriber at the
// hub — the loader's consumer's name is secret — and that it cannot learn
// the name: it may not subscribe to acknowledgements, and none reaches it
// on a wildcard. And the honest nodes' loaders no longer acknowledge one
// another's events: a kiosk's link declares no interest in
// acknowledgements. (On the code before, the hub's loader was "sqlite",
// every forged acknowledgement below had a subscriber, a kiosk's link
// carried $JS.ACK.VENUE.sqlite.*.*.*.*.* and $JS.ACK.>, and a kiosk
// listening on $JS.ACK.> heard the hub's loader.)
func TestAKioskCannotAcknowledgeTheHubLoader(t *testing.T) {
	ctx := t.Context()
	hn, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHub(t, hn, "127.0.0.1:0")
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	first := a.play(t)
	a.waitHas(t, ka.Loaded(), first)
	// A second game after the kiosk's loader loaded the first: its
	// interest was declared on the link before this game travelled it.
	second := a.play(t)
	hn.waitHas(t, hub.Loaded(), first, second)

	lz, err := hub.e.srv.Leafz(&server.LeafzOptions{Subscriptions: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lz.Leafs {
		for _, sub := range l.Subs {
			if strings.HasPrefix(sub, "$JS.ACK") {
				t.Errorf("kiosk link %s declares %s: the hub forwards it the loaders' acknowledgements", l.Name, sub)
			}
		}
	}

	// No acknowledgement a kiosk can form has a subscriber at the hub
	// (the fixed name of the builds before, both of nats-server's
	// formats), where the loader's own has one.
	s, err := hub.e.js.Stream(ctx, VenueStream)
	if err != nil {
		t.Fatal(err)
	}
	last := s.CachedInfo().State.LastSeq
	acc := hub.e.srv.GlobalAccount()
	v2 := func(name string, seq uint64) string {
		return fmt.Sprintf("$JS.ACK.%s.%s.%s.%s.1.%d.%d.0.0", HubDomain, accountHash(acc.Name), VenueStream, name, seq, seq)
	}
	for seq := uint64(1); seq <= last; seq++ {
		for _, subject := range []string{
			fmt.Sprintf("$JS.ACK.%s.%s.1.%d.%d.0.0", VenueStream, loaderName, seq, seq),
			v2(loaderName, seq),
		} {
			if acc.SubscriptionInterest(subject) {
				t.Errorf("a kiosk's forged %s has a subscriber at the hub", subject)
			}
		}
	}
	if name := hub.load.name; !strings.HasPrefix(name, hubLoaderPrefix) || len(name) < len(hubLoaderPrefix)+20 ||
		!acc.SubscriptionInterest(fmt.Sprintf("$JS.ACK.%s.%s.1.1.1.0.0", VenueStream, name)) {
		t.Errorf("the hub's loader %q: want a secret name whose acknowledgements the hub subscribes to", name)
	}

	// A tampered kiosk (kiosk C's credential on a made-up link) may not
	// listen to an acknowledgement (nats-server checks a leaf's literal
	// interest at once, and filters what it delivers on a wildcard), and
	// hears none on ">".
	c, cred := uuid.NewString(), strings.Repeat("c", 43)
	if err := hub.auth.creds.set(c, credHash(cred), time.Now()); err != nil {
		t.Fatal(err)
	}
	r, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+c, cred)
	ack := fmt.Sprintf("$JS.ACK.%s.%s.1.%d.%d.0.0", VenueStream, loaderName, last, last)
	if _, err := fmt.Fprintf(conn, "LS+ %s\r\nPING\r\n", ack); err != nil {
		t.Fatal(err)
	}
	if !refusedOrPong(t, r, "LS+ "+ack) {
		t.Errorf("LS+ %s: not refused", ack)
	}
	r, conn = rawLeaf(ctx, t, hub, kioskServerPrefix+c, cred)
	if _, err := fmt.Fprintf(conn, "LS+ >\r\nPING\r\n"); err != nil {
		t.Fatal(err)
	}
	if refusedOrPong(t, r, "LS+ >") {
		t.Fatal("LS+ > refused")
	}
	third := a.play(t)
	hn.waitHas(t, hub.Loaded(), third)
	// The loader's acknowledgement of it processed at the hub: it was
	// routed to every interest by then.
	waitFor(t, "the hub's loader acknowledged the third game", func() error {
		s, err := hub.e.js.Stream(ctx, VenueStream)
		if err != nil {
			return err
		}
		floor := hub.load.floor(ctx)
		return saw(floor >= s.CachedInfo().State.LastSeq, "ack floor %d, stream %d", floor, s.CachedInfo().State.LastSeq)
	})
	marker := kioskInbox(c) + ".marker"
	if err := hub.e.nc.Publish(marker, nil); err != nil {
		t.Fatal(err)
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("waiting for the marker: %v", err)
		}
		f := strings.Fields(line)
		if len(f) > 1 && f[0] == "LMSG" && f[1] == marker {
			break
		}
		if len(f) > 1 && f[0] == "LMSG" && strings.HasPrefix(f[1], "$JS.ACK") {
			t.Errorf("a kiosk listening on > heard the acknowledgement %s", f[1])
		}
	}
}

// A hub's store from the build before, whose loader's consumer was
// "sqlite", gets a consumer of a secret name that starts after the old
// one's acknowledgement floor, and the old one goes.
func TestHubLoaderRenamedFromTheBuildBefore(t *testing.T) {
	ctx := context.Background()
	e, err := startServer(ctx, "old-hub", HubDomain, t.TempDir(), server.LeafNodeOpts{}, true, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.close()
	s, err := e.js.CreateStream(ctx, jetstream.StreamConfig{Name: VenueStream, Subjects: []string{"tablee.>"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := e.js.Publish(ctx, "tablee.table.k.session", []byte(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	old, err := s.CreateConsumer(ctx, jetstream.ConsumerConfig{Durable: loaderName, AckPolicy: jetstream.AckExplicitPolicy})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := old.Fetch(2)
	if err != nil {
		t.Fatal(err)
	}
	for m := range batch.Messages() {
		if err := m.DoubleAck(ctx); err != nil {
			t.Fatal(err)
		}
	}
	name, err := hubLoaderName(ctx, e.js, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(name, hubLoaderPrefix) {
		t.Fatalf("renamed to %q", name)
	}
	if _, err := s.Consumer(ctx, loaderName); err == nil {
		t.Errorf("the old loader's consumer is still there")
	}
	again, err := hubLoaderName(ctx, e.js, t.Logf)
	if err != nil || again != name {
		t.Errorf("the name at the next start: %q (%v), want %q", again, err, name)
	}
	// The loader takes the renamed consumer as it is: the third event
	// only.
	l, err := startLoaderAdmitting(ctx, e.js, newNode(t, "").d, VenueStream, name, make(chan struct{}, 1), t.Logf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	l.stop()
	c, err := s.Consumer(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if cfg := c.CachedInfo().Config; cfg.OptStartSeq != 3 || cfg.DeliverPolicy != jetstream.DeliverByStartSequencePolicy {
		t.Errorf("the renamed consumer starts with %v at %d, want by start sequence at 3", cfg.DeliverPolicy, cfg.OptStartSeq)
	}
}

// accountHash is the token nats-server (v2.15) names an account by in its
// acknowledgement subjects of the second format: eight base-62 digits of
// the SHA-256 of the account's name (getHash, unexported; mirrorConsumer
// uses the same).
func accountHash(name string) string {
	const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	sum := sha256.Sum256([]byte(name))
	out := make([]byte, 8)
	for i := range out {
		out[i] = base62[int(sum[i])%len(base62)]
	}
	return string(out)
}
