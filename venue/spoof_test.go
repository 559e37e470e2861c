package venue

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// A tampered kiosk sets its own stream's subjects: table A adds table B's
// session subject and publishes there a session whose body names B, so
// that subject and body agree. The hub sources each kiosk's stream
// filtered to that kiosk's own subjects, so the forged session reaches no
// node, while A's own next session, published after it, does.
func TestAKioskCannotSpeakForAnotherTable(t *testing.T) {
	ctx := t.Context()
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	ka, kb := startKiosk(t, a, pair), startKiosk(t, b, pair)
	ids := []string{a.play(t), b.play(t)}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)

	// The forged session: a copy of A's, with another id, as B's.
	var forged db.SessionEvent
	for _, s := range hubNode.venueSessionsOf(t, "Table A") {
		forged = s.Event
	}
	if forged.ID == "" {
		t.Fatal("no session of table A at the hub")
	}
	forged.ID, forged.Kiosk, forged.Table = uuid.NewString(), kb.ID(), "Table B"
	stream, err := ka.e.js.Stream(ctx, TableStream)
	if err != nil {
		t.Fatal(err)
	}
	cfg := stream.CachedInfo().Config
	cfg.Subjects = append(cfg.Subjects, tableSubject(kb.ID(), "session"))
	if _, err := ka.e.js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	publishForged(t, ka, kb.ID(), forged, forged.ID)
	// A's own next session comes after the forged one in A's stream:
	// once it is loaded, the forged one would have been too.
	ids = append(ids, a.play(t))
	start := time.Now()
	hubNode.waitHas(t, hub.Loaded(), ids...)
	a.waitHas(t, ka.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)
	t.Logf("A's next session everywhere after %v", time.Since(start))
	for name, n := range map[string]*node{"hub": hubNode, "A": a, "B": b} {
		if _, ok := n.venueIDs(t)[forged.ID]; ok {
			t.Errorf("%s holds the session table A forged as table B's", name)
		}
	}
	sameEverywhere(t, "a forged session", ids, map[string]*node{"hub": hubNode, "A": a, "B": b})
}

// publishForged publishes ev in k's own stream, under the session
// subject of kioskID, with msgID as its message id: what a tampered
// kiosk can write there, whatever its loader would check.
func publishForged(t *testing.T, k *Kiosk, kioskID string, ev db.SessionEvent, msgID string) {
	t.Helper()
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.e.js.PublishMsg(t.Context(), &nats.Msg{Subject: tableSubject(kioskID, "session"), Data: body, Header: nats.Header{}},
		jetstream.WithMsgID(msgID)); err != nil {
		t.Fatalf("publish %s as %s: %v", ev.ID, kioskID, err)
	}
}
