package screen

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/lesson"
	"github.com/tablee/tablee/looks"
)

// LearnConfig is what the learn screen is built from.
type LearnConfig struct {
	Lesson *lesson.Lesson
	Lang   string
	Texts  *i18n.Catalog // nil: the embedded catalogue
	// Play is the offer at the end: a real game of the same game with the
	// same seats (the learner and bots).
	Play func()
	// Back leaves the lesson for the lobby.
	Back func()
	// From begins the lesson at this step, the earlier steps' moves made
	// (screenshots of a lesson in progress).
	From int
	// OnStep, when set, is told the number of steps made each time the
	// lesson moves on, on the UI goroutine: the kiosk keeps it, to bring
	// the lesson back at its step after a restart.
	OnStep func(made int)
	// Still turns motion off (screenshots, tests).
	Still bool
	// Do runs a change of the screen from another goroutine: fyne.Do when
	// nil.
	Do    func(func())
	Awake func(d time.Duration)
}

// CoachSize is the learner's panel as its reader sees it: what to do
// next on the left; a card game's hand and the offer at the end on the
// right. Low, so that the board keeps its room.
var CoachSize = fyne.NewSize(1800, 270)

// lowCoach is the learner's panel's height in the lessons where
// CoachSize's would shrink the board's targets under geom.MinTarget, by
// game. Canyon's: of the window's 1068 px (1080 less its padding), the
// robots' panels take 160 with their gap, the river's 9 water rows of
// 64 px with its banks drawn snug 577, and the cards' strip 134 from the
// river's edge, which leaves 197 (270 left the cells 52 px apart): the
// step's title and three lines of words (TestEveryTextFitsItsPanel).
var lowCoach = map[string]float32{"canyon": 197}

// coachSize is the learner's panel's size, as its reader sees it, in ls.
func coachSize(ls *lesson.Lesson) fyne.Size {
	if h, ok := lowCoach[ls.Game]; ok {
		return fyne.NewSize(CoachSize.Width, h)
	}
	return CoachSize
}

// snug reports whether ls's board draws its untouched margins thin.
func snug(ls *lesson.Lesson) bool {
	_, ok := lowCoach[ls.Game]
	return ok
}

// Learn is a guided first game: the real game screen of the game, in a
// prepared position, with the learner's panel saying what to do next,
// turned to the learner's side. Other seats are bots playing the
// lesson's scripted moves; a card game's hand lies on the table in the
// learner's panel, so that no phone is needed.
type Learn struct {
	cfg   LearnConfig
	texts *i18n.Catalog
	lang  i18n.Lang
	sess  *lessonSession
	table *Game
	hand  *board.Hand // card games only
	slot  geom.Slot

	coach *board.Panel
	step  *canvas.Text
	say   *widget.Label
	why   *widget.Label
	offer *fyne.Container
	play  *widget.Button
	back  *widget.Button
	leave fyne.CanvasObject // back, sized, on the table by the learner's panel
	rings []*canvas.Circle
	root  *fyne.Container
	told  int // the steps made last told to OnStep
}

