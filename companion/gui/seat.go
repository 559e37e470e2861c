package gui

import (
	"context"
	"encoding/json"
	"errors"
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// unreachableAfter is how long the phone says "reconnecting" before it says
// the table does not answer (it keeps trying all the same).
const unreachableAfter = 15 * time.Second

// seatScreen is the seat this phone holds: a state line at the top, the
// game's panel below, and a way back.
type seatScreen struct {
	a      *App
	saved  savedSeat
	ctx    context.Context
	cancel context.CancelFunc

	c     *client.Client // nil while returning to a saved seat
	w     client.Welcome
	rules engine.Rules
	view  engine.View // nil before the first view
	over  bool
	// record is this player's rating after the game, when the table sends it.
	record *wire.Record
	// waiting is how many seats are still free, when the table says.
	waiting int
	away    []engine.Seat // seats whose phone is not connected

	linkUp      bool
	downSince   int // counts drops, so a stale unreachable timer is ignored
	unreachable bool
	returning   bool          // resuming a saved seat, no client yet
	dialing     bool          // a resume of the saved seat is under way
	tries       int           // failed resumes of the saved seat, for the pause
	lost        func() string // why the seat cannot be shown, in the current language; nil: nothing is wrong
	refused     string        // the last move's refusal, or a "why not?", in words, until the next view
	whyRule     string        // the rule refused names, for the rules' paragraph; "" when none
	hint        string        // the table's hint in words, for this phone only, until the next view
	asking      bool          // a "why not?" is on its way: no second one
	since       []string      // what the others did since this seat's last move, in words; the guest may dismiss it
	sending     bool          // a move is on its way: no second one
	askLeave    bool
	myTurn      bool
	version     int64          // the version of the view shown
	tb          *wire.TakeBack // where a take-back of the last move stands, nil: nothing to say
	tbBusy      bool           // a take-back request or answer is on its way
	tbLost      bool           // a request open before a kiosk restart was forgotten

	panel gamePanel
	shelf *shelfPanel     // « Que jouer ? », nil until opened
	pulse *fyne.Animation // the turn cue, while it runs
	// shown records each state line shown, in order (tests read it).
	shown []string

	banner  *canvas.Rectangle
	heading *widget.Label
	state   *widget.Label
	body    *fyne.Container
}

// gamePanel draws one game's side of the seat.
type gamePanel interface {
	// show draws v: the main part, and what goes at the bottom (the hand,
	// the choices), either may be nil.
	show(v engine.View) (main, bottom fyne.CanvasObject)
}

func (a *App) newSeatScreen(saved savedSeat) *seatScreen {
	s := &seatScreen{a: a, saved: saved}
	s.ctx, s.cancel = context.WithCancel(a.ctx)
	a.seat = s
	return s
}

// showSeat shows the seat c was welcomed to and follows its views.
func (a *App) showSeat(c *client.Client, w client.Welcome, saved savedSeat) {
	s := a.newSeatScreen(saved)
	a.show(s)
	s.attach(c, w)
}

// resume returns to the seat the app held when it was closed.
func (a *App) resume(saved savedSeat) {
	s := a.newSeatScreen(saved)
	s.returning = true
	a.show(s)
	s.redial()
}

// redial resumes the saved seat. A table that does not answer is tried
// again and again, more slowly each time (up to every 8 s), and at once
// when the guest asks; a table that no longer knows the seat has the phone
// forget it.
func (s *seatScreen) redial() {
	a := s.a
	if s.dialing || s.c != nil {
		return
	}
	s.dialing, s.lost = true, nil
	s.returning = !s.unreachable
	s.refresh()
	table := discovery.Kiosk{Name: s.saved.Table, Fingerprint: s.saved.Fingerprint, Addrs: []string{s.saved.Addr}}
	go func() {
		c, w, err := a.connect(s.ctx, table, func(c *client.Client) (client.Welcome, error) {
			return c.Resume(s.ctx, s.saved.Token)
		})
		a.deps.Do(func() {
			if s.ctx.Err() != nil {
				if c != nil {
					c.Close()
				}
				return
			}
			s.dialing, s.returning = false, false
			var we *wire.Error
			switch {
			case errors.As(err, &we) && (we.Code == wire.BadToken || we.Code == wire.NoGame):
				a.forgetSeat()
				a.showFind(func() string { return a.t("seat_gone", map[string]any{"Table": s.saved.Table}) })
			case err != nil:
				s.unreachable = true
				s.refresh()
				s.redialLater()
			default:
				s.unreachable = false
				s.attach(c, w)
			}
		})
	}()
}

// redialLater tries the saved seat again after a pause that doubles with
// each failure.
func (s *seatScreen) redialLater() {
	wait := min(time.Second<<min(s.tries, 3), 8*time.Second)
	s.tries++
	time.AfterFunc(wait, func() {
		s.a.deps.Do(func() {
			if s.ctx.Err() == nil && s.c == nil {
				s.redial()
			}
		})
	})
}

// attach follows c, welcomed to seat w.
func (s *seatScreen) attach(c *client.Client, w client.Welcome) {
	a := s.a
	s.c, s.w, s.linkUp = c, w, true
	s.saved.Token, s.saved.Table, s.saved.Game = w.Token, w.Table, w.Game
	a.keepSeat(s.saved)
	rules, err := a.deps.Games.Get(w.Game)
	if err != nil {
		s.lost = func() string { return a.t("unknown_game", map[string]any{"Game": w.Game}) }
		s.refresh()
		return
	}
	s.rules = rules
	s.panel = a.panelFor(s)
	s.refresh()
	go s.follow()
}

func (s *seatScreen) leave() {
	s.cancel()
	if s.c != nil {
		s.c.Close()
	}
}

// follow hands each view and link change to the UI until the client stops.
func (s *seatScreen) follow() {
	a, c := s.a, s.c
	updates := c.Updates()
	for {
		select {
		case u, ok := <-updates:
			if !ok {
				updates = nil
				continue
			}
			v, err := u.Decode(s.rules)
			token := c.Welcome().Token
			a.deps.Do(func() { s.updated(u, v, err, token) })
		case <-c.Links():
			up := c.Connected()
			a.deps.Do(func() { s.linked(up) })
		case <-c.Done():
			err := c.Err()
			a.deps.Do(func() { s.stopped(err) })
			return
		}
	}
}

func (s *seatScreen) updated(u client.Update, v engine.View, err error, token string) {
	if s.ctx.Err() != nil {
		return
	}
	if token != "" && token != s.saved.Token {
		// The table gives a new token with every welcome.
		s.saved.Token = token
		s.a.keepSeat(s.saved)
	}
	if err != nil {
		s.lost = func() string { return s.a.t("cannot_read") }
		s.refresh()
		return
	}
	if u.NewGame { // the table plays again with the same seats
		s.record = nil
		if f, ok := s.panel.(interface{ newGame() }); ok {
			f.newGame() // nothing of the last play stays on its panel
		}
	}
	if u.Ref != "" || u.NewGame { // this seat's own move: the list starts again
		s.since = nil
	}
	for _, e := range u.Events {
		if line := s.a.sinceLine(s.w.Game, s.w.Seat, e); line != "" {
			s.since = append(s.since, line)
		}
	}
	if len(s.since) > maxSince {
		s.since = s.since[len(s.since)-maxSince:]
	}
	s.tookBack(u)
	s.view, s.over, s.refused, s.sending = v, u.Over, "", false
	s.whyRule, s.hint = "", ""
	s.a.names = u.Names
	if u.Record != nil {
		s.record = u.Record
	}
	s.waiting, s.away = waitingSeats(u), u.Away
	s.linkUp = true
	s.refresh()
}

// waitingSeats is how many seats the table still waits for: until every
// seat is taken, the table refuses moves, so the phone says so instead of
// "your turn". A view comes again when it changes.
func waitingSeats(u client.Update) int { return u.Waiting }

func (s *seatScreen) linked(up bool) {
	if s.c == nil || up == s.linkUp {
		return
	}
	s.linkUp = up
	if !up {
		s.sending, s.refused = false, ""
		s.downSince++
		drop := s.downSince
		time.AfterFunc(unreachableAfter, func() {
			s.a.deps.Do(func() {
				if drop == s.downSince && !s.linkUp && s.ctx.Err() == nil {
					s.unreachable = true
					s.refresh()
				}
			})
		})
	} else {
		s.unreachable = false
	}
	s.refresh()
}

// stopped: the client gave up (the seat was taken away, or the app closed).
func (s *seatScreen) stopped(err error) {
	a := s.a
	if s.ctx.Err() != nil || errors.Is(err, client.ErrClosed) {
		return
	}
	if errors.Is(err, client.ErrRemoved) {
		a.forgetSeat()
		why := "seat_gone"
		var we *wire.Error
		if errors.As(err, &we) {
			switch we.Code {
			case wire.Replaced:
				why = "seat_replaced"
			case wire.Abandoned:
				why = "game_abandoned"
			case wire.Closed: // the table went back to its lobby after the game
				a.showFind(func() string { return a.texts.T(a.lang, "common.closed") })
				return
			}
		}
		a.showFind(func() string { return a.t(why, map[string]any{"Table": s.saved.Table}) })
		return
	}
	s.lost = func() string { return a.explain(err) }
	s.refresh()
}

func (s *seatScreen) build() fyne.CanvasObject {
	a := s.a
	s.banner = canvas.NewRectangle(colorIdle)
	s.banner.CornerRadius = 8
	s.state = widget.NewLabel("")
	s.state.Wrapping = fyne.TextWrapWord
	s.state.TextStyle.Bold = true
	s.state.SizeName = "subHeadingText"
	s.state.Alignment = fyne.TextAlignCenter
	s.heading = wrapped(s.title())
	leave := widget.NewButton(a.t("leave"), func() { s.askLeave = true; s.refresh() })
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, leave, s.heading),
		container.NewStack(s.banner, container.NewPadded(s.state)),
	)
	s.body = container.NewStack()
	if s.shelf != nil {
		s.shelf.root = nil // its words in the language now
	}
	s.refresh()
	return container.NewBorder(top, nil, nil, nil, s.body)
}

