package host

import (
	"context"
	"errors"
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/session"
)

// canoeFor2 starts a Canoë between two guests on the table.
func canoeFor2(t *testing.T, h *Host, d *db.DB) *Session {
	t.Helper()
	s, err := h.Start(context.Background(), StartRequest{TableID: table(t, d), Game: "canoe",
		Seats: []session.Seat{GuestSeat("Anja"), GuestSeat("Bernd")}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func place(t *testing.T, s *Session, seat engine.Seat, hole string) {
	t.Helper()
	m, err := canoe.ParseMove("place " + hole)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play(context.Background(), seat, m); err != nil {
		t.Fatal(err)
	}
}

func TestATakeBackIsAskedThenAgreedOrRefused(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	place(t, s, 0, "c3")
	before := s.Hash()
	place(t, s, 1, "d4")
	if s.CanTakeBack(0) || !s.CanTakeBack(1) {
		t.Fatal("only the seat that just moved may ask")
	}
	if err := s.AskTakeBack(ctx, 0); !errors.Is(err, ErrNoTakeBack) {
		t.Errorf("seat 0 asked back seat 1's move: %v", err)
	}
	if err := s.AskTakeBack(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if tb, ok := s.Asked(); !ok || tb.Seat != 1 {
		t.Fatalf("no open request after asking: %+v", tb)
	}
	if err := s.AnswerTakeBack(ctx, 1, true); !errors.Is(err, ErrNotAsked) {
		t.Errorf("the asker answered their own request: %v", err)
	}
	// Refused: nothing changes, the request is gone.
	if err := s.AnswerTakeBack(ctx, 0, false); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Asked(); ok || s.Moves() != 2 || s.View(0).Turn() != 0 {
		t.Fatal("a refused take-back changed the game")
	}
	// Asked again and agreed: the position before d4, Bernd to move, and
	// one entry more in the log.
	if err := s.AskTakeBack(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.AnswerTakeBack(ctx, 0, true); err != nil {
		t.Fatal(err)
	}
	if s.Hash() != before || s.View(0).Turn() != 1 || s.Moves() != 3 {
		t.Fatalf("after the take-back: %d entries, turn %v", s.Moves(), s.View(0).Turn())
	}
	if s.CanTakeBack(0) || s.CanTakeBack(1) {
		t.Error("a take-back can be taken back, or reaches further back")
	}
	place(t, s, 1, "e4")
}

func TestATakeBackRequestEndsWithTheNextMove(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	place(t, s, 0, "c3")
	if err := s.AskTakeBack(ctx, 0); err != nil {
		t.Fatal(err)
	}
	place(t, s, 1, "d4") // Bernd plays on instead of answering
	if _, ok := s.Asked(); ok {
		t.Error("the request outlived the next move")
	}
	if err := s.AnswerTakeBack(ctx, 1, true); !errors.Is(err, ErrNotAsked) {
		t.Errorf("a late agreement was taken: %v", err)
	}
	if s.CanTakeBack(0) {
		t.Error("Anja may still take back a move followed by another")
	}
}

func TestABotAgreesAtOnce(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canyonduel",
		Seats: []session.Seat{GuestSeat("Anja"), BotSeat(engine.LevelDefault)}})
	if err != nil {
		t.Fatal(err)
	}
	start := s.Hash()
	updates, stop := s.Subscribe(engine.Onlooker)
	defer stop()
	<-updates
	m := s.View(0).Legal()[0]
	// The bot may answer Anja's move before she asks: ask while the move
	// is the last one, or find the bot's reply already there.
	if err := s.Play(ctx, 0, m); err != nil {
		t.Fatal(err)
	}
	if err := s.AskTakeBack(ctx, 0); err != nil {
		if !errors.Is(err, ErrNoTakeBack) {
			t.Fatal(err)
		}
		t.Skip("the bot moved before the request; the expiry test covers this")
	}
	if s.Hash() != start {
		t.Error("the bot did not agree at once")
	}
}

func TestCardGamesTakeNothingBack(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canaille",
		Seats: []session.Seat{GuestSeat("Anja"), GuestSeat("Bernd")}})
	if err != nil {
		t.Fatal(err)
	}
	turn := s.View(engine.Onlooker).Turn()
	if err := s.Play(ctx, turn, s.View(turn).Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if s.CanTakeBack(turn) || !errors.Is(s.AskTakeBack(ctx, turn), ErrNoTakeBack) {
		t.Error("a Canaille move can be taken back")
	}
}

// TestATakeBackSurvivesARestartAndAReplay: the log keeps the take-back as
// an entry; a kiosk that restarts on it rebuilds the position after the
// take-back (every entry's hash checked), and a replay of the seed and
// the log reaches the same state.
func TestATakeBackSurvivesARestartAndAReplay(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	place(t, s, 0, "c3")
	place(t, s, 1, "d4")
	if err := s.AskTakeBack(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.AnswerTakeBack(ctx, 0, true); err != nil {
		t.Fatal(err)
	}
	place(t, s, 1, "k4")
	want := s.Hash()
	h.Close()

	logged, err := d.Moves(ctx, s.ID())
	if err != nil || len(logged) != 4 {
		t.Fatalf("%d entries logged (%v), want 4: two moves, a take-back, a move", len(logged), err)
	}
	var recs []engine.Record
	for _, m := range logged {
		r, err := engine.DecodeMove(s.Game(), m.JSON)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if !recs[2].TakeBack || recs[2].Seat != 1 {
		t.Errorf("entry 3 is %+v, want Bernd's take-back", recs[2])
	}
	rec := s.Record()
	replayed, err := engine.Replay(s.Game(), engine.Setup{Seats: 2, Options: rec.Options, Seed: rec.Seed}, recs)
	if err != nil || replayed.Hash() != want {
		t.Fatalf("the replay differs from the game: %v", err)
	}

	h2 := hostOn(t, d)
	if _, err := h2.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	s2, ok := h2.Session(s.ID())
	if !ok || s2.Hash() != want || s2.Moves() != 4 {
		t.Fatalf("the restarted kiosk is not where the game was")
	}
	if !s2.CanTakeBack(1) {
		t.Error("after the restart Bernd may not ask back his last move")
	}
	place(t, s2, 0, "e4")
}

// TestARequestIsReopenedAfterARestart: a request open when the kiosk
// stopped is opened again on the recovered session, with everyone told,
// while the move it asks back is still the last and the asker's; a
// request some move made stale is refused with its rule.
func TestARequestIsReopenedAfterARestart(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	place(t, s, 0, "c3")
	place(t, s, 1, "d4")
	h.Close()

	h2 := hostOn(t, d)
	if _, err := h2.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	s2, _ := h2.Session(s.ID())
	updates, stop := s2.Subscribe(0)
	defer stop()
	<-updates // the current view
	wantRule(t, "a request for Anja's move, no longer the last", s2.ReopenTakeBack(TakeBack{Seat: 0, At: 1}), engine.RuleTakeBackStale)
	wantRule(t, "a request of Anja for Bernd's move", s2.ReopenTakeBack(TakeBack{Seat: 0, At: 2}), engine.RuleTakeBackNotLast)
	if err := s2.ReopenTakeBack(TakeBack{Seat: 1, At: 2}); err != nil {
		t.Fatal(err)
	}
	if u := <-updates; u.Kind != TakeBackUpdate || u.TakeBack.State != TakeBackAsked || u.TakeBack.Seat != 1 {
		t.Fatalf("Anja is told %+v, want Bernd's request", u.TakeBack)
	}
	if err := s2.AnswerTakeBack(ctx, 0, true); err != nil || s2.Moves() != 3 {
		t.Fatalf("Anja's agreement: %v, %d entries", err, s2.Moves())
	}
}

// wantRule checks that err refuses with rule, as a phone will word it.
func wantRule(t *testing.T, what string, err error, rule string) {
	t.Helper()
	if got := engine.RuleOf(err); got != rule {
		t.Errorf("%s: refused with rule %q (%v), want %q", what, got, err, rule)
	}
}

// TestTakeBackRefusalsNameTheirRule: only the last mover asks, only for
// that move, only until the next move; only the other answers, only the
// request still open. Each refusal names its rule.
func TestTakeBackRefusalsNameTheirRule(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	wantRule(t, "asked before any move", s.AskTakeBack(ctx, 0), engine.RuleTakeBackNotLast)
	place(t, s, 0, "c3")
	wantRule(t, "Bernd asks back Anja's move", s.AskTakeBackOf(ctx, 1, 1), engine.RuleTakeBackNotLast)
	wantRule(t, "Bernd answers what nobody asked", s.AnswerTakeBackOf(ctx, 1, 1, true), engine.RuleTakeBackNotAsked)
	wantRule(t, "Anja names a version that is not her move", s.AskTakeBackOf(ctx, 0, 0), engine.RuleTakeBackStale)
	if err := s.AskTakeBackOf(ctx, 0, 1); err != nil {
		t.Fatal(err)
	}
	wantRule(t, "Anja answers her own request", s.AnswerTakeBackOf(ctx, 0, 1, true), engine.RuleTakeBackNotAsked)
	place(t, s, 1, "d4") // Bernd plays on: the request ends
	wantRule(t, "Bernd agrees after his move", s.AnswerTakeBackOf(ctx, 1, 1, true), engine.RuleTakeBackStale)
	wantRule(t, "Bernd agrees to a request no longer open", s.AnswerTakeBack(ctx, 1, true), engine.RuleTakeBackNotAsked)
	wantRule(t, "Anja asks again after Bernd's move", s.AskTakeBackOf(ctx, 0, 1), engine.RuleTakeBackStale)
	if s.Moves() != 2 {
		t.Errorf("%d entries after refusals only, want 2", s.Moves())
	}

	c, err := h.Start(ctx, StartRequest{TableID: table(t, d), Game: "canaille",
		Seats: []session.Seat{GuestSeat("Anja"), GuestSeat("Bernd")}})
	if err != nil {
		t.Fatal(err)
	}
	turn := c.View(engine.Onlooker).Turn()
	if err := c.Play(ctx, turn, c.View(turn).Legal()[0]); err != nil {
		t.Fatal(err)
	}
	wantRule(t, "a Canaille move", c.AskTakeBack(ctx, turn), engine.RuleTakeBackNone)
}

// TestNoTakeBackAfterTheEnd: the move that ends the game stands.
func TestNoTakeBackAfterTheEnd(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	rng := engine.NewRNG(7, 1)
	last := engine.NoSeat
	for s.Status() == session.Active {
		last = s.View(engine.Onlooker).Turn()
		playOne(ctx, t, s, &rng)
	}
	if s.CanTakeBack(last) {
		t.Error("the move that ended the game may be asked back")
	}
	wantRule(t, "asked after the end", s.AskTakeBack(ctx, last), engine.RuleGameOver)
}

// TestEachViewerLearnsWhereATakeBackStands: "may" only for the seat that
// just moved; the request and its refusal for both, with the move and
// its version; By names who acted.
func TestEachViewerLearnsWhereATakeBackStands(t *testing.T) {
	ctx := context.Background()
	h, d := testHost(t)
	s := canoeFor2(t, h, d)
	u0, stop0 := s.Subscribe(0)
	defer stop0()
	u1, stop1 := s.Subscribe(1)
	defer stop1()
	<-u0
	<-u1
	next := func(want UpdateKind) (Update, Update) {
		t.Helper()
		a, b := <-u0, <-u1
		if a.Kind != want || b.Kind != want {
			t.Fatalf("updates %v and %v, want %v", a.Kind, b.Kind, want)
		}
		return a, b
	}
	place(t, s, 0, "c3")
	a, b := next(MoveUpdate)
	if a.TakeBack.State != TakeBackMay || a.TakeBack.Seat != 0 || a.TakeBack.Seq != 1 || b.TakeBack.State != TakeBackNone {
		t.Fatalf("after Anja's move: %+v for her, %+v for Bernd", a.TakeBack, b.TakeBack)
	}
	if err := s.AskTakeBack(ctx, 0); err != nil {
		t.Fatal(err)
	}
	a, b = next(TakeBackUpdate)
	for _, u := range []Update{a, b} {
		if u.TakeBack.State != TakeBackAsked || u.TakeBack.Seat != 0 || u.TakeBack.Seq != 1 || u.TakeBack.Move == nil || u.By != 0 || u.Seq != 1 {
			t.Fatalf("asked: %+v by %v", u.TakeBack, u.By)
		}
	}
	if err := s.AnswerTakeBack(ctx, 1, false); err != nil {
		t.Fatal(err)
	}
	a, b = next(TakeBackUpdate)
	if a.TakeBack.State != TakeBackRefused || b.TakeBack.State != TakeBackRefused || a.By != 1 || a.Seq != 1 {
		t.Fatalf("refused: %+v / %+v by %v", a.TakeBack, b.TakeBack, a.By)
	}
	if seat, ok := s.RefusedTo(); !ok || seat != 0 {
		t.Errorf("RefusedTo %v %v", seat, ok)
	}
	if err := s.AskTakeBack(ctx, 0); err != nil {
		t.Fatal(err)
	}
	next(TakeBackUpdate)
	if err := s.AnswerTakeBack(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	a, b = next(TakeBackUpdate)
	if a.Seq != 2 || a.TakeBack.State != TakeBackNone || b.TakeBack.State != TakeBackNone || a.View.Turn() != 0 {
		t.Fatalf("agreed: v%d %+v / %+v, turn %v", a.Seq, a.TakeBack, b.TakeBack, a.View.Turn())
	}
}