// NewLearn builds the learn screen and begins cfg.Lesson.
func NewLearn(cfg LearnConfig) (*Learn, error) {
	if cfg.Lesson == nil {
		return nil, errors.New("learn screen: no lesson")
	}
	texts := cfg.Texts
	if texts == nil {
		var err error
		if texts, err = i18n.Load(); err != nil {
			return nil, fmt.Errorf("learn screen: %w", err)
		}
	}
	if cfg.Do == nil {
		cfg.Do = fyne.Do
	}
	run, err := cfg.Lesson.Begin()
	if err != nil {
		return nil, fmt.Errorf("learn screen: %w", err)
	}
	for i := 0; i < cfg.From && run.Step() != nil; i++ {
		if a, err := run.Try(cfg.Lesson.Learner, run.Step().Expect[0]); err != nil || a.Verdict != lesson.Done {
			return nil, fmt.Errorf("learn screen: step %d: %v %v", i+1, a.Err, err)
		}
	}
	l := &Learn{cfg: cfg, texts: texts, lang: i18n.Parse(cfg.Lang), told: run.Index()}
	l.sess = &lessonSession{run: run, l: l}
	// The board's refusal of a move comes through Do: the learner's
	// panel explains it in the same change of the screen.
	tableDo := func(f func()) { cfg.Do(func() { f(); l.flushWhy() }) }
	hands := !cfg.Lesson.Rules.Info().AllPublic
	doing := func(engine.View) string {
		if hands && !l.sess.finished() {
			return l.tr("lesson.doing")
		}
		return ""
	}
	// The learner's panel is the coach, on the learner's side: the game
	// screen draws none for the learner, and its board has that room.
	learner := cfg.Lesson.Learner
	tbl, err := NewGame(GameConfig{Session: l.sess, Seats: cfg.Lesson.Seats, Lang: cfg.Lang, Texts: texts,
		Still: cfg.Still, Do: tableDo, Awake: cfg.Awake, Doing: doing, Coached: &learner, Slots: lessonSlots(cfg.Lesson), Snug: snug(cfg.Lesson)})
	if err != nil {
		return nil, fmt.Errorf("learn screen: %w", err)
	}
	l.table = tbl
	l.slot = tbl.slots[cfg.Lesson.Learner]
	if hands {
		l.hand = board.NewHand(board.Env{Lang: l.lang, Texts: texts, Play: l.sess.playLater, Changed: l.redraw}, cfg.Lesson.Learner)
	}
	l.build()
	l.refresh()
	return l, nil
}

// lessonSlots is where a lesson's seats sit: the game's own places
// (nil), but in a board game's lesson for two, whose learner's panel
// takes a deep strip of the learner's side, the robot's panel on the
// right: the board, as high as it is wide, then has the table's whole
// height between the learner's panel and the top edge (64-px cells on
// the duel's diamond, 55 px under a robot's panel at the top).
func lessonSlots(ls *lesson.Lesson) []geom.Slot {
	if ls.Seats != 2 || !ls.Rules.Info().AllPublic {
		return nil
	}
	slots := []geom.Slot{{Side: geom.Bottom, Along: 0.5}, {Side: geom.Bottom, Along: 0.5}}
	slots[1-int(ls.Learner)%2] = geom.Slot{Side: geom.Right, Along: 0.5}
	return slots
}

func (l *Learn) tr(key string, params ...map[string]any) string {
	return l.texts.T(l.lang, key, params...)
}

func (l *Learn) build() {
	l.step = canvas.NewText("", SeatColour(int(l.cfg.Lesson.Learner)))
	l.step.TextSize = BodySize
	l.step.TextStyle.Bold = true
	l.say = wrapped("")
	l.say.TextStyle.Bold = true
	l.why = wrapped("")
	l.why.Importance = widget.WarningImportance
	l.play = widget.NewButton(l.tr("lesson.offer.play"), func() {
		if l.cfg.Play != nil {
			l.cfg.Play()
		}
	})
	l.play.Importance = widget.HighImportance
	l.back = widget.NewButton(l.tr("lesson.offer.back"), func() {
		if l.cfg.Back != nil {
			l.cfg.Back()
		}
	})
	l.offer = container.NewVBox(sized(l.play, 0, TouchSize))
	// "Leave" is not in the learner's panel but on the table just above
	// its corner (learnLayout): a sentence being built (its line, its
	// cards, "Lay", "Clear") takes the hand's whole column, and "Clear"
	// lay under "Leave".
	right := []fyne.CanvasObject{l.offer}
	if l.hand != nil {
		right = append([]fyne.CanvasObject{l.hand.Content()}, right...)
	}
	width := float32(420) // the offer and "leave"
	if l.hand != nil {
		width = 760
	}
	side := container.NewStack(sizedBox(width), container.NewVBox(right...))
	body := container.NewBorder(nil, nil, nil, side, container.NewVBox(l.step, l.say, l.why))
	bg := canvas.NewRectangle(color.NRGBA{0x12, 0x24, 0x30, 0xF0})
	bg.CornerRadius = 20
	bg.StrokeColor = SeatColour(int(l.cfg.Lesson.Learner))
	bg.StrokeWidth = 4
	inner := container.NewPadded(body)
	if _, low := lowCoach[l.cfg.Lesson.Game]; !low {
		inner = container.NewPadded(inner) // a low panel keeps that padding for a line of words
	}
	content := container.NewStack(bg, inner)
	l.coach = board.NewPanel(content, coachSize(l.cfg.Lesson), geom.Turn(l.slot.Side.QuarterTurns()))
	l.leave = sized(l.back, 0, TouchSize)
	objs := []fyne.CanvasObject{l.table.Content(), l.coach, l.leave}
	for range 8 {
		r := canvas.NewCircle(color.Transparent)
		r.StrokeColor = looks.Highlight.NRGBA() // no seat's pieces, no water, no wood
		r.StrokeWidth = 8
		r.Hide()
		l.rings = append(l.rings, r)
		objs = append(objs, r)
	}
	l.root = container.New(&learnLayout{l: l}, objs...)
}