func (s *seatScreen) title() string {
	a := s.a
	if s.c == nil {
		return s.saved.Table
	}
	return s.saved.Table + " · " + a.gameName(s.w.Game) + " · " + a.seatNumber(s.w.Seat)
}

// refresh redraws the state line and the panel from the screen's state.
func (s *seatScreen) refresh() {
	// A screen left (or an app closed) draws nothing more: its goroutines
	// may still deliver a last update.
	if s.state == nil || s.a.current != s || s.ctx.Err() != nil {
		return
	}
	s.heading.SetText(s.title())
	text, bg := s.stateLine()
	if len(s.shown) == 0 || s.shown[len(s.shown)-1] != text {
		s.shown = append(s.shown, text)
	}
	s.state.SetText(text)
	turn := bg == colorTurn
	switch {
	case turn && !s.myTurn:
		s.pulse = cue(s.banner)
	case !turn:
		if s.pulse != nil {
			s.pulse.Stop()
			s.pulse = nil
		}
		s.banner.FillColor = bg
		s.banner.Refresh()
	}
	s.myTurn = turn
	s.body.Objects = []fyne.CanvasObject{s.content()}
	s.body.Refresh()
}

// stateLine is what the line at the top says, and its colour.
func (s *seatScreen) stateLine() (string, color.Color) {
	a := s.a
	switch {
	case s.lost != nil:
		return s.lost(), colorAlarm
	case s.returning:
		return a.t("returning", map[string]any{"Table": s.saved.Table}), colorIdle
	case s.unreachable:
		return a.t("unreachable", map[string]any{"Table": s.saved.Table}), colorAlarm
	case s.c != nil && !s.linkUp:
		return a.t("reconnecting"), colorAlarm
	case s.view == nil:
		return a.t("waiting_table"), colorIdle
	case s.over:
		if r, ok := resultOf(s.view); ok && r.Won(s.w.Seat) {
			return s.resultLine(), colorWon
		}
		return s.resultLine(), colorIdle
	case s.waiting > 0:
		return a.t("waiting_players", map[string]any{"N": s.waiting}), colorIdle
	case s.atOnce() != nil:
		return s.atOnce().status()
	case s.view.Turn() == s.w.Seat:
		return a.t("your_turn"), colorTurn
	case s.view.Turn() == engine.NoSeat:
		return a.t("waiting_table"), colorIdle
	}
	if slices.Contains(s.away, s.view.Turn()) {
		return a.t("waiting_away", map[string]any{"Seat": a.seatName(s.view.Turn())}), colorIdle
	}
	return a.t("waiting_for", map[string]any{"Seat": a.seatName(s.view.Turn())}), colorIdle
}

