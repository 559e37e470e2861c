package venue

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

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
	_, conn := rawLeaf(ctx, t, hub, kioskServerPrefix+a, pairPrefix+hub.Code()+":"+cred)
	conn.Close()

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
		for {
			line, err := r.ReadString('\n')
			switch {
			case err != nil:
				t.Fatalf("%s: %v before an answer", subject, err)
			case strings.HasPrefix(line, "-ERR") && strings.Contains(line, "Permissions Violation"):
				return true
			case strings.HasPrefix(line, "PONG"):
				return false
			}
		}
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
	for _, subject := range []string{
		tableSubject(b, "session"), // an event as table B
		tableSubject(b, "player"),  // a player change as table B
		deliverPrefix(b) + ".S.x",  // into B's source at the hub
		"$JS.S.x",                  // nats-server's default deliver prefix
		"$JS." + HubDomain + ".API.STREAM.DELETE." + VenueStream, // the hub's stream
		"$JS." + HubDomain + ".API.STREAM.UPDATE." + VenueStream,
		"$JS.API.STREAM.DELETE." + VenueStream,
		"$JS." + HubDomain + ".API.CONSUMER.DELETE." + VenueStream + "." + loaderName, // the hub's loader
		"$JS." + HubDomain + ".API.CONSUMER.CREATE." + VenueStream + "." + loaderName,
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
		"tablee.venue.hello":                                            "",
		"":                                                              "",
	} {
		if got := subjectKiosk(subject); got != want {
			t.Errorf("subjectKiosk(%q) = %q, want %q", subject, got, want)
		}
	}
}
