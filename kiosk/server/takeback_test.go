package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// expectTakeBack waits for a view of version and checks where its
// take-back stands (state "" for none) and its ref.
func (p *phone) expectTakeBack(version int64, state string, seat engine.Seat, ref string) wire.Message {
	p.t.Helper()
	v := p.expect(wire.TypeView)
	got := ""
	if v.TakeBack != nil {
		got = v.TakeBack.State
	}
	if v.Version != version || got != state || v.Ref != ref {
		p.t.Fatalf("view v%d take-back %+v ref %q; want v%d %q ref %q", v.Version, v.TakeBack, v.Ref, version, state, ref)
	}
	if state != "" && (v.TakeBack.Seat != seat || v.TakeBack.Version != version || len(v.TakeBack.Move) == 0) {
		p.t.Fatalf("take-back %+v: want seat %v's move of version %d", v.TakeBack, seat, version)
	}
	return v
}

// expectRule waits for a refusal naming rule.
func (p *phone) expectRule(code, rule string) {
	p.t.Helper()
	if e := p.expectError(code); e.Rule != rule {
		p.t.Fatalf("refused with rule %q (%s), want %q", e.Rule, e.Message, rule)
	}
}

func agree(b bool) *bool { return &b }

// anjaPlacedAPeg is a Canoë table of two guests' phones, Anja's and
// Bernd's, once Anja has placed her first peg (ref m1): she may ask it
// back.
func anjaPlacedAPeg(t *testing.T) (*table, *phone, *phone) {
	t.Helper()
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	b.join(tb, "Bernd")
	a.expectSeats(0, nil)
	a.send(wire.Message{Type: wire.TypeMove, Ref: "m1", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	a.expectTakeBack(1, wire.TakeBackMay, 0, "m1")
	return tb, a, b
}

// TestPhonesAskAndAnswerTakeBacks: over the protocol, a seat asks back
// its own last move (the seat its token holds), the other refuses or
// agrees; a seat cannot ask back the other's move nor answer its own
// request; a request ends with the next move, and an answer or a request
// naming a move no longer the last is refused (takeback-stale).
func TestPhonesAskAndAnswerTakeBacks(t *testing.T) {
	tb, a, b := anjaPlacedAPeg(t)
	b.expectTakeBack(1, "", 0, "")

	b.send(wire.Message{Type: wire.TypeTakeBack, Ref: "steal", Version: 1})
	b.expectRule(wire.IllegalMove, engine.RuleTakeBackNotLast)
	a.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "self", Version: 1, Agree: agree(true)})
	a.expectRule(wire.IllegalMove, engine.RuleTakeBackNotAsked)

	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "tb1", Version: 1})
	a.expectTakeBack(1, wire.TakeBackAsked, 0, "tb1")
	if v := b.expectTakeBack(1, wire.TakeBackAsked, 0, ""); string(v.TakeBack.Move) != `{"kind":"place","to":"c3"}` {
		t.Errorf("the request names the move %s", v.TakeBack.Move)
	}
	a.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "own", Version: 1, Agree: agree(true)})
	a.expectRule(wire.IllegalMove, engine.RuleTakeBackNotAsked)

	b.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "no", Version: 1, Agree: agree(false)})
	b.expectTakeBack(1, wire.TakeBackRefused, 0, "no")
	a.expectTakeBack(1, wire.TakeBackRefused, 0, "")

	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "tb2", Version: 1})
	a.expectTakeBack(1, wire.TakeBackAsked, 0, "tb2")
	b.expectTakeBack(1, wire.TakeBackAsked, 0, "")
	b.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "yes", Version: 1, Agree: agree(true)})
	vb := b.expectTakeBack(2, "", 0, "yes")
	va := a.expectTakeBack(2, "", 0, "")
	var vj engine.ViewJSON
	if err := json.Unmarshal(va.View, &vj); err != nil || len(va.Events) != 0 || len(vb.Events) != 0 {
		t.Fatalf("view after the take-back: %v, events %v", err, va.Events)
	}
	if v, err := engine.DecodeView(tb.sess.Game(), va.View); err != nil || v.Turn() != 0 {
		t.Fatalf("after the take-back it is not Anja's turn again: %v", err)
	}
	if tb.sess.Hash() != mustHashAfter(t, tb) {
		t.Error("the table is not back at the start")
	}

	// A request ends with the next move; what named it is stale.
	a.send(wire.Message{Type: wire.TypeMove, Ref: "m3", Move: json.RawMessage(`{"kind":"place","to":"d4"}`)})
	a.expectTakeBack(3, wire.TakeBackMay, 0, "m3")
	b.expectTakeBack(3, "", 0, "")
	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "tb3", Version: 3})
	a.expectTakeBack(3, wire.TakeBackAsked, 0, "tb3")
	b.expectTakeBack(3, wire.TakeBackAsked, 0, "")
	b.send(wire.Message{Type: wire.TypeMove, Ref: "m4", Move: json.RawMessage(`{"kind":"place","to":"e4"}`)})
	b.expectTakeBack(4, wire.TakeBackMay, 1, "m4")
	a.expectTakeBack(4, "", 0, "")
	b.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "late", Version: 3, Agree: agree(true)})
	b.expectRule(wire.IllegalMove, engine.RuleTakeBackStale)
	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "again", Version: 3})
	a.expectRule(wire.IllegalMove, engine.RuleTakeBackStale)
	if tb.sess.Moves() != 4 {
		t.Errorf("%d log entries, want 4 (three moves and a take-back)", tb.sess.Moves())
	}
}

