package screen

import (
	"context"
	"errors"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/shelf"
)

// ShelfConfig is what the "Que jouer ?" screen is built from.
type ShelfConfig struct {
	Words Words
	Ctx   context.Context
	Lib   shelf.Library
	Table string // this table's name: where the copies the group takes are
	// Side is the side of the table that asked: the screen faces it.
	Side geom.Side
	// Seated is how many guests already sit at the table: the group's
	// count starts there.
	Seated int
	// Played lists the titles the group's players have played here, for
	// "nothing any of us has played"; nil hides that choice (no player
	// known at the table).
	Played func(ctx context.Context) (map[int64]bool, error)
	Now    func() time.Time
	// Play starts the play flow of a game the table plays itself (a
	// title's Engine).
	Play func(engine string)
	// Keep starts keeping the score of a game from the shelf, or of any
	// game the group names, on its score sheet: names[0] is the title as
	// the table says it, the others its names in other languages, which
	// may find its sheet; nil: the table keeps no score of shelf games.
	Keep func(names ...string)
	Back func()
	// Fault is a failure that is nobody's doing (the database): the
	// window logs it and says something went wrong.
	Fault func(error)
}

// ShelfUpright is the screen's size as the reader sees it from a long
// side (Bottom, Top) of a 1920×1080 table; from a short side it is turned.
var ShelfUpright = fyne.NewSize(1920, 1080)

// The choices of the group's steppers.
var (
	shelfMinutes = []int{15, 20, 30, 45, 60, 90, 120, 180}
	shelfAges    = []int{4, 6, 8, 10, 12, 14, 18}
)

// Shelf is "Que jouer ?": the group says how many they are, how long they
// have, the youngest's age, cooperative or not, types a name or a shelf
// code on the screen's own keyboard, and the table proposes a short list
// with the box's facts, its shelf code and where its copies are. A group
// takes a box here ("Nous le prenons") and gives it back here at the end,
// saying what is missing or damaged. The whole screen faces the side that
// asked, turned as the seat panels are.
type Shelf struct {
	// column is, on a long side, the steppers' and keyboard's column,
	// beside which the boxes at the table are listed (hereRow).
	column *fyne.Container
	cfg    ShelfConfig
	w      Words
	ix     *shelf.Index

	players, minutes, age int // minutes and age index their choices
	coop, fresh           bool
	played                map[int64]bool
	typed                 string
	recorded              string // the last search recorded
	giving                *shelf.Copy
	saved                 string // the search typed before giving back

	content fyne.CanvasObject // upright
	panel   *board.Panel      // nil when the screen faces the bottom side
	root    fyne.CanvasObject

	playersText, minutesText, ageText *canvas.Text
	typedText, typedLabel             *canvas.Text
	status                            *canvas.Text
	coopBtn, freshBtn                 *widget.Button
	results, here                     *fyne.Container
	body, list                        *fyne.Container // laid out again when the boxes at the table change
	anotherBox                        *fyne.Container // "another game", under the results
	herePage                          int             // the page of « À cette table » shown
	hereMore                          *widget.Button  // turns that page; nil with one page
	near                              *fyne.Container // from a short side: the giving-back question, near the reader
	keys                              map[string]*widget.Button
	steppers                          map[string]*widget.Button

	// The buttons on screen, for tests: by title id, by copy id.
	takes, plays map[int64]*widget.Button
	gives, keeps map[int64]*widget.Button
	another      *widget.Button // "another game", the name typed
	answers      map[string]*widget.Button
	matches      []shelf.Match
	atTable      []shelf.Copy
	changes      int // counts what the group did, for the idle watch
}

