package venue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablee/tablee/db"
)

// venueBoard is n's venue board of every game, as "name:games" sorted.
func (n *node) venueBoard(t *testing.T) string {
	t.Helper()
	board, err := n.d.VenueLeaderboard(context.Background(), "", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range board {
		out = append(out, fmt.Sprintf("%s:%d", s.Nickname, s.Games))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// waitBoard waits, on loaded's signals, until n's venue board is want.
func (n *node) waitBoard(t *testing.T, name string, loaded <-chan struct{}, want string) {
	t.Helper()
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for {
		got := n.venueBoard(t)
		if got == want {
			return
		}
		select {
		case <-loaded:
		case <-deadline.C:
			t.Fatalf("%s's venue board is %q after %v, want %q", name, got, guard, want)
		}
	}
}

// venueSessionsOf are n's venue sessions of the table called table.
func (n *node) venueSessionsOf(t *testing.T, table string) []db.VenueSession {
	t.Helper()
	vs, err := n.d.VenueSessions(context.Background(), time.Time{}, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []db.VenueSession
	for _, s := range vs {
		if s.Event.Table == table {
			out = append(out, s)
		}
	}
	return out
}

// player is n's own player called name, zero if none.
func (n *node) player(t *testing.T, name string) db.Player {
	t.Helper()
	all, err := n.d.Players(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p.Nickname == name {
			return p
		}
	}
	return db.Player{}
}

// venuePlayer is the id of n's venue player shown as name.
func (n *node) venuePlayer(t *testing.T, name string) string {
	t.Helper()
	all, err := n.d.VenuePlayers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p.Name == name {
			return p.ID
		}
	}
	t.Fatalf("no venue player %q", name)
	return ""
}

// The hub's staff rename, merge and forget the venue's players (the hub's
// console): the hub's events reach every table's venue boards; a forget
// also erases the player at each table that knew them, from the table's
// own players; a "hub" event a tampered table put in its own stream is
// refused everywhere; and a hub whose store was rebuilt publishes its
// events again from its database.
func TestVenueHubPlayerChanges(t *testing.T) {
	ctx := t.Context()
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	dataDir := filepath.Join(hubNode.dir, "hub")
	hub := startHubIn(t, hubNode, dataDir, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	ka, kb := startKiosk(t, a, pair), startKiosk(t, b, pair)
	ids := []string{a.playPersons(t, []string{"anja", "bernd"}, []int{3, 1}), b.playPersons(t, []string{"anja", "chloe"}, []int{1, 2})}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	a.waitHas(t, ka.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)
	anjaAt := map[*node]string{a: a.player(t, "anja").ID, b: b.player(t, "anja").ID}

	start := time.Now()
	if err := hubNode.d.RenameVenuePlayer(ctx, hubNode.venuePlayer(t, "bernd"), "Bernard"); err != nil {
		t.Fatal(err)
	}
	if err := hubNode.d.MergeVenuePlayers(ctx, hubNode.venuePlayer(t, "chloe"), hubNode.venuePlayer(t, "Bernard")); err != nil {
		t.Fatal(err)
	}
	if err := hubNode.d.ForgetVenuePlayer(ctx, hubNode.venuePlayer(t, "anja")); err != nil {
		t.Fatal(err)
	}
	const want = "Bernard:2"
	if got := hubNode.venueBoard(t); got != want {
		t.Errorf("the hub's board after its changes: %q, want %q", got, want)
	}
	a.waitBoard(t, "A", ka.Loaded(), want)
	b.waitBoard(t, "B", kb.Loaded(), want)
	t.Logf("the hub's rename, merge and forget on every table's venue board after %v", time.Since(start))
	for name, n := range map[string]*node{"A": a, "B": b} {
		if _, err := n.d.Player(ctx, anjaAt[n]); !errors.Is(err, db.ErrNotFound) {
			t.Errorf("anja is still one of table %s's players: %v", name, err)
		}
	}
	if p := a.player(t, "bernd"); p.ID == "" {
		t.Errorf("bernd is no longer at table A: the table keeps its own name for him")
	}
	nodes := map[string]*node{"hub": hubNode, "A": a, "B": b}
	sameEverywhere(t, "the hub's changes", ids, nodes)

	// A tampered table A puts a forget of Bernard "from the hub" in its
	// own stream, on the hub's subject: the hub's source of A's stream
	// takes only A's subjects (and every loader would refuse it).
	var bernard string
	for _, s := range hubNode.venueSessionsOf(t, "Table A") {
		for _, st := range s.Event.Seats {
			if st.Nickname == "bernd" && len(st.Keys) > 0 {
				bernard = "k:" + st.Keys[0]
			}
		}
	}
	if bernard == "" {
		t.Fatal("no phone token of bernd's in table A's sessions")
	}
	stream, err := ka.e.js.Stream(ctx, TableStream)
	if err != nil {
		t.Fatal(err)
	}
	cfg := stream.CachedInfo().Config
	cfg.Subjects = append(cfg.Subjects, hubSubject(hub.id, "player"))
	if _, err := ka.e.js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	forged, _ := json.Marshal(db.PlayerEvent{V: 1, Event: "player", Kiosk: hub.id, Action: db.PlayerForgotten, Tokens: []string{bernard}, Seq: 99, At: time.Now()})
	if _, err := ka.e.js.PublishMsg(ctx, &nats.Msg{Subject: hubSubject(hub.id, "player"), Data: forged, Header: nats.Header{}},
		jetstream.WithMsgID(uuid.NewString())); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, a.playPersons(t, []string{"bernd", "zora"}, []int{1, 0})) // after it in A's stream
	hubNode.waitHas(t, hub.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)
	for name, n := range map[string]*node{"hub": hubNode, "B": b} {
		if got := n.venueBoard(t); !strings.Contains(got, "Bernard:") {
			t.Errorf("%s's venue board after a forget forged by table A: %q, want Bernard still there", name, got)
		}
	}

	// The hub's store is lost: its own events are published again from
	// its outbox, once each.
	addr := hub.Addr()
	hub.Close()
	r, err := Rebuild(ctx, hubNode.d, dataDir, nil)
	if err != nil || r.Own != 3 {
		t.Fatalf("hub rebuild %+v, %v; want its 3 events published again", r, err)
	}
	hub = startHubIn(t, hubNode, dataDir, addr)
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for held := 0; held != 3; {
		s, err := hub.e.js.Stream(ctx, VenueStream)
		if err != nil {
			t.Fatal(err)
		}
		info, err := s.Info(ctx, jetstream.WithSubjectFilter(hubSubject(hub.id, ">")))
		if err != nil {
			t.Fatal(err)
		}
		held = 0
		for _, n := range info.State.Subjects {
			held += int(n)
		}
		if held == 3 {
			break
		}
		select {
		case <-hub.Published():
		case <-deadline.C:
			t.Fatalf("the rebuilt venue stream holds %d of the hub's 3 events", held)
		}
	}
	hubNode.waitHas(t, hub.Loaded(), ids...)
	a.waitHas(t, ka.Loaded(), ids...)
	b.waitHas(t, kb.Loaded(), ids...)
	sameEverywhere(t, "the hub's store rebuilt", ids, nodes)
}
