package screen

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math/rand/v2"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/scoresheet"
)

// SheetSeat is one seat of a score-sheet play as the table shows it.
type SheetSeat struct {
	Name  string
	State string // as SeatStatus's: free, connected, away, bot, table
	// Touch: a guest without a phone, whose lines the table fills.
	Touch bool
}

// SheetConfig is what the score-sheet screen is built from.
type SheetConfig struct {
	Words   Words
	Ctx     context.Context
	Session Session
	Sheet   *scoresheet.Sheet
	Title   string // the title played, as the shelf names it
	Seats   []SheetSeat
	// Slots says where each seat's panel sits; nil: geom.DefaultSlots.
	Slots []geom.Slot
	// Started is when the play began; the timer counts from it.
	Started time.Time
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// After runs f once d has passed (the timer's next second): nil,
	// time.AfterFunc. f changes the screen through Do.
	After func(d time.Duration, f func())
	// Do runs a change of the screen from another goroutine; nil: fyne.Do.
	Do func(func())
	// Long is the staff's "running long" reminder: once the timer passes
	// it, the middle says so. Zero: no reminder.
	Long time.Duration
	// Shuffle draws the turn order of n seats; nil: a random permutation.
	Shuffle func(n int) []int
	// OnStaffMenu is the corner button, for the staff.
	OnStaffMenu func()
}

// Sheet is the score-sheet screen: a play of a shelf game at the table.
// The sheet's board lies in the middle, facing the bottom side like the
// table's other middles; each seat's panel faces its seat, says who
// starts and where the seat stands, and for a guest without a phone
// holds their lines and a number pad that takes sums ("3+6+2"). The
// middle reveals the private lines one at a time for every seat at once,
// names what is missing, asks the group only what the sheet cannot
// decide, and keeps the time.
type Sheet struct {
	cfg    SheetConfig
	w      Words
	slots  []geom.Slot
	panels []*sheetPanel
	board  *SheetBoard
	view   *sheet.View
	table  *sheet.View // seat 0's view, for the table's own moves only (never drawn)
	order  []int       // the drawn turn order, nil until drawn
	// The middle's pieces.
	title, round, clock, long *canvas.Text
	first                     *canvas.Text
	status                    [2]*canvas.Text // what the middle says, on two lines at most
	saying                    string
	pause                     *widget.Button
	actions                   *fyne.Container
	middle                    *fyne.Container // the middle's layout, laid out again as its rows change
	acts                      map[string]*widget.Button
	root                      *fyne.Container
	said                      string // the last thing the middle said, after a move
	stopArmed                 bool
	// The timer: paused since pausedAt, paused before for pausedFor.
	paused    bool
	pausedAt  time.Time
	pausedFor time.Duration
	closed    bool
	ticks     int
}