// NewShelf builds the screen and reads the catalogue.
func NewShelf(cfg ShelfConfig) (*Shelf, error) {
	if cfg.Ctx == nil {
		cfg.Ctx = context.Background()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Shelf{cfg: cfg, w: cfg.Words, players: 4, minutes: 4, age: len(shelfAges) - 1,
		keys: map[string]*widget.Button{}, steppers: map[string]*widget.Button{}}
	if cfg.Seated > 0 {
		s.players = cfg.Seated
	}
	if err := s.reload(); err != nil {
		return nil, err
	}
	s.build()
	s.refresh()
	return s, nil
}

// reload reads the catalogue and the copies at this table again.
func (s *Shelf) reload() error {
	titles, err := s.cfg.Lib.Titles(s.cfg.Ctx)
	if err != nil {
		return err
	}
	s.ix = shelf.NewIndex(titles)
	s.atTable, err = s.cfg.Lib.AtTable(s.cfg.Ctx, s.cfg.Table)
	return err
}

// Content is the screen's root object.
func (s *Shelf) Content() fyne.CanvasObject { return s.root }

// Upright is the screen's content as its reader sees it (for tests).
func (s *Shelf) Upright() fyne.CanvasObject { return s.content }

// Side is the side the screen faces.
func (s *Shelf) Side() geom.Side { return s.cfg.Side }

// wide says whether the reader sits at a long side.
func (s *Shelf) wide() bool { return s.cfg.Side == geom.Bottom || s.cfg.Side == geom.Top }

// upright is the reader's size of the screen.
func (s *Shelf) upright() fyne.Size {
	if s.wide() {
		return ShelfUpright
	}
	return fyne.NewSize(ShelfUpright.Height, ShelfUpright.Width)
}

func (s *Shelf) build() {
	w := s.w
	_, back := button(w.T("shelf.back"), 240, s.leave)
	title := text(w.T("shelf.title"), TitleSize, true)
	header := container.NewBorder(nil, nil, back, sizedBox(240), title)

	// A little under NameSize: three steppers share a short side's width.
	s.playersText = text("", NameSize-4, true)
	s.minutesText = text("", NameSize-4, true)
	s.ageText = text("", NameSize-4, true)
	steppers := container.NewGridWithColumns(s.stepperColumns(),
		s.stepper("players", w.T("shelf.players"), s.playersText, func(d int) { s.players = min(max(s.players+d, 1), 20) }),
		s.stepper("minutes", w.T("shelf.minutes"), s.minutesText, func(d int) { s.minutes = min(max(s.minutes+d, 0), len(shelfMinutes)-1) }),
		s.stepper("age", w.T("shelf.age"), s.ageText, func(d int) { s.age = min(max(s.age+d, 0), len(shelfAges)-1) }))
	var coopBox, freshBox fyne.CanvasObject
	s.coopBtn, coopBox = button(w.T("shelf.coop"), 0, func() { s.coop = !s.coop; s.refresh() })
	toggles := container.NewGridWithColumns(1, coopBox)
	if s.cfg.Played != nil {
		s.freshBtn, freshBox = button(w.T("shelf.fresh"), 0, s.toggleFresh)
		toggles = container.NewGridWithColumns(2, coopBox, freshBox)
	}

	s.typedLabel = text("", BodySize, false)
	s.typedLabel.Alignment = fyne.TextAlignLeading
	s.typedText = text("", NameSize, true)
	s.typedText.Alignment = fyne.TextAlignLeading
	typedBG := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	typedBG.CornerRadius = 10
	typed := container.NewBorder(nil, nil, s.typedLabel, nil,
		container.NewStack(typedBG, container.NewPadded(s.typedText)))
	keyboard := s.keyboard()

	s.status = text("", BodySize, true)
	s.status.Color = theme.Color(theme.ColorNamePrimary)
	s.here = container.NewVBox()
	// The titles found take the room the rest leaves, as many as fit
	// whole: the boxes at the table never push the screen past its edge.
	s.results = container.New(&rowsThatFit{})
	s.anotherBox = container.NewVBox()
	s.near = container.NewVBox()

	ask := panel(container.NewVBox(steppers, toggles))
	search := panel(container.NewVBox(typed, keyboard))
	if s.wide() {
		// The boxes at the table head the list beside the keyboard's
		// column, over the titles found: under the keyboard there is
		// room for one box only.
		s.column = container.NewVBox(ask, search)
		s.list = container.NewBorder(container.NewVBox(s.here, s.status), s.anotherBox, nil, nil, s.results)
		s.body = container.NewBorder(nil, nil, s.column, nil, s.list)
	} else {
		// From a short side the screen runs away from the reader: what
		// they read (the titles) lies far, what they touch near them.
		s.list = container.NewBorder(s.status, s.anotherBox, nil, nil, s.results)
		s.body = container.NewBorder(nil, container.NewVBox(s.near, s.here, ask, search), nil, nil, s.list)
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	s.content = container.NewStack(bg, container.NewPadded(container.NewBorder(header, nil, nil, nil, s.body)))
	if s.cfg.Side == geom.Bottom {
		s.root = s.content
		return
	}
	s.panel = board.NewPanel(s.content, s.upright(), geom.Turn(s.cfg.Side.QuarterTurns()))
	s.root = container.NewCenter(s.panel)
}

// stepperColumns is 1 on a long side (a stepper a row), 3 on a short one.
func (s *Shelf) stepperColumns() int {
	if s.wide() {
		return 1
	}
	return 3
}

// stepper is a count the group sets with − and +.
func (s *Shelf) stepper(key, label string, value *canvas.Text, step func(int)) fyne.CanvasObject {
	minus, minusBox := button("−", 64, func() { step(-1); s.refresh() })
	plus, plusBox := button("+", 64, func() { step(1); s.refresh() })
	s.steppers[key+"-"], s.steppers[key+"+"] = minus, plus
	row := container.NewBorder(nil, nil, minusBox, plusBox, value)
	if s.wide() {
		// One row each: the long side has the height, not the width
		// (the keyboard's column leaves the found titles their room).
		l := text(label, BodySize, false)
		l.Alignment = fyne.TextAlignLeading
		return container.NewBorder(nil, nil, l, container.NewStack(sizedBox(360), row))
	}
	return panel(container.NewVBox(text(label, BodySize, false), row))
}

// keyboard is the screen's own keyboard: a touch table has no other, and
// a turned screen cannot hold Fyne's focus. Letters in alphabetical order
// (the guests' keyboards differ: AZERTY, QWERTZ, QWERTY), the digits of
// shelf codes, a space, a rubout and "clear".
func (s *Shelf) keyboard() fyne.CanvasObject {
	rows := []string{"1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ"}
	grid := container.NewGridWithColumns(10)
	for _, row := range rows {
		for _, r := range row {
			k := string(r)
			b, box := button(k, 64, func() { s.typeKey(k) })
			s.keys[k] = b
			grid.Add(box)
		}
	}
	space, spaceBox := button("␣", 64, func() { s.typeKey(" ") })
	rub, rubBox := button("⌫", 64, s.rubOut)
	clr, clrBox := button(s.w.T("shelf.clear"), 64, s.clear)
	s.keys[" "], s.keys["⌫"], s.keys["clear"] = space, rub, clr
	grid.Add(spaceBox)
	grid.Add(rubBox)
	return container.NewVBox(grid, clrBox)
}

func (s *Shelf) typeKey(k string) {
	if len([]rune(s.typed)) >= 40 {
		return
	}
	s.typed += strings.ToLower(k)
	s.refresh()
}

func (s *Shelf) rubOut() {
	if r := []rune(s.typed); len(r) > 0 {
		s.typed = string(r[:len(r)-1])
	}
	s.refresh()
}

// clear empties what was typed; a search the group gives up on is
// recorded too (the staff see what guests looked for).
func (s *Shelf) clear() {
	if s.giving == nil {
		s.record()
	}
	s.typed = ""
	s.refresh()
}

// Type types text on the screen's keyboard (for tests and the
// screenshots): each rune through its key.
func (s *Shelf) Type(text string) {
	for _, r := range strings.ToUpper(text) {
		k := string(r)
		if b := s.keys[k]; b != nil {
			b.OnTapped()
		}
	}
}

func (s *Shelf) toggleFresh() {
	if !s.fresh && s.played == nil {
		played, err := s.cfg.Played(s.cfg.Ctx)
		if err != nil {
			s.fault(err)
			return
		}
		s.played = played
	}
	s.fresh = !s.fresh
	s.refresh()
}

// Query is what the group asked, as the search reads it.
func (s *Shelf) Query() shelf.Query {
	q := shelf.Query{Text: s.typed, Players: s.players, Minutes: shelfMinutes[s.minutes],
		Age: shelfAges[s.age], Coop: s.coop, Wishes: strings.TrimSpace(s.typed) != ""}
	if s.fresh {
		q.Exclude = s.played
	}
	return q
}

// codeCopy is the copy whose shelf code the group typed, and its title.
func (s *Shelf) codeCopy() (shelf.Title, shelf.Copy, bool) {
	code := strings.ToUpper(strings.ReplaceAll(s.typed, " ", ""))
	if code == "" {
		return shelf.Title{}, shelf.Copy{}, false
	}
	for _, m := range s.ix.Search(shelf.Query{Wishes: false, Limit: s.ix.Len()}) {
		for _, c := range m.Title.Copies {
			if strings.EqualFold(strings.ReplaceAll(c.Shelf, " ", ""), code) {
				return m.Title, c, true
			}
		}
	}
	return shelf.Title{}, shelf.Copy{}, false
}

// refresh shows the group's choices and what they find.
func (s *Shelf) refresh() {
	w := s.w
	s.changes++
	s.playersText.Text = w.T("shelf.players_n", "N", s.players)
	s.minutesText.Text = w.T("shelf.minutes_n", "N", shelfMinutes[s.minutes])
	s.ageText.Text = w.T("shelf.age_n", "N", shelfAges[s.age])
	if shelfAges[s.age] == shelfAges[len(shelfAges)-1] {
		s.ageText.Text = w.T("shelf.age_adult", "N", shelfAges[s.age])
	}
	s.coopBtn.Importance = widget.MediumImportance
	if s.coop {
		s.coopBtn.Importance = widget.HighImportance
	}
	if s.freshBtn != nil {
		s.freshBtn.Importance = widget.MediumImportance
		if s.fresh {
			s.freshBtn.Importance = widget.HighImportance
		}
		s.freshBtn.Refresh()
	}
	s.coopBtn.Refresh()
	s.typedLabel.Text = w.T("shelf.typed") + " "
	if s.giving != nil {
		s.typedLabel.Text = w.T("shelf.give.typed") + " "
	}
	s.typedText.Text = s.typed + "_"
	for _, t := range []*canvas.Text{s.playersText, s.minutesText, s.ageText, s.typedLabel, s.typedText} {
		t.Refresh()
	}
	s.showHere()
	if s.giving != nil {
		s.showGiving()
	} else {
		s.showResults()
	}
	// The boxes at the table and the titles share the height: lay them
	// out again at once (a window would only at its next frame).
	for _, c := range []*fyne.Container{s.body, s.list} {
		if c.Size().Height > 0 {
			c.Layout.Layout(c.Objects, c.Size())
		}
	}
	s.redraw()
}

// redraw puts a turned screen on screen again after a change that came
// from no tap on it.
func (s *Shelf) redraw() {
	if s.panel != nil {
		s.panel.Redraw()
	}
}

func (s *Shelf) showResults() {
	q := s.Query()
	s.matches = s.ix.Search(q)
	if t, c, ok := s.codeCopy(); ok {
		// A shelf code typed: its box first, the copy with that code.
		t.Copies = []shelf.Copy{c}
		rest := []shelf.Match{{Title: t}}
		for _, m := range s.matches {
			if m.Title.ID != t.ID {
				rest = append(rest, m)
			}
		}
		s.matches = rest[:min(len(rest), shelf.DefaultLimit)]
	}
	s.results.RemoveAll()
	s.anotherBox.RemoveAll()
	s.near.RemoveAll()
	s.takes, s.plays = map[int64]*widget.Button{}, map[int64]*widget.Button{}
	if len(s.matches) == 0 {
		s.results.Add(wrapped(s.w.T("shelf.none")))
	}
	for _, m := range s.matches {
		s.results.Add(s.card(m.Title))
	}
	s.another = nil
	if typed := strings.TrimSpace(s.typed); typed != "" && s.cfg.Keep != nil {
		// Any game, by the name typed: the generic sheet if the shelf
		// has no sheet of its own for it.
		b, box := button(s.w.T("sheettable.another", "Name", fitText(typed, BodySize, false, 600)), 0, func() { s.keep(typed) })
		s.another = b
		s.anotherBox.Add(box)
	}
	s.status.Refresh()
}

// card is one title found, one row: its shelf code as on the shelf's
// label, its name and its box's facts; on the right what the group may do
// with it ("Nous le prenons" for a free copy), or where its copies are
// when none is free. Texts are cut to their room ("…") rather than
// overflow it.
func (s *Shelf) card(t shelf.Title) fyne.CanvasObject {
	w := s.w
	name := fitting(t.Names.Name(string(w.Lang)), NameSize, true)
	facts := fitting(s.facts(t), BodySize, false)
	var act fyne.CanvasObject
	c, free := t.Free()
	switch {
	case t.Engine != "":
		b, box := button(w.T("shelf.play_here"), 0, func() { s.playEngine(t.Engine) })
		b.Importance = widget.HighImportance
		s.plays[t.ID] = b
		act = box
	case free:
		b, box := button(w.T("shelf.take"), 0, func() { s.take(t, c) })
		b.Importance = widget.HighImportance
		s.takes[t.ID] = b
		act = box
	default:
		// No spacers: a turned Panel draws every object, and an empty one
		// makes an empty picture.
		act = fitting(s.where(t), BodySize, false)
	}
	head := name
	if code := s.code(t); code != "" {
		head = container.NewBorder(nil, nil, shelfBadge(code), nil, name)
	}
	right := container.NewStack(sizedBox(shelfActionWidth), container.NewCenter(container.NewStack(sizedBox(shelfActionWidth), act)))
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = 12
	return container.NewStack(bg, container.NewPadded(container.NewBorder(nil, nil, nil, right,
		container.NewVBox(head, facts))))
}

// code is the shelf code a title's row shows: its free copy's, else its
// first copy's; "" for a wish.
func (s *Shelf) code(t shelf.Title) string {
	if c, ok := t.Free(); ok {
		return c.Shelf
	}
	if len(t.Copies) > 0 {
		return t.Copies[0].Shelf
	}
	return ""
}

// shelfBadge is a shelf code drawn as the label on the shelf: dark on
// light, whatever the theme.
func shelfBadge(code string) fyne.CanvasObject {
	bg := canvas.NewRectangle(color.NRGBA{0xF4, 0xF1, 0xE8, 0xFF})
	bg.CornerRadius = 8
	t := text(code, BodySize, true)
	t.Color = color.NRGBA{0x10, 0x10, 0x10, 0xFF}
	return container.NewCenter(container.NewStack(bg, container.New(&inset{8}, t)))
}

// shelfActionWidth is the room of a row's right part: where its copies
// are ("Sorti : Table 3, depuis 19:40") and its button.
const shelfActionWidth = 420

// fitting is a line of text that takes the width it is given and cuts
// itself to it ("…") rather than overflow: a title's name is as long as
// its publisher made it.
func fitting(s string, size float32, bold bool) fyne.CanvasObject {
	t := text(s, size, bold)
	t.Alignment = fyne.TextAlignLeading
	return container.New(&fitLayout{full: s, t: t}, t)
}

type fitLayout struct {
	full string
	t    *canvas.Text
}

func (f *fitLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if cut := fitText(f.full, f.t.TextSize, f.t.TextStyle.Bold, size.Width); cut != f.t.Text {
		f.t.Text = cut
		f.t.Refresh()
	}
	f.t.Move(fyne.Position{})
	f.t.Resize(size)
}

// MinSize asks for the text's height and no width: the row decides.
func (f *fitLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, fyne.MeasureText(f.full, f.t.TextSize, f.t.TextStyle).Height)
}

// fitText is s cut to width at size, with "…" when it was cut.
func fitText(s string, size float32, bold bool, width float32) string {
	style := fyne.TextStyle{Bold: bold}
	if fyne.MeasureText(s, size, style).Width <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && fyne.MeasureText(strings.TrimSpace(string(r))+"…", size, style).Width > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// facts are a box's players, minutes and age.
func (s *Shelf) facts(t shelf.Title) string {
	w := s.w
	var parts []string
	switch {
	case t.MinPlayers > 0 && t.MaxPlayers > t.MinPlayers:
		parts = append(parts, w.T("shelf.fact.players", "Min", t.MinPlayers, "Max", t.MaxPlayers))
	case t.MinPlayers > 0:
		parts = append(parts, w.T("shelf.fact.players_n", "N", t.MinPlayers))
	}
	switch {
	case t.MinMinutes > 0 && t.MaxMinutes > t.MinMinutes:
		parts = append(parts, w.T("shelf.fact.minutes", "Min", t.MinMinutes, "Max", t.MaxMinutes))
	case max(t.MinMinutes, t.MaxMinutes) > 0:
		parts = append(parts, w.T("shelf.fact.minutes_n", "N", max(t.MinMinutes, t.MaxMinutes)))
	}
	if t.MinAge > 0 {
		parts = append(parts, w.T("shelf.fact.age", "N", t.MinAge))
	}
	if t.Kind == shelf.Cooperative {
		parts = append(parts, w.T("shelf.fact.coop"))
	}
	return strings.Join(parts, " · ")
}

// where says where a title's copies are: its shelf code when one is
// free, else the table one is at and since when.
func (s *Shelf) where(t shelf.Title) string {
	w := s.w
	if !t.Owned() {
		return w.T("shelf.where.wish")
	}
	if c, ok := t.Free(); ok {
		return w.T("shelf.where.shelf", "Shelf", c.Shelf)
	}
	c := t.Copies[0]
	switch c.Status {
	case shelf.AtTable:
		since := c.Since.Local().Format("15:04")
		if c.Table == s.cfg.Table {
			return w.T("shelf.where.here", "Since", since, "Shelf", c.Shelf)
		}
		return w.T("shelf.where.table", "Table", c.Table, "Since", since)
	case shelf.Lent:
		return w.T("shelf.where.lent")
	}
	return w.T("shelf.where.missing")
}

// take marks copy c of t as at this table.
func (s *Shelf) take(t shelf.Title, c shelf.Copy) {
	s.record()
	err := s.cfg.Lib.Take(s.cfg.Ctx, c.ID, s.cfg.Table, s.cfg.Now())
	name := t.Names.Name(string(s.w.Lang))
	switch {
	case errors.Is(err, shelf.ErrTaken) || errors.Is(err, shelf.ErrNoCopy):
		s.status.Text = s.w.T("shelf.taken", "Name", name)
	case err != nil:
		s.fault(err)
		return
	default:
		s.status.Text = s.w.T("shelf.took", "Name", name, "Shelf", c.Shelf)
		s.typed = ""
	}
	if err := s.reload(); err != nil {
		s.fault(err)
		return
	}
	s.refresh()
}

func (s *Shelf) playEngine(id string) {
	s.record()
	if s.cfg.Play != nil {
		s.cfg.Play(id)
	}
}

// keep starts the score sheet of the game named names[0].
func (s *Shelf) keep(names ...string) {
	s.record()
	if s.cfg.Keep != nil && len(names) > 0 && names[0] != "" {
		s.cfg.Keep(names...)
	}
}

func (s *Shelf) leave() {
	s.record()
	if s.cfg.Back != nil {
		s.cfg.Back()
	}
}

// record tells the library what the group typed and how many titles it
// found, once per search.
func (s *Shelf) record() {
	text := strings.TrimSpace(s.typed)
	if text == "" || text == s.recorded {
		return
	}
	s.recorded = text
	found := len(s.ix.Search(shelf.Query{Text: text, Wishes: true, Limit: s.ix.Len()}))
	if err := s.cfg.Lib.Searched(s.cfg.Ctx, text, found, s.cfg.Now()); err != nil {
		s.fault(err)
	}
}

func (s *Shelf) fault(err error) {
	if s.cfg.Fault != nil {
		s.cfg.Fault(err)
	}
}

// showHere lists the boxes at this table, each with "Rendre".
func (s *Shelf) showHere() {
	s.here.RemoveAll()
	s.gives, s.keeps = map[int64]*widget.Button{}, map[int64]*widget.Button{}
	s.hereMore = nil
	if len(s.atTable) == 0 || s.giving != nil {
		// Giving back, the question names the box: the list would only
		// push it off the screen.
		return
	}
	title := text(s.w.T("shelf.here"), BodySize, true)
	title.Alignment = fyne.TextAlignLeading
	s.here.Add(title)
	pages := (len(s.atTable) + herePageSize - 1) / herePageSize
	if s.herePage >= pages {
		s.herePage = 0
	}
	shown := s.atTable[s.herePage*herePageSize : min(len(s.atTable), (s.herePage+1)*herePageSize)]
	for _, c := range shown {
		c := c
		b, box := button(s.w.T("shelf.give"), 220, func() { s.startGiving(c) })
		s.gives[c.ID] = b
		line := s.copyLine(c)
		if s.cfg.Keep != nil {
			var names []string
			if t, ok := s.ix.Title(c.TitleID); ok {
				names = []string{t.Names.Name(string(s.w.Lang)), t.Names.Original, t.Names.EN, t.Names.FR, t.Names.DE}
			}
			k, keepBox := button(s.w.T("sheettable.keep_score"), 0, func() { s.keep(names...) })
			k.Importance = widget.HighImportance
			s.keeps[c.ID] = k
			box = container.NewHBox(keepBox, box)
		}
		s.here.Add(s.hereRow(line, box))
	}
	if pages > 1 {
		// More boxes than a page: a button turns the page, as a tap
		// does, where a scroll would need a drag the turned screens do
		// not pass on.
		b, box := button(s.w.T("shelfhere.more", "Page", s.herePage+1, "Pages", pages), 0, func() {
			s.herePage = (s.herePage + 1) % pages
			s.refresh()
		})
		s.hereMore = b
		s.here.Add(container.NewBorder(nil, nil, nil, box))
	}
}

// herePageSize is how many boxes at the table « À cette table » shows at
// once: the titles found keep the room for a few rows at every side.
const herePageSize = 3

// rowsThatFit lays its objects out one under another, each at its own
// height and the full width, and hides those that do not fit whole: the
// titles found, best first, as many as the screen has room for.
type rowsThatFit struct{}

func (rowsThatFit) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for i, o := range objects {
		h := o.MinSize().Height
		if y+h > size.Height+0.5 && i > 0 {
			o.Hide()
			continue
		}
		o.Show()
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + theme.Padding()
	}
}

// MinSize asks for the first row only (the best title, or the giving-back
// question): the others come when there is room.
func (rowsThatFit) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for i, o := range objects {
		ms := o.MinSize()
		m.Width = max(m.Width, ms.Width)
		if i == 0 {
			m.Height = ms.Height
		}
	}
	return m
}

