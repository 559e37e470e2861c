package screen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/host/hosttest"
	"github.com/tablee/tablee/session"
)

// fakeSession plays a game straight on an engine state, for screens that
// need a session without a database.
type fakeSession struct {
	mu    sync.Mutex
	rules engine.Rules
	st    engine.State
}

func newFake(t testing.TB, game string, seats int, seed uint64) *fakeSession {
	t.Helper()
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return &fakeSession{rules: rules, st: st}
}

func (f *fakeSession) Game() engine.Rules { return f.rules }

func (f *fakeSession) View(seat engine.Seat) engine.View {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st.View(seat)
}

func (f *fakeSession) Play(_ context.Context, seat engine.Seat, m engine.Move) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	next := f.st.Clone()
	if _, err := next.Apply(seat, m); err != nil {
		return err
	}
	f.st = next
	return nil
}

func (f *fakeSession) Result() (engine.Result, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st.Result()
}

// stage runs a game screen in a test window. Changes from the session's
// goroutines go through do, which takes turns with the test on mu and
// reports each change on changed.
type stage struct {
	t       *testing.T
	w       fyne.Window
	tbl     *Game
	mu      sync.Mutex
	changed chan struct{}
}

func newStage(t *testing.T, s Session, seats int, cfg GameConfig) *stage {
	t.Helper()
	return newStageIn(t, s, seats, cfg, nil)
}

// newStageIn is newStage with the app's theme th (nil: the test theme)
// applied before the screen is built, as the kiosk does.
func newStageIn(t *testing.T, s Session, seats int, cfg GameConfig, th fyne.Theme) *stage {
	t.Helper()
	test.NewTempApp(t)
	if th != nil {
		test.ApplyTheme(t, th)
	}
	sg := &stage{t: t, changed: make(chan struct{}, 1000)}
	cfg.Session, cfg.Seats, cfg.Still = s, seats, true
	cfg.Do = sg.do
	if cfg.Lang == "" {
		cfg.Lang = "fr"
	}
	tbl, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sg.tbl = tbl
	t.Cleanup(func() {
		sg.mu.Lock()
		defer sg.mu.Unlock()
		tbl.stop()
	})
	sg.w = test.NewTempWindow(t, tbl.Content())
	sg.w.Resize(fyne.NewSize(1920, 1080))
	return sg
}

func (sg *stage) do(f func()) {
	sg.mu.Lock()
	f()
	sg.mu.Unlock()
	sg.changed <- struct{}{}
}

// panelButton finds the button labelled label in seat's panel and returns
// where it lies on the turned panel.
func (sg *stage) panelButton(seat engine.Seat, label string) (*board.Panel, fyne.Position, bool) {
	p := sg.tbl.panels[seat].panel
	var found fyne.Position
	ok := false
	var walk func(o fyne.CanvasObject, origin fyne.Position)
	walk = func(o fyne.CanvasObject, origin fyne.Position) {
		at := origin.Add(o.Position())
		switch w := o.(type) {
		case *widget.Button:
			if w.Text == label && w.Visible() {
				found, ok = at.Add(fyne.NewPos(w.Size().Width/2, w.Size().Height/2)), true
			}
		case *fyne.Container:
			for _, k := range w.Objects {
				walk(k, at)
			}
		}
	}
	walk(p.Content(), fyne.Position{})
	return p, p.Turn().Forward(found, sg.tbl.panel), ok
}

func seatsOf(kinds ...string) []SeatStatus {
	out := make([]SeatStatus, len(kinds))
	for i, k := range kinds {
		out[i] = SeatStatus{Name: []string{"Anja", "Bernd", "Carola", "Dirk", "Emil", "Fanny"}[i], State: "connected"}
		switch k {
		case "touch":
			out[i].Touch = true
		case "bot":
			out[i].State = "bot"
		}
	}
	return out
}

