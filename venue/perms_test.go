package venue

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/proto/tlscert"
)

// A paired kiosk's link carries its own events and what its stream's
// source and its mirror need, and nothing else: a kiosk (here a made-up
// server speaking the leaf protocol with kiosk A's credential, as a
// tampered kiosk could) cannot publish an event as another table, deliver
// into another table's source, nor change the hub's streams. The hub
// refuses such a message and closes the link.
func TestKioskPermissions(t *testing.T) {
	ctx := t.Context()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	a, b := uuid.NewString(), uuid.NewString()
	cred := strings.Repeat("c", 43)
	// Pairing registers A's credential.
	if err := hub.auth.creds.set(a, credHash(cred), time.Now()); err != nil {
		t.Fatal(err)
	}

	got, err := hub.e.nc.SubscribeSync(">")
	if err != nil {
		t.Fatal(err)
	}
	if err := hub.e.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	send := func(subject string) (refused bool) {
		t.Helper()
		r, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+a, cred)
		defer conn.Close()
		if _, err := fmt.Fprintf(conn, "LMSG %s 2\r\nev\r\nPING\r\n", subject); err != nil {
			t.Fatal(err)
		}
		return refusedOrPong(t, r, subject)
	}
	// What reached the hub's own client, up to a marker published after.
	delivered := func() []string {
		t.Helper()
		marker := "tablee.test.marker." + uuid.NewString()
		if err := hub.e.nc.Publish(marker, nil); err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for {
			m, err := got.NextMsg(10 * time.Second)
			if err != nil {
				t.Fatalf("the marker: %v", err)
			}
			if m.Subject == marker {
				return subjects
			}
			if !strings.HasPrefix(m.Subject, "$JS.") && !strings.HasPrefix(m.Subject, "$SYS.") && !strings.HasPrefix(m.Subject, "_INBOX.") {
				subjects = append(subjects, m.Subject)
			}
		}
	}

	own := tableSubject(a, "session")
	if send(own) {
		t.Fatalf("A's own event refused")
	}
	if d := delivered(); len(d) != 1 || d[0] != own {
		t.Errorf("the hub received %q, want A's own event %s", d, own)
	}
	// What its source and mirror need: answers to the hub's requests
	// into its own domain (each generation of it), and its own mirror's
	// consumer.
	api := "$JS." + HubDomain + ".API.CONSUMER."
	for _, subject := range []string{
		"$JSC.R." + kioskDomain(a, 0) + ".h.TABLE.c.x",
		"$JSC.R." + kioskDomain(a, 3) + ".h.TABLE.c.x",
		api + "CREATE." + VenueStream + "." + mirrorConsumer(a, 0) + "." + mirrorFilter,
	} {
		if send(subject) {
			t.Errorf("%s: refused", subject)
		}
	}
	delivered()
	for _, subject := range []string{
		tableSubject(b, "session"), // an event as table B
		tableSubject(b, "player"),  // a player change as table B
		deliverPrefix(b) + ".S.x",  // into B's source at the hub
		"$JS.S.x",                  // nats-server's default deliver prefix
		"$JS." + HubDomain + ".API.STREAM.DELETE." + VenueStream, // the hub's stream
		"$JS." + HubDomain + ".API.STREAM.UPDATE." + VenueStream,
		"$JS.API.STREAM.DELETE." + VenueStream,
		api + "DELETE." + VenueStream + "." + loaderName, // the hub's loader
		api + "CREATE." + VenueStream + "." + loaderName,
		// Hellos as B: on the subject every kiosk once shared, on B's
		// own, and where the hub hears B's.
		helloPrefix, helloSubject(b), heardPrefix + "." + b,
		// An answer to the hub's requests for B's source (its consumer
		// made, or deleted, at B), in both formats of nats-server's
		// replies.
		"$JSC.R." + kioskDomain(b, 0) + ".h.TABLE.c.x",
		"$JSC.R.x",
		// A consumer at the hub deleted, B's mirror's or A's own (the
		// hub's name for it has a random suffix: a kiosk deletes
		// none), or B's mirror's taken over (named, or named in the
		// body alone).
		api + "DELETE." + VenueStream + "." + mirrorConsumer(b, 0),
		api + "DELETE." + VenueStream + "." + mirrorConsumer(a, 0),
		api + "CREATE." + VenueStream + "." + mirrorConsumer(b, 0) + "." + mirrorFilter,
		api + "CREATE." + VenueStream,
		// An answer to the hub's own client.
		"_INBOX.x.y",
		// A player change as the hub's staff (the hub's own subject).
		hubSubject(hub.id, "player"),
	} {
		if !send(subject) {
			t.Errorf("%s: not refused", subject)
		}
	}
	if d := delivered(); len(d) != 0 {
		t.Errorf("the hub received %q from refused messages", d)
	}
	if _, err := hub.e.js.Stream(ctx, VenueStream); err != nil {
		t.Errorf("the venue stream: %v", err)
	}

	// Nor may it receive what is B's: the answers to B's hellos, to B's
	// mirror's requests, or the hub's requests into B's domain. The hub
	// refuses a link's interest in such a subject, and delivers nothing
	// of it on a wildcard it accepted.
	subscribe := func(subject string) (refused bool) {
		t.Helper()
		r, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+a, cred)
		defer conn.Close()
		if _, err := fmt.Fprintf(conn, "LS+ %s\r\nPING\r\n", subject); err != nil {
			t.Fatal(err)
		}
		return refusedOrPong(t, r, subject)
	}
	others := []string{
		kioskInbox(b) + ".x.1",
		"$JSC.R." + HubDomain + ".h." + VenueStream + "." + mirrorConsumer(b, 0) + ".x",
		"$JS." + kioskDomain(b, 0) + ".API.CONSUMER.CREATE.TABLE",
		"_INBOX.x.1",
	}
	for _, subject := range others {
		if !subscribe(subject) {
			t.Errorf("LS+ %s: not refused", subject)
		}
	}
	mine := []string{
		kioskInbox(a) + ".x.1",
		"$JSC.R." + HubDomain + ".h." + VenueStream + "." + mirrorConsumer(a, 0) + ".x",
		"$JS." + kioskDomain(a, 2) + ".API.CONSUMER.CREATE.TABLE",
	}
	for _, subject := range mine {
		if subscribe(subject) {
			t.Errorf("LS+ %s: refused", subject)
		}
	}
	r, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+a, cred)
	if _, err := fmt.Fprintf(conn, "LS+ >\r\nPING\r\n"); err != nil {
		t.Fatal(err)
	}
	if refusedOrPong(t, r, "LS+ >") {
		t.Fatal("LS+ > refused")
	}
	for _, subject := range append(others, mine...) {
		if err := hub.e.nc.Publish(subject, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := hub.e.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	var heard []string
	for len(heard) < len(mine) {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("waiting for A's own subjects: %v (got %q)", err, heard)
		}
		if f := strings.Fields(line); len(f) > 1 && f[0] == "LMSG" && (slices.Contains(others, f[1]) || slices.Contains(mine, f[1])) {
			heard = append(heard, f[1])
		}
	}
	if !slices.Equal(heard, mine) {
		t.Errorf("A's link received %q, want %q", heard, mine)
	}
	conn.Close()
}