// content is the body below the state line.
func (s *seatScreen) content() fyne.CanvasObject {
	a := s.a
	if s.askLeave {
		return s.leaveQuestion()
	}
	if s.unreachable && s.c == nil {
		retry := widget.NewButton(a.t("try_again"), s.redial)
		if s.dialing {
			retry.Disable()
		}
		retry.Importance = widget.HighImportance
		forget := widget.NewButton(a.t("forget_seat"), func() { a.forgetSeat(); a.showFind(nil) })
		return container.NewVBox(wrapped(a.t("unreachable_help")), retry, forget)
	}
	if s.view == nil || s.panel == nil {
		return widget.NewLabel("")
	}
	if s.c != nil && !s.linkUp {
		// The last view's whose-turn words and decision may be long
		// untrue: the phone says only what it knows.
		return container.NewVBox(wrapped(a.t("reconnecting_help")))
	}
	if s.shelf != nil && s.shelf.open && !s.shelfMay() {
		s.shelf.finish()
		s.shelf.open = false // the guest's turn, or the link lost: a decision is never hidden
	}
	if s.shelf != nil && s.shelf.open {
		if s.shelf.root == nil {
			s.shelf.build()
		}
		return s.shelf.root
	}
	main, bottom := s.panel.show(s.view)
	top := s.helpRow()
	var middle fyne.CanvasObject = widget.NewLabel("")
	if sc, ok := main.(*container.Scroll); ok {
		middle = sc // a panel that keeps its own scroll from view to view
	} else if main != nil {
		middle = container.NewVScroll(main)
	}
	return container.NewBorder(top, bottom, nil, nil, middle)
}

