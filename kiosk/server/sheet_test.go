package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/proto/wire"
)

// viewAt reads p's frames up to its view of version v, which it returns.
func viewAt(t *testing.T, p *phone, v int64) []byte {
	t.Helper()
	for {
		m, err := p.recv()
		if err != nil {
			t.Fatalf("waiting for the view of version %d: %v", v, err)
		}
		if m.Type == wire.TypeView && m.Version >= v {
			return m.View
		}
	}
}

// TestASheetsPrivateLinesStayOffTheWire plays a score sheet with private
// lines (Skull King's bids) through the server: a bid written by one
// phone is in no other phone's frame, nor in the table's view, until the
// reveal; a phone cannot write another seat's line.
func TestASheetsPrivateLinesStayOffTheWire(t *testing.T) {
	tb := newTableOf(t, hosttest.NewStore(), catalog.Plays(), host.StartRequest{TableID: 1, Game: sheet.ID,
		Options: map[string]string{sheet.OptionSheet: "skullking", sheet.OptionTitle: "Skull King"}, Seats: guests(3)}, unthrottled)
	phones := make([]*phone, 3)
	for i := range phones {
		phones[i] = tb.dial(t)
		phones[i].join(tb, fmt.Sprint("P", i))
	}
	enter := func(p *phone, seat, value int) {
		data, _ := json.Marshal(sheet.Enter(engine.Seat(seat), "bid", 1, value))
		p.send(wire.Message{Type: wire.TypeMove, Move: data})
	}
	const bid = `{"seat":1,"category":"bid","round":1,"value":7}`
	enter(phones[1], 1, 7)
	if got := viewAt(t, phones[1], 1); !bytes.Contains(got, []byte(bid)) {
		t.Errorf("seat 1 does not see its own bid: %s", got)
	}
	for _, i := range []int{0, 2} {
		if got := viewAt(t, phones[i], 1); bytes.Contains(got, []byte(`"value":7`)) || !bytes.Contains(got, []byte(`"hidden":true`)) {
			t.Errorf("seat %d received the bid before the reveal: %s", i, got)
		}
	}
	if table, _ := json.Marshal(tb.sess.View(engine.Onlooker)); bytes.Contains(table, []byte(`"value":7`)) {
		t.Errorf("the table's view holds the bid before the reveal: %s", table)
	}
	// Seat 0 cannot write seat 1's bid.
	data, _ := json.Marshal(sheet.Enter(1, "bid", 1, 0))
	phones[0].send(wire.Message{Type: wire.TypeMove, Move: data})
	if e := errorAfterViews(t, phones[0]); e.Code != wire.IllegalMove || e.Rule != sheet.RuleOwnSeat {
		t.Errorf("seat 0 writing seat 1's bid: %+v, want %s, rule %s", e, wire.IllegalMove, sheet.RuleOwnSeat)
	}
	enter(phones[0], 0, 1)
	enter(phones[2], 2, 0)
	// Two phones' moves race: reveal once the table applied both.
	viewAt(t, phones[0], 3)
	reveal, _ := json.Marshal(sheet.Move{Kind: sheet.KindReveal, Category: "bid", Round: 1})
	phones[0].send(wire.Message{Type: wire.TypeMove, Move: reveal})
	for i, p := range phones {
		if got := viewAt(t, p, 4); !bytes.Contains(got, []byte(bid)) {
			t.Errorf("seat %d after the reveal: %s", i, got)
		}
	}
}

// errorAfterViews reads p's frames up to its next error, past the views
// of the seats' changes.
func errorAfterViews(t *testing.T, p *phone) *wire.Error {
	t.Helper()
	for {
		m, err := p.recv()
		if err != nil {
			t.Fatalf("waiting for an error: %v", err)
		}
		if m.Type == wire.TypeError && m.Error != nil {
			return m.Error
		}
		if m.Type != wire.TypeView {
			t.Fatalf("got %s while waiting for an error", m.Type)
		}
	}
}

