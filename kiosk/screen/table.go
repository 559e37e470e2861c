package screen

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
	"github.com/tablee/tablee/say"
)

// AwayTimeout is how long a phone may stay away before the table offers
// to let a bot play its seat.
const AwayTimeout = 2 * time.Minute

// SeatStatus is one seat as the game screen shows it.
type SeatStatus struct {
	Name    string
	State   string        // "free", "connected", "away" or "bot"
	AwayFor time.Duration // when State is "away"
	// Touch is set for a guest who plays on the touch screen, without a
	// phone: the table makes that seat's moves.
	Touch bool
	// You is set for the guest the texts speak to in the second person,
	// named "Vous" (a lesson's learner): "Vous gagnez", not "Vous gagne".
	You bool
}

// GameState is everything the game screen shows besides the board, all
// of it public.
type GameState struct {
	Game   engine.Info
	Code   string
	Seats  []SeatStatus
	Turn   engine.Seat
	Over   bool
	Result engine.Result
}

// Session is the game the game screen shows and plays into; a
// *host.Session is one.
type Session interface {
	Game() engine.Rules
	View(viewer engine.Seat) engine.View
	Play(ctx context.Context, seat engine.Seat, m engine.Move) error
}

// GameConfig is what the game screen is built from.
type GameConfig struct {
	Session Session
	Seats   int // the session's number of seats
	Lang    string
	Texts   *i18n.Catalog // nil: the embedded catalogue
	// Staff runs then once the staff PIN was given; it guards the staff
	// functions (releasing a seat). Nil: they stay locked.
	Staff     func(then func())
	OnRelease func(engine.Seat)
	// OnHandToBot, when set, is offered for seats away past AwayTimeout.
	OnHandToBot func(engine.Seat)
	// OnStaffMenu is the corner button, for the staff: it asks the PIN
	// and offers to move a seat, hand it to a bot or abandon the game.
	OnStaffMenu func()
	// Slots says where each seat's panel sits; nil: geom.DefaultSlots.
	Slots []geom.Slot
	// Still turns motion off (golden images, screenshots).
	Still bool
	// Doing, when set and not "", says what the seat to move decides now
	// instead of the board (a lesson's hand lies on the table, not on a
	// phone).
	Doing func(engine.View) string
	// Do runs a change of the screen from another goroutine: fyne.Do when
	// nil; tests pass something they can synchronise with. The kiosk
	// passes one that also wakes its sleeping window loop.
	Do func(func())
	// Awake, when set, is told before motion lasting d starts (the turn's
	// pulse, the board's flights), so that the window loop stays up.
	Awake func(d time.Duration)
	// Coached, when set, is the seat whose panel another screen shows in
	// its own place (a lesson's learner panel, on the learner's side): the
	// game screen draws no panel for it and gives the board that edge.
	Coached *engine.Seat
	// Snug draws the board's untouched margins thin (board.Env's Snug):
	// a lesson's board, which shares the height with the learner's panel.
	Snug bool
	// Hint, when set, suggests a move to seat from its own view (a
	// *host.Session's Hint): the panel of a touch seat to move offers it,
	// and says the hint turned to the seat.
	Hint func(ctx context.Context, seat engine.Seat) (engine.Move, error)
}

// PanelSize is a seat panel's size as its reader sees it.
var PanelSize = fyne.NewSize(760, 150)

// panelSizeFor is the size of the seat panels in slots: PanelSize, or
// narrower when three share a side, so that they fit its 1920 px side by
// side.
func panelSizeFor(slots []geom.Slot) fyne.Size {
	if geom.PanelsASide(slots) >= 3 {
		return fyne.NewSize(620, PanelSize.Height)
	}
	return PanelSize
}

