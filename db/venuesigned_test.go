package db

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// phone is a known player's phone: the player key the table sees, and a
// signing key it never sees.
type phone struct {
	key  string
	sign ed25519.PrivateKey
}

// newPhone is the phone of name, as venueKioskFixture's players hold
// it: one player key and one signing key at every table.
func newPhone(name string) phone {
	seed := sha256.Sum256([]byte("signing key of " + name))
	return phone{key: name + "-0123456789abcdefghijkl", sign: ed25519.NewKeyFromSeed(seed[:])}
}

// signPlays signs, as each player's phone would, every play of f whose
// event waits for its players' signatures.
func signPlays(t *testing.T, f *fixture) {
	t.Helper()
	ctx := context.Background()
	rows, err := f.d.r.QueryContext(ctx, "SELECT session_id FROM venue_outbox_held")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		var ev SessionEvent
		err := f.d.inTx(ctx, "test", func(tx *sql.Tx) error {
			var err error
			_, ev, err = heldEvent(ctx, tx, id)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range ev.Seats {
			if awaitsSignature(ev.Game, st) {
				p := newPhone(st.Nickname)
				if err := f.d.SignResult(ctx, id, i, p.keyHash(), p.pub(), wire.SignResult(p.sign, ev.Statement(i))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func (p phone) keyHash() string {
	sum := sha256.Sum256([]byte(p.key))
	return hex.EncodeToString(sum[:])
}

func (p phone) pub() string { return wire.EncodeSignKey(p.sign.Public().(ed25519.PublicKey)) }

// shownResult is the statement a phone builds from what its final view
// showed of the play: here, the play the test made.
func shownResult(kiosk, session string, res engine.Result, signer int) wire.ResultStatement {
	st := wire.ResultStatement{Kiosk: kiosk, Session: session, Game: SheetGame, Sheet: "7wonders", Title: "7 Wonders",
		Reason: res.Reason, Signer: signer}
	for i := range res.Scores {
		won := false
		for _, w := range res.Winners {
			won = won || int(w) == i
		}
		st.Seats = append(st.Seats, wire.SeatResult{Score: res.Scores[i], Rank: res.Ranks[i], Winner: won})
	}
	return st
}

// credits is the venue's 7 Wonders board at d: each person's plays and
// wins, by nickname; and the plays counted, guests' included.
func credits(t *testing.T, d *DB) (map[string][2]int, int) {
	t.Helper()
	b, err := d.VenueTitleBoard(context.Background(), "7 Wonders")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]int{}
	for _, s := range b.Standings {
		out[s.Nickname] = [2]int{s.Plays, s.Wins}
	}
	return out, b.Plays
}

// A shelf game's play cannot be replayed, so the venue credits a known
// player only with a result that player's phone signed (docs/venue.md,
// "Signed shelf results"). The honest path: the event waits while the
// phones sign, then carries both signatures, and the hub credits both.
// The attacks, each at a hub of its own: the kiosk that knows every key
// and token it was sent forges a play (unsigned, or signed with its own
// key under a player's token); a signature moved to another session, to
// another seat, or kept over another result; a play replayed.
func TestVenueCreditsOnlySignedShelfResults(t *testing.T) {
	ctx := context.Background()
	k := venueKioskFixture(t, "Table 1", "anja", "bernd")
	anja, bernd := newPhone("anja"), newPhone("bernd")
	res := engine.RankByScores([]int{50, 40}, "sheet-complete")
	s, err := k.d.CreateSession(ctx, session.Record{TableID: k.table.ID, Game: SheetGame,
		Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, Seats: k.persons(0, 1), StartedAt: t0.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := k.d.Finish(ctx, s.ID, res, t0); err != nil {
		t.Fatal(err)
	}
	if evs := outbox(t, k); len(evs) != 0 {
		t.Fatalf("the play's event was sent before its players signed: %d events", len(evs))
	}
	kiosk, ok, err := k.d.SignAsk(ctx, s.ID)
	if err != nil || !ok || kiosk == "" {
		t.Fatalf("SignAsk = %q, %v, %v; want the table's venue id", kiosk, ok, err)
	}
	// Refusals at the table: another seat's signature, another result.
	if err := k.d.SignResult(ctx, s.ID, 1, anja.keyHash(), anja.pub(), wire.SignResult(anja.sign, shownResult(kiosk, s.ID, res, 1))); err == nil {
		t.Error("anja's phone signed bernd's seat")
	}
	lie := shownResult(kiosk, s.ID, res, 0)
	lie.Seats[1].Score = 45
	if err := k.d.SignResult(ctx, s.ID, 0, anja.keyHash(), anja.pub(), wire.SignResult(anja.sign, lie)); err == nil {
		t.Error("a signature of results the table did not record was kept")
	}
	for i, p := range []phone{anja, bernd} {
		if err := k.d.SignResult(ctx, s.ID, i, p.keyHash(), p.pub(), wire.SignResult(p.sign, shownResult(kiosk, s.ID, res, i))); err != nil {
			t.Fatalf("seat %d signs: %v", i, err)
		}
	}
	evs := outbox(t, k)
	if len(evs) != 1 {
		t.Fatalf("once both signed, %d events to send; want the play's", len(evs))
	}
	if _, ok, _ := k.d.SignAsk(ctx, s.ID); ok {
		t.Error("the table still asks signatures of a play whose event left")
	}
	var honest SessionEvent
	if err := json.Unmarshal(evs[0].Body, &honest); err != nil {
		t.Fatal(err)
	}
	for i, st := range honest.Seats {
		if st.Sign == nil || st.Sign.Key == "" {
			t.Fatalf("seat %d of the event carries no signature: %+v", i, st)
		}
	}

	hub := func(events ...SessionEvent) *DB {
		d := openTemp(t)
		for i, ev := range events {
			body, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.LoadVenueEvent(ctx, "e"+string(rune('0'+i)), body, t0); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	if got, plays := credits(t, hub(honest)); plays != 1 || got["anja"] != [2]int{1, 1} || got["bernd"] != [2]int{1, 0} {
		t.Fatalf("the signed play at the hub: %v (%d plays); want anja 1 play 1 win, bernd 1 play", got, plays)
	}

	// Another play, as the tampered kiosk writes it: bernd wins, 99 to 0.
	forged := func() SessionEvent {
		var ev SessionEvent
		b, _ := json.Marshal(honest)
		_ = json.Unmarshal(b, &ev)
		ev.ID = "0190a0c0-0000-7000-8000-00000000f0f0"
		ev.EndedAt, ev.At = ev.EndedAt.Add(time.Hour), ev.At.Add(time.Hour)
		ev.Seats[0].Score, ev.Seats[0].Rank, ev.Seats[0].Winner = 0, 2, false
		ev.Seats[1].Score, ev.Seats[1].Rank, ev.Seats[1].Winner = 99, 1, true
		return ev
	}
	rogue := newPhone("rogue") // the kiosk's own signing key
	for _, c := range []struct {
		name string
		ev   func() SessionEvent
	}{
		{"unsigned", func() SessionEvent {
			ev := forged()
			ev.Seats[0].Sign, ev.Seats[1].Sign = nil, nil
			return ev
		}},
		{"signatures kept over another result", forged},
		{"signed by the kiosk under the players' tokens", func() SessionEvent {
			ev := forged()
			for i := range ev.Seats {
				ev.Seats[i].Sign = &SeatSign{Token: ev.Seats[i].Keys[0], Key: rogue.pub(), Sig: wire.SignResult(rogue.sign, ev.Statement(i))}
			}
			return ev
		}},
		{"signatures moved to another session", func() SessionEvent {
			ev := forged()
			ev.Seats = honest.Seats // the honest results and signatures, under another session's id
			return ev
		}},
		{"signatures moved to the other seat", func() SessionEvent {
			ev := forged()
			ev.Seats[0].Sign, ev.Seats[1].Sign = honest.Seats[1].Sign, honest.Seats[0].Sign
			return ev
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := hub(honest, c.ev())
			got, plays := credits(t, d)
			if plays != 2 {
				t.Fatalf("%d plays on the board; want the honest one and the forged one (as guests')", plays)
			}
			if got["bernd"][1] != 0 || got["anja"][0] > 1 {
				t.Errorf("the forged play was credited: %v", got)
			}
			sessions, err := d.VenueSessions(ctx, time.Time{}, SheetGame)
			if err != nil {
				t.Fatal(err)
			}
			for _, vs := range sessions {
				if vs.Event.ID != honest.ID {
					for i, st := range vs.Event.Seats {
						if st.Sign != nil && st.Sign.Key != rogue.pub() {
							t.Errorf("seat %d of the forged play kept a player's signature: %+v", i, st.Sign)
						}
					}
				}
			}
		})
	}

	// A forget takes the player's signature with them: the public key
	// links a phone's seats as its token does.
	if err := k.d.ForgetPlayer(ctx, k.players[0].ID); err != nil {
		t.Fatal(err)
	}
	for _, e := range outbox(t, k) {
		if e.Kind == "session" && (strings.Contains(string(e.Body), anja.pub()) || !strings.Contains(string(e.Body), bernd.pub())) {
			t.Errorf("after anja's forget the event reads %s", e.Body)
		}
		var ev SessionEvent // its seats still a list (they were a string before the fix of forgetInVenue)
		if err := json.Unmarshal(e.Body, &ev); e.Kind == "session" && err != nil {
			t.Errorf("after anja's forget the event does not read: %v", err)
		}
	}

	// A replay of the signed play is the same session: loaded once.
	d := hub(honest)
	body, _ := json.Marshal(honest)
	if added, err := d.LoadVenueEvent(ctx, "again", body, t0); err != nil || added {
		t.Errorf("the signed play replayed: added %v, %v", added, err)
	}
	if got, plays := credits(t, d); plays != 1 || got["anja"] != [2]int{1, 1} {
		t.Errorf("after the replay: %v (%d plays)", got, plays)
	}
}

// A play's event held for signatures leaves when the table starts its
// next session, and when the kiosk's venue starts again, signed or not.
func TestHeldShelfEventsLeaveWhenTheTableMovesOn(t *testing.T) {
	ctx := context.Background()
	k := venueKioskFixture(t, "Table 1", "anja", "bernd")
	res := engine.RankByScores([]int{50, 40}, "sheet-complete")
	k.playSheet(t, "7 Wonders", "7wonders", k.persons(0, 1), res, t0)
	if n := len(outbox(t, k)); n != 0 {
		t.Fatalf("%d events sent before the players signed", n)
	}
	k.playSheet(t, "7 Wonders", "7wonders", k.persons(0, 1), res, t0.Add(time.Hour))
	evs := outbox(t, k)
	if len(evs) != 1 || !strings.Contains(string(evs[0].Body), `"player"`) {
		t.Fatalf("after the next play: %d events; want the first play's, unsigned", len(evs))
	}
	if err := k.d.ReleaseHeldEvents(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(outbox(t, k)); n != 2 {
		t.Errorf("after the publisher's start: %d events; want both plays'", n)
	}
	// A table game's event is never held.
	k.play(t, "canoe", k.persons(0, 1), []int{1, 0}, t0.Add(2*time.Hour))
	if n := len(outbox(t, k)); n != 3 {
		t.Errorf("a Canoë game's event held: %d events", n)
	}
}