func TestTableScreenSaysWhoWon(t *testing.T) {
	s := newFake(t, "canyonduel", 2, 1)
	sg := newStage(t, s, 2, GameConfig{Lang: "en"})
	st := GameState{Code: "0427", Turn: 0, Seats: seatsOf("touch", "bot")}
	sg.tbl.Show(st)
	if !sg.tbl.panels[0].badgeBox.Visible() || sg.tbl.panels[1].badgeBox.Visible() {
		t.Error("the your-turn mark is not on Anja's panel alone")
	}
	st.Over, st.Turn = true, engine.NoSeat
	st.Result = engine.Result{Winners: []engine.Seat{1}}
	sg.tbl.Show(st)
	if got := sg.tbl.panels[1].progress.Text; got[:7] != "Winner!" {
		t.Errorf("Bernd's panel says %q", got)
	}
	if sg.tbl.panels[0].badgeBox.Visible() {
		t.Error("a finished game still marks a turn")
	}
}

func TestTableShowsTheCodeWhileSeatsAreFree(t *testing.T) {
	s := newFake(t, "canoe", 2, 1)
	sg := newStage(t, s, 2, GameConfig{})
	st := GameState{Code: "0427", Turn: 0, Seats: []SeatStatus{{State: "free"}, {Name: "Bernd", State: "connected"}}}
	sg.tbl.Show(st)
	if sg.tbl.CodeText() != "0427" || sg.tbl.WaitText() != "En attente de 1 joueur" {
		t.Errorf("code %q, wait %q", sg.tbl.CodeText(), sg.tbl.WaitText())
	}
	st.Seats[0] = SeatStatus{Name: "Anja", State: "connected"}
	sg.tbl.Show(st)
	if sg.tbl.WaitText() != "" {
		t.Errorf("still waiting: %q", sg.tbl.WaitText())
	}
}

func TestAnAwaySeatIsOfferedToABotThroughItsTurnedPanel(t *testing.T) {
	s := newFake(t, "canyonduel", 2, 1)
	handed := engine.NoSeat
	sg := newStage(t, s, 2, GameConfig{OnHandToBot: func(seat engine.Seat) { handed = seat },
		Slots: []geom.Slot{{Side: geom.Right, Along: 0.5}, {Side: geom.Left, Along: 0.5}}})
	seats := seatsOf("phone", "phone")
	seats[0].State, seats[0].AwayFor = "away", AwayTimeout/2
	seats[1].State, seats[1].AwayFor = "away", AwayTimeout // on the left: a quarter turn
	sg.tbl.Show(GameState{Turn: 0, Seats: seats})
	if _, _, ok := sg.panelButton(0, "Confier à un robot"); ok {
		t.Error("Anja, away for a minute, is already offered to a bot")
	}
	p, at, ok := sg.panelButton(1, "Confier à un robot")
	if !ok {
		t.Fatal("no offer to let a bot play Bernd's seat")
	}
	if p.Turn() != 1 {
		t.Fatalf("Bernd's panel is turned %d quarters, want 1", p.Turn())
	}
	test.TapAt(p, at)
	if handed != 1 {
		t.Errorf("handed seat %v, want Bernd's", handed)
	}
}

func TestTheBotOfferAppearsWhenItsTimeComesWithoutAnotherShow(t *testing.T) {
	s := newFake(t, "canyonduel", 2, 1)
	sg := newStage(t, s, 2, GameConfig{OnHandToBot: func(engine.Seat) {}})
	seats := seatsOf("phone", "phone")
	seats[1].State, seats[1].AwayFor = "away", AwayTimeout-time.Millisecond
	sg.mu.Lock()
	sg.tbl.Show(GameState{Turn: 0, Seats: seats})
	_, _, early := sg.panelButton(1, "Confier à un robot")
	sg.mu.Unlock()
	if early {
		t.Fatal("Bernd is offered to a bot before his time")
	}
	<-sg.changed // the screen's own timer, set for the offer's moment
	sg.mu.Lock()
	defer sg.mu.Unlock()
	if _, _, ok := sg.panelButton(1, "Confier à un robot"); !ok {
		t.Error("no offer to let a bot play Bernd's seat once his time came")
	}
}

