package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/proto/wire"
)

// TestEncodeViewIsEncodeView plays random games of every game and checks,
// for every seat and the table after each move, that the hand-wrapped view
// is byte for byte engine.EncodeView's and its hash the SHA-256 of them.
func TestEncodeViewIsEncodeView(t *testing.T) {
	games := catalog.Registry()
	for _, id := range games.IDs() {
		rules, err := games.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		info := rules.Info()
		for _, seats := range []int{info.MinSeats, info.MaxSeats} {
			s, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: uint64(seats)})
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(7, 7)
			for ply := 0; ply < 120 && s.Turn() != engine.NoSeat; ply++ {
				viewers := []engine.Seat{engine.Onlooker}
				for i := range seats {
					viewers = append(viewers, engine.Seat(i))
				}
				for _, viewer := range viewers {
					v := s.View(viewer)
					want, err := engine.EncodeView(id, v)
					if err != nil {
						t.Fatal(err)
					}
					got, hash, err := encodeView(id, v)
					if err != nil {
						t.Fatal(err)
					}
					sum := sha256.Sum256(want)
					if !bytes.Equal(got, want) || hash != hex.EncodeToString(sum[:]) {
						t.Fatalf("%s ply %d %v:\n got %s\nwant %s", id, ply, viewer, got, want)
					}
				}
				legal := s.Legal()
				if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestViewFrameIsJSONMarshal checks that view frames are the bytes
// json.Marshal writes for the same message, whatever fields are set.
func TestViewFrameIsJSONMarshal(t *testing.T) {
	// As json.Marshal writes views: compact, HTML characters escaped.
	view := json.RawMessage(`{"v":1,"game":"canyon","viewer":2,"view":{"a":[1,2],"b":"x\u003cy\u0026z"}}`)
	events := []engine.Event{
		engine.Public("trick", 3, map[string]any{"cards": []int{1, 2}, "winner": 3, "note": "é<&>"}),
		{Type: "deal", Seat: 1, To: 1},
	}
	cases := []wire.Message{
		{Type: wire.TypeView, Game: "canyon", Version: 12, Hash: "ab12", View: view},
		{Type: wire.TypeView, Game: "canyon", Version: 0, Hash: "ab12", View: view, Waiting: 3},
		{Type: wire.TypeView, Ref: "17", Game: "canoe", Version: 3, Hash: "ff", View: view, Events: events, Over: true,
			Waiting: 1, Away: []engine.Seat{0, 4}, Names: []string{"Zoé", "", "a \"b\" <c>"}},
		{Type: wire.TypeView, Ref: "a \"quoted\" ref <with> & \\ \u2028 é \x01", Game: "canaille", Version: 9, Hash: "00",
			View: view, Events: events[:1]},
		{Type: wire.TypeView, Ref: "bad utf-8 \xff", Game: "canyon", Version: 1, Hash: "1", View: view, Away: []engine.Seat{}, Names: []string{}},
		{Type: wire.TypeView, Ref: "tb", Game: "canoe", Version: 4, Hash: "ab", View: view, Names: []string{"Zoé", "Max"},
			TakeBack: &wire.TakeBack{State: wire.TakeBackAsked, Seat: 0, Version: 4, Move: json.RawMessage(`{"kind":"place","to":"c3"}`)}},
		{Type: wire.TypeView},
	}
	for i, m := range cases {
		m.V = wire.Version
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var events []byte
		if len(m.Events) > 0 {
			if events, err = json.Marshal(m.Events); err != nil {
				t.Fatal(err)
			}
		}
		got, err := viewFrame(m, events)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

func TestViewFrameRefusesOtherMessages(t *testing.T) {
	seat := engine.Seat(1)
	for _, m := range []wire.Message{
		{Type: wire.TypeWelcome, Seat: &seat, Token: "t"},
		{Type: wire.TypeView, Token: "t"},
		{Type: wire.TypeView, Record: &wire.Record{}},
		{Type: wire.TypeView, Error: wire.Errorf(wire.Internal, "x")},
	} {
		if _, err := viewFrame(m, nil); err == nil {
			t.Errorf("%+v encoded as a view", m)
		}
	}
}

func TestEventsCacheEncodesASliceOnce(t *testing.T) {
	var c eventsCache
	a := []engine.Event{engine.Public("trick", 1, map[string]any{"winner": 1})}
	b := []engine.Event{engine.Public("trick", 2, map[string]any{"winner": 2})}
	for _, events := range [][]engine.Event{a, a, b, a[:0], a} {
		got, err := c.encode(events)
		if err != nil {
			t.Fatal(err)
		}
		var want []byte
		if len(events) > 0 {
			want, _ = json.Marshal(events)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%v encoded as %s, want %s", events, got, want)
		}
	}
	first, _ := c.encode(a)
	again, _ := c.encode(a)
	if &first[0] != &again[0] {
		t.Error("the same slice was encoded again")
	}
}

// TestViewFrameKnowsEveryMessageMember fails when wire.Message gains a
// member: viewFrame writes a view message by hand, so a new member must be
// written there (if views carry it) or refused, and listed here; else
// phones would silently never receive it.
func TestViewFrameKnowsEveryMessageMember(t *testing.T) {
	known := map[string]bool{
		// written in view frames
		"V": true, "Type": true, "Ref": true, "Game": true, "Version": true, "Hash": true, "View": true,
		"Events": true, "Over": true, "Waiting": true, "Away": true, "Names": true, "TakeBack": true,
		// refused: never in a view message
		"Code": true, "Name": true, "Key": true, "Token": true, "Move": true, "Seat": true, "Table": true,
		"Record": true, "Error": true, "Seats": true, "Free": true,
		"Legal": true, "Rule": true, "Args": true, "Hints": true, "Current": true, "Agree": true,
		"Text": true, "Lang": true, "Players": true, "Minutes": true, "Final": true, "CopyID": true, "Box": true, "Found": true,
		"Session": true, "Kiosk": true, "SignKey": true, "Sig": true, // sign-ask and sign (signed.go)
	}
	typ := reflect.TypeOf(wire.Message{})
	for i := range typ.NumField() {
		if f := typ.Field(i); !known[f.Name] {
			t.Errorf("wire.Message.%s is new: write it in viewFrame (frame.go) if views carry it, else refuse it there; then list it here", f.Name)
		}
	}
}
