package server

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// guests is n phone seats.
func guests(n int) []session.Seat {
	list := make([]session.Seat, n)
	for i := range list {
		list[i] = host.GuestSeat("")
	}
	return list
}

// TestEveryGameEndsWithItsResultOnEveryPhone plays each game to its end
// through the server: every phone receives the final view exactly once,
// marked over and holding the result (through engine.View.Result), and a
// phone that resumes after the end gets it too.
func TestEveryGameEndsWithItsResultOnEveryPhone(t *testing.T) {
	for _, game := range catalog.Registry().IDs() {
		t.Run(game, func(t *testing.T) {
			playToTheEnd(t, game, func(seats int) *table { return newTableWith(t, game, guests(seats), unthrottled) })
		})
	}
}

// TestAGameEndsWithItsResultOnSQLite is the same through the database:
// the last move, the result and the session's end written and fsync'd
// as at the table.
func TestAGameEndsWithItsResultOnSQLite(t *testing.T) {
	var tb *table
	playToTheEnd(t, "canoe", func(seats int) *table { tb = newSQLiteTable(t, "canoe", guests(seats)); return tb })
	ctx := context.Background()
	rec, err := tb.db.Session(ctx, tb.sess.ID())
	if err != nil || rec.Status != session.Finished {
		t.Fatalf("stored session %+v (%v), want it finished", rec, err)
	}
	moves, err := tb.db.Moves(ctx, tb.sess.ID())
	if err != nil || len(moves) != tb.sess.Moves() {
		t.Errorf("%d moves stored (%v), %d played", len(moves), err, tb.sess.Moves())
	}
}

// unthrottled lets each phone send as fast as it can, for the tests that
// play whole games: a phone sends a move every few milliseconds there, and
// the default rate (DefaultMsgRate) would make them wait on the
// throttle, not on the table.
var unthrottled = Config{MsgRate: rate.Inf}

