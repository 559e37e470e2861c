package gui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/wire"
)

// TestALostRequestIsSaid: a request the views no longer hold at the same
// version, neither refused nor agreed, was forgotten by a kiosk that
// restarted; the phone says so until the next change, and only then.
func TestALostRequestIsSaid(t *testing.T) {
	asked := &wire.TakeBack{State: wire.TakeBackAsked, Seat: 0, Version: 7}
	steps := []struct {
		what string
		u    client.Update
		lost bool
	}{
		{"Anja's move", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Version: 7}}, false},
		{"her request", client.Update{Version: 7, TakeBack: asked}, false},
		{"the same view again", client.Update{Version: 7, TakeBack: asked}, false},
		{"the kiosk restarted", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Version: 7}}, true},
		{"a seat's change, same version", client.Update{Version: 7}, true},
		{"asked again", client.Update{Version: 7, TakeBack: asked}, false},
		{"refused", client.Update{Version: 7, TakeBack: &wire.TakeBack{State: wire.TakeBackRefused, Version: 7}}, false},
		{"asked once more", client.Update{Version: 7, TakeBack: asked}, false},
		{"agreed: a new version", client.Update{Version: 8}, false},
		{"the next move", client.Update{Version: 9, TakeBack: &wire.TakeBack{State: wire.TakeBackMay, Seat: 1, Version: 9}}, false},
	}
	s := &seatScreen{}
	for _, st := range steps {
		s.tookBack(st.u)
		if s.tbLost != st.lost {
			t.Errorf("%s: lost %v, want %v", st.what, s.tbLost, st.lost)
		}
	}
}

// TestTheAppsRequestOutlivesARestart: at a real kiosk, Anja's app offers
// to take back the peg she just placed and asks; the kiosk restarts
// before Bernd answers. The table keeps the request with its seating
// (docs/rules/takeback.md): back at her seat, the app still says she
// asked, never that the request was lost, and Bernd's agreement, given
// after the restart, takes the peg back. (A request a restart did lose is
// said: TestALostRequestIsSaid.)
func TestTheAppsRequestOutlivesARestart(t *testing.T) {
	tb, p := seatedAtCanoe(t)
	bernd, err := client.Dial(context.Background(), tb.Addr, tb.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	defer bernd.Close()
	if _, err := bernd.Join(context.Background(), tb.Code(), "Bernd"); err != nil {
		t.Fatal(err)
	}
	seat := p.seat.w.Seat
	if err := tb.Session().Play(context.Background(), seat, tb.Session().View(seat).Legal()[0]); err != nil {
		t.Fatal(err)
	}
	p.u.until(t, "the offer to take the peg back", func() bool { return len(p.buttons("Take back my move")) == 1 })
	p.u.do(func() { test.Tap(p.buttons("Take back my move")[0]) })
	const asking, lost = "You asked to take back your move", "The table restarted: the take-back request was lost"
	p.u.until(t, "the request sent", func() bool { return strings.Contains(p.labels(), asking) })
	version := p.seat.version
	connected := tb.Server().Seats()[seat].State // as the table counts her phone now
	tb.Restart(0)
	if asked, ok := tb.Session().AskedBy(); !ok || asked != seat {
		t.Fatalf("after the restart the table holds no request of Anja's (%v, %v)", asked, ok)
	}
	// Back at her seat (the restarted table counts her phone connected
	// again once it resumed), the app still says she asked.
	p.u.until(t, "Anja's app back at her seat", func() bool {
		return tb.Server().Seats()[seat].State == connected && p.seat.linkUp
	})
	p.u.do(func() {
		if l := p.labels(); !strings.Contains(l, asking) || strings.Contains(l, lost) || len(p.buttons("Take back my move")) != 0 {
			t.Errorf("after the restart the app shows:\n%s", l)
		}
	})
	// Bernd agrees (at the table, for his seat): the peg goes back, and
	// the app follows with no word of a lost request.
	if err := tb.Session().AnswerTakeBack(context.Background(), 1-seat, true); err != nil {
		t.Fatalf("Bernd's agreement after the restart: %v", err)
	}
	p.u.until(t, "the peg taken back on the app", func() bool {
		return p.seat.version > version && !strings.Contains(p.labels(), asking)
	})
	p.u.do(func() {
		if strings.Contains(p.labels(), lost) {
			t.Errorf("the app says the request was lost:\n%s", p.labels())
		}
	})
}

// TestTheMoveAskedBackInWords: the request names the move as the phones
// word it, in a Canoë and a Canyon duel: what it did, never a cell's
// engine name ("c3").
func TestTheMoveAskedBackInWords(t *testing.T) {
	p := openPhone(t, nil, Deps{})
	for move, want := range map[string]string{
		`{"kind":"place","to":"c3"}`:                                                     "peg placed",
		`{"kind":"remove","from":"i2"}`:                                                  "peg removed",
		`{"kind":"move","from":"i2","to":"h2"}`:                                          "peg moved",
		`{"kind":"step","path":[{"col":1,"row":0},{"col":2,"row":0}]}`:                   "piece moved one cell",
		`{"kind":"jump","path":[{"col":1,"row":0},{"col":3,"row":2}]}`:                   "one jump",
		`{"kind":"jump","path":[{"col":1,"row":0},{"col":3,"row":2},{"col":5,"row":4}]}`: "2 jumps",
	} {
		var got string
		p.u.do(func() { got = p.takeBackMove([]byte(move)) })
		if got != want {
			t.Errorf("%s in words: %q, want %q", move, got, want)
		}
	}
}