// NewSheet builds the score-sheet screen for cfg.Session's play.
func NewSheet(cfg SheetConfig) (*Sheet, error) {
	if cfg.Session == nil || cfg.Sheet == nil {
		return nil, errors.New("score-sheet screen: no session or no sheet")
	}
	if cfg.Ctx == nil {
		cfg.Ctx = context.Background()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Started.IsZero() {
		cfg.Started = cfg.Now()
	}
	if cfg.Do == nil {
		cfg.Do = fyne.Do
	}
	if cfg.After == nil {
		cfg.After = func(d time.Duration, f func()) { time.AfterFunc(d, f) }
	}
	if cfg.Shuffle == nil {
		cfg.Shuffle = rand.Perm
	}
	s := &Sheet{cfg: cfg, w: cfg.Words, slots: cfg.Slots, acts: map[string]*widget.Button{}}
	if len(s.slots) == 0 {
		s.slots = SheetSlots(len(cfg.Seats))
	}
	if !s.read() {
		return nil, fmt.Errorf("score-sheet screen: the session is no score sheet")
	}
	s.build()
	s.Show(cfg.Seats)
	s.tick()
	return s, nil
}

// read takes the session's public view and the table's own.
func (s *Sheet) read() bool {
	v, ok := s.cfg.Session.View(engine.Onlooker).(*sheet.View)
	t, ok2 := s.cfg.Session.View(0).(*sheet.View)
	if !ok || !ok2 {
		return false
	}
	s.view, s.table = v, t
	return true
}

// Content is the screen's root object.
func (s *Sheet) Content() fyne.CanvasObject { return s.root }

// Board is the sheet's board in the middle.
func (s *Sheet) Board() *SheetBoard { return s.board }

// Close stops the timer: the screen is put away.
func (s *Sheet) Close() { s.closed = true }

func (s *Sheet) build() {
	w := s.w
	s.board = NewSheetBoard()
	s.title = text(s.cfg.Title, NameSize, true)
	s.title.Alignment = fyne.TextAlignLeading
	s.round = text("", BodySize, false)
	s.round.Alignment = fyne.TextAlignTrailing
	s.clock = text("", NameSize, true)
	var pauseBox fyne.CanvasObject
	s.pause, pauseBox = button(w.T("sheettable.pause"), 200, s.togglePause)
	_, staffBox := button(w.T("board.staff"), 200, func() {
		if s.cfg.OnStaffMenu != nil {
			s.cfg.OnStaffMenu()
		}
	})
	s.first = text("", BodySize, true)
	head := container.NewBorder(nil, nil, s.title, container.NewHBox(s.round, sizedBox(12), s.clock, pauseBox, staffBox), s.first)
	s.status[0], s.status[1] = text("", BodySize, false), text("", BodySize, false)
	s.long = text("", BodySize, true)
	s.long.Color = theme.Color(theme.ColorNameWarning)
	s.actions = container.NewVBox()
	foot := container.NewVBox(s.long, s.status[0], s.status[1], container.NewCenter(s.actions))
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	s.middle = container.NewBorder(head, foot, nil, nil, s.board)
	middle := container.NewStack(bg, container.NewPadded(s.middle))
	lay := &sheetLayout{s: s}
	objs := []fyne.CanvasObject{middle}
	for i := range s.cfg.Seats {
		p := newSheetPanel(s, i)
		s.panels = append(s.panels, p)
		objs = append(objs, p.panel)
	}
	s.root = container.New(lay, objs...)
}

// sheetLayout puts the middle between the seats' panels.
type sheetLayout struct{ s *Sheet }

func (l *sheetLayout) uprights() []fyne.Size {
	out := make([]fyne.Size, len(l.s.panels))
	for i, p := range l.s.panels {
		out[i] = p.size
	}
	return out
}

func (l *sheetLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	panels, middle := SheetAreas(l.s.slots, l.uprights(), size)
	objs[0].Move(middle.Pos)
	objs[0].Resize(middle.Size)
	for i, r := range panels {
		if 1+i < len(objs) {
			objs[1+i].Move(r.Pos)
			objs[1+i].Resize(r.Size)
		}
	}
}

func (l *sheetLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(1024, 700) }

// Show brings the screen in step with the session and the seats (names,
// phones joining or away); call it on the UI goroutine after every move.
func (s *Sheet) Show(seats []SheetSeat) {
	if len(seats) == len(s.cfg.Seats) {
		s.cfg.Seats = seats
	}
	s.read()
	s.stopArmed = false
	w, v := s.w, s.view
	names := make([]string, v.Seats)
	for i := range names {
		names[i] = s.name(i)
	}
	shown := s.shownRound()
	s.board.Set(names, sheetRows(w, s.cfg.Sheet, v, shown))
	if s.cfg.Sheet.Rounds == 1 {
		s.round.Text = ""
	} else if s.cfg.Sheet.Rounds == 0 {
		s.round.Text = w.T("sheettable.round_open", "N", v.Rounds)
	} else {
		s.round.Text = w.T("sheettable.round", "N", shown, "Of", v.Rounds)
	}
	s.round.Refresh()
	s.first.Text = fitText(s.firstText(), BodySize, true, s.middleWidth()-s.title.MinSize().Width-660)
	s.first.Refresh()
	s.say(s.statusText())
	s.showActions()
	for _, p := range s.panels {
		p.update()
	}
	s.showClock()
	s.middle.Refresh() // the actions' rows may have changed the foot's height
}

// shownRound is the round the board shows the per-round lines of: the
// first with a line still to write, else the last one open.
func (s *Sheet) shownRound() int {
	r := s.view.Rounds
	for _, m := range s.view.Missing {
		if m.Round > 0 && m.Round < r {
			r = m.Round
		}
	}
	return max(r, 1)
}

// name is seat i's name as the table says it.
func (s *Sheet) name(i int) string {
	if i < len(s.cfg.Seats) && s.cfg.Seats[i].Name != "" {
		return s.cfg.Seats[i].Name
	}
	return s.w.SeatName(engine.Seat(i), Who{})
}

// label is category id's label in the table's language.
func (s *Sheet) label(id string) string {
	if c, ok := s.cfg.Sheet.Category(id); ok {
		return c.Label.In(string(s.w.Lang))
	}
	return id
}

// lineText names a line: "Annonce, manche 2".
func (s *Sheet) lineText(category string, round int) string {
	if round == 0 {
		return s.w.T("sheettable.line", "Category", s.label(category))
	}
	return s.w.T("sheettable.line_round", "Category", s.label(category), "Round", round)
}

// MissingText names what the sheet still lacks in words, the first few
// ("Anja n'a pas de score pour Œufs."), and how many more.
func (s *Sheet) MissingText() string {
	return missingText(s.w, missingNow(s.view.Missing, s.shownRound()), s.name, s.label, 2)
}

// missingNow is what the group is writing now: the lines of round (in
// seat order) and the lines written once; later rounds of a sheet with
// fixed rounds are not missing yet.
func missingNow(missing []scoresheet.Missing, round int) []scoresheet.Missing {
	var out []scoresheet.Missing
	for _, m := range missing {
		if m.Round == round {
			out = append(out, m)
		}
	}
	for _, m := range missing {
		if m.Round == 0 && round != 0 {
			out = append(out, m)
		}
	}
	return out
}

// missingText is the first few of missing in words, and how many more.
func missingText(w Words, missing []scoresheet.Missing, name func(int) string, label func(string) string, few int) string {
	var parts []string
	for i, m := range missing {
		if i == few {
			parts = append(parts, w.T("sheettable.more_missing", "N", len(missing)-few))
			break
		}
		if m.Round == 0 {
			parts = append(parts, w.T("sheet.missing", "Name", name(m.Seat), "Category", label(m.Category)))
		} else {
			parts = append(parts, w.T("sheet.missing.round", "Name", name(m.Seat), "Category", label(m.Category), "Round", m.Round))
		}
	}
	return strings.Join(parts, " ")
}

// statusText is what the middle says now: the last move's effect, what
// is missing, or what the group decides.
func (s *Sheet) statusText() string {
	v := s.view
	switch {
	case v.Over:
		return ""
	case s.said != "":
		said := s.said
		s.said = ""
		return said
	case len(v.Missing) > 0:
		return s.MissingText()
	case v.Standing != nil && v.Standing.Undecided == scoresheet.UndecidedTie:
		var tied []string
		for _, side := range v.Standing.Tied {
			tied = append(tied, s.sideName(side))
		}
		return s.w.T("sheet.undecided.tie", "Names", strings.Join(tied, ", "))
	case v.Standing != nil && v.Standing.Undecided == scoresheet.UndecidedOutcome:
		return s.w.T("sheettable.who_won")
	}
	return s.w.T("sheettable.complete")
}

// sideName names a side: a team on a team sheet, else the seat.
func (s *Sheet) sideName(side int) string {
	if t := s.cfg.Sheet.Teams; len(t) > 0 && side < len(t) {
		return t[side].Label.In(string(s.w.Lang))
	}
	return s.name(side)
}

// tableMoves are the moves the table makes for the group now, as seat 0:
// reveals, the next round, a decision, the end.
func (s *Sheet) tableMoves() []sheet.Move {
	if s.table.ToMove != 0 {
		return nil
	}
	var out []sheet.Move
	for _, m := range s.table.Moves {
		if m.Kind != sheet.KindEnter {
			out = append(out, m)
		}
	}
	return out
}

// showActions offers the group's moves as buttons: the next reveal (one
// line at a time), the next round, the decisions the sheet needs, the
// end; and stopping early, which asks twice.
func (s *Sheet) showActions() {
	w := s.w
	s.actions.RemoveAll()
	s.acts = map[string]*widget.Button{}
	if s.view.Over {
		return
	}
	var boxes []fyne.CanvasObject
	defer func() {
		// Five to a row: a tie among many asks as many questions.
		for i := 0; i < len(boxes); i += 5 {
			s.actions.Add(container.NewCenter(container.NewHBox(boxes[i:min(i+5, len(boxes))]...)))
		}
	}()
	add := func(key, label string, imp widget.Importance, m sheet.Move) {
		b, box := button(label, 0, func() { s.playTable(m) })
		b.Importance = imp
		s.acts[key] = b
		boxes = append(boxes, box)
	}
	revealed := false
	for _, m := range s.tableMoves() {
		switch m.Kind {
		case sheet.KindReveal:
			if revealed {
				continue // one line at a time, for all seats at once
			}
			revealed = true
			label := w.T("sheettable.reveal", "Category", s.label(m.Category))
			if m.Round > 0 {
				label = w.T("sheettable.reveal_round", "Category", s.label(m.Category), "Round", m.Round)
			}
			add("reveal", label, widget.HighImportance, m)
		case sheet.KindRound:
			add("round", w.T("sheettable.next_round"), widget.MediumImportance, m)
		case sheet.KindEnd:
			add("end", w.T("sheettable.end"), widget.HighImportance, m)
		case sheet.KindDecide:
			key, label := s.decisionLabel(m)
			add(key, label, widget.MediumImportance, m)
		}
	}
	if s.view.Plies == 0 {
		// Before the first entry: who starts, or the whole order.
		for _, whole := range []bool{false, true} {
			key := map[bool]string{false: "draw_first", true: "draw_order"}[whole]
			b, box := button(w.T("sheettable."+key), 0, func() { s.draw(whole) })
			s.acts[key] = b
			boxes = append(boxes, box)
		}
	}
	// A button like the others, its background drawn and a finger high:
	// LowImportance drew the bare words, which read as a caption.
	b, box := button(w.T("sheettable.stop"), 0, s.stop)
	s.acts["stop"] = b
	boxes = append(boxes, box)
}

// decisionLabel says a decision as the group reads it, and its key.
func (s *Sheet) decisionLabel(m sheet.Move) (string, string) {
	w := s.w
	switch {
	case m.Won != nil && *m.Won:
		return "won", w.T("sheettable.won")
	case m.Won != nil:
		return "lost", w.T("sheettable.lost")
	case len(m.Winners) == 1:
		// Among several tied, the status line asks who wins: the
		// buttons are the names, many to a row.
		name := s.sideName(m.Winners[0])
		if len(s.view.Standing.Tied) <= 2 {
			name = w.T("sheettable.wins", "Name", name)
		}
		return fmt.Sprintf("wins-%d", m.Winners[0]), fitText(name, BodySize, false, 240)
	case len(m.Winners) > 1:
		return "share", w.T("sheettable.share")
	}
	var places []string
	for side, r := range m.Ranks {
		places = append(places, w.T("sheettable.place", "Name", s.sideName(side), "N", r))
	}
	return "ranks-" + fmt.Sprint(m.Ranks), strings.Join(places, ", ")
}

// Written reports whether seat's line is on the sheet as the screen
// shows it now (for tests).
func (s *Sheet) Written(seat int, category string, round int) bool {
	for _, c := range s.view.Cells {
		if c.Seat == seat && c.Category == category && c.Round == round {
			return true
		}
	}
	return false
}

// Action is the middle's button key ("reveal", "round", "end", "won",
// "lost", "wins-N", "share", "stop", and before the first entry
// "draw_first", "draw_order"), nil when not offered (for tests).
func (s *Sheet) Action(key string) *widget.Button { return s.acts[key] }

// Status is what the middle says (for tests).
func (s *Sheet) Status() string { return s.saying }

// say puts text on the middle's two status lines: its sentences, as many
// as fit on the first line, the rest on the second, cut to fit.
func (s *Sheet) say(text string) {
	s.saying = text
	width := s.middleWidth() - 40
	lines := [2]string{}
	for _, sentence := range splitSentences(text) {
		switch {
		case lines[0] == "" || lines[1] == "" && fyne.MeasureText(lines[0]+" "+sentence, BodySize, fyne.TextStyle{}).Width <= width:
			if lines[0] == "" {
				lines[0] = sentence
			} else {
				lines[0] += " " + sentence
			}
		case lines[1] == "":
			lines[1] = sentence
		default:
			lines[1] += " " + sentence
		}
	}
	for i, t := range s.status {
		t.Text = fitText(lines[i], BodySize, false, width)
		t.Refresh()
	}
}

// splitSentences cuts text after each ". " (the missing lines are one
// sentence each).
func splitSentences(text string) []string {
	var out []string
	for _, part := range strings.SplitAfter(text, ". ") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// middleWidth is the middle's width as laid out for the table's seats.
func (s *Sheet) middleWidth() float32 {
	ups := make([]fyne.Size, len(s.panels))
	for i, p := range s.panels {
		ups[i] = p.size
	}
	_, middle := SheetAreas(s.slots, ups, fyne.NewSize(1920, 1080))
	return middle.Size.Width
}

// playTable makes the group's move m as the table (seat 0).
func (s *Sheet) playTable(m sheet.Move) {
	m.Seat = 0
	if err := s.cfg.Session.Play(s.cfg.Ctx, 0, m); err != nil {
		s.said = board.RuleText(s.w.Cat, s.w.Lang, sheet.ID, err)
	} else if m.Kind == sheet.KindReveal {
		s.said = s.w.T("sheettable.revealed", "Category", s.lineText(m.Category, m.Round))
	}
	s.Show(nil)
}

// stop ends the play early once asked twice: it is logged incomplete.
func (s *Sheet) stop() {
	if !s.stopArmed {
		s.say(s.w.T("sheettable.stop_confirm"))
		s.stopArmed = true
		return
	}
	s.playTable(sheet.Move{Kind: sheet.KindStop})
}

// draw draws who starts, or the whole turn order, and shows it in the
// middle and in each seat's panel, turned to it.
func (s *Sheet) draw(whole bool) {
	n := len(s.cfg.Seats)
	order := s.cfg.Shuffle(n)
	if len(order) != n {
		return
	}
	if !whole {
		order = order[:1]
	}
	s.order = order
	s.Show(nil)
}

// Draw draws who starts, or with whole the turn order, as the middle's
// buttons do (for tests and screenshots).
func (s *Sheet) Draw(whole bool) { s.draw(whole) }

// Order is the drawn order (the first seat first), nil before a draw.
func (s *Sheet) Order() []int { return append([]int(nil), s.order...) }

func (s *Sheet) firstText() string {
	switch len(s.order) {
	case 0:
		return ""
	case 1:
		return s.w.T("sheettable.first", "Name", s.name(s.order[0]))
	}
	names := make([]string, len(s.order))
	for i, seat := range s.order {
		names[i] = fmt.Sprintf("%d. %s", i+1, s.name(seat))
	}
	return s.w.T("sheettable.order", "Names", strings.Join(names, ", "))
}

// placeOf is seat's place in the drawn order, 1 for the first, 0 if none.
func (s *Sheet) placeOf(seat int) int {
	for i, o := range s.order {
		if o == seat {
			return i + 1
		}
	}
	return 0
}

// Elapsed is the play's time so far, pauses left out.
func (s *Sheet) Elapsed() time.Duration {
	now := s.cfg.Now()
	d := now.Sub(s.cfg.Started) - s.pausedFor
	if s.paused {
		d -= now.Sub(s.pausedAt)
	}
	return max(d, 0)
}

func (s *Sheet) togglePause() {
	now := s.cfg.Now()
	if s.paused {
		s.pausedFor += now.Sub(s.pausedAt)
		s.paused = false
		s.pause.SetText(s.w.T("sheettable.pause"))
		s.tick()
	} else {
		s.paused, s.pausedAt = true, now
		s.pause.SetText(s.w.T("sheettable.resume"))
	}
	s.showClock()
}

// Paused reports whether the timer is paused.
func (s *Sheet) Paused() bool { return s.paused }

// PauseButton is the timer's button (for tests).
func (s *Sheet) PauseButton() *widget.Button { return s.pause }

// Clock is the timer as shown, and the running-long reminder ("" when
// not due).
func (s *Sheet) Clock() (string, string) { return s.clock.Text, s.long.Text }

// tick shows the time and asks for the next second while the timer runs
// and the screen shows: one wake-up a second, nothing while paused.
func (s *Sheet) tick() {
	if s.closed || s.paused || s.view.Over {
		return
	}
	s.ticks++
	n := s.ticks
	s.showClock()
	next := time.Second - s.Elapsed()%time.Second
	s.cfg.After(next, func() {
		s.cfg.Do(func() {
			if n == s.ticks {
				s.tick()
			}
		})
	})
}

func (s *Sheet) showClock() {
	d := s.Elapsed()
	s.clock.Text = clockText(d)
	if s.paused {
		s.clock.Text = s.w.T("sheettable.paused") + " " + s.clock.Text
	}
	s.long.Text = ""
	s.long.Hide()
	if s.cfg.Long > 0 && d >= s.cfg.Long {
		s.long.Text = s.w.T("sheettable.long", "Minutes", int(d/time.Minute))
		s.long.Show()
	}
	s.clock.Refresh()
	s.long.Refresh()
}

// clockText is d as a timer shows it: 7:05, 1:02:03.
func clockText(d time.Duration) string {
	sec := int(d / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// Panel is seat's panel (for tests): its upright content and turn.
func (s *Sheet) Panel(seat int) *board.Panel {
	if seat < 0 || seat >= len(s.panels) {
		return nil
	}
	return s.panels[seat].panel
}

// PanelSize is the upright size of seat's panel.
func (s *Sheet) PanelSize(seat int) fyne.Size { return s.panels[seat].size }

// Pad is the number pad of a touch seat: Type types keys ("3+6+2", "⌫",
// "OK"), Line names the line it fills, Said what it last said.
func (s *Sheet) Pad(seat int) *SheetPad {
	if seat < 0 || seat >= len(s.panels) || !s.panels[seat].touch {
		return nil
	}
	return &SheetPad{p: s.panels[seat]}
}

// SheetPad is a touch seat's number pad, for tests and screenshots.
type SheetPad struct{ p *sheetPanel }

// Type taps the pad's keys for each rune of keys; "OK" and "⌫" are one key each.
func (pd *SheetPad) Type(keys string) {
	for keys != "" {
		k := string([]rune(keys)[0])
		if strings.HasPrefix(keys, "OK") {
			k = "OK"
		}
		keys = keys[len(k):]
		if k == "-" {
			k = "−"
		}
		if b := pd.p.keys[k]; b != nil {
			b.OnTapped()
		}
	}
}

// Key is the pad's button of key k.
func (pd *SheetPad) Key(k string) *widget.Button { return pd.p.keys[k] }

// Line is the line the pad fills now, and its round.
func (pd *SheetPad) Line() (string, int) {
	if l, ok := pd.p.line(); ok {
		return l.category, l.round
	}
	return "", 0
}

// Said is what the pad's panel says under the line (a refusal, the sum).
func (pd *SheetPad) Said() string { return pd.p.note.Text }

// Next and Prev move the pad to the next or the previous line.
func (pd *SheetPad) Next() { pd.p.step(1) }
func (pd *SheetPad) Prev() { pd.p.step(-1) }

// sheetLine is one line a seat writes.
type sheetLine struct {
	category string
	round    int
}

// sheetPanel is one seat's panel, turned to it.
type sheetPanel struct {
	s     *Sheet
	seat  int
	touch bool
	size  fyne.Size
	panel *board.Panel

	bg                        *canvas.Rectangle
	name, total, marker, what *canvas.Text
	lineLabel, typed, note    *canvas.Text
	keys                      map[string]*widget.Button
	at                        int    // index of the line the pad fills, in lines()
	typing                    string // what was typed on the pad
	chosen                    bool   // the guest moved the pad to a line
}

func newSheetPanel(s *Sheet, seat int) *sheetPanel {
	p := &sheetPanel{s: s, seat: seat, touch: seat < len(s.cfg.Seats) && s.cfg.Seats[seat].Touch, keys: map[string]*widget.Button{}}
	p.size = SheetUpright(len(s.cfg.Seats), p.touch, 1920)
	ink := colPanelText
	p.bg = canvas.NewRectangle(colPanel)
	p.bg.CornerRadius = 18
	p.bg.StrokeColor, p.bg.StrokeWidth = SeatColour(seat), 6
	p.name = panelText("", ink, NameSize, true)
	p.total = panelText("", ink, NameSize, true)
	p.marker = panelText("", color.NRGBA{0xF0, 0xE4, 0x42, 0xff}, 24, true)
	p.what = panelText("", ink, BodySize, false)
	head := container.NewBorder(nil, nil, seatBadge(seat), p.total, container.NewVBox(p.name, p.marker))
	rows := container.NewVBox(head, p.what)
	if p.touch {
		p.lineLabel = panelText("", ink, 24, true)
		p.lineLabel.Alignment = fyne.TextAlignCenter
		p.typed = panelText("", ink, NameSize, true)
		p.typed.Alignment = fyne.TextAlignCenter
		p.note = panelText("", ink, 24, false)
		p.note.Alignment = fyne.TextAlignCenter
		prev, prevBox := button("◀", 72, func() { p.step(-1) })
		next, nextBox := button("▶", 72, func() { p.step(1) })
		p.keys["◀"], p.keys["▶"] = prev, next
		line := container.NewBorder(nil, nil, prevBox, nextBox, p.typed)
		pad := container.NewGridWithColumns(5)
		for _, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "+", "−", "⌫", "C", "OK"} {
			k := k
			b, box := button(k, 72, func() { p.press(k) })
			if k == "OK" {
				b.Importance = widget.HighImportance
			}
			p.keys[k] = b
			pad.Add(box)
		}
		left := container.NewVBox(container.NewBorder(nil, nil, seatBadge(seat), p.total, p.name), p.marker, p.lineLabel, line, p.note)
		rows = container.NewBorder(nil, nil, nil, container.NewCenter(pad), left)
		p.what.Hide()
	}
	content := container.NewStack(p.bg, container.New(&inset{12}, rows))
	p.panel = board.NewPanel(content, p.size, geom.Turn(s.slots[seat].Side.QuarterTurns()))
	return p
}

// lines are the seat's lines in the order a guest writes them: the
// rounds open, each round's lines, then the once lines.
func (p *sheetPanel) lines() []sheetLine {
	sh, v := p.s.cfg.Sheet, p.s.view
	var out []sheetLine
	for r := 1; r <= v.Rounds; r++ {
		for _, c := range sh.Categories {
			if c.PerRound {
				out = append(out, sheetLine{c.ID, r})
			}
		}
	}
	for _, c := range sh.Categories {
		if !c.PerRound {
			out = append(out, sheetLine{c.ID, 0})
		}
	}
	return out
}

func (p *sheetPanel) line() (sheetLine, bool) {
	ls := p.lines()
	if p.at < 0 || p.at >= len(ls) {
		return sheetLine{}, false
	}
	return ls[p.at], true
}

// written is the seat's cell of l as the table sees it, and whether any.
func (p *sheetPanel) written(l sheetLine) (sheet.Cell, bool) {
	for _, c := range p.s.view.Cells {
		if c.Seat == p.seat && c.Category == l.category && c.Round == l.round {
			return c, true
		}
	}
	return sheet.Cell{}, false
}

// firstEmpty is the index of the seat's first line not written, -1 if none.
func (p *sheetPanel) firstEmpty() int {
	for i, l := range p.lines() {
		if _, ok := p.written(l); !ok {
			return i
		}
	}
	return -1
}

func (p *sheetPanel) step(d int) {
	n := len(p.lines())
	if n == 0 {
		return
	}
	p.at = ((p.at+d)%n + n) % n
	p.typing, p.chosen = "", true
	p.note.Text = ""
	p.update()
}

func (p *sheetPanel) press(k string) {
	switch k {
	case "OK":
		p.enter()
		return
	case "⌫":
		if r := []rune(p.typing); len(r) > 0 {
			p.typing = string(r[:len(r)-1])
		}
	case "C":
		p.typing = ""
	case "−":
		p.typing += "-"
	default:
		if len(p.typing) < 24 {
			p.typing += k
		}
	}
	p.note.Text = ""
	if v, err := scoresheet.ParseSum(p.typing, p.s.cfg.Sheet.EntryLimit()); err == nil && strings.ContainsAny(strings.TrimLeft(p.typing, "-"), "+-") {
		p.note.Text = p.s.w.T("sheettable.sum", "Typed", p.typing, "Value", v)
	}
	p.update()
}

// enter writes the typed sum in the pad's line, as the seat: a
// correction is another entry. A refusal is said in words, in the panel.
func (p *sheetPanel) enter() {
	w := p.s.w
	l, ok := p.line()
	if !ok {
		return
	}
	v, err := scoresheet.ParseSum(p.typing, p.s.cfg.Sheet.EntryLimit())
	if err != nil {
		p.note.Text = refusalText(w, err, p.s.label(l.category))
		p.update()
		return
	}
	m := sheet.Enter(engine.Seat(p.seat), l.category, l.round, v)
	if err := p.s.cfg.Session.Play(p.s.cfg.Ctx, engine.Seat(p.seat), m); err != nil {
		p.note.Text = board.RuleText(w.Cat, w.Lang, sheet.ID, err)
		p.update()
		return
	}
	p.typing, p.chosen = "", false
	p.note.Text = ""
	p.s.Show(nil)
}

// refusalText says a scoresheet refusal in words.
func refusalText(w Words, err error, category string) string {
	var r *scoresheet.Refusal
	if !errors.As(err, &r) {
		return w.T("board.refused")
	}
	kv := []any{"Category", category}
	for k, v := range r.Args {
		if k != "Category" {
			kv = append(kv, k, v)
		}
	}
	return w.T("sheet.refused."+r.Rule, kv...)
}

// update redraws the panel from the screen's view.
func (p *sheetPanel) update() {
	s, w := p.s, p.s.w
	p.name.Text = fitText(s.name(p.seat), NameSize, true, p.size.Width-(map[bool]float32{true: 740, false: 300})[p.touch])
	p.total.Text = ""
	if s.cfg.Sheet.Scored() {
		p.total.Text = fmt.Sprint(shownTotal(s.cfg.Sheet, s.view, p.seat))
	}
	p.marker.Text = ""
	switch place := s.placeOf(p.seat); {
	case place == 1:
		p.marker.Text = w.T("sheettable.you_start")
	case place > 1:
		p.marker.Text = w.T("sheettable.your_place", "N", place)
	}
	st := SheetSeat{}
	if p.seat < len(s.cfg.Seats) {
		st = s.cfg.Seats[p.seat]
	}
	done, all := 0, 0
	for _, l := range p.lines() {
		if c, _ := s.cfg.Sheet.Category(l.category); c.Optional {
			continue
		}
		all++
		if _, ok := p.written(l); ok {
			done++
		}
	}
	switch {
	case st.State == "away" || st.State == "free":
		p.what.Text = w.T("sheettable.away")
	default:
		p.what.Text = w.T("sheettable.filled", "N", done, "Of", all)
	}
	p.what.Text = fitText(p.what.Text, BodySize, false, p.size.Width-120)
	if p.touch {
		p.updatePad()
	}
	p.panel.Redraw()
}

func (p *sheetPanel) updatePad() {
	w := p.s.w
	if !p.chosen {
		if i := p.firstEmpty(); i >= 0 {
			p.at = i
		}
	}
	l, ok := p.line()
	if !ok {
		p.lineLabel.Text, p.typed.Text = "", ""
		return
	}
	p.lineLabel.Text = fitText(p.s.lineText(l.category, l.round), 24, true, p.size.Width-470)
	switch c, written := p.written(l); {
	case p.typing != "":
		p.typed.Text = p.typing + "_"
	case written && c.Hidden:
		p.typed.Text = w.T("sheettable.hidden")
	case written:
		p.typed.Text = fmt.Sprint(c.Value)
	case p.firstEmpty() < 0:
		p.typed.Text = "_"
		if p.note.Text == "" {
			p.note.Text = w.T("sheettable.all_written")
		}
	default:
		p.typed.Text = "_"
		if p.note.Text == "" {
			p.note.Text = w.T("sheettable.typed_hint")
		}
	}
	p.note.Text = fitText(p.note.Text, 24, false, p.size.Width-480)
}