// Game is the screen of a game in progress: the game's board in the
// middle and, on the edges, a panel facing each seat.
type Game struct {
	cfg    GameConfig
	lang   i18n.Lang
	texts  *i18n.Catalog
	board  board.Board
	state  GameState
	view   engine.View
	panels []*seatPanel
	slots  []geom.Slot // where each seat's panel sits
	// panel is the seat panels' size as their readers see them.
	panel fyne.Size
	pulse *pulse
	code  *canvas.Text
	waitN *canvas.Text
	wait  *fyne.Container // the code while seats are free
	root  *fyne.Container
	// offer wakes the screen once, when the next away seat may be handed
	// to a bot; offers counts the timers set, so a stale one does nothing.
	offer  *time.Timer
	offers int
	// hint is the last hint asked on the table, for hintSeat, until the
	// next move.
	hint     string
	hintSeat engine.Seat
	// hintMove is the hinted move, whose cells the rings show on the
	// board while the hint holds; nil: none.
	hintMove engine.Move
	rings    []*canvas.Circle
}

// NewGame builds the game screen for cfg.Session's game.
func NewGame(cfg GameConfig) (*Game, error) {
	if cfg.Session == nil {
		return nil, errors.New("game screen: no session")
	}
	texts := cfg.Texts
	if texts == nil {
		var err error
		if texts, err = i18n.Load(); err != nil {
			return nil, fmt.Errorf("game screen: %w", err)
		}
	}
	if cfg.Do == nil {
		cfg.Do = fyne.Do
	}
	t := &Game{cfg: cfg, lang: i18n.Parse(cfg.Lang), texts: texts, slots: seatSlots(cfg)}
	t.panel = panelSizeFor(t.slots)
	b, err := board.New(cfg.Session.Game().Info().ID, board.Env{
		Lang: t.lang, Texts: texts, Play: t.play, Changed: t.redrawTurnPanel, Still: cfg.Still, Name: t.seatName,
		IsBot: func(s engine.Seat) bool { return t.seat(s).State == "bot" },
		You:   func(s engine.Seat) bool { return t.seat(s).You },
		Slots: t.slots, Do: cfg.Do, Awake: cfg.Awake, Snug: cfg.Snug,
	})
	if err != nil {
		return nil, fmt.Errorf("game screen: %w", err)
	}
	t.board = b
	t.view = cfg.Session.View(engine.Onlooker)
	t.pulse = newPulse(cfg.Still, cfg.Awake)
	t.buildRoot()
	return t, nil
}

// Content is the screen's root object.
func (t *Game) Content() fyne.CanvasObject { return t.root }

// Board is the game's board widget.
func (t *Game) Board() board.Board { return t.board }

func (t *Game) tr(key string, params ...map[string]any) string {
	return t.texts.T(t.lang, key, params...)
}

// seatSlots is where each seat's panel sits: cfg.Slots, or spread round
// the table.
func seatSlots(cfg GameConfig) []geom.Slot {
	if len(cfg.Slots) > 0 {
		return cfg.Slots
	}
	seats := cfg.Seats
	if seats <= 0 {
		seats = cfg.Session.Game().Info().MinSeats
	}
	return board.DefaultSlots(cfg.Session.Game().Info().ID, seats)
}