// sizedBox is an empty box w wide, to hold a column open.
func sizedBox(w float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, 1))
	return r
}

// Content is the screen's root object.
func (l *Learn) Content() fyne.CanvasObject { return l.root }

// Game is the game screen inside, for tests.
func (l *Learn) Game() *Game { return l.table }

// Hand is the learner's hand on the table, nil for a board game.
func (l *Learn) Hand() *board.Hand { return l.hand }

// PlayButton is the offer of a real game, shown once the lesson is over.
func (l *Learn) PlayButton() *widget.Button { return l.play }

// BackButton leaves the lesson.
func (l *Learn) BackButton() *widget.Button { return l.back }

// Offered reports whether the lesson is over and a real game offered.
func (l *Learn) Offered() bool { return l.offer.Visible() }

// Said is what the learner's panel says to do now.
func (l *Learn) Said() string { return l.say.Text }

// Why is the explanation of the learner's last move that was not the
// step's, "" when none shows.
func (l *Learn) Why() string { return l.why.Text }

// Try makes m for the learner as their tap would, from the UI goroutine
// (screenshots): played, or explained in the learner's panel.
func (l *Learn) Try(m engine.Move) {
	if err := l.sess.Play(context.Background(), l.cfg.Lesson.Learner, m); err != nil {
		l.flushWhy()
	}
}

// Coach is the learner's turned panel, for tests.
func (l *Learn) Coach() *board.Panel { return l.coach }

// CoachSize is the learner's panel's size as its reader sees it: CoachSize,
// or lower in a lesson whose board needs the height (lowCoach).
func (l *Learn) CoachSize() fyne.Size { return coachSize(l.cfg.Lesson) }

// Step is the number of steps made.
func (l *Learn) Step() int {
	l.sess.mu.Lock()
	defer l.sess.mu.Unlock()
	return l.sess.run.Index()
}

// Tries is the number of moves the learner tried, taken or not: the
// kiosk sends an untouched lesson back to its attract screen when it
// stops growing.
func (l *Learn) Tries() int {
	l.sess.mu.Lock()
	defer l.sess.mu.Unlock()
	return l.sess.tries
}

// refresh shows the lesson as it stands: the board, the step's words,
// its hand and where the table points. Call it on the UI goroutine.
func (l *Learn) refresh() {
	l.sess.mu.Lock()
	run := l.sess.run
	step, i, n := run.Step(), run.Index(), len(run.Lesson().Steps)
	mine := run.View(run.Lesson().Learner)
	l.sess.mu.Unlock()
	if l.cfg.OnStep != nil && i != l.told {
		l.told = i
		l.cfg.OnStep(i)
	}

	l.table.Show(GameState{Game: l.cfg.Lesson.Rules.Info(), Seats: l.seats(), Turn: mine.Turn()})
	name := l.tr("lesson.title", map[string]any{"Game": l.tr(l.cfg.Lesson.Rules.Info().NameKey())})
	var mark engine.Move
	if step != nil {
		l.step.Text = name + " — " + l.tr("lesson.step", map[string]any{"N": i + 1, "Of": n})
		l.say.SetText(l.tr(step.Text))
		mark = step.Expect[0]
		l.offer.Hide()
	} else {
		l.step.Text = name
		l.say.SetText(l.tr(l.cfg.Lesson.End))
		l.offer.Show()
	}
	l.why.SetText("")
	l.why.Hide()
	l.say.Show()
	if l.hand != nil {
		l.hand.Update(mine, mark)
	}
	l.point(mark)
	l.redraw()
}