func TestNextOfferIsTheNearestAwaySeatsMoment(t *testing.T) {
	st := GameState{Seats: []SeatStatus{{State: "away", AwayFor: AwayTimeout / 4}, {State: "connected"},
		{State: "away", AwayFor: AwayTimeout / 2}, {State: "away", AwayFor: AwayTimeout}}}
	if got := nextOffer(st); got != AwayTimeout/2 {
		t.Errorf("next offer in %v, want %v", got, AwayTimeout/2)
	}
	st.Seats[0].State, st.Seats[2].State = "bot", "connected"
	if got := nextOffer(st); got != 0 {
		t.Errorf("next offer in %v with every away seat offered already, want none", got)
	}
	st.Seats[0] = SeatStatus{State: "away"}
	st.Over = true
	if got := nextOffer(st); got != 0 {
		t.Errorf("next offer in %v in a finished game, want none", got)
	}
	if a := aged(st, time.Second); a.Seats[0].AwayFor != time.Second || st.Seats[0].AwayFor != 0 {
		t.Errorf("aged %v (from %v): want a copy a second older", a.Seats[0].AwayFor, st.Seats[0].AwayFor)
	}
}

// hostSession starts game on a real host with the given seats, over
// hosttest's in-memory store: the screens read the host, never the disk.
func hostSession(t *testing.T, game string, seats ...session.Seat) *host.Session {
	t.Helper()
	h, err := host.New(host.Config{Store: hosttest.NewStore(), Games: catalog.Registry(), NewSeed: func() uint64 { return 7 },
		Backlog: 10_000, OnError: func(id string, err error) { t.Errorf("session %s: %v", id, err) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	s, err := h.Start(context.Background(), host.StartRequest{TableID: 1, Game: game, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// duelHost starts Canyon duel on a real host: a guest on the touch screen
// against the default bot.
func duelHost(t *testing.T) *host.Session {
	return hostSession(t, "canyonduel", host.GuestSeat("Anja"), host.BotSeat(engine.LevelDefault))
}

// playThrough follows s's updates on the game screen until the game ends,
// calling move (with the screen's lock held) whenever seat 0 must decide,
// and checks the screen shows the result. It returns seat 0's decisions.
func playThrough(t *testing.T, sg *stage, s *host.Session, seats []SeatStatus, move func(v engine.View)) int {
	t.Helper()
	updates, stop := s.Subscribe(engine.Onlooker)
	defer stop()
	n := 0
	for u := range updates {
		sg.mu.Lock()
		st := GameState{Turn: u.View.Turn(), Seats: seats}
		st.Result, st.Over = s.Result()
		sg.tbl.Show(st)
		if u.View.Turn() == 0 && !st.Over {
			move(u.View)
			n++
		}
		sg.mu.Unlock()
	}
	res, over := s.Result()
	if !over {
		t.Fatal("the session ended without a result")
	}
	sg.tbl.Show(GameState{Turn: engine.NoSeat, Seats: seats, Over: true, Result: res})
	for _, w := range res.Winners {
		if got := sg.tbl.panels[w].progress.Text; !strings.HasPrefix(got, "Gagné !") {
			t.Errorf("the winner's panel says %q", got)
		}
	}
	return n
}

func TestAGuestPlaysCanoeByTouchToTheEnd(t *testing.T) {
	// A guest on the touch screen, and a guest who joined with a phone:
	// the board is played on the table either way.
	for _, kind := range []string{"touch", "phone"} {
		t.Run(kind, func(t *testing.T) { playCanoeByTouch(t, kind) })
	}
}

func playCanoeByTouch(t *testing.T, kind string) {
	s := hostSession(t, "canoe", host.GuestSeat("Anja"), host.BotSeat(engine.LevelDefault))
	sg := newStage(t, s, 2, GameConfig{})
	b := sg.tbl.board.(interface {
		HoleCentre(canoe.Hole) fyne.Position
	})
	rng := rand.New(rand.NewPCG(3, 4))
	moves := playThrough(t, sg, s, seatsOf(kind, "bot"), func(engine.View) {
		legal := s.View(0).Legal()
		m := legal[rng.IntN(len(legal))].(canoe.Move)
		switch m.Kind {
		case canoe.KindPlace:
			test.TapAt(sg.tbl.board, b.HoleCentre(m.To))
		case canoe.KindMove:
			test.TapAt(sg.tbl.board, b.HoleCentre(m.From))
			test.TapAt(sg.tbl.board, b.HoleCentre(m.To))
		case canoe.KindRemove:
			test.TapAt(sg.tbl.board, b.HoleCentre(m.From))
			p, at, ok := sg.panelButton(0, "Reprendre")
			if !ok {
				t.Fatalf("no take-back button for %v", m)
			}
			test.TapAt(p, at)
		}
	})
	if moves < 5 {
		t.Errorf("the guest made only %d moves", moves)
	}
}

// TestCanyonIsPlayedToTheEndWithLandingsChosenOnTheTable: two bots and a
// player whose cards go through the host (as from a phone) while the
// start cell and tied landings are tapped on the board.
func TestCanyonIsPlayedToTheEndWithLandingsChosenOnTheTable(t *testing.T) {
	s := hostSession(t, "canyon", host.GuestSeat("Anja"), host.BotSeat(engine.LevelDefault), host.BotSeat(engine.LevelDefault))
	sg := newStage(t, s, 3, GameConfig{})
	b := sg.tbl.board.(interface {
		CellCentre(row, col int) fyne.Position
	})
	taps := 0
	playThrough(t, sg, s, seatsOf("phone", "bot", "bot"), func(v engine.View) {
		legal := s.View(0).Legal()
		m := legal[len(legal)/2].(canyon.Move)
		if m.Kind == canyon.KindPlace || m.Kind == canyon.KindMove {
			test.TapAt(sg.tbl.board, b.CellCentre(m.Row, m.Col))
			taps++
			return
		}
		if err := s.Play(context.Background(), 0, m); err != nil {
			t.Fatal(err)
		}
	})
	if taps == 0 {
		t.Error("no decision was taken on the table")
	}
}

// TestCanailleIsFollowedToTheEnd: the table shows a whole game of bots and
// a player deciding through the host, as a phone does.
func TestCanailleIsFollowedToTheEnd(t *testing.T) {
	s := hostSession(t, "canaille", host.GuestSeat("Anja"), host.BotSeat(engine.LevelDefault), host.BotSeat(engine.LevelDefault))
	sg := newStage(t, s, 3, GameConfig{})
	playThrough(t, sg, s, seatsOf("phone", "bot", "bot"), func(engine.View) {
		legal := s.View(0).Legal()
		if err := s.Play(context.Background(), 0, legal[0]); err != nil {
			t.Fatal(err)
		}
	})
}

// TestAGuestPlaysCanyonDuelByTouchToTheEnd taps a whole game for a guest
// sitting on the left (her panel a quarter turn), against a bot: pieces,
// lit targets, jump chains stopped through her panel's button.
func TestAGuestPlaysCanyonDuelByTouchToTheEnd(t *testing.T) {
	// Whether she sits at the table without a phone or joined with one,
	// her moves are made on the board.
	for _, kind := range []string{"touch", "phone"} {
		t.Run(kind, func(t *testing.T) { playDuelByTouch(t, kind) })
	}
}

func playDuelByTouch(t *testing.T, kind string) {
	s := duelHost(t)
	sg := newStage(t, s, 2, GameConfig{Slots: []geom.Slot{{Side: geom.Left, Along: 0.5}, {Side: geom.Right, Along: 0.5}}})
	seats := seatsOf(kind, "bot")
	b := sg.tbl.board.(interface {
		CellCentre(canyonduel.Cell) fyne.Position
		Message() string
	})
	rng := rand.New(rand.NewPCG(1, 2))
	updates, stop := s.Subscribe(engine.Onlooker)
	defer stop()
	stops, moves := 0, 0
	for u := range updates {
		sg.mu.Lock()
		sg.tbl.Show(GameState{Turn: u.View.Turn(), Seats: seats})
		if u.View.Turn() == 0 {
			legal := s.View(0).Legal()
			m := legal[rng.IntN(len(legal))].(canyonduel.Move)
			for _, c := range m.Path {
				test.TapAt(sg.tbl.board, b.CellCentre(c))
			}
			if more := longer(legal, m); more {
				p, at, ok := sg.panelButton(0, "Arrêter ici")
				if !ok {
					t.Fatalf("move %v: no button to stop the chain", m)
				}
				test.TapAt(p, at)
				stops++
			}
			moves++
		}
		sg.mu.Unlock()
	}
	res, over := s.Result()
	if !over {
		t.Fatal("the session ended without a result")
	}
	if moves < 10 {
		t.Errorf("the guest made only %d moves", moves)
	}
	t.Logf("%d guest moves, %d chains stopped by the panel button; result %+v", moves, stops, res)
}

// longer reports whether some legal move goes on from m's path.
func longer(legal []engine.Move, m canyonduel.Move) bool {
	for _, l := range legal {
		p := l.(canyonduel.Move).Path
		if len(p) > len(m.Path) && slices.Equal(p[:len(m.Path)], m.Path) {
			return true
		}
	}
	return false
}

func TestAnIllegalTapChangesNothingAndNamesTheRule(t *testing.T) {
	s := newFake(t, "canyonduel", 2, 1)
	sg := newStage(t, s, 2, GameConfig{})
	sg.tbl.Show(GameState{Turn: 0, Seats: seatsOf("touch", "touch")})
	b := sg.tbl.board.(interface {
		CellCentre(canyonduel.Cell) fyne.Position
		Message() string
	})
	before := s.View(engine.Onlooker)
	// Yellow's piece, on red's turn.
	test.TapAt(sg.tbl.board, b.CellCentre(canyonduel.Cell{Col: 7, Row: 7}))
	if got := b.Message(); got != "Cette pièce est à Bernd : c'est à Anja de jouer" {
		t.Errorf("message %q", got)
	}
	// Red's piece, then a cell far out of reach: the engine refuses.
	sg.mu.Lock()
	test.TapAt(sg.tbl.board, b.CellCentre(canyonduel.Cell{Col: 4, Row: 0}))
	test.TapAt(sg.tbl.board, b.CellCentre(canyonduel.Cell{Col: 4, Row: 3}))
	sg.mu.Unlock()
	<-sg.changed
	sg.mu.Lock()
	defer sg.mu.Unlock()
	if b.Message() == "" || strings.HasPrefix(b.Message(), "Cette pièce") {
		t.Errorf("refused move says %q, want the rule", b.Message())
	}
	// The rule comes with the square that matters, as a phone's "why
	// not?" says it (issue 29): e4 is in the canyon.
	if m := b.Message(); !strings.Contains(m, "e4") || !strings.Contains(m, "canyon") {
		t.Errorf("refused move says %q, without the square e4 in the canyon", m)
	}
	if after := s.View(engine.Onlooker); !slices.Equal(after.(*canyonduel.View).Board, before.(*canyonduel.View).Board) {
		t.Error("an illegal tap changed the board")
	}
}

// The turn's pulse tells the kiosk's window loop how long it beats before
// it starts, so that the loop does not nap through it; still, it says
// nothing.
func TestThePulseKeepsTheWindowLoopUpWhileItBeats(t *testing.T) {
	for _, still := range []bool{false, true} {
		test.NewTempApp(t)
		var awake []time.Duration
		tbl, err := NewGame(GameConfig{Session: newFake(t, "canyonduel", 2, 1), Seats: 2, Lang: "fr", Still: still,
			Do: func(f func()) {}, Awake: func(d time.Duration) { awake = append(awake, d) }})
		if err != nil {
			t.Fatal(err)
		}
		w := test.NewTempWindow(t, tbl.Content())
		w.Resize(fyne.NewSize(1920, 1080))
		st := GameState{Code: "0427", Turn: 0, Seats: seatsOf("touch", "touch")}
		tbl.Show(st)
		tbl.Show(st) // the same turn again: no new pulse
		if tbl.pulse.anim != nil {
			tbl.pulse.anim.Stop()
		}
		tbl.stop()
		want := []time.Duration{}
		if !still {
			beat := 2 * (time.Second / 2) // out and back, half a second each way
			want = []time.Duration{(pulseBeats + 1) * beat}
		}
		if len(awake) != len(want) {
			t.Fatalf("still %v: Awake told %v, want %v", still, awake, want)
		}
		for i := range want {
			if awake[i] != want[i] {
				t.Errorf("still %v: Awake told %v, want %v", still, awake, want)
			}
		}
	}
}

// noted is a board that says why it refused a tap.
type noted interface {
	Message() string
	MessageTurn() geom.Turn
	MessageAt() (fyne.Position, fyne.Size)
}

// tapSays taps the board at p and checks the message it shows, and that
// it is turned to be read from the side that turn is.
func tapSays(t *testing.T, sg *stage, p fyne.Position, want string, turn geom.Turn) {
	t.Helper()
	b := sg.tbl.board.(noted)
	test.TapAt(sg.tbl.board, p)
	if got := b.Message(); got != want {
		t.Errorf("tap at %v says %q, want %q", p, got, want)
	}
	if got := b.MessageTurn(); got != turn {
		t.Errorf("%q is turned %d quarters, want %d", want, got, turn)
	}
	// Near the tap: its nearest point within a finger's reach and a gap.
	at, size := b.MessageAt()
	near := fyne.NewPos(max(at.X, min(p.X, at.X+size.Width)), max(at.Y, min(p.Y, at.Y+size.Height)))
	if dx, dy := near.X-p.X, near.Y-p.Y; dx*dx+dy*dy > 120*120 {
		t.Errorf("%q lies at %v (%v), far from the tap at %v", want, at, size, p)
	}
}

// moved makes seat's move m through the session, as a phone or the board
// does, shows the new view and checks that the tap's message went.
func movedAndGone(t *testing.T, sg *stage, s Session, seats []SeatStatus, seat engine.Seat, m engine.Move) {
	t.Helper()
	if err := s.Play(context.Background(), seat, m); err != nil {
		t.Fatal(err)
	}
	sg.tbl.Show(GameState{Turn: s.View(engine.Onlooker).Turn(), Seats: seats})
	if got := sg.tbl.board.(noted).Message(); got != "" {
		t.Errorf("after the next move the board still says %q", got)
	}
}

// Every tap the table cannot take is answered, near the tap, turned to the
// seat it concerns, and the answer goes at the next move.
func TestEveryRefusedTapIsAnsweredFacingItsSeat(t *testing.T) {
	t.Run("canyonduel", func(t *testing.T) {
		s := newFake(t, "canyonduel", 2, 1)
		seats := seatsOf("touch", "bot")
		sg := newStage(t, s, 2, GameConfig{})
		sg.tbl.Show(GameState{Turn: 0, Seats: seats})
		b := sg.tbl.board.(interface {
			CellCentre(canyonduel.Cell) fyne.Position
		})
		// Bernd's piece (top), on Anja's turn (bottom): Bernd is a robot,
		// who never taps, so Anja did: said to her, what to touch instead.
		tapSays(t, sg, b.CellCentre(canyonduel.Cell{Col: 7, Row: 7}), "Cette pièce est à Bernd, un robot : touchez une de vos pièces", 0)
		// An empty cell: about Anja's move, said to her side.
		tapSays(t, sg, b.CellCentre(canyonduel.Cell{Col: 3, Row: 3}), "Touchez une de vos pièces", 0)
		movedAndGone(t, sg, s, seats, 0, s.View(0).Legal()[0])
		// Now the bot is to move: a tap on its side is told to wait.
		tapSays(t, sg, b.CellCentre(canyonduel.Cell{Col: 7, Row: 7}), "Bernd est un robot : attendez son coup", 2)
		movedAndGone(t, sg, s, seats, 1, s.View(1).Legal()[0])
	})
	t.Run("canoe", func(t *testing.T) {
		s := newFake(t, "canoe", 2, 1)
		seats := seatsOf("touch", "app")
		sg := newStage(t, s, 2, GameConfig{})
		sg.tbl.Show(GameState{Turn: 0, Seats: seats})
		b := sg.tbl.board.(interface {
			HoleCentre(canoe.Hole) fyne.Position
		})
		// Anja places a peg; then a tap on it, on Bernd's turn, from the
		// bottom: whose peg and whose turn, to the side that tapped.
		legal := s.View(0).Legal()
		var first canoe.Hole
		for _, m := range legal {
			if cm := m.(canoe.Move); cm.Kind == canoe.KindPlace && cm.To.Row == canoe.Rows-1 {
				first = cm.To
				break
			}
		}
		movedAndGone(t, sg, s, seats, 0, canoe.Place(first))
		tapSays(t, sg, b.HoleCentre(first), "Ce pion est à Anja : c'est à Bernd de jouer", 0)
		// Off the holes: how to play, to Bernd (the top).
		tapSays(t, sg, fyne.NewPos(4, 4), "Touchez un trou vide pour poser un pion, ou l'un de vos pions pour le déplacer", 2)
		movedAndGone(t, sg, s, seats, 1, s.View(1).Legal()[0])
	})
	t.Run("canyon", func(t *testing.T) {
		s := newFake(t, "canyon", 3, 2)
		seats := seatsOf("app", "app", "app")
		sg := newStage(t, s, 3, GameConfig{})
		// Past the start cells: the tempos are shown on the phones.
		for s.View(engine.Onlooker).(*canyon.View).Phase == canyon.PhasePlace {
			turn := s.View(engine.Onlooker).Turn()
			if err := s.Play(context.Background(), turn, s.View(turn).Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
		turn := s.View(engine.Onlooker).Turn()
		sg.tbl.Show(GameState{Turn: turn, Seats: seats})
		b := sg.tbl.board.(interface {
			CellCentre(row, col int) fyne.Position
		})
		// A tap on the map near the top left seat (Bernd, seat 2 of 3:
		// Canyon's guests sit on the long sides), answered turned to him.
		at := b.CellCentre(25, 1)
		name := []string{"Anja", "Bernd", "Carola"}[turn]
		tapSays(t, sg, at, name+" choisit sur son téléphone", 2)
		movedAndGone(t, sg, s, seats, turn, s.View(turn).Legal()[0])
	})
	t.Run("canaille", func(t *testing.T) {
		s := newFake(t, "canaille", 3, 2)
		seats := seatsOf("app", "bot", "app")
		sg := newStage(t, s, 3, GameConfig{})
		turn := s.View(engine.Onlooker).Turn()
		sg.tbl.Show(GameState{Turn: turn, Seats: seats})
		size := sg.tbl.board.Size()
		// From the top seat's side.
		name := []string{"Anja", "Bernd", "Carola"}[turn]
		want := name + " choisit sur son téléphone"
		if turn == 1 {
			want = "Bernd est un robot : attendez son coup"
		}
		tapSays(t, sg, fyne.NewPos(size.Width/2, 10), want, 2)
		movedAndGone(t, sg, s, seats, turn, s.View(turn).Legal()[0])
	})
}

// The staff button covers neither the board (Canoë's reserve, the Canyon
// map) nor a seat's panel, whatever the number of seats.
func TestTheStaffButtonCoversNoBoardAndNoPanel(t *testing.T) {
	cases := []struct {
		game  string
		seats int
	}{{"canoe", 2}, {"canyon", 5}, {"canyon", 6}, {"canyonduel", 2}, {"canyon", 3}, {"canyon", 4}, {"canaille", 4}}
	if testing.Short() {
		cases = cases[:3] // a free corner, an edge's middle, the fullest table
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.game, c.seats), func(t *testing.T) {
			s := newFake(t, c.game, c.seats, 1)
			sg := newStage(t, s, c.seats, GameConfig{})
			sg.tbl.Show(GameState{Turn: 0, Seats: seatsOf(slices.Repeat([]string{"app"}, c.seats)...)})
			objs := sg.tbl.root.Objects
			btn := objs[len(objs)-1]
			r := geom.Rect{Pos: btn.Position(), Size: btn.Size()}
			if b := sg.tbl.board; r.Overlaps(geom.Rect{Pos: b.Position(), Size: b.Size()}) {
				t.Errorf("the staff button %v covers the board at %v %v", r, b.Position(), b.Size())
			}
			for i, p := range sg.tbl.panels {
				if r.Overlaps(geom.Rect{Pos: p.panel.Position(), Size: p.panel.Size()}) {
					t.Errorf("the staff button %v covers seat %d's panel", r, i)
				}
			}
		})
	}
}
