package venue

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/verify"
	"github.com/tablee/tablee/session"
)

// playCanaille finishes a game of Canaille of two guests that random bots
// played from seed, its moves logged as the host logs them.
func (n *node) playCanaille(t *testing.T, seed uint64) string {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	out, err := bot.Play(ctx, canaille.New(), engine.Setup{Seats: 2, Seed: seed}, []engine.Bot{bot.NewRandom(seed), bot.NewRandom(seed + 1)})
	if err != nil {
		t.Fatal(err)
	}
	s, err := n.d.CreateSession(ctx, session.Record{TableID: n.table.ID, Game: canaille.ID, Seed: seed,
		Seats: []session.Seat{{Kind: session.Guest, Name: "Ana"}, {Kind: session.Guest, Name: "Ben"}}, StartedAt: now.Add(-time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range out.Moves {
		js, err := engine.EncodeMove(canaille.ID, r.Seat, r.Move)
		if err != nil {
			t.Fatal(err)
		}
		if err := n.d.AppendMove(ctx, s.ID, session.Move{Seq: i + 1, Seat: r.Seat, JSON: js, StateHash: "-", PlayedAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	if err := n.d.Finish(ctx, s.ID, out.Result, now); err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// forgeOutbox writes ev into n's outbox as a tampered kiosk would, with
// SQL on its file behind the table's back, under a new session id; it
// returns that id.
func (n *node) forgeOutbox(t *testing.T, ev db.SessionEvent) string {
	t.Helper()
	ev.ID = uuid.Must(uuid.NewV7()).String()
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sql.Open("sqlite3", filepath.Join(n.dir, "tablee.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Exec(`INSERT INTO venue_outbox (event_id, kind, ref, body, created_at) VALUES (?, 'session', ?, ?, ?)`,
		uuid.Must(uuid.NewV7()).String(), ev.ID, string(body), time.Now().UTC().Format(time.RFC3339Nano)); err != nil {
		t.Fatal(err)
	}
	return ev.ID
}

// outboxEvent is n's queued event of session id.
func (n *node) outboxEvent(t *testing.T, id string) db.SessionEvent {
	t.Helper()
	pending, err := n.d.PendingEvents(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		if p.Ref == id {
			var ev db.SessionEvent
			if err := json.Unmarshal(p.Body, &ev); err != nil {
				t.Fatal(err)
			}
			return ev
		}
	}
	t.Fatalf("no event of session %s in the outbox", id)
	return db.SessionEvent{}
}

// aside is n's sessions kept aside, by session id: "refusal table".
func (n *node) aside(t *testing.T) map[string]db.AsideSession {
	t.Helper()
	list, err := n.d.VenueAside(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]db.AsideSession{}
	for _, a := range list {
		out[a.Event.ID] = a
	}
	return out
}

// The audit's tampered kiosk, again: table A's outbox holds forged
// finished sessions besides its honest ones — an invented winner, a
// score of 99, moves that lead elsewhere, a log cut short, an illegal
// move, a wrong seed, an event without moves, names with RTL overrides
// and control bytes. Every one reaches the hub and table B's mirror (and
// A's own) through the real loaders, which keep each aside with its
// reason and table, its names cleaned; none is a venue session, none is
// on a board; the honest sessions before and after them are taken and
// rated.
func TestForgedSessionsAreKeptAside(t *testing.T) {
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	honest := []string{a.playPersons(t, []string{"anja", "bernd"}, []int{3, 1}), a.playCanaille(t, 5)}
	canoeEv, canailleEv := a.outboxEvent(t, honest[0]), a.outboxEvent(t, honest[1])
	if len(canoeEv.Moves) == 0 || !canoeEv.Logged() {
		t.Fatalf("the honest event carries no moves: %+v", canoeEv)
	}

	forge := func(ev db.SessionEvent, f func(*db.SessionEvent)) db.SessionEvent {
		ev.Seats = append([]db.EventSeat(nil), ev.Seats...)
		ev.Moves = append([]json.RawMessage(nil), ev.Moves...)
		f(&ev)
		return ev
	}
	other, err := gameOf([]int{0, 1}) // the game seat 1 won
	if err != nil {
		t.Fatal(err)
	}
	var otherMoves []json.RawMessage
	for _, m := range other.moves {
		otherMoves = append(otherMoves, m.JSON)
	}
	want := map[string]verify.Refusal{}
	for _, f := range []struct {
		ev   db.SessionEvent
		want verify.Refusal
	}{
		{forge(canoeEv, func(e *db.SessionEvent) { e.Seats[1].Winner, e.Seats[1].Rank = true, 1 }), verify.WrongResult},
		{forge(canoeEv, func(e *db.SessionEvent) { e.Seats[1].Score = 99 }), verify.WrongResult},
		{forge(canoeEv, func(e *db.SessionEvent) { e.Moves = otherMoves }), verify.WrongResult},
		{forge(canoeEv, func(e *db.SessionEvent) { e.Moves = e.Moves[:len(e.Moves)/2] }), verify.NotOver},
		{forge(canoeEv, func(e *db.SessionEvent) { e.Moves[2] = e.Moves[0] }), verify.IllegalMove},
		{forge(canailleEv, func(e *db.SessionEvent) { e.Seed++ }), verify.IllegalMove},
		{forge(canoeEv, func(e *db.SessionEvent) { e.V, e.Moves = 1, nil }), verify.Unverified},
		{forge(canoeEv, func(e *db.SessionEvent) {
			e.Table, e.Seats[1].Nickname, e.Seats[1].Winner, e.Seats[1].Rank = "\u202eA elbaT\x07", "\u202ebernd\x1b[31m", true, 1
		}), verify.WrongResult},
	} {
		want[a.forgeOutbox(t, f.ev)] = f.want
	}

	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	ka, kb := startKiosk(t, a, pair), startKiosk(t, b, pair)
	honest = append(honest, a.playPersons(t, []string{"anja", "bernd"}, []int{2, 0}), b.playPersons(t, []string{"bernd", "carla"}, []int{0, 1}))
	nodes := map[string]*node{"hub": hubNode, "A": a, "B": b}
	loaded := map[string]<-chan struct{}{"hub": hub.Loaded(), "A": ka.Loaded(), "B": kb.Loaded()}
	for name, n := range nodes {
		n.waitHas(t, loaded[name], honest...)
		waitFor(t, name+"'s sessions aside", func() error {
			got := n.aside(t)
			return saw(len(got) == len(want), "%d aside, want %d: %v", len(got), len(want), got)
		})
		got, held := n.aside(t), n.venueIDs(t)
		for id, refusal := range want {
			a, ok := got[id]
			switch {
			case !ok:
				t.Errorf("%s: forged session %s (%s) not aside", name, id, refusal)
			case verify.Refusal(a.Refusal) != refusal || a.Detail == "":
				t.Errorf("%s: forged session %s aside as %q (%s), want %q", name, id, a.Refusal, a.Detail, refusal)
			case a.Event.Kiosk != ka.ID() || !strings.HasPrefix(a.Event.Table, "A elbaT") && a.Event.Table != "Table A":
				t.Errorf("%s: forged session %s aside from %s %q, want table A", name, id, a.Event.Kiosk, a.Event.Table)
			}
			if strings.ContainsAny(a.Event.Table+a.Event.Seats[1].Nickname, "\u202e\x07\x1b") {
				t.Errorf("%s: names aside not cleaned: %q, %q", name, a.Event.Table, a.Event.Seats[1].Nickname)
			}
			if _, ok := held[id]; ok {
				t.Errorf("%s holds forged session %s (%s) as a venue session", name, id, refusal)
			}
		}
		if name != "hub" {
			// The table's staff screen lists them (Desk.Status).
			shown, count, err := deskAsides(context.Background(), n.d)
			if err != nil || count != len(want) || len(shown) != deskAside || shown[0].Refusal == "" ||
				shown[0].Table != "Table A" && shown[0].Table != "A elbaT" {
				t.Errorf("%s's staff screen: %d aside (%v), showing %+v", name, count, err, shown)
			}
		}
		// Rated: anja won both her honest games at A, bernd none of his
		// three (the forged wins not counted), carla hers at B.
		if board := n.winsBoard(t); board != "anja:2:2 bernd:3:0 carla:1:1" {
			t.Errorf("%s's venue board (name:games:wins) %q, want the honest games only", name, board)
		}
	}
}

// winsBoard is n's venue board of every game as "name:games:wins", sorted
// by name, persons only.
func (n *node) winsBoard(t *testing.T) string {
	t.Helper()
	board, err := n.d.VenueLeaderboard(context.Background(), "", time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range board {
		if !s.Guest {
			out = append(out, fmt.Sprintf("%s:%d:%d", s.Nickname, s.Games, s.Wins))
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// The loaders' check (the hub's loader, the mirrors', both copy checks)
// marks for keeping aside the session events whose results do not follow
// from their moves, and those without moves; it leaves the honest
// sessions, a shelf game's play, the other kinds of events and what is
// not an event at all (the database refuses that) as they are.
func TestTheLoadersCheckMarksWhatToKeepAside(t *testing.T) {
	g, err := gameOf([]int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	honest := db.SessionEvent{V: 2, Kiosk: "k", Table: "A", ID: "s", Game: "canoe", Seed: 7, Reason: g.result.Reason,
		Seats: []db.EventSeat{{Kind: session.Guest, Score: g.result.Scores[0], Rank: 1, Winner: true}, {Kind: session.Guest, Score: g.result.Scores[1], Rank: 2}}}
	for _, m := range g.moves {
		honest.Moves = append(honest.Moves, m.JSON)
	}
	forged := honest
	forged.Seats = []db.EventSeat{honest.Seats[1], honest.Seats[0]}
	old := honest
	old.V, old.Moves = 1, nil
	sheet := db.SessionEvent{V: 2, Kiosk: "k", ID: "t", Game: "sheet", Options: map[string]string{"sheet": "staff-own"},
		Seats: []db.EventSeat{{Kind: session.Guest, Score: 99, Rank: 1, Winner: true}}}
	events := []any{honest, forged, old, sheet, db.PlayerEvent{V: 1, Event: "player", Kiosk: "k", Action: db.PlayerRenamed}}
	var raw []db.RawEvent
	for i, e := range events {
		body, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		raw = append(raw, db.RawEvent{ID: fmt.Sprint(i), Body: body})
	}
	raw = append(raw, db.RawEvent{ID: "junk", Body: []byte("{")})
	var logged []string
	newReplayer(func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }).check(raw, "test")
	want := []string{"", string(verify.WrongResult), string(verify.Unverified), "", "", ""}
	for i, r := range raw {
		got := ""
		if r.Aside != nil {
			got = r.Aside.Refusal
		}
		if got != want[i] {
			t.Errorf("event %s kept aside as %q, want %q (%+v)", r.ID, got, want[i], r.Aside)
		}
	}
	if len(logged) != 2 || !strings.Contains(logged[0], `table "A" kept aside: wrong-result`) {
		t.Errorf("logged %q", logged)
	}
}
