package db

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// signedPlay is a play of 7 Wonders at k, anja and bernd's phones signing
// it: its event as it leaves the table.
func signedPlay(t *testing.T, k *fixture) SessionEvent {
	t.Helper()
	ctx := context.Background()
	res := engine.RankByScores([]int{50, 40}, "sheet-complete")
	s, err := k.d.CreateSession(ctx, session.Record{TableID: k.table.ID, Game: SheetGame,
		Options: map[string]string{"sheet": "7wonders", "title": "7 Wonders"}, Seats: k.persons(0, 1), StartedAt: t0.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := k.d.Finish(ctx, s.ID, res, t0); err != nil {
		t.Fatal(err)
	}
	signPlays(t, k)
	evs := outbox(t, k)
	if len(evs) != 1 {
		t.Fatalf("%d events after the phones signed; want the play's", len(evs))
	}
	var ev SessionEvent
	if err := json.Unmarshal(evs[0].Body, &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// The staff are shown what the boards do (issue 41): a token a lying
// table signed for with its own key is contested, with both keys and the
// tables that relayed each; a seat whose phone did not sign is a guest's.
// Before this change nothing said so: the seats were counted as guests
// silently.
func TestTheStaffSeeContestedTokensAndUnsignedSeats(t *testing.T) {
	ctx := context.Background()
	k := venueKioskFixture(t, "Table 1", "anja", "bernd")
	honest := signedPlay(t, k)
	copyOf := func(id string, hours int) SessionEvent {
		var ev SessionEvent
		b, _ := json.Marshal(honest)
		_ = json.Unmarshal(b, &ev)
		ev.ID = id
		ev.EndedAt, ev.At = ev.EndedAt.Add(time.Duration(hours)*time.Hour), ev.At.Add(time.Duration(hours)*time.Hour)
		return ev
	}
	// The rogue table signs anja's seat with its own key: anja's token
	// is contested. Bernd's seat it leaves unsigned.
	rogue := newPhone("rogue")
	forged := copyOf("0190a0c0-0000-7000-8000-00000000f0f0", 1)
	forged.Kiosk, forged.Table = "k-rogue", "Table 9"
	forged.Seats[0].Sign = &SeatSign{Token: forged.Seats[0].Keys[0], Key: rogue.pub(), Sig: wire.SignResult(rogue.sign, forged.Statement(0))}
	forged.Seats[1].Sign = nil

	d := openTemp(t)
	if n, err := d.VenueContestedCount(ctx); err != nil || n != 0 {
		t.Fatalf("before any play: %d contested, %v", n, err)
	}
	for i, ev := range []SessionEvent{honest, forged} {
		body, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.LoadVenueEvent(ctx, fmt.Sprintf("e%d", i), body, t0); err != nil {
			t.Fatal(err)
		}
	}
	list, err := d.VenueContested(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := d.VenueContestedCount(ctx); err != nil || n != len(list) {
		t.Errorf("VenueContestedCount = %d, %v; want %d, as VenueContested", n, err, len(list))
	}
	if len(list) != 1 {
		t.Fatalf("contested tokens %+v; want anja's alone", list)
	}
	c := list[0]
	if c.Token != honest.Seats[0].Keys[0] || c.Plays != 2 || len(c.Names) != 1 || c.Names[0] != "anja" || len(c.Keys) != 2 {
		t.Fatalf("contested %+v; want anja's token, 2 plays, 2 keys", c)
	}
	if !c.Last.Equal(forged.OrderAt()) {
		t.Errorf("latest play %v; want the forged one's %v", c.Last, forged.OrderAt())
	}
	tables := map[string]int{}
	for _, key := range c.Keys {
		if len(key.Short) != 12 || key.Short == newPhone("anja").pub()[:12] {
			t.Errorf("key shown as %q; want a 12-digit fingerprint, not the key", key.Short)
		}
		for _, tb := range key.Tables {
			tables[tb.Table] += tb.Plays
			if len(key.Tables) != 1 {
				t.Errorf("key %s relayed by %+v; want one table each", key.Short, key.Tables)
			}
		}
	}
	if tables["Table 1"] != 1 || tables["Table 9"] != 1 {
		t.Errorf("tables involved %v; want Table 1 and Table 9 once each", tables)
	}

	un, err := d.VenueUncredited(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[int]string{
		honest.ID: {0: SeatContested},
		forged.ID: {0: SeatContested, 1: SeatUnsigned},
	}
	if fmt.Sprint(un) != fmt.Sprint(want) {
		t.Errorf("uncredited seats %v; want %v", un, want)
	}
	// What the page says is what the board does: bernd is credited with
	// his signed play only, anja with none.
	if got, plays := credits(t, d); plays != 2 || got["anja"][0] != 0 || got["bernd"] != [2]int{1, 0} {
		t.Errorf("the board %v (%d plays); want bernd's signed play alone credited", got, plays)
	}
}