// hereSmall is the size of a box's name over its buttons, when it does
// not fit beside them: smaller than the body's, still read at arm's
// length, so that a long name keeps to one line over its buttons.
const hereSmall = 24

// hereRow lays a box at the table out with its buttons, its name never
// cut (beside « Noter les scores ici » and « Rendre » it was: « Pandémie
// (… »): beside the buttons at the body's size when it fits there, else
// on a line of its own above them at hereSmall, else wrapped there.
func (s *Shelf) hereRow(line string, buttons fyne.CanvasObject) fyne.CanvasObject {
	width := s.upright().Width - 4*theme.Padding()
	if s.wide() {
		// Beside the keyboard's column.
		width -= s.column.MinSize().Width + 2*theme.Padding()
	}
	pad := 2 * theme.InnerPadding()
	name := func(size float32) *canvas.Text {
		t := text(line, size, false)
		t.Alignment = fyne.TextAlignLeading
		return t
	}
	switch {
	case fyne.MeasureText(line, BodySize, fyne.TextStyle{}).Width+pad <= width-buttons.MinSize().Width-theme.Padding():
		return container.NewBorder(nil, nil, nil, buttons, container.NewPadded(name(BodySize)))
	case fyne.MeasureText(line, hereSmall, fyne.TextStyle{}).Width+pad <= width:
		return container.NewVBox(container.NewPadded(name(hereSmall)), container.NewBorder(nil, nil, nil, buttons))
	}
	return container.NewVBox(wrapped(line), container.NewBorder(nil, nil, nil, buttons))
}