// flushWhy shows why the learner's last move was not taken, once.
func (l *Learn) flushWhy() {
	l.sess.mu.Lock()
	msg := l.sess.why
	l.sess.why = ""
	l.sess.mu.Unlock()
	if msg == "" {
		return
	}
	// In place of the step's words, which it restates: both do not fit
	// the panel's height at the table's reading size (the explanation
	// was drawn below the panel's edge and never read).
	l.why.SetText(msg)
	l.why.Show()
	l.say.Hide()
	l.redraw()
}

// redraw draws the turned panel again after a change of its content.
func (l *Learn) redraw() {
	l.coach.Redraw()
}

// point rings the cells of m on the board; none for a move of cards.
func (l *Learn) point(m engine.Move) {
	var spots []fyne.Position
	if m != nil {
		spots = board.Spots(l.table.Board(), m)
	}
	origin := l.table.Content().Position().Add(l.table.Board().Position())
	placeRings(l.rings, spots, board.SpotSize(l.table.Board())*0.9, origin)
}

// RingColour is the colour the rings are drawn in, for the tests that
// check the table draws the looks package's highlight.
func (l *Learn) RingColour() color.Color { return l.rings[0].StrokeColor }

// Rings are where the table points now, for tests: the centres of the
// rings shown, on the screen.
func (l *Learn) Rings() []fyne.Position {
	var out []fyne.Position
	for _, r := range l.rings {
		if r.Visible() {
			out = append(out, r.Position().AddXY(r.Size().Width/2, r.Size().Height/2))
		}
	}
	return out
}

// seats are the lesson's seats as the table shows them: the learner on
// the touch screen, the others bots.
func (l *Learn) seats() []SeatStatus {
	out := make([]SeatStatus, l.cfg.Lesson.Seats)
	for i := range out {
		out[i] = SeatStatus{Name: l.tr("lesson.bot", map[string]any{"N": i + 1}), State: "bot"}
	}
	out[l.cfg.Lesson.Learner] = SeatStatus{Name: l.tr("lesson.you"), State: "connected", Touch: true, You: true}
	return out
}

// lessonSession is the lesson as the game screen's Session: moves go to
// the lesson, which plays the step's move (and the bots' replies) and
// explains any other.
type lessonSession struct {
	mu  sync.Mutex
	run *lesson.Run
	l   *Learn
	why string // the explanation of the last move not taken, until shown
	// tries counts the moves tried, so that the kiosk tells a lesson in
	// use from one its guests walked away from.
	tries int
}

func (s *lessonSession) Game() engine.Rules { return s.run.Lesson().Rules }

// finished reports whether the lesson is over.
func (s *lessonSession) finished() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.run.Finished()
}

func (s *lessonSession) View(viewer engine.Seat) engine.View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.run.View(viewer)
}

// Play answers seat's move: nil once it was played (the screen then
// shows the new position), else the error the board shows where the
// finger was, which the learner's panel explains too (flushWhy).
func (s *lessonSession) Play(_ context.Context, seat engine.Seat, m engine.Move) error {
	s.mu.Lock()
	s.tries++
	a, err := s.run.Try(seat, m)
	switch {
	case err != nil:
	case a.Verdict == lesson.Other:
		s.why = s.l.tr(a.Text)
		err = &engine.RuleError{Rule: "lesson-other", Msg: s.why}
	case a.Verdict == lesson.Refused:
		s.why = board.RuleText(s.l.texts, s.l.lang, s.run.Lesson().Rules.Info().ID, a.Err)
		err = a.Err
	}
	s.mu.Unlock()
	if err == nil {
		s.l.cfg.Do(s.l.refresh)
	}
	return err
}

