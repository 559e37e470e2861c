package db

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// playLogged stores a finished session of two of f's players whose log
// holds n moves (the database does not read them: the venue's loaders
// replay them), and returns its outbox event.
func (f *fixture) playLogged(t *testing.T, n int) (OutboxEvent, SessionEvent) {
	t.Helper()
	ctx := context.Background()
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canoe", Seed: 7, Seats: f.persons(0, 1), StartedAt: t0.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		js := `{"v":1,"game":"canoe","seat":` + string(rune('0'+i%2)) + `,"move":"p` + strings.Repeat("x", i) + `"}`
		if err := f.d.AppendMove(ctx, s.ID, session.Move{Seq: i + 1, Seat: engine.Seat(i % 2), JSON: []byte(js), StateHash: "h", PlayedAt: t0}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.d.Finish(ctx, s.ID, engine.RankByScores([]int{2, 0}, "two-canoes"), t0); err != nil {
		t.Fatal(err)
	}
	pending, err := f.d.PendingEvents(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		if p.Ref == s.ID {
			var ev SessionEvent
			if err := json.Unmarshal(p.Body, &ev); err != nil {
				t.Fatal(err)
			}
			return p, ev
		}
	}
	t.Fatalf("no event of %s", s.ID)
	return OutboxEvent{}, SessionEvent{}
}

// A finished session's event carries its move log in order (version 2);
// loaded, the venue's copy keeps it without the moves and with the size it
// came with, which the hub's limits count.
func TestSessionEventsCarryTheirMoves(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	out, ev := f.playLogged(t, 5)
	if ev.V != 2 || !ev.Logged() || len(ev.Moves) != 5 || !strings.Contains(string(ev.Moves[4]), `"move":"pxxxx"`) {
		t.Fatalf("the event's moves: version %d, %q", ev.V, ev.Moves)
	}
	hub := openTemp(t)
	if res, err := hub.LoadVenueEvents(ctx, []RawEvent{{ID: out.ID, Body: out.Body, From: ev.Kiosk}}, t0); err != nil || !res[0].Added || res[0].SetAside {
		t.Fatalf("load: %+v, %v", res, err)
	}
	got, err := hub.VenueSessions(ctx, time.Time{}, "")
	if err != nil || len(got) != 1 || got[0].Event.Moves != nil || got[0].Event.Bytes != len(out.Body) || !got[0].Event.Logged() {
		t.Fatalf("the venue's copy: %+v, %v", got, err)
	}
	bytes, err := hub.VenueBytesByKiosk(ctx)
	if err != nil || bytes[ev.Kiosk] != int64(len(out.Body)) {
		t.Errorf("bytes of the kiosk %v (%v), want the event's %d", bytes, err, len(out.Body))
	}
}

// A session event a loader refused is kept aside: listed for the staff
// with its table, refusal and move, its names cleaned; not a venue
// session; counted as held by the copy check and in its kiosk's bytes;
// loaded again, ignored; its forgotten player scrubbed from it.
func TestSessionsKeptAside(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	out, ev := f.playLogged(t, 3)
	ev.Table, ev.Seats[1].Winner, ev.Seats[1].Nickname = "Table\u202e 1\x07", true, "\u202eplayerB"
	body, _ := json.Marshal(ev)
	why := &Aside{Refusal: "wrong-result", Move: 0, Detail: "seat 2: winner true, the moves say false"}
	for range 2 {
		res, err := f.d.LoadVenueEvents(ctx, []RawEvent{{ID: out.ID, Body: body, From: ev.Kiosk, Aside: why}}, t0)
		if err != nil || !res[0].SetAside || res[0].Err != nil {
			t.Fatalf("keep aside: %+v, %v", res, err)
		}
	}
	if n, err := f.d.VenueSessionCount(ctx); err != nil || n != 0 {
		t.Errorf("%d venue sessions (%v), want none", n, err)
	}
	list, err := f.d.VenueAside(ctx, 0)
	if err != nil || len(list) != 1 {
		t.Fatalf("aside %+v, %v", list, err)
	}
	a := list[0]
	if a.EventID != out.ID || a.Refusal != "wrong-result" || a.Detail == "" || a.Event.Table != "Table 1" || a.Event.Seats[1].Nickname != "playerB" || a.Event.ID != ev.ID {
		t.Errorf("kept aside: %+v", a)
	}
	if n, err := f.d.VenueAsideCount(ctx); err != nil || n != 1 {
		t.Errorf("count %d, %v", n, err)
	}
	ids, err := f.d.VenueEventIDs(ctx, SourceKind{Kiosk: ev.Kiosk, Kind: "session"})
	if err != nil || !ids[out.ID] {
		t.Errorf("the copy check's ids %v (%v) lack the event aside", ids, err)
	}
	counts, err := f.d.VenueEventCounts(ctx)
	if err != nil || counts[SourceKind{Kiosk: ev.Kiosk, Kind: "session"}] != 1 {
		t.Errorf("the copy check's counts %v (%v)", counts, err)
	}
	if bytes, err := f.d.VenueBytesByKiosk(ctx); err != nil || bytes[ev.Kiosk] == 0 {
		t.Errorf("the kiosk's bytes %v (%v) leave the event aside out", bytes, err)
	}
	// The same player in an honest session of the table's venue copy.
	honest, hev := f.playLogged(t, 2)
	if _, err := f.d.LoadVenueEvents(ctx, []RawEvent{{ID: honest.ID, Body: honest.Body, From: hev.Kiosk}}, t0); err != nil {
		t.Fatal(err)
	}
	if err := f.d.ForgetPlayer(ctx, f.players[1].ID); err != nil && !strings.Contains(err.Error(), "scrub") {
		t.Fatal(err)
	}
	list, err = f.d.VenueAside(ctx, 0)
	if err != nil || len(list) != 1 || list[0].Event.Seats[1].PlayerID != "" || list[0].Event.Seats[1].Nickname != "" {
		t.Errorf("a forgotten player still named aside: %+v, %v", list, err)
	}
	// The venue's copy and the outbox stay events (the seats an array:
	// they were written as one string, which no node could read).
	vs, err := f.d.VenueSessions(ctx, time.Time{}, "")
	if err != nil || len(vs) != 1 || vs[0].Event.Seats[1].Kind != session.Guest || vs[0].Event.Seats[1].PlayerID != "" {
		t.Errorf("the venue's copy after a forget: %+v, %v", vs, err)
	}
	pending, err := f.d.PendingEvents(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		var e SessionEvent
		if p.Kind == "session" && (json.Unmarshal(p.Body, &e) != nil || len(e.Seats) != 2 || e.Seats[1].PlayerID != "") {
			t.Errorf("an outbox event after a forget: %s", p.Body)
		}
	}
}

// A rename's name from the venue is cleaned by the phones' rule.
func TestVenueRenamesAreCleanedAtTheLoader(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	if err := f.d.RenamePlayer(ctx, f.players[0].ID, "Renamed"); err != nil {
		t.Fatal(err)
	}
	pending, err := f.d.PendingEvents(ctx, 10)
	if err != nil || len(pending) == 0 {
		t.Fatalf("pending %+v, %v", pending, err)
	}
	var ev PlayerEvent
	if err := json.Unmarshal(pending[len(pending)-1].Body, &ev); err != nil || ev.Action != PlayerRenamed {
		t.Fatalf("the rename's event %+v, %v", ev, err)
	}
	ev.Nickname = "\u202eevil\x1b[31m"
	body, _ := json.Marshal(ev)
	other := openTemp(t)
	if res, err := other.LoadVenueEvents(ctx, []RawEvent{{ID: pending[len(pending)-1].ID, Body: body, From: ev.Kiosk}}, t0); err != nil || !res[0].Added {
		t.Fatalf("load: %+v, %v", res, err)
	}
	var stored string
	if err := other.r.QueryRowContext(ctx, "SELECT json_extract(body, '$.nickname') FROM venue_players").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != "evil[31m" {
		t.Errorf("the rename's name stored %q, want it cleaned", stored)
	}
}