// playToTheEnd plays game at the smallest table open makes, phones moving
// at random, and checks every phone's final views.
func playToTheEnd(t *testing.T, game string, open func(seats int) *table) {
	t.Helper()
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		t.Fatal(err)
	}
	seats := rules.Info().MinSeats
	tb := open(seats)
	phones := make([]*phone, seats)
	tokens := make([]string, seats)
	for i := range phones {
		phones[i] = tb.dial(t)
		tokens[i] = phones[i].join(tb, fmt.Sprint("P", i)).Token
	}
	rec := tb.sess.Record()
	mirror, err := engine.NewGame(rules, engine.Setup{Seats: seats, Options: rec.Options, Seed: rec.Seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(rec.Seed, 3)
	for mirror.Turn() != engine.NoSeat {
		seat := mirror.Turn()
		legal := mirror.Legal()
		m := legal[rng.IntN(len(legal))]
		data, _ := json.Marshal(m)
		ref := fmt.Sprint("m", mirror.Plies())
		phones[seat].send(wire.Message{Type: wire.TypeMove, Ref: ref, Move: data})
		if _, err := mirror.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		// Each phone reads up to the new version; the mover's
		// view echoes its ref.
		for i, p := range phones {
			for {
				v := p.expect(wire.TypeView)
				if v.Version == int64(mirror.Plies()) {
					if engine.Seat(i) == seat && v.Ref != ref {
						t.Fatalf("the mover's view has ref %q, want %q", v.Ref, ref)
					}
					break
				}
			}
		}
	}
	want, _ := mirror.Result()
	last := int64(mirror.Plies())
	for i, p := range phones {
		final := lastView(t, p, last)
		checkResult(t, rules, final, want)
		// Nothing more: the final view came once. A ping's pong is
		// the next frame.
		p.send(wire.Message{Type: wire.TypePing, Ref: "after"})
		if m := p.expect(wire.TypePong); m.Ref != "after" {
			t.Fatalf("phone %d: pong %+v", i, m)
		}
	}
	phones[0].ws.Close(websocket.StatusNormalClosure, "bye")
	late := tb.dial(t)
	late.send(wire.Message{Type: wire.TypeResume, Token: tokens[0]})
	late.expect(wire.TypeWelcome)
	checkResult(t, rules, late.expect(wire.TypeView), want)
}

// lastView returns the view of version v that p received, failing on a
// second view of that version before anything else.
func lastView(t *testing.T, p *phone, v int64) wire.Message {
	t.Helper()
	// p.expect already consumed the final view in the loop above when it
	// was the one that reached v; ask again to compare with what sync says.
	p.send(wire.Message{Type: wire.TypeSync, Ref: "final"})
	m := p.expect(wire.TypeView)
	if m.Version != v || m.Ref != "final" {
		t.Fatalf("after the end: view %d ref %q; want the final view %d answering the sync (a second final view?)", m.Version, m.Ref, v)
	}
	return m
}

func checkResult(t *testing.T, rules engine.Rules, m wire.Message, want engine.Result) {
	t.Helper()
	if !m.Over {
		t.Fatalf("final view %d is not marked over", m.Version)
	}
	v, err := engine.DecodeView(rules, m.View)
	if err != nil {
		t.Fatal(err)
	}
	got, over := v.Result()
	if !over || !reflect.DeepEqual(got, want) {
		t.Fatalf("result in the final view: %+v (over %v), want %+v", got, over, want)
	}
}

// TestTokensRotateOnEveryWelcome: the token a phone resumed with stops
// working once the phone speaks with its new one, and a connection whose
// seat another connection resumed is told why.
func TestTokensRotateOnEveryWelcome(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	w := a.join(tb, "Anja")

	// A second phone with the same token takes the seat: the first is told.
	b := tb.dial(t)
	b.send(wire.Message{Type: wire.TypeResume, Token: w.Token})
	wb := b.expect(wire.TypeWelcome)
	if wb.Token == w.Token || *wb.Seat != 0 {
		t.Fatalf("resume welcome %+v: want seat 0 with a new token", wb)
	}
	b.expect(wire.TypeView)
	removed := a.expect(wire.TypeRemoved)
	if removed.Error == nil || removed.Error.Code != wire.Replaced {
		t.Fatalf("replaced connection got %+v", removed.Error)
	}
	if _, err := a.recv(); websocket.CloseStatus(err) != websocket.StatusCode(wire.ClosePolicy) {
		t.Errorf("replaced connection closed with %v, want %d", err, wire.ClosePolicy)
	}
	b.send(wire.Message{Type: wire.TypePing})
	b.expect(wire.TypePong)

	// The old token is void now: the first phone cannot take the seat back.
	again := tb.dial(t)
	again.send(wire.Message{Type: wire.TypeResume, Token: w.Token})
	if e := again.expectError(wire.BadToken); !e.Fatal {
		t.Error("a void token must end the connection")
	}
	if st := tb.srv.Seats()[0]; st.State != SeatConnected {
		t.Errorf("seat 0 is %s, want connected (b)", st.State)
	}
}

// TestALostWelcomeDoesNotLockThePhoneOut: a connection that dies before
// its phone read the welcome leaves the phone with the token it resumed
// with; that token still works while the seat has no connection.
func TestALostWelcomeDoesNotLockThePhoneOut(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	w := tb.dial(t).join(tb, "Anja")
	lost := newPipe("10.1.0.1")
	go tb.srv.ServeTransport(context.Background(), lost)
	lost.send(t, wire.Message{Type: wire.TypeResume, Token: w.Token})
	lost.expect(t, wire.TypeWelcome) // the phone never reads this one
	lost.Close(wire.CloseInternal, "network gone")
	waitFor(t, seatIs(tb, 0, SeatAway))

	back := tb.dial(t)
	back.send(wire.Message{Type: wire.TypeResume, Token: w.Token})
	if m := back.expect(wire.TypeWelcome); *m.Seat != 0 {
		t.Fatalf("welcome %+v", m)
	}
}

// TestASecondJoinIsRefused: a connection holds one seat.
func TestASecondJoinIsRefused(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a := tb.dial(t)
	a.join(tb, "Anja")
	a.send(wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Anja again"})
	a.expectError(wire.Joined)
	if tb.srv.FreeCount() != 1 {
		t.Errorf("%d free seats, want 1", tb.srv.FreeCount())
	}
}

// TestOtherPhonesLearnThatASeatIsAway: when a phone leaves, the others get
// their view again with its seat in away; when it comes back, without.
func TestOtherPhonesLearnThatASeatIsAway(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	wb := b.join(tb, "Bernd")
	a.expectSeats(0, nil)
	b.ws.Close(websocket.StatusNormalClosure, "battery")
	a.expectSeats(0, []engine.Seat{1})
	back := tb.dial(t)
	back.send(wire.Message{Type: wire.TypeResume, Token: wb.Token})
	back.expect(wire.TypeWelcome)
	back.expect(wire.TypeView)
	a.expectSeats(0, nil)
}

// TestBinaryFramesAreRefused: the protocol is JSON text.
func TestBinaryFramesAreRefused(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageBinary, []byte(`{"v":2,"type":"ping"}`)); err != nil {
		t.Fatal(err)
	}
	p.expectError(wire.BadJSON)
	p.send(wire.Message{Type: wire.TypePing})
	p.expect(wire.TypePong)
}

// TestAConnectionThatDoesNotJoinIsClosed: when the join timeout fires, a
// connection that never joined is closed and a seated one is not. The
// timers are fired by hand, in the order the test needs.
func TestAConnectionThatDoesNotJoinIsClosed(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	timers := make(chan func(), 2)
	tb.srv.afterFunc = func(d time.Duration, f func()) func() bool {
		if d != DefaultJoinTimeout {
			t.Errorf("join timeout %v, want %v", d, DefaultJoinTimeout)
		}
		timers <- f
		return func() bool { return true }
	}
	idle := newPipe("10.2.0.1")
	go tb.srv.ServeTransport(context.Background(), idle)
	fire := <-timers
	fire()
	<-idle.closed // the event: the table closed it
	if idle.code != wire.ClosePolicy {
		t.Errorf("closed with %d, want %d", idle.code, wire.ClosePolicy)
	}
	seated := newPipe("10.2.0.2")
	go tb.srv.ServeTransport(context.Background(), seated)
	fire = <-timers
	seated.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Anja"})
	seated.expect(t, wire.TypeWelcome)
	seated.expect(t, wire.TypeView)
	fire()
	seated.send(t, wire.Message{Type: wire.TypePing, Ref: "still"})
	if m := seated.expect(t, wire.TypePong); m.Ref != "still" {
		t.Errorf("pong %+v", m)
	}
}

// deadLink is a pipe whose pings go unanswered once dies is closed: a
// phone whose Wi-Fi went away without a TCP reset.
type deadLink struct {
	*pipe
	dies chan struct{}
}

func (d deadLink) Ping(ctx context.Context) error {
	select {
	case <-d.dies:
	default:
		return nil // alive: the pong came
	}
	<-ctx.Done()
	return ctx.Err()
}

// TestADeadLinkMarksTheSeatAway: pings find the dead link.
func TestADeadLinkMarksTheSeatAway(t *testing.T) {
	tb := newTableWith(t, "canoe", twoGuests(), Config{PingEvery: 20 * time.Millisecond})
	d := deadLink{pipe: newPipe("10.3.0.1"), dies: make(chan struct{})}
	go tb.srv.ServeTransport(context.Background(), d)
	d.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Anja"})
	d.expect(t, wire.TypeWelcome)
	if st := tb.srv.Seats()[0].State; st != SeatConnected {
		t.Fatalf("seat 0 is %s before the link died", st)
	}
	close(d.dies)
	<-d.closed
	if d.code != wire.CloseGoingAway {
		t.Errorf("closed with %d, want %d", d.code, wire.CloseGoingAway)
	}
	waitFor(t, seatIs(tb, 0, SeatAway))
}

// TestAFloodingPhoneSlowsOnlyItself is issue 27's fourth finding, by
// counts: with a burst of 5 and a negligible rate, a phone sending 50
// syncs gets the answers its burst allows, then, once maxBacklog frames
// wait over its rate, a fatal too-fast error and a 1008 close; the other
// seat plays meanwhile, and the flooder's seat is kept: it resumes after
// a cool-down and sees the move.
func TestAFloodingPhoneSlowsOnlyItself(t *testing.T) {
	clk := &clock{now: time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)}
	tb := newTableWith(t, "canoe", twoGuests(), Config{MsgRate: rate.Every(time.Hour), MsgBurst: 5, Now: clk.Now})
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	bw := b.join(tb, "Bernd")
	a.expectSeats(0, nil)
	for i := range 50 {
		b.send(wire.Message{Type: wire.TypeSync, Ref: fmt.Sprint("s", i)})
	}
	// b's first frame was its join; four syncs fit the burst, and their
	// answers (at most one view each) may come before or after the error.
	answers, cut := 0, false
	for {
		m, err := b.recv()
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("the flooder's connection ended with %v, want 1008", err)
			}
			break
		}
		switch {
		case m.Type == wire.TypeView && m.Ref != "":
			answers++
		case m.Type == wire.TypeError && m.Error.Code == wire.TooFast && m.Error.Fatal:
			cut = true
		default:
			t.Fatalf("the flooder got %+v", m)
		}
	}
	if !cut || answers > 4 {
		t.Errorf("the flooder was cut off: %v, after %d sync answers (at most 4)", cut, answers)
	}
	a.send(wire.Message{Type: wire.TypeMove, Ref: "m1", Move: json.RawMessage(`{"kind":"place","to":"c3"}`)})
	v := a.expect(wire.TypeView)
	for v.Ref == "" && v.Version == 0 { // the view saying b is away
		v = a.expect(wire.TypeView)
	}
	if v.Version != 1 || v.Ref != "m1" {
		t.Fatalf("a's move: view %d ref %q", v.Version, v.Ref)
	}
	back := tb.dial(t)
	back.send(wire.Message{Type: wire.TypeResume, Token: bw.Token})
	back.expectError(wire.RateLimited)
	clk.add(firstCooldown)
	back.send(wire.Message{Type: wire.TypeResume, Token: bw.Token})
	back.expect(wire.TypeWelcome)
	if v := back.expect(wire.TypeView); v.Version != 1 {
		t.Fatalf("the flooder back on its seat: view %d, want 1", v.Version)
	}
}