// copyLine names a copy at this table: its title, its shelf code and
// since when it is here.
func (s *Shelf) copyLine(c shelf.Copy) string {
	name := "?"
	if t, ok := s.ix.Title(c.TitleID); ok {
		name = t.Names.Name(string(s.w.Lang))
	}
	return s.w.T("shelf.here_line", "Name", name, "Shelf", c.Shelf, "Since", c.Since.Local().Format("15:04"))
}

// startGiving asks, before a box goes back to its shelf, whether anything
// is missing or damaged; the keyboard then types the note.
func (s *Shelf) startGiving(c shelf.Copy) {
	s.record()
	s.giving, s.saved, s.typed = &c, s.typed, ""
	s.status.Text = ""
	s.refresh()
}

func (s *Shelf) showGiving() {
	w := s.w
	s.results.RemoveAll()
	s.anotherBox.RemoveAll()
	s.near.RemoveAll()
	s.takes, s.plays = map[int64]*widget.Button{}, map[int64]*widget.Button{}
	s.answers = map[string]*widget.Button{}
	ask := wrapped(w.T("shelf.give.ask", "Copy", s.copyLine(*s.giving)))
	ask.TextStyle.Bold = true
	answer := func(key string, imp widget.Importance) fyne.CanvasObject {
		b, box := button(w.T("shelf.give."+key), 0, func() { s.give(key) })
		b.Importance = imp
		s.answers[key] = b
		return box
	}
	// From a short side the question comes near the reader, above the
	// keyboard that types its note.
	where := s.results
	if !s.wide() {
		where = s.near
	}
	where.Add(panel(container.NewVBox(ask, wrapped(w.T("shelf.give.hint")),
		answer("complete", widget.HighImportance), answer("missing", widget.WarningImportance),
		answer("damaged", widget.WarningImportance), answer("cancel", widget.LowImportance))))
}