// refusedOrPong reads the hub's answers on a raw leaf link until the
// hub's PONG (false) or a permissions violation (true).
func refusedOrPong(t *testing.T, r *bufio.Reader, what string) bool {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		switch {
		case err != nil:
			t.Fatalf("%s: %v before an answer", what, err)
		case strings.HasPrefix(line, "-ERR") && strings.Contains(line, "Permissions Violation"):
			return true
		case strings.HasPrefix(line, "PONG"):
			return false
		}
	}
}

// A kiosk says hello as itself only: its link may say hello on its own
// subject alone, the hub takes the kiosk from it, and a hello whose body
// names another kiosk goes unanswered and unheard. (The build before
// heard every hello on one subject and took the kiosk from the body: a
// tampered kiosk could speak for another's calls, table name, web page —
// the hub page's connect-src — and clock.)
func TestHelloIsTheKiosks(t *testing.T) {
	ctx := t.Context()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	a, b := uuid.NewString(), uuid.NewString()
	cred := strings.Repeat("c", 43)
	if err := hub.auth.creds.set(a, credHash(cred), time.Now()); err != nil {
		t.Fatal(err)
	}
	body := func(kiosk, table string) string {
		j, _ := json.Marshal(hello{Kiosk: kiosk, Table: table, Web: "203.0.113.9:7458"})
		return string(j)
	}

	// As B on the subject every kiosk once shared: refused.
	r, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+a, cred)
	spoof := body(b, "Table B?")
	fmt.Fprintf(conn, "LS+ %s.>\r\nLMSG %s %s.1 %d\r\n%s\r\nPING\r\n", kioskInbox(a), helloPrefix, kioskInbox(a), len(spoof), spoof)
	if !refusedOrPong(t, r, "a hello as B on "+helloPrefix) {
		t.Errorf("a hello as B on %s: not refused", helloPrefix)
	}
	conn.Close()

	// As B on A's own subject, then as A: only A's is answered.
	r, conn = rawLeaf(ctx, t, hub, kioskServerPrefix+a, cred)
	defer conn.Close()
	own := body(a, "Table A")
	fmt.Fprintf(conn, "LS+ %s.>\r\n", kioskInbox(a))
	fmt.Fprintf(conn, "LMSG %s %s.1 %d\r\n%s\r\n", helloSubject(a), kioskInbox(a), len(spoof), spoof)
	fmt.Fprintf(conn, "LMSG %s %s.2 %d\r\n%s\r\n", helloSubject(a), kioskInbox(a), len(own), own)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("waiting for the answer to A's hello: %v", err)
		}
		if strings.HasPrefix(line, "LMSG "+kioskInbox(a)+".1 ") {
			t.Errorf("the hub answered a hello as B on A's subject")
		}
		if strings.HasPrefix(line, "LMSG "+kioskInbox(a)+".2 ") {
			break
		}
	}
	// The hub handles hellos in order: B's was before A's answer.
	kiosks, err := hub.d.VenueKiosks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(kiosks) != 1 || kiosks[0].ID != a || kiosks[0].Table != "Table A" {
		t.Errorf("the hub knows kiosks %+v, want A alone", kiosks)
	}
	hub.mu.Lock()
	_, heardB := hub.news.heard[b]
	pages := maps.Clone(hub.news.pages)
	hub.mu.Unlock()
	if heardB || len(pages) != 1 || pages[a] == "" {
		t.Errorf("the hub heard B: %v, table pages %v", heardB, pages)
	}
}