// clock is a settable time for the code budgets.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// The attack of issue 11: wrong codes from 1,570 addresses, 500 a second
// of the table's clock, each address in turn.
const (
	attackAddrs     = 1570
	attackPerSecond = 500
	attackSeconds   = 5 * 60
)

// attackAddr is the address of the attack's i-th guess.
func attackAddr(i int) string {
	i %= attackAddrs
	return fmt.Sprintf("127.%d.%d.%d", i>>16&255, i>>8&255, i&255+1)
}

// TestGuessingTheCodeIsHopeless replays the attack of issue 11 (above) for
// five minutes of the table's clock. The table must evaluate so few codes
// that a 2-hour session of it finds the code with under 1 % chance, change
// its code, and still seat a guest who types the code shown right after
// the attack, and one who scans it during the attack.
//
// Under -short the attack through the server lasts 65 s, not five minutes
// (32,500 joins instead of 150,000: the test cost 7 s on a quiet machine,
// 84 s under -race, all of it in those round trips). Nothing it proves is
// lost, for two reasons. The table evaluates the two budget halves'
// bursts (tableBurst) once, then what the suspect half refills: the
// per-minute figure of a shorter attack spreads the bursts over less
// time, so it is higher and checks the 1 % bound more strictly; the code
// change (once the code is minCodeAge old), the scan and the guest all
// happen within 65 s. And the attack is then replayed on the server's
// gate alone (check, then fail for a wrong code, as join does) for the
// whole five minutes: the count it evaluates in the first 65 s must equal
// what the server evaluated, so the five-minute figure is the server's
// too.
func TestGuessingTheCodeIsHopeless(t *testing.T) {
	start := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	clk := &clock{now: start}
	var mu sync.Mutex
	codes := map[string]bool{}
	var srv *Server
	// The phones' message throttle (MsgRate) runs on the wall clock and
	// each attacking address sends one guess every 3 s: it never meets
	// it, here as at a real table, so it is off rather than left to
	// depend on how fast this machine runs the loop.
	tb := newTableWith(t, "canoe", twoGuests(), Config{Now: clk.Now, MaxConnsPerAddr: 1, MsgRate: rate.Inf, OnChange: func() {
		mu.Lock()
		defer mu.Unlock()
		if srv != nil {
			codes[srv.Code()] = true
		}
	}})
	mu.Lock()
	srv = tb.srv
	codes[srv.Code()] = true
	mu.Unlock()
	// The attackers never join: their connections would be closed after
	// JoinTimeout and reconnect, which only slows them. Keep them open so
	// the attack runs at full speed however long the test takes.
	tb.srv.afterFunc = func(time.Duration, func()) func() bool { return func() bool { return true } }
	seconds := attackSeconds
	if testing.Short() {
		seconds = int((minCodeAge + 5*time.Second) / time.Second)
	}
	attackers := make([]*pipe, attackAddrs)
	for i := range attackers {
		attackers[i] = newPipe(attackAddr(i))
		go tb.srv.ServeTransport(context.Background(), attackers[i])
	}
	evaluated, next := 0, 0
	for second := 0; second < seconds; second++ {
		for range attackPerSecond {
			p := attackers[next%attackAddrs]
			next++
			guess := fmt.Sprintf("%06d", next%1_000_000)
			if guess == tb.srv.Code() {
				guess = fmt.Sprintf("%06d", (next+1)%1_000_000)
			}
			p.send(t, wire.Message{Type: wire.TypeJoin, Code: guess, Name: "Eve"})
			reply := p.expect(t, wire.TypeError)
			switch reply.Error.Code {
			case wire.WrongCode:
				evaluated++
			case wire.RateLimited:
			default:
				t.Fatalf("attack got %+v", reply.Error)
			}
			if second == seconds/2 && next%attackPerSecond == 0 {
				// Mid-attack, a guest scans the QR code.
				scan := newPipe("10.9.0.1")
				go tb.srv.ServeTransport(context.Background(), scan)
				scan.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.LinkCode(), Name: "Scanner"})
				scan.expect(t, wire.TypeWelcome)
			}
		}
		clk.add(time.Second)
	}
	mu.Lock()
	shown := len(codes)
	mu.Unlock()
	t.Logf("through the server: %d codes shown", shown)
	checkTwoHourChance(t, evaluated, seconds)
	if shown < 2 {
		t.Error("the code never changed under attack")
	}
	// Right after the attack: one token of the fresh half of the table's
	// budget back.
	clk.add(2 * tableEvery)
	guest := newPipe("10.9.0.2")
	go tb.srv.ServeTransport(context.Background(), guest)
	guest.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Guest"})
	if w := guest.expect(t, wire.TypeWelcome); *w.Seat != 1 {
		t.Errorf("guest seated at %v", *w.Seat)
	}
	if seconds == attackSeconds {
		return
	}
	bySecond := attackOnTheGate(start, attackSeconds)
	if bySecond[seconds-1] != evaluated {
		t.Fatalf("the gate alone evaluated %d codes in %d s, the server %d: the replay no longer stands for the server", bySecond[seconds-1], seconds, evaluated)
	}
	t.Log("on the gate alone:")
	checkTwoHourChance(t, bySecond[attackSeconds-1], attackSeconds)
}