// mustHashAfter is the hash of the game's first position, which an agreed
// take-back of the first move brings back.
func mustHashAfter(t *testing.T, tb *table) string {
	t.Helper()
	rec := tb.sess.Record()
	st, err := engine.Replay(tb.sess.Game(), engine.Setup{Seats: len(rec.Seats), Options: rec.Options, Seed: rec.Seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.Hash()
}

// TestTakeBackFramesAreStrict: a takeback names the version of the move,
// an answer says agree; members of other types are refused.
func TestTakeBackFramesAreStrict(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	a.join(tb, "Anja")
	for _, frame := range []string{
		`{"v":2,"type":"takeback"}`,
		`{"v":2,"type":"takeback","version":0}`,
		`{"v":2,"type":"takeback-answer","version":1}`,
		`{"v":2,"type":"takeback","version":1,"agree":true}`,
		`{"v":2,"type":"takeback-answer","version":1,"agree":"yes"}`,
	} {
		a.sendRaw(frame)
		a.expectError(wire.BadJSON)
	}
	// Before every seat is taken, nothing is asked.
	a.send(wire.Message{Type: wire.TypeTakeBack, Version: 1})
	a.expectError(wire.Waiting)
}

// TestABotGivenTheSeatAgreesAtOnce: Anja asks back her peg; Bernd's phone goes away
// without answering and the staff hands his seat to a bot, which agrees
// at once: Anja's next view is the position before her peg, her turn.
func TestABotGivenTheSeatAgreesAtOnce(t *testing.T) {
	tb, a, b := anjaPlacedAPeg(t)
	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "tb", Version: 1})
	a.expectTakeBack(1, wire.TakeBackAsked, 0, "tb")
	b.ws.CloseNow()
	waitFor(t, seatIs(tb, 1, SeatAway))
	if err := tb.srv.HandToBot(context.Background(), 1, engine.LevelDefault); err != nil {
		t.Fatal(err)
	}
	for {
		v := a.expect(wire.TypeView)
		if v.Version < 2 {
			continue // Bernd's seat away, then a bot's
		}
		if v.Version != 2 || v.TakeBack != nil {
			t.Fatalf("view v%d take-back %+v, want v2: the bot's agreement", v.Version, v.TakeBack)
		}
		view, err := engine.DecodeView(tb.sess.Game(), v.View)
		if err != nil || view.Turn() != 0 {
			t.Fatalf("after the bot agreed: %v, turn %v", err, view.Turn())
		}
		break
	}
	if tb.sess.Hash() != mustHashAfter(t, tb) {
		t.Error("the bot's agreement did not bring the start back")
	}
}

// TestAnOpenTakeBackIsSavedWithTheSeating: the log holds no request, so
// the seating saved with the session does, as soon as it opens (a kiosk
// killed then reopens it, host.Session.ReopenTakeBack), and no longer
// once it was answered.
func TestAnOpenTakeBackIsSavedWithTheSeating(t *testing.T) {
	tb, a, b := anjaPlacedAPeg(t)
	b.expectTakeBack(1, "", 0, "")
	saved := make(chan struct{}, 4)
	tb.srv.mu.Lock()
	tb.srv.savedTakeBack = func() { saved <- struct{}{} }
	tb.srv.mu.Unlock()
	asked := func() *askSave {
		t.Helper()
		<-saved
		f, ok := loadSeats(tb.sess)
		if !ok {
			t.Fatal("no seating saved")
		}
		return f.Asked
	}

	a.send(wire.Message{Type: wire.TypeTakeBack, Ref: "tb1", Version: 1})
	a.expectTakeBack(1, wire.TakeBackAsked, 0, "tb1")
	b.expectTakeBack(1, wire.TakeBackAsked, 0, "")
	if got := asked(); got == nil || *got != (askSave{Seat: 0, At: 1}) {
		t.Fatalf("saved request %+v, want Anja's for version 1", got)
	}
	b.send(wire.Message{Type: wire.TypeTakeBackAnswer, Ref: "no", Version: 1, Agree: agree(false)})
	b.expectTakeBack(1, wire.TakeBackRefused, 0, "no")
	if got := asked(); got != nil {
		t.Fatalf("a refused request is still saved: %+v", got)
	}
}