func (t *Game) buildRoot() {
	slots := t.slots
	staffMenu := widget.NewButton(t.tr("board.staff"), func() {
		if t.cfg.OnStaffMenu != nil {
			t.cfg.OnStaffMenu()
		}
	})
	if t.cfg.OnStaffMenu == nil {
		// Nothing to open (a lesson): no button that does nothing, and
		// its corner is free for the lesson's own "Leave".
		staffMenu.Hide()
	}
	t.code = canvas.NewText("", color.White)
	t.code.TextSize = 96
	t.code.TextStyle.Bold = true
	t.code.Alignment = fyne.TextAlignCenter
	t.waitN = canvas.NewText("", color.White)
	t.waitN.TextSize = 36
	t.waitN.TextStyle.Bold = true
	t.waitN.Alignment = fyne.TextAlignCenter
	hint := canvas.NewText(t.tr("board.join-hint"), color.White)
	hint.TextSize = 28
	hint.Alignment = fyne.TextAlignCenter
	bg := canvas.NewRectangle(color.NRGBA{0x10, 0x10, 0x10, 0xE0})
	bg.CornerRadius = 24
	t.wait = container.NewStack(bg, container.NewPadded(container.NewVBox(t.waitN, t.code, hint)))
	t.wait.Hide()
	lay := &tableLayout{slots: slots}
	objs := []fyne.CanvasObject{t.board}
	for i := range slots {
		p := newSeatPanel(t, engine.Seat(i), geom.Turn(slots[i].Side.QuarterTurns()))
		t.panels = append(t.panels, p)
		objs = append(objs, p.panel)
	}
	objs = append(objs, t.pulse.rect, container.NewCenter(t.wait), staffMenu)
	for range maxRings {
		r := canvas.NewCircle(color.Transparent)
		r.StrokeColor = looks.Highlight.NRGBA() // as a lesson rings: no seat's pieces, no water, no wood
		r.StrokeWidth = 8
		r.Hide()
		t.rings = append(t.rings, r)
		objs = append(objs, r)
	}
	t.root = container.New(lay, objs...)
	lay.t = t
}

// Show puts st on screen with the session's current view. Call it on the
// UI goroutine (fyne.Do), after every move and status change.
func (t *Game) Show(st GameState) {
	t.state = st
	if v := t.cfg.Session.View(engine.Onlooker); t.view == nil || v.Turn() != t.view.Turn() || !sameLegal(v, t.view) {
		t.hint, t.hintMove = "", nil
	}
	t.view = t.cfg.Session.View(engine.Onlooker)
	t.board.Update(t.view, t.legal())
	free := 0
	for _, s := range st.Seats {
		if s.State == "free" {
			free++
		}
	}
	t.code.Text = st.Code
	t.waitN.Text = t.tr("board.waiting", map[string]any{"N": free})
	if free > 0 && st.Code != "" && !st.Over {
		t.wait.Show()
	} else {
		t.wait.Hide()
	}
	t.wait.Refresh()
	for _, p := range t.panels {
		p.update()
	}
	t.pulse.follow(t.turnPanel())
	t.armOffer(st)
	t.ring()
}

// maxRings is how many cells a hint may ring: a jump chain's cells.
const maxRings = 12

// ring rings the cells of the hinted move on the board, as a lesson
// rings its step's; none when no hint holds or it names no cell (a card,
// a tempo: the words name those).
func (t *Game) ring() {
	var spots []fyne.Position
	if t.hintMove != nil {
		spots = board.Spots(t.board, t.hintMove)
	}
	placeRings(t.rings, spots, board.SpotSize(t.board)*0.9, t.board.Position())
}

// placeRings centres rings of size on spots (the board's, from origin)
// and hides the rings left over; the hints and the lessons ring cells
// alike.
func placeRings(rings []*canvas.Circle, spots []fyne.Position, size float32, origin fyne.Position) {
	for i, r := range rings {
		if i >= len(spots) {
			r.Hide()
			continue
		}
		r.Resize(fyne.NewSize(size, size))
		r.Move(origin.Add(spots[i]).SubtractXY(size/2, size/2))
		r.Show()
	}
}

// HintRings are the centres of the rings the table shows for a hint, on
// the screen, for tests.
func (t *Game) HintRings() []fyne.Position {
	var out []fyne.Position
	for _, r := range t.rings {
		if r.Visible() {
			out = append(out, r.Position().AddXY(r.Size().Width/2, r.Size().Height/2))
		}
	}
	return out
}

