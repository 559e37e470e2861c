package server

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/catalog/catalogtest"
	"github.com/tablee/tablee/proto/wire"
)

// illegalFirst is, for each game, a move no seat may make at the start.
var illegalFirst = map[string]engine.Move{
	canyon.ID:     canyon.Tempo(1), // canoes are placed first
	canyonduel.ID: canyonduel.Move{Kind: canyonduel.KindStep, Path: []canyonduel.Cell{{Col: 5, Row: 3}, {Col: 5, Row: 4}}},
	canoe.ID:      canoe.Remove(canoe.Hole{Row: 2, Col: 2}),
	canaille.ID:   canaille.Move{Kind: canaille.KindDrawDeck},
}

// seatedGuests opens a table of game with n guest seats and seats a phone
// on each (seated).
func seatedGuests(t *testing.T, game string, n int) (*table, []*phone, engine.Seat, engine.View) {
	t.Helper()
	tb := newTable(t, game, guests(n))
	phones, turn, view := seated(t, tb, n)
	return tb, phones, turn, view
}

// seated joins one phone per seat of a game of tb and returns them by seat
// with the seat whose turn it is and that seat's view as its phone read it.
func seated(t *testing.T, tb *table, n int) ([]*phone, engine.Seat, engine.View) {
	t.Helper()
	phones := make([]*phone, n)
	views := make([]wire.Message, n)
	for i := range n {
		p := tb.dial(t)
		w := p.join(tb, fmt.Sprintf("P%d", i+1))
		phones[*w.Seat] = p
	}
	// Each join after theirs sends a phone a view of the seats; the last
	// one says nobody is awaited.
	for i := range n - 1 {
		for views[i] = phones[i].expect(wire.TypeView); views[i].Waiting > 0; {
			views[i] = phones[i].expect(wire.TypeView)
		}
	}
	phones[n-1].send(wire.Message{Type: wire.TypeSync})
	views[n-1] = phones[n-1].expect(wire.TypeView)
	rules := tb.sess.Game()
	for i, m := range views {
		v, err := engine.DecodeView(rules, m.View)
		if err != nil {
			t.Fatal(err)
		}
		if v.Turn() == engine.Seat(i) {
			return phones, engine.Seat(i), v
		}
	}
	t.Fatal("no seat is to move")
	return nil, 0, nil
}

// quiet checks that p is sent nothing before the answer to a ping: no
// view, so no move was played.
func (p *phone) quiet() {
	p.t.Helper()
	p.send(wire.Message{Type: wire.TypePing, Ref: "quiet?"})
	if m := p.expect(wire.TypePong); m.Ref != "quiet?" {
		p.t.Fatalf("pong %+v", m)
	}
}

// In every game a phone asks "why not?" of a move and is answered from
// its seat's view, legal or with the rule and its numbers, without the
// move being played; another seat's move is not its to explain.
func TestExplainAnswersEveryGame(t *testing.T) {
	catalogtest.Covers(t, "illegalFirst (kiosk/server/explain_test.go)", illegalFirst)
	for _, info := range catalog.Registry().Infos() {
		t.Run(info.ID, func(t *testing.T) {
			bad, ok := illegalFirst[info.ID]
			if !ok {
				t.Fatalf("%s: no entry in illegalFirst (kiosk/server/explain_test.go): a move no seat may make at the start", info.ID)
			}
			tb, phones, turn, view := seatedGuests(t, info.ID, info.MinSeats)
			p := phones[turn]
			legal, _ := json.Marshal(view.Legal()[0])
			p.send(wire.Message{Type: wire.TypeExplain, Ref: "ok", Move: legal})
			if m := p.expect(wire.TypeExplain); m.Ref != "ok" || m.Legal == nil || !*m.Legal || m.Rule != "" {
				t.Fatalf("legal move explained %+v", m)
			}
			want := engine.Explain(tb.sess.Game(), view, turn, bad)
			if want.Legal || want.Rule == "" {
				t.Fatalf("%v is legal at the start", bad)
			}
			js, _ := json.Marshal(bad)
			p.send(wire.Message{Type: wire.TypeExplain, Ref: "why", Move: js})
			m := p.expect(wire.TypeExplain)
			if m.Ref != "why" || m.Legal == nil || *m.Legal || m.Rule != want.Rule || fmt.Sprint(m.Args) != fmt.Sprint(jsonArgs(t, want.Args)) {
				t.Fatalf("illegal move explained %+v, want %+v", m, want)
			}
			p.quiet()
			other := phones[(int(turn)+1)%len(phones)]
			other.send(wire.Message{Type: wire.TypeExplain, Move: legal})
			if m := other.expect(wire.TypeExplain); m.Legal == nil || *m.Legal || m.Rule != engine.RuleNotYourTurn {
				t.Fatalf("another seat's move explained %+v", m)
			}
			// Out of turn, even a move that cannot be read is answered
			// not-your-turn, as the protocol says (the audit got an
			// error); the seat to move gets bad-move for it.
			other.send(wire.Message{Type: wire.TypeExplain, Move: json.RawMessage(`{"kind":"fly"}`)})
			if m := other.expect(wire.TypeExplain); m.Legal == nil || *m.Legal || m.Rule != engine.RuleNotYourTurn || fmt.Sprint(m.Args["Turn"]) != fmt.Sprint(int(turn)+1) {
				t.Fatalf("an unreadable move out of turn explained %+v, want not-your-turn with Turn %d", m, int(turn)+1)
			}
			p.send(wire.Message{Type: wire.TypeExplain, Move: json.RawMessage(`{"kind":"fly"}`)})
			p.expectError(wire.BadMove)
			if tb.sess.Moves() != 0 {
				t.Fatalf("explaining played %d moves", tb.sess.Moves())
			}
		})
	}
}

// jsonArgs is args as they read back from JSON (numbers as float64).
func jsonArgs(t *testing.T, args map[string]any) map[string]any {
	t.Helper()
	if args == nil {
		return nil
	}
	data, _ := json.Marshal(args)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// In every game the seat to move gets a hint: a legal move of its view,
// counted in the session's record, and nothing is played; a seat not to
// move is refused with the rule not-your-turn.
func TestHintAnswersEveryGame(t *testing.T) {
	for _, info := range catalog.Registry().Infos() {
		t.Run(info.ID, func(t *testing.T) {
			tb, phones, turn, view := seatedGuests(t, info.ID, info.MinSeats)
			other := phones[(int(turn)+1)%len(phones)]
			other.send(wire.Message{Type: wire.TypeHint, Ref: "me?"})
			if e := other.expectError(wire.NotYourTurn); e.Rule != engine.RuleNotYourTurn {
				t.Errorf("hint out of turn refused with rule %q", e.Rule)
			}
			p := phones[turn]
			p.send(wire.Message{Type: wire.TypeHint, Ref: "help"})
			m := p.expect(wire.TypeHint)
			mv, err := tb.sess.Game().DecodeMove(m.Move)
			if err != nil || m.Ref != "help" || m.Hints != 1 {
				t.Fatalf("hint %+v: %v", m, err)
			}
			if ex := engine.Explain(tb.sess.Game(), view, turn, mv); !ex.Legal {
				t.Fatalf("hint %v is not legal: %+v", mv, ex)
			}
			p.quiet()
			if tb.sess.Moves() != 0 {
				t.Fatalf("a hint played %d moves", tb.sess.Moves())
			}
			if got := tb.sess.Record().Seats[turn].Hints; got != 1 {
				t.Errorf("record counts %d hints", got)
			}
		})
	}
}