// give puts the box back with the group's answer: "complete" with no
// words typed leaves no note; otherwise the note says what they chose, in
// the table's language, and what they typed.
func (s *Shelf) give(answer string) {
	c := *s.giving
	if answer == "cancel" {
		s.giving, s.typed = nil, s.saved
		s.refresh()
		return
	}
	typed := strings.TrimSpace(s.typed)
	note := typed
	if answer != "complete" {
		note = s.w.T("shelf.note." + answer)
		if typed != "" {
			note += " : " + typed
		}
	}
	err := s.cfg.Lib.Return(s.cfg.Ctx, c.ID, s.cfg.Table, noteKind(answer), note, s.cfg.Now())
	switch {
	case errors.Is(err, shelf.ErrTaken) || errors.Is(err, shelf.ErrNoCopy):
		s.status.Text = s.w.T("shelf.give.refused")
	case err != nil:
		s.fault(err)
		return
	case note != "":
		s.status.Text = s.w.T("shelf.gave_note", "Shelf", c.Shelf)
	default:
		s.status.Text = s.w.T("shelf.gave", "Shelf", c.Shelf)
	}
	s.giving, s.typed = nil, s.saved
	if err := s.reload(); err != nil {
		s.fault(err)
		return
	}
	s.refresh()
}

// noteKind is the kind of the note a group's answer to « Rendre » makes:
// the button they pressed says it; words typed under "complete" are
// something else.
func noteKind(answer string) shelf.NoteKind {
	switch answer {
	case "missing":
		return shelf.NoteMissing
	case "damaged":
		return shelf.NoteDamage
	}
	return shelf.NoteOther
}

