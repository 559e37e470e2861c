package db

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/session"
)

// loadFrom loads events as a stream carries them: from kiosk (the
// subject's), published at the hub itself if hub.
func loadFrom(t *testing.T, d *DB, from string, hub bool, evs ...OutboxEvent) []Loaded {
	t.Helper()
	raw := make([]RawEvent, len(evs))
	for i, e := range evs {
		raw[i] = RawEvent{ID: e.ID, Body: e.Body, From: from, Hub: hub}
	}
	res, err := d.LoadVenueEvents(context.Background(), raw, t0)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// venuePlayerNamed is the id of the hub's venue player shown as name.
func venuePlayerNamed(t *testing.T, d *DB, name string) string {
	t.Helper()
	all, err := d.VenuePlayers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p.Name == name {
			return p.ID
		}
	}
	t.Fatalf("no venue player %q in %+v", name, all)
	return ""
}

func boardNames(t *testing.T, d *DB) string {
	t.Helper()
	board, err := d.VenueLeaderboard(context.Background(), "", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range board {
		names = append(names, fmt.Sprintf("%s:%d", s.Nickname, s.Games))
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// The hub's staff rename, merge and forget venue players: every node
// replays the hub's events as a table's, in any load order, to the same
// boards; a rename at the hub holds over the tables' later sessions; a
// merge of two people of one game is refused; a forget makes the player a
// nameless guest everywhere and, at a table, forgets the table's own
// player too. Only events published at the hub may name venue players.
func TestVenueHubPlayerEvents(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "bernd", "bernd2")
	b := venueKioskFixture(t, "Table B", "anja", "chloé")
	a.play(t, "canoe", a.persons(0, 1), []int{3, 1}, t0)
	a.play(t, "canoe", a.persons(2, 0), []int{3, 1}, t0.Add(time.Minute))
	b.play(t, "canoe", b.persons(0, 1), []int{1, 2}, t0.Add(2*time.Minute))
	aID, err := a.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bID, err := b.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hub := openTemp(t)
	hubID, err := hub.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	loadFrom(t, hub, aID, false, outbox(t, a)...)
	loadFrom(t, hub, bID, false, outbox(t, b)...)
	if got := boardNames(t, hub); got != "anja:3 bernd2:1 bernd:1 chloé:1" {
		t.Fatalf("the hub's board before: %s", got)
	}

	if err := hub.RenameVenuePlayer(ctx, venuePlayerNamed(t, hub, "bernd"), "Bernard"); err != nil {
		t.Fatal(err)
	}
	if err := hub.MergeVenuePlayers(ctx, venuePlayerNamed(t, hub, "bernd2"), venuePlayerNamed(t, hub, "Bernard")); err != nil {
		t.Fatal(err)
	}
	if err := hub.MergeVenuePlayers(ctx, venuePlayerNamed(t, hub, "chloé"), venuePlayerNamed(t, hub, "anja")); !errors.Is(err, ErrSamePerson) {
		t.Errorf("merging two players of one game: %v, want ErrSamePerson", err)
	}
	if err := hub.ForgetVenuePlayer(ctx, venuePlayerNamed(t, hub, "anja")); err != nil {
		t.Fatal(err)
	}
	// The hub shows its changes at once, before its events come back
	// through the venue stream.
	if got := boardNames(t, hub); got != "Bernard:2 chloé:1" {
		t.Errorf("the hub's board after its changes: %s, want Bernard (renamed, merged) and chloé, anja forgotten", got)
	}
	hubEvents := outbox(t, &fixture{d: hub})
	if len(hubEvents) != 3 {
		t.Fatalf("the hub's outbox holds %d events, want 3", len(hubEvents))
	}
	for _, e := range hubEvents {
		if strings.Contains(string(e.Body), "anja") {
			t.Errorf("the hub's event names anja: %s", e.Body)
		}
	}
	// The stream brings them back: nothing new.
	for _, r := range loadFrom(t, hub, hubID, true, hubEvents...) {
		if r.Added || r.Err != nil {
			t.Errorf("the hub's own event loaded again: %+v", r)
		}
	}

	// A table plays on with its own name for bernd, after the rename.
	later := time.Now().Add(time.Hour)
	a.play(t, "canoe", a.persons(1, 0), []int{2, 1}, later)

	// Two nodes, the same events in other orders.
	x, y := openTemp(t), openTemp(t)
	loadFrom(t, x, aID, false, outbox(t, a)...)
	loadFrom(t, x, bID, false, outbox(t, b)...)
	loadFrom(t, x, hubID, true, hubEvents...)
	rev := slices.Clone(hubEvents)
	slices.Reverse(rev)
	loadFrom(t, y, hubID, true, rev...)
	evB := outbox(t, b)
	slices.Reverse(evB)
	loadFrom(t, y, bID, false, evB...)
	evA := outbox(t, a)
	slices.Reverse(evA)
	loadFrom(t, y, aID, false, evA...)
	loadFrom(t, hub, aID, false, outbox(t, a)...)
	if dx, dy, dh := digest(t, x), digest(t, y), digest(t, hub); dx != dy || dx != dh {
		t.Errorf("the same events in other orders give other boards: %s %s %s", dx, dy, dh)
	}
	if got := boardNames(t, y); got != "Bernard:3 chloé:1" {
		t.Errorf("the venue's board: %s, want Bernard (3 games, under the hub's name after table A's game) and chloé", got)
	}

	// Table A loads the hub's events: anja, forgotten by the venue, is
	// forgotten at the table too; its own boards keep bernd's name.
	if r := loadFrom(t, a.d, hubID, false, hubEvents...); r[0].Err == nil || !errors.Is(r[0].Err, ErrBadEvent) {
		t.Errorf("a hub's event not published at the hub (a kiosk's stream can carry anything): %+v", r[0])
	}
	loadFrom(t, a.d, aID, false, outbox(t, a)...)
	loadFrom(t, a.d, bID, false, outbox(t, b)...)
	loadFrom(t, a.d, hubID, true, hubEvents...)
	if _, err := a.d.Player(ctx, a.players[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("anja at table A after the venue forgot her: %v", err)
	}
	if p, err := a.d.Player(ctx, a.players[1].ID); err != nil || p.Nickname != "bernd" {
		t.Errorf("bernd at table A: %+v, %v (the table keeps its own name)", p, err)
	}
	for _, d := range []*DB{a.d, x, y, hub} {
		vs, err := d.VenueSessions(ctx, time.Time{}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range vs {
			for _, st := range s.Event.Seats {
				if st.Nickname == "anja" || (st.Kind == session.Guest && len(st.Keys) > 0) {
					t.Errorf("anja is still in session %s: %+v", s.Event.ID, st)
				}
			}
		}
	}
	for _, e := range outbox(t, a) {
		if strings.Contains(string(e.Body), `"anja"`) {
			t.Errorf("table A's outbox still names anja: %s", e.Body)
		}
	}
	// Table B's anja has the same phone: forgotten there too.
	loadFrom(t, b.d, hubID, true, hubEvents...)
	if _, err := b.d.Player(ctx, b.players[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("anja at table B after the venue forgot her: %v", err)
	}
	if _, err := b.d.Player(ctx, b.players[1].ID); err != nil {
		t.Errorf("chloé at table B: %v", err)
	}
}