// A kiosk's mirror asks the hub for a consumer of the name
// mirrorConsumer gives it: the only name its link may create.
func TestMirrorConsumerName(t *testing.T) {
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	asked, err := hub.e.nc.SubscribeSync("$JS.API.CONSUMER.CREATE." + VenueStream + ".>")
	if err != nil {
		t.Fatal(err)
	}
	if err := hub.e.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	m, err := asked.NextMsg(guard)
	if err != nil {
		t.Fatalf("the mirror's request: %v", err)
	}
	want := "$JS.API.CONSUMER.CREATE." + VenueStream + "." + mirrorConsumer(ka.ID(), 0) + "." + mirrorFilter
	if m.Subject != want {
		t.Errorf("the mirror asked for %s, want %s", m.Subject, want)
	}
}

// rawLeaf logs in at the hub's leaf port as a kiosk's server would, and
// returns the link once the hub answered its PING.
func rawLeaf(ctx context.Context, t *testing.T, hub *Hub, user, pass string) (*bufio.Reader, net.Conn) {
	t.Helper()
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", hub.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := bufio.NewReader(c).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	tc := tls.Client(c, tlscert.PinnedConfig(hub.Fingerprint()))
	connect, _ := json.Marshal(map[string]any{"user": user, "pass": pass, "tls_required": true, "name": "rogue"})
	if _, err := fmt.Fprintf(tc, "CONNECT %s\r\nPING\r\n", connect); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(tc)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("login as %s: %v", user, err)
		}
		if strings.HasPrefix(line, "-ERR") {
			t.Fatalf("login as %s: %s", user, line)
		}
		if strings.HasPrefix(line, "PONG") {
			return r, tc
		}
	}
}

// TestSubjectKiosk: the loaders read the sending kiosk from a table
// subject, and nothing from any other subject.
func TestSubjectKiosk(t *testing.T) {
	for subject, want := range map[string]string{
		tableSubject("0192c0de-aaaa-7bbb-8ccc-123456789abc", "session"): "0192c0de-aaaa-7bbb-8ccc-123456789abc",
		tableSubject("k1", "player"):                                    "k1",
		hubSubject("h1", "player"):                                      "h1",
		"tablee.table.k1":                                               "",
		helloSubject("k1"):                                              "",
		"":                                                              "",
	} {
		if got := subjectKiosk(subject); got != want {
			t.Errorf("subjectKiosk(%q) = %q, want %q", subject, got, want)
		}
	}
}

// A kiosk of the build before mirrored the venue stream without a
// filter: a mirror's configuration cannot change, so the kiosk makes it
// again with the filter, and it flows.
func TestMirrorOfTheBuildBefore(t *testing.T) {
	hubNode, a := newNode(t, ""), newNode(t, "Table A")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	id, err := a.d.VenueID(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	e, err := startServer(t.Context(), kioskServerPrefix+id, kioskDomain(id, 0), filepath.Join(a.dir, "venue", "jetstream"), server.LeafNodeOpts{}, false, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.js.CreateOrUpdateStream(t.Context(), jetstream.StreamConfig{Name: VenueStream, Storage: jetstream.FileStorage,
		Mirror: &jetstream.StreamSource{Name: VenueStream, Domain: HubDomain}, PersistMode: jetstream.AsyncPersistMode})
	e.close()
	if err != nil {
		t.Fatal(err)
	}
	ka := startKiosk(t, a, pairing(t, hub, hub.Addr()))
	s := a.play(t)
	a.waitHas(t, ka.Loaded(), s)
	stream, err := ka.e.js.Stream(t.Context(), VenueStream)
	if err != nil {
		t.Fatal(err)
	}
	if m := stream.CachedInfo().Config.Mirror; m == nil || m.FilterSubject != mirrorFilter {
		t.Errorf("the kiosk's mirror is %+v, want one filtered on %s", m, mirrorFilter)
	}
}