// Changes counts what the group did on the screen: a table left alone
// on it goes back to its attract screen.
func (s *Shelf) Changes() int { return s.changes }

// The screen's controls, for tests.

// Matches are the titles on screen, best first.
func (s *Shelf) Matches() []shelf.Match { return append([]shelf.Match(nil), s.matches...) }

// TakeButton is title id's "Nous le prenons", nil when it has none.
func (s *Shelf) TakeButton(title int64) *widget.Button { return s.takes[title] }

// PlayButton is an engine title's "Jouer ici", nil when it has none.
func (s *Shelf) PlayButton(title int64) *widget.Button { return s.plays[title] }

// KeepButton is "keep the score here" of a box at the table, and
// AnotherButton "another game" by the name typed; nil when not shown.
func (s *Shelf) KeepButton(copyID int64) *widget.Button { return s.keeps[copyID] }
func (s *Shelf) AnotherButton() *widget.Button          { return s.another }

// HereMore turns the page of « À cette table »; nil when its boxes fit
// one page.
func (s *Shelf) HereMore() *widget.Button { return s.hereMore }

// GiveButton is the "Rendre" of copy id at this table (on the page shown).
func (s *Shelf) GiveButton(copyID int64) *widget.Button { return s.gives[copyID] }

// Answer is a button of the giving-back question: complete, missing,
// damaged, cancel; nil outside that question.
func (s *Shelf) Answer(key string) *widget.Button { return s.answers[key] }

// Stepper is a − or + of players, minutes, age ("players+", "age-").
func (s *Shelf) Stepper(key string) *widget.Button { return s.steppers[key] }

// CoopButton and FreshButton are the two choices (FreshButton nil
// without known players).
func (s *Shelf) CoopButton() *widget.Button  { return s.coopBtn }
func (s *Shelf) FreshButton() *widget.Button { return s.freshBtn }

// Status is the screen's last word to the group.
func (s *Shelf) Status() string { return s.status.Text }

// AtTable is the copies the screen shows at this table.
func (s *Shelf) AtTable() []shelf.Copy { return append([]shelf.Copy(nil), s.atTable...) }

// Reload reads the catalogue and the boxes at this table again and shows
// them, the group's choices kept: another table of the venue took or gave
// back a box. It is not the group's doing: the idle watch does not count
// it.
func (s *Shelf) Reload() error {
	changes := s.changes
	if err := s.reload(); err != nil {
		return err
	}
	s.refresh()
	s.changes = changes
	return nil
}