// armOffer sets one timer for the moment the next away seat may be handed
// to a bot, so that its panel offers it then. Nothing else runs while the
// table waits: an idle kiosk sleeps.
func (t *Game) armOffer(st GameState) {
	t.stop()
	wait := nextOffer(st)
	if wait <= 0 || t.cfg.OnHandToBot == nil {
		return
	}
	seq, shown := t.offers, time.Now()
	t.offer = time.AfterFunc(wait, func() {
		t.cfg.Do(func() {
			if seq != t.offers {
				return // shown again since: that Show set its own timer
			}
			t.Show(aged(st, time.Since(shown)))
		})
	})
}

// stop forgets the pending offer timer, when the screen is put away.
func (t *Game) stop() {
	t.offers++
	if t.offer != nil {
		t.offer.Stop()
		t.offer = nil
	}
}

// nextOffer is how long until the first away seat in st has been away for
// AwayTimeout, or 0 when no seat is waiting for that (the game is over, or
// no seat is away, or all of them have been offered already).
func nextOffer(st GameState) time.Duration {
	var next time.Duration
	if st.Over {
		return 0
	}
	for _, s := range st.Seats {
		if s.State != "away" || s.AwayFor >= AwayTimeout {
			continue
		}
		if left := AwayTimeout - s.AwayFor; next == 0 || left < next {
			next = left
		}
	}
	return next
}

// aged is st as it stands d later: its away seats away for d longer.
func aged(st GameState, d time.Duration) GameState {
	st.Seats = slices.Clone(st.Seats)
	for i := range st.Seats {
		if st.Seats[i].State == "away" {
			st.Seats[i].AwayFor += d
		}
	}
	return st
}

// legal is what the table may play now for the seat to move.
func (t *Game) legal() []engine.Move {
	turn := t.view.Turn()
	if !turn.Valid(len(t.state.Seats)) || t.state.Over {
		return nil
	}
	s := t.state.Seats[turn]
	if !s.Touch && (s.State == "bot" || !t.board.TableDecides(t.view)) {
		return nil
	}
	return t.cfg.Session.View(turn).Legal()
}

// play sends a move from the board to the session without holding up the
// screen: a refusal comes back to the board, a success as a new view.
func (t *Game) play(seat engine.Seat, m engine.Move) {
	go func() {
		if err := t.cfg.Session.Play(context.Background(), seat, m); err != nil {
			t.cfg.Do(func() { t.board.Refuse(err) })
		}
	}()
}

func (t *Game) turnPanel() *seatPanel {
	turn := t.view.Turn()
	if t.state.Over || !turn.Valid(len(t.panels)) || t.coached(turn) {
		return nil
	}
	return t.panels[turn]
}

// doing is what the seat to move decides now, as its panel says it.
func (t *Game) doing() string {
	if t.cfg.Doing != nil {
		if s := t.cfg.Doing(t.view); s != "" {
			return s
		}
	}
	return t.board.Doing(t.view)
}

// redrawTurnPanel shows the board's actions in the panel of the seat to move.
func (t *Game) redrawTurnPanel() {
	if p := t.turnPanel(); p != nil {
		p.update()
	}
}

// coached reports whether seat's panel is another screen's (Coached).
func (t *Game) coached(seat engine.Seat) bool {
	return t.cfg.Coached != nil && *t.cfg.Coached == seat
}

// seat is seat i's status, or a free seat.
func (t *Game) seat(i engine.Seat) SeatStatus {
	if i.Valid(len(t.state.Seats)) {
		return t.state.Seats[i]
	}
	return SeatStatus{State: "free"}
}

func (t *Game) seatName(seat engine.Seat) string {
	if s := t.seat(seat); s.Name != "" {
		return s.Name
	}
	return t.tr("common.seat", map[string]any{"N": int(seat) + 1})
}

// askPIN runs then only once the staff PIN was given.
func (t *Game) askPIN(then func()) {
	if t.cfg.Staff != nil {
		t.cfg.Staff(then)
	}
}

// CodeText is the code as shown while seats are free, for tests.
func (t *Game) CodeText() string { return t.code.Text }

