package db

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// A forged session event (the audit's: names of 10,000 characters, RTL
// overrides and control bytes) loads with its names cleaned by the
// phones' rule, at every loader; so does a hello's table name.
func TestVenueNamesAreCleanedAtTheLoader(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	f.play(t, "canoe", append(f.persons(0, 1), session.Seat{Kind: session.Guest, Name: "Zoé"}), []int{3, 1, 2}, t0)
	pending, err := f.d.PendingEvents(ctx, 10)
	if err != nil || len(pending) != 1 {
		t.Fatalf("pending %+v, %v", pending, err)
	}
	var ev SessionEvent
	if err := json.Unmarshal(pending[0].Body, &ev); err != nil {
		t.Fatal(err)
	}
	ev.Table = "Table\u202e 1\x07"
	ev.Seats[0].Nickname = "\u202egnp.exe\x00" + strings.Repeat("A", 10_000)
	ev.Seats[2].Name = "Zo\u0065\u0301\x1b[31m"
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	other := openTemp(t)
	if res, err := other.LoadVenueEvents(ctx, []RawEvent{{ID: pending[0].ID, Body: body, From: ev.Kiosk}}, t0); err != nil || len(res) != 1 || !res[0].Added {
		t.Fatalf("the forged event: %+v %v", res, err)
	}
	got, err := other.VenueSessions(ctx, t0.AddDate(0, 0, -1), "")
	if err != nil || len(got) != 1 {
		t.Fatalf("venue sessions %+v, %v", got, err)
	}
	loaded := got[0].Event
	names := []string{loaded.Table, loaded.Seats[0].Nickname, loaded.Seats[2].Name}
	for _, n := range names {
		if _, bad := wire.CleanName(n); bad != nil {
			t.Errorf("loaded name %q breaks the phones' rule: %v", n, bad)
		}
		for _, r := range n {
			if !unicode.IsPrint(r) {
				t.Errorf("loaded name %q holds %U", n, r)
			}
		}
	}
	if loaded.Table != "Table 1" || loaded.Seats[2].Name != "Zoé[31m" || !strings.HasPrefix(loaded.Seats[0].Nickname, "gnp.exeAAA") {
		t.Errorf("cleaned names %q", names)
	}
	if _, err := other.NoteVenueKiosk(ctx, ev.Kiosk, "Bar\u202e\x01", 0, t0); err != nil {
		t.Fatal(err)
	}
	kiosks, err := other.VenueKiosks(ctx)
	if err != nil || len(kiosks) != 1 || kiosks[0].Table != "Bar" {
		t.Errorf("a hello's table name: %+v %v, want Bar", kiosks, err)
	}
}