// playLater is the hand's move, played off the UI goroutine as the
// board's are.
func (s *lessonSession) playLater(seat engine.Seat, m engine.Move) {
	go func() {
		if err := s.Play(context.Background(), seat, m); err != nil {
			s.l.cfg.Do(s.l.flushWhy)
		}
	}()
}

// learnLayout gives the learner's panel a strip on the learner's side of
// the table and the game screen the rest; the rings lie over the board.
type learnLayout struct{ l *Learn }

func (ly *learnLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	coach := ly.l.coach
	turned := coach.Turned()
	var tablePos fyne.Position
	tableSize := size
	switch ly.l.slot.Side {
	case geom.Top:
		coach.Move(fyne.NewPos((size.Width-turned.Width)/2, 0))
		tablePos.Y = turned.Height
		tableSize.Height -= turned.Height
	case geom.Left:
		coach.Move(fyne.NewPos(0, (size.Height-turned.Height)/2))
		tablePos.X = turned.Width
		tableSize.Width -= turned.Width
	case geom.Right:
		coach.Move(fyne.NewPos(size.Width-turned.Width, (size.Height-turned.Height)/2))
		tableSize.Width -= turned.Width
	default:
		coach.Move(fyne.NewPos((size.Width-turned.Width)/2, size.Height-turned.Height))
		tableSize.Height -= turned.Height
	}
	coach.Resize(turned)
	objs[0].Move(tablePos)
	objs[0].Resize(tableSize)
	ly.placeLeave(tablePos)
	ly.l.sess.mu.Lock()
	var mark engine.Move
	if s := ly.l.sess.run.Step(); s != nil {
		mark = s.Expect[0]
	}
	ly.l.sess.mu.Unlock()
	ly.l.point(mark)
}

// placeLeave puts "Leave" on the table at the learner's panel's end,
// within the learner's reach: at its right end, else its left one, where
// no seat's panel is (the duel's robot sits on the right). It may lie
// over the board's corner, which holds no target
// (TestEveryTargetIsAFingerWide checks the lessons'). A button cannot be
// turned: every lesson's learner is seat 1, at the bottom.
func (ly *learnLayout) placeLeave(tablePos fyne.Position) {
	l := ly.l
	size := l.leave.MinSize().Max(fyne.NewSize(2*geom.MinTarget, geom.MinTarget))
	c := l.coach.Position()
	cs := l.coach.Size()
	const gap = 8
	var candidates []fyne.Position
	switch l.slot.Side {
	case geom.Top:
		y := c.Y + cs.Height + gap
		candidates = []fyne.Position{{X: c.X, Y: y}, {X: c.X + cs.Width - size.Width, Y: y}}
	case geom.Left:
		x := c.X + cs.Width + gap
		candidates = []fyne.Position{{X: x, Y: c.Y}, {X: x, Y: c.Y + cs.Height - size.Height}}
	case geom.Right:
		x := c.X - size.Width - gap
		candidates = []fyne.Position{{X: x, Y: c.Y + cs.Height - size.Height}, {X: x, Y: c.Y}}
	default:
		y := c.Y - size.Height - gap
		candidates = []fyne.Position{{X: c.X + cs.Width - size.Width, Y: y}, {X: c.X, Y: y}}
	}
	var taken []geom.Rect
	for _, p := range l.table.panels {
		if p.panel.Visible() {
			taken = append(taken, geom.Rect{Pos: tablePos.Add(p.panel.Position()), Size: p.panel.Size()})
		}
	}
	at := candidates[0]
	for _, p := range candidates {
		free := true
		for _, r := range taken {
			if (geom.Rect{Pos: p, Size: size}).Overlaps(r) {
				free = false
			}
		}
		if free {
			at = p
			break
		}
	}
	l.leave.Move(at)
	l.leave.Resize(size)
}

// LeaveAt is where "Leave" lies on the screen, for tests.
func (l *Learn) LeaveAt() geom.Rect { return geom.Rect{Pos: l.leave.Position(), Size: l.leave.Size()} }

func (ly *learnLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(1024, 800) }

var _ Session = (*lessonSession)(nil)