// TestAPhoneWritesOnlyItsOwnSeatWhateverItSends: a phone's entries,
// reveals and stops for another seat are refused at the wire however the
// message is dressed — another seat named in the move, the seat named
// twice or in another case or type, a field the move has not, a seat
// named beside the move — and nothing of another seat is ever written.
func TestAPhoneWritesOnlyItsOwnSeatWhateverItSends(t *testing.T) {
	tb := newTableOf(t, hosttest.NewStore(), catalog.Plays(), host.StartRequest{TableID: 1, Game: sheet.ID,
		Options: map[string]string{sheet.OptionSheet: "7wonders", sheet.OptionTitle: "7 Wonders"}, Seats: guests(3)}, unthrottled)
	phones := make([]*phone, 3)
	for i := range phones {
		phones[i] = tb.dial(t)
		phones[i].join(tb, fmt.Sprint("P", i))
	}
	p := phones[2] // seat 2 tampers with its messages
	seat1 := engine.Seat(1)
	for _, tc := range []struct {
		name string
		move string
		seat *engine.Seat // a seat beside the move, in the message
		code string
		rule string
	}{
		{"another seat's line", `{"kind":"enter","seat":1,"category":"wonder","value":5}`, nil, wire.IllegalMove, sheet.RuleOwnSeat},
		{"the table's reveal", `{"kind":"reveal","seat":0,"category":"wonder"}`, nil, wire.IllegalMove, sheet.RuleOwnSeat},
		{"the table's stop", `{"kind":"stop","seat":0}`, nil, wire.IllegalMove, sheet.RuleOwnSeat},
		{"the seat twice", `{"kind":"enter","seat":2,"seat":1,"category":"wonder","value":5}`, nil, wire.BadJSON, ""},
		// Read as seat 1 (the engine's moves are read case-blind), and
		// refused for it.
		{"the seat in capitals", `{"kind":"enter","Seat":1,"category":"wonder","value":5}`, nil, wire.IllegalMove, sheet.RuleOwnSeat},
		{"the seat as text", `{"kind":"enter","seat":"1","category":"wonder","value":5}`, nil, wire.BadMove, ""},
		{"the seat as a fraction", `{"kind":"enter","seat":1.5,"category":"wonder","value":5}`, nil, wire.BadMove, ""},
		{"a field of its own", `{"kind":"enter","seat":2,"as":1,"category":"wonder","value":5}`, nil, wire.BadMove, ""},
		{"a seat beyond the table", `{"kind":"enter","seat":7,"category":"wonder","value":5}`, nil, wire.IllegalMove, sheet.RuleOwnSeat},
		{"a seat beside the move", `{"kind":"enter","seat":1,"category":"wonder","value":5}`, &seat1, "", ""},
	} {
		p.send(wire.Message{Type: wire.TypeMove, Move: json.RawMessage(tc.move), Seat: tc.seat})
		e := errorAfterViews(t, p)
		if tc.code != "" && (e.Code != tc.code || e.Rule != tc.rule) {
			t.Errorf("%s: %+v, want %s, rule %q", tc.name, e, tc.code, tc.rule)
		}
		if tc.code == "" && e.Code != wire.IllegalMove && e.Code != wire.BadJSON && e.Code != wire.BadMove {
			t.Errorf("%s: %+v, want a refusal", tc.name, e)
		}
	}
	// Seat 2's own line goes through; nobody else's line was written.
	p.send(wire.Message{Type: wire.TypeMove, Move: json.RawMessage(`{"kind":"enter","seat":2,"category":"wonder","value":5}`)})
	viewAt(t, phones[1], 1)
	v := tb.sess.View(engine.Onlooker).(*sheet.View)
	if len(v.Cells) != 1 || v.Cells[0] != (sheet.Cell{Seat: 2, Category: "wonder", Value: 5}) {
		t.Errorf("the sheet holds %+v, want seat 2's wonder only", v.Cells)
	}
}
