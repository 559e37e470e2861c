package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/session"
)

// A finished session is queued in the outbox by the transaction that
// finished it, acknowledged once, and loaded anywhere as a union.
func TestVenueOutboxAndLoad(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	s := f.play(t, "canoe", append(f.persons(0, 1), session.Seat{Kind: session.Guest, Name: "Zoé"}), []int{3, 1, 2}, t0)
	select {
	case <-f.d.OutboxQueued():
	default:
		t.Fatal("finishing a session did not signal the outbox")
	}
	pending, err := f.d.PendingEvents(ctx, 10)
	if err != nil || len(pending) != 1 || pending[0].Ref != s.ID || pending[0].Kind != "session" {
		t.Fatalf("pending %+v, %v; want the session %s", pending, err, s.ID)
	}
	kiosk, err := f.d.VenueID(ctx)
	if err != nil {
		t.Fatal(err)
	}

	other := openTemp(t)
	// Sent on another kiosk's subject, the event is a tampered one: the
	// hub's permissions let each kiosk publish only its own.
	res, err := other.LoadVenueEvents(ctx, []RawEvent{{ID: pending[0].ID, Body: pending[0].Body, From: "another-kiosk"}}, t0)
	if err != nil || len(res) != 1 || res[0].Added || !errors.Is(res[0].Err, ErrBadEvent) {
		t.Fatalf("an event naming kiosk %s sent by another: %+v, %v; want refused as a bad event", kiosk, res, err)
	}
	res, err = other.LoadVenueEvents(ctx, []RawEvent{{ID: pending[0].ID, Body: pending[0].Body, From: kiosk}}, t0)
	if err != nil || len(res) != 1 || !res[0].Added || res[0].Err != nil {
		t.Fatalf("an event sent by its own kiosk: %+v, %v; want loaded", res, err)
	}
	for range 2 {
		if _, err := other.LoadVenueEvent(ctx, pending[0].ID, pending[0].Body, t0); err != nil {
			t.Fatal(err)
		}
	}
	got, err := other.VenueSessions(ctx, t0.AddDate(0, 0, -1), "")
	if err != nil || len(got) != 1 {
		t.Fatalf("venue sessions %+v, %v; want one", got, err)
	}
	ev := got[0].Event
	if ev.ID != s.ID || ev.Kiosk != kiosk || ev.Table != "Table 1" || ev.Seed != 1<<63+5 || len(ev.Seats) != 3 ||
		ev.Seats[0].Nickname != "playerA" || ev.Seats[2].Name != "Zoé" || ev.Seats[0].Rank != 1 || !ev.Seats[0].Winner {
		t.Errorf("event %+v", ev)
	}

	if err := f.d.AckEvent(ctx, pending[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	if pending, _ := f.d.PendingEvents(ctx, 10); len(pending) != 0 {
		t.Errorf("pending after the ack: %+v", pending)
	}
	// Already queued: the backfill leaves it.
	if n, err := f.d.QueueFinishedSessions(ctx, t0); n != 0 || err != nil {
		t.Errorf("backfill queued %d, %v", n, err)
	}
}

// Sessions finished before the venue existed are queued by the backfill.
// An event another handle of the file queued (tablee player beside a
// running hub or kiosk) is found by OutboxWrittenElsewhere, once; this
// handle's own writes, and nothing pending, are not reported.
func TestOutboxWrittenElsewhere(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	pending := outbox(t, f)
	if err := f.d.AckEvent(ctx, pending[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.OutboxWrittenElsewhere(ctx); err != nil { // the first look
		t.Fatal(err)
	}
	other, err := Open(ctx, f.d.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.SetTableName(ctx, "Fenêtre"); err != nil { // a write, no event
		t.Fatal(err)
	}
	if got, err := f.d.OutboxWrittenElsewhere(ctx); got || err != nil {
		t.Errorf("a write queuing no event reported: %v, %v", got, err)
	}
	f.play(t, "canoe", f.persons(1, 0), []int{3, 1}, t0.Add(1)) // this handle's own
	if got, err := f.d.OutboxWrittenElsewhere(ctx); got || err != nil {
		t.Errorf("this handle's own event reported: %v, %v", got, err)
	}
	if err := f.d.AckEvent(ctx, outbox(t, f)[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	if err := other.RenamePlayer(ctx, f.players[0].ID, "Nouk"); err != nil { // queues an event
		t.Fatal(err)
	}
	if got, err := f.d.OutboxWrittenElsewhere(ctx); !got || err != nil {
		t.Errorf("another handle's event not reported: %v, %v", got, err)
	}
	if got, err := f.d.OutboxWrittenElsewhere(ctx); got || err != nil {
		t.Errorf("reported twice: %v, %v", got, err)
	}
}

func TestVenueBackfill(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{3, 1}, t0)
	f.play(t, "canoe", f.persons(1, 0), []int{3, 1}, t0.Add(1))
	if _, err := f.d.w.Exec("DELETE FROM venue_outbox"); err != nil {
		t.Fatal(err)
	}
	if n, err := f.d.QueueFinishedSessions(ctx, t0); n != 2 || err != nil {
		t.Fatalf("backfill queued %d, %v; want 2", n, err)
	}
	if p, _ := f.d.PendingEvents(ctx, 10); len(p) != 2 {
		t.Errorf("pending %d, want 2", len(p))
	}
}

// venueKioskFixture is a table whose players are identified by their
// phones' keys, as at a real kiosk.
func venueKioskFixture(t *testing.T, name string, keys ...string) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{d: openTemp(t)}
	var err error
	if f.table, err = f.d.EnsureTable(ctx, name); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		p, err := f.d.IdentifyPlayer(ctx, k+"-0123456789abcdefghijkl", k, t0)
		if err != nil {
			t.Fatal(err)
		}
		f.players = append(f.players, p)
	}
	return f
}

// outbox returns every event f's outbox holds, acknowledged or not.
func outbox(t *testing.T, f *fixture) []OutboxEvent {
	t.Helper()
	ev, err := f.d.PendingEvents(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func loadAll(t *testing.T, d *DB, evs ...OutboxEvent) {
	t.Helper()
	for _, e := range evs {
		if _, err := d.LoadVenueEvent(context.Background(), e.ID, e.Body, t0); err != nil {
			t.Fatal(err)
		}
	}
}

func digest(t *testing.T, d *DB) string {
	t.Helper()
	h, err := d.VenueBoardsDigest(context.Background(), []string{"canoe", "canyon"})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// The venue's boards are a replay of the venue's sessions in (time, id)
// order: nodes that received the same sessions in any order show the same
// boards; a session that arrives late takes its place and everything after
// it is rated again; a phone is one player at every table; and the
// ratings are those one table would have given had every game been played
// there, in that order.
func TestVenueBoardsSameInAnyOrder(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "bernd")
	b := venueKioskFixture(t, "Table B", "anja", "chloé")
	one := venueKioskFixture(t, "One table", "anja", "bernd", "chloé")
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	// (table, seats by key index, scores, minute) in the order they end.
	type game struct {
		f      *fixture
		seats  []int
		scores []int
		minute int
	}
	games := []game{
		{a, []int{0, 1}, []int{3, 1}, 1},
		{b, []int{0, 1}, []int{0, 2}, 2},
		{a, []int{1, 0}, []int{5, 4}, 3},
		{b, []int{1, 0}, []int{1, 3}, 4},
		{a, []int{0, 1}, []int{2, 2}, 5},
	}
	oneIdx := map[*fixture][]int{a: {0, 1}, b: {0, 2}}
	for _, g := range games {
		g.f.play(t, "canoe", g.f.persons(g.seats...), g.scores, at(g.minute))
		var seats []int
		for _, s := range g.seats {
			seats = append(seats, oneIdx[g.f][s])
		}
		one.play(t, "canoe", one.persons(seats...), g.scores, at(g.minute))
	}
	fromA, fromB := outbox(t, a), outbox(t, b)
	all := append(append([]OutboxEvent{}, fromA...), fromB...)

	x, y, late := openTemp(t), openTemp(t), openTemp(t)
	loadAll(t, x, all...)
	for i := len(all) - 1; i >= 0; i-- {
		loadAll(t, y, all[i])
	}
	// Table B was offline: its sessions arrive after A's, earlier in time.
	loadAll(t, late, fromA...)
	before := digest(t, late)
	loadAll(t, late, fromB...)
	if digest(t, x) != digest(t, y) || digest(t, x) != digest(t, late) {
		t.Errorf("digests differ: in order %s, reversed %s, B late %s", digest(t, x), digest(t, y), digest(t, late))
	}
	if before == digest(t, late) {
		t.Error("the late sessions changed nothing")
	}

	board, err := late.VenueLeaderboard(ctx, "canoe", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := one.d.Leaderboard(ctx, "canoe", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 3 || len(ref) != 3 {
		t.Fatalf("venue board %+v, one table's %+v: want Anja once, Bernd and Chloé", board, ref)
	}
	for i := range board {
		v, r := board[i], ref[i]
		if v.Nickname != r.Nickname || v.Games != r.Games || v.Wins != r.Wins ||
			math.Abs(v.Rating.Mu-r.Rating.Mu) > 1e-9 || math.Abs(v.Rating.Sigma-r.Rating.Sigma) > 1e-9 {
			t.Errorf("place %d: venue %+v, one table %+v", i+1, v, r)
		}
	}
	if board[0].Nickname != "anja" || board[0].Games != 5 {
		t.Errorf("the venue's first is %+v, want anja with 5 games", board[0])
	}
	week, err := late.VenueLeaderboard(ctx, "", at(3), 0)
	if err != nil || len(week) != 3 || week[0].Games+week[1].Games+week[2].Games != 6 {
		t.Errorf("the board since minute 3: %+v, %v; want 3 games of 2 persons", week, err)
	}
	if n, err := a.d.VenueUnshared(ctx); n != 3 || err != nil {
		t.Errorf("table A: %d sessions not shared yet (%v), want 3", n, err)
	}
	loadAll(t, a.d, fromA...)
	if n, err := a.d.VenueUnshared(ctx); n != 0 || err != nil {
		t.Errorf("table A after its sessions came back: %d not shared (%v), want 0", n, err)
	}
}

// The venue's boards are kept from one replay to the next while nothing is
// written: a board asked for twice replays once, a new event (a session,
// then a player's forget) makes the next board a fresh replay, and the
// cached board always equals a replay from the events.
func TestVenueBoardsCache(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "bernd")
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	a.play(t, "canoe", a.persons(0, 1), []int{3, 1}, at(1))
	a.play(t, "canoe", a.persons(1, 0), []int{3, 1}, at(2))
	evs := outbox(t, a)
	node := openTemp(t)
	fresh := func() []Standing {
		t.Helper()
		sessions, err := node.VenueSessions(ctx, time.Time{}, "")
		if err != nil {
			t.Fatal(err)
		}
		players, err := node.venuePlayerEvents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return venueBoard(replayVenue(sessions, players), "canoe", time.Time{}, 0)
	}
	board := func(step string) []Standing {
		t.Helper()
		b, err := node.VenueLeaderboard(ctx, "canoe", time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := fresh(); !reflect.DeepEqual(b, want) {
			t.Errorf("%s: the board %+v, a fresh replay %+v", step, b, want)
		}
		return b
	}
	loadAll(t, node, evs[0])
	first := board("one session")
	cached := node.venue.replay
	board("asked again")
	if node.venue.replay != cached {
		t.Error("a board asked again with nothing written replayed the events again")
	}
	loadAll(t, node, evs[1])
	second := board("a second session")
	if node.venue.replay == cached || reflect.DeepEqual(first, second) {
		t.Errorf("a new session left the board as it was: %+v", second)
	}
	// A forget at the table, loaded at the node: a player's event.
	if err := a.d.ForgetPlayer(ctx, a.players[0].ID); err != nil {
		t.Fatal(err)
	}
	all := outbox(t, a)
	cached = node.venue.replay
	loadAll(t, node, all[len(all)-1])
	third := board("a forget")
	if node.venue.replay == cached || len(third) != 1 {
		t.Errorf("after the forget: %+v, want bernd alone", third)
	}
	// Another handle on the same file writes (another process): the
	// first handle's cache is not used.
	other, err := Open(ctx, node.path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	a.play(t, "canoe", append(a.persons(1), session.Seat{Kind: session.Guest, Name: "Zoé"}), []int{2, 1}, at(3))
	all = outbox(t, a)
	loadAll(t, other, all[len(all)-1])
	if fourth := board("a session loaded by another handle"); reflect.DeepEqual(fourth, third) {
		t.Errorf("a session loaded by another handle left the board as it was: %+v", fourth)
	}
}

// A kiosk's events carry its sequence and the venue's time: its end time
// corrected by the offset from the hub's clock, and never before its
// previous event even when its own clock went back.
func TestVenueEventClock(t *testing.T) {
	f := newFixture(t, 2)
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0)
	f.d.SetVenueClock(time.Hour)
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0.Add(time.Minute))
	// The kiosk restarted with its clock a year behind, the hub not heard
	// from yet: its next session is still after the previous one.
	f.d.clockKnown = false
	f.play(t, "canoe", f.persons(0, 1), []int{1, 0}, t0.AddDate(-1, 0, 0))
	evs := outbox(t, f)
	var got []SessionEvent
	for _, e := range evs {
		var ev SessionEvent
		if err := json.Unmarshal(e.Body, &ev); err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	want := []time.Time{t0, t0.Add(time.Hour + time.Minute), t0.Add(time.Hour + time.Minute + time.Millisecond)}
	for i, ev := range got {
		if ev.Seq != int64(i+1) || !ev.At.Equal(want[i]) {
			t.Errorf("event %d: seq %d at %v, want %d at %v", i, ev.Seq, ev.At, i+1, want[i])
		}
	}
}

// The staff's renames, merges and forgets travel as venue events: every
// node shows the new name, joins the merged players, and makes a forgotten
// player a nameless guest in every venue session, those loaded after the
// forget included.
func TestVenuePlayerEvents(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "bernd", "anja2")
	b := venueKioskFixture(t, "Table B", "anja", "chloé")
	a.play(t, "canoe", a.persons(0, 1), []int{3, 1}, t0)
	a.play(t, "canoe", a.persons(2, 1), []int{3, 1}, t0.Add(time.Minute))
	b.play(t, "canoe", b.persons(0, 1), []int{1, 2}, t0.Add(2*time.Minute))
	if err := a.d.RenamePlayer(ctx, a.players[1].ID, "Bernadette"); err != nil {
		t.Fatal(err)
	}
	if err := a.d.MergePlayers(ctx, a.players[2].ID, a.players[0].ID); err != nil {
		t.Fatal(err)
	}
	fromB := outbox(t, b)
	if err := b.d.ForgetPlayer(ctx, b.players[1].ID); err != nil {
		t.Fatal(err)
	}
	forgetEv := outbox(t, b)
	x, y := openTemp(t), openTemp(t)
	loadAll(t, x, outbox(t, a)...)
	loadAll(t, x, fromB...) // chloé's session as sent before the forget
	loadAll(t, x, forgetEv[len(forgetEv)-1])
	// y hears of the forget before the session.
	loadAll(t, y, forgetEv[len(forgetEv)-1])
	loadAll(t, y, fromB...)
	loadAll(t, y, outbox(t, a)...)
	if digest(t, x) != digest(t, y) {
		t.Error("two nodes with the same events in another order show different boards")
	}
	board, err := x.VenueLeaderboard(ctx, "canoe", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range board {
		names = append(names, fmt.Sprintf("%s:%d", s.Nickname, s.Games))
	}
	if got := strings.Join(names, " "); got != "anja:3 Bernadette:2" && got != "Bernadette:2 anja:3" {
		t.Errorf("the venue's board: %s; want anja (merged, 3 games) and Bernadette (renamed), chloé forgotten", got)
	}
	for _, d := range []*DB{x, y} {
		vs, err := d.VenueSessions(ctx, time.Time{}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range vs {
			for _, st := range s.Event.Seats {
				if st.Nickname == "chloé" || (st.Kind == session.Guest && len(st.Keys) > 0) {
					t.Errorf("chloé is still in session %s: %+v", s.Event.ID, st)
				}
			}
		}
	}
}

// The venue's CSV export: every table's sessions, with a table's columns
// and WriteCSV's rules; one phone is one player at every table, under its
// venue id, and a name a spreadsheet would run is made text.
func TestVenueCSV(t *testing.T) {
	ctx := context.Background()
	a := venueKioskFixture(t, "Table A", "anja", "=cmd")
	b := venueKioskFixture(t, "Table B", "anja", "chloé")
	a.play(t, "canoe", a.persons(0, 1), []int{3, 1}, t0)
	b.play(t, "canoe", b.persons(0, 1), []int{0, 2}, t0.Add(time.Minute))
	hub := openTemp(t)
	loadAll(t, hub, append(outbox(t, a), outbox(t, b)...)...)
	files := map[string]string{}
	for _, name := range VenueCSVExports() {
		var w strings.Builder
		if err := hub.WriteVenueCSV(ctx, &w, name, ';'); err != nil {
			t.Fatal(err)
		}
		files[name] = w.String()
	}
	if s := files["sessions"]; !strings.HasPrefix(s, CSVBOM+"session;started;ended;table;") ||
		!strings.Contains(s, ";Table A;canoe;") || !strings.Contains(s, ";Table B;canoe;") {
		t.Errorf("sessions.csv:\n%s", s)
	}
	if s := files["players"]; strings.Count(s, "\n") != 4 || strings.Count(s, ";anja;2;") != 1 || !strings.Contains(s, ";'=cmd;1;") {
		t.Errorf("players.csv (anja once, with two games; =cmd as text):\n%s", s)
	}
	if s := files["results"]; strings.Count(s, "\n") != 5 || !strings.Contains(s, ";person;v") || strings.Contains(s, ";=cmd;") {
		t.Errorf("results.csv:\n%s", s)
	}
	if err := hub.WriteVenueCSV(ctx, io.Discard, "moves", ','); err == nil {
		t.Error("an export that does not exist was written")
	}
}