// WaitText is the line saying how many players the table waits for, ""
// when it waits for nobody.
func (t *Game) WaitText() string {
	if !t.wait.Visible() {
		return ""
	}
	return t.waitN.Text
}

// tableLayout puts the board between the panels, each panel in its slot.
type tableLayout struct {
	t     *Game
	slots []geom.Slot
}

func (l *tableLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var edge [4]float32
	for i, s := range l.slots {
		if !l.t.coached(engine.Seat(i)) {
			edge[s.Side] = l.t.panel.Height + 10
		}
	}
	boardPos := fyne.NewPos(edge[geom.Left], edge[geom.Top])
	boardSize := fyne.NewSize(size.Width-edge[geom.Left]-edge[geom.Right], size.Height-edge[geom.Top]-edge[geom.Bottom])
	objs[0].Move(boardPos)
	objs[0].Resize(boardSize)
	taken := []geom.Rect{{Pos: boardPos, Size: boardSize}}
	for i, s := range l.slots {
		if l.t.coached(engine.Seat(i)) {
			objs[1+i].Hide()
			continue
		}
		pos, turned := geom.Panel(s, l.t.panel, size)
		objs[1+i].Move(pos)
		objs[1+i].Resize(turned)
		taken = append(taken, geom.Rect{Pos: pos, Size: turned})
	}
	rest := objs[1+len(l.slots):]
	if p := l.t.turnPanel(); p != nil {
		l.t.pulse.place(p.panel)
	}
	rest[1].Move(fyne.Position{})
	rest[1].Resize(size)
	btn := rest[2]
	bs := btn.MinSize().Max(fyne.NewSize(geom.MinTarget*2, geom.MinTarget))
	btn.Resize(bs)
	// By an edge of the screen, where neither the board nor a panel is,
	// so that it hides no peg, card or cell; else in the board's bottom
	// right corner (beside Canyon's cards' strip, which ends short of it;
	// its top left is a map cell).
	if at, ok := geom.FreeSpot(size, bs, 8, taken); ok {
		btn.Move(at)
	} else {
		btn.Move(boardPos.Add(fyne.NewPos(boardSize.Width-bs.Width-8, boardSize.Height-bs.Height-8)))
	}
	l.t.ring()
}

func (l *tableLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(1024, 700) }

var _ fyne.Layout = (*tableLayout)(nil)

// sameLegal reports whether two views offer the same moves: a hint holds
// while they do.
func sameLegal(a, b engine.View) bool {
	return fmt.Sprint(a.Legal()) == fmt.Sprint(b.Legal())
}

// PanelSays reports whether a seat panel's line says text whole, on one
// line or on two, for tests.
func (t *Game) PanelSays(text string) bool {
	for _, p := range t.panels {
		if p.lineText() == text {
			return true
		}
	}
	return false
}

// AskHint asks a hint for seat as its panel's button does (screenshots).
func (t *Game) AskHint(seat engine.Seat) { t.askHint(seat) }

// askHint asks the session what the default bot would play for seat, a
// guest on the touch screen, and says it in the seat's panel.
func (t *Game) askHint(seat engine.Seat) {
	t.hint, t.hintSeat, t.hintMove = t.tr("board.hint-asking"), seat, nil
	t.redrawTurnPanel()
	go func() {
		m, err := t.cfg.Hint(context.Background(), seat)
		text := ""
		if err != nil {
			text, m = board.RuleText(t.texts, t.lang, t.cfg.Session.Game().Info().ID, err), nil
		} else {
			// In words, never the engine's notation; the cells it
			// speaks of are ringed on the board.
			text = t.tr("board.hint", map[string]any{"Move": say.Hint(m, t.lang, t.texts, t.seatName)})
		}
		t.cfg.Do(func() {
			t.hint, t.hintSeat, t.hintMove = text, seat, m
			t.redrawTurnPanel()
			t.ring()
		})
	}()
}