// leaveQuestion asks before the phone gives its seat up.
func (s *seatScreen) leaveQuestion() fyne.CanvasObject {
	a := s.a
	yes := widget.NewButton(a.t("leave_yes"), func() {
		a.forgetSeat()
		a.showFind(nil)
	})
	yes.Importance = widget.DangerImportance
	no := widget.NewButton(a.t("leave_no"), func() { s.askLeave = false; s.refresh() })
	no.Importance = widget.HighImportance
	return container.NewVBox(wrapped(a.t("leave_question", map[string]any{"Table": s.saved.Table})), no, yes)
}

// play sends m for the seat; the answer is the next view, or a refusal
// shown in words.
func (s *seatScreen) play(m engine.Move) {
	a := s.a
	if s.sending || s.c == nil {
		return
	}
	data, err := json.Marshal(m)
	if err != nil {
		s.refused = a.t("refused_unknown")
		s.refresh()
		return
	}
	s.sending, s.refused = true, ""
	c := s.c
	go func() {
		err := c.Move(s.ctx, data)
		if err == nil {
			return
		}
		a.deps.Do(func() {
			s.sending = false
			s.refused = a.explain(err)
			s.refresh()
		})
	}()
}

// atOnceGame is a panel of a game every seat plays at once rather than
// in turns (the score sheet): it says its own state line, and the seat
// asks for no hint.
type atOnceGame interface {
	status() (string, color.Color)
}

// atOnce is the seat's panel as an atOnceGame, or nil.
func (s *seatScreen) atOnce() atOnceGame {
	g, _ := s.panel.(atOnceGame)
	return g
}

// canAct says whether the seat may act now.
func (s *seatScreen) canAct() bool {
	return s.view != nil && !s.over && !s.sending && s.linkUp && s.waiting == 0 && s.view.Turn() == s.w.Seat
}

// maxSince is how many lines "since your last turn" keeps.
const maxSince = 8