// attackOnTheGate replays the attack of issue 11 on a gate alone for the
// given seconds from start, calling it as the server's join does, and
// returns the codes evaluated by the end of each second.
func attackOnTheGate(start time.Time, seconds int) []int {
	g := newGate()
	now := start
	bySecond := make([]int, seconds)
	evaluated, next := 0, 0
	for second := range seconds {
		for range attackPerSecond {
			addr := attackAddr(next)
			next++
			if g.check(addr, true, now) == evaluate {
				g.fail(addr, now)
				evaluated++
			}
		}
		now = now.Add(time.Second)
		bySecond[second] = evaluated
	}
	return bySecond
}

// checkTwoHourChance fails when evaluated codes in the seconds of an
// attack, kept up for a 2-hour session, would try 1 % of the million codes.
func checkTwoHourChance(t *testing.T, evaluated, seconds int) {
	t.Helper()
	chance := float64(evaluated) / float64(seconds) * 2 * 3600 / 1e6
	t.Logf("evaluated %d codes in %d s: %.3f %% of the codes in 2 hours", evaluated, seconds, 100*chance)
	if chance >= 0.01 {
		t.Errorf("a 2-hour attack would try %.2f %% of the codes", 100*chance)
	}
}

// TestAGuestTypesTheCodeDuringAnAttack is issue 27's third finding: twelve
// addresses spend the table's budget with a burst of 5 wrong codes each,
// then keep guessing every 3 s, so that whatever the per-address limit (5
// a minute each, 60 a minute together: twice what the table's budget
// refills) lets through is evaluated. A guest who types the
// code shown gets in at the first try, and the attack still evaluates too
// few codes to find one in a 2-hour session.
func TestAGuestTypesTheCodeDuringAnAttack(t *testing.T) {
	clk := &clock{now: time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)}
	// Each address sends a guess every 3 s of the table's clock, far under
	// the phones' message throttle (MsgRate, on the wall clock); left on,
	// it only made the test wait about a second for the compressed clock.
	tb := newTableWith(t, "canoe", twoGuests(), Config{Now: clk.Now, MsgRate: rate.Inf})
	tb.srv.afterFunc = func(time.Duration, func()) func() bool { return func() bool { return true } }
	attackers := make([]*pipe, 12)
	for i := range attackers {
		attackers[i] = newPipe(fmt.Sprintf("10.6.6.%d", i+1))
		go tb.srv.ServeTransport(context.Background(), attackers[i])
	}
	evaluated, guesses := 0, 0
	guess := func(p *pipe) {
		guesses++
		g := fmt.Sprintf("%06d", guesses)
		if g == tb.srv.Code() {
			g = fmt.Sprintf("%06d", guesses+500_000)
		}
		p.send(t, wire.Message{Type: wire.TypeJoin, Code: g, Name: "Eve"})
		switch reply := p.expect(t, wire.TypeError); reply.Error.Code {
		case wire.WrongCode:
			evaluated++
		case wire.RateLimited:
		default:
			t.Fatalf("attack got %+v", reply.Error)
		}
	}
	for _, p := range attackers {
		for range addrFailures {
			guess(p)
		}
	}
	const seconds = 180
	seated, tries := false, 0
	for second := 1; second <= seconds; second++ {
		clk.add(time.Second)
		if second%3 == 0 {
			for _, p := range attackers {
				guess(p)
			}
		}
		if !seated && second >= 61 && (second-61)%3 == 0 {
			tries++
			guest := newPipe(fmt.Sprintf("10.9.0.%d", tries))
			go tb.srv.ServeTransport(context.Background(), guest)
			guest.send(t, wire.Message{Type: wire.TypeJoin, Code: tb.srv.Code(), Name: "Guest"})
			var m wire.Message
			if err := json.Unmarshal(<-guest.out, &m); err != nil {
				t.Fatal(err)
			}
			if m.Type == wire.TypeWelcome {
				seated = true
			} else {
				t.Logf("try %d at %d s: %+v", tries, second, m.Error)
			}
		}
	}
	if !seated || tries != 1 {
		t.Errorf("the guest typing the code shown got in: %v, after %d tries", seated, tries)
	}
	chance := float64(evaluated) / (seconds/60 + 1) * 120 / 1e6
	t.Logf("%d guesses, %d evaluated: %.3f %% of the codes in 2 hours", guesses, evaluated, 100*chance)
	if chance >= 0.01 {
		t.Errorf("a 2-hour attack would try %.2f %% of the codes", 100*chance)
	}
}

// TestWrongCodesAreLoggedOncePerAddressAndMinute: one summary line each.
func TestWrongCodesAreLoggedOncePerAddressAndMinute(t *testing.T) {
	g := newGate()
	now := time.Now()
	for range 3 {
		g.fail("10.0.0.1", now)
	}
	g.fail("10.0.0.2", now)
	lines := g.summary(now)
	want := []string{
		"3 wrong table code(s) from 10.0.0.1 in the last minute",
		"1 wrong table code(s) from 10.0.0.2 in the last minute",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("summary:\n%s", strings.Join(lines, "\n"))
	}
	if again := g.summary(now.Add(time.Minute)); len(again) != 0 || len(g.failures) != 0 {
		t.Errorf("second summary %v, %d addresses kept", again, len(g.failures))
	}
}
