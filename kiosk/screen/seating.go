package screen

import (
	"image"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/joinurl"
)

// SeatPlan is who plays a seat of the game being set up: a phone (the zero
// plan), a bot of level Bot, or with Touch a guest on the table's touch
// screen.
type SeatPlan struct {
	Bot   engine.Level
	Touch bool
}

// SeatView is a seat of the session as seating shows it while phones join.
type SeatView struct {
	Name  string
	State string // free, connected, away, bot, table (a guest on the touch screen)
	Level engine.Level
}

// SeatingActions are what the seating screen's buttons lead to.
type SeatingActions struct {
	// Start creates the session; it is called only with a valid count.
	Start func(options map[string]string, seats []SeatPlan)
	Back  func()
	// BotIn gives a seat still waiting for a phone to a bot.
	BotIn func(seat engine.Seat)
	// NoBots says no robot can play the game (a shelf game, on its
	// score sheet): the screen offers neither "+ Robot" nor a robot in a
	// seat still waiting for a phone.
	NoBots bool
	// Cancel abandons the session before its first move.
	Cancel func()
	// BackToGame, when set, replaces Cancel: a seat of a game in progress
	// waits for a new phone, and the staff may go back to the board.
	BackToGame func()
}

// Seating is where guests say who plays, then join by QR code or code.
type Seating struct {
	w       Words
	game    engine.Info
	act     SeatingActions
	plan    []SeatPlan
	level   *widget.Select
	levels  []engine.Level
	options map[string]*widget.Select
	optVals map[string][]string
	optBox  *fyne.Container
	seats   *fyne.Container
	count   *canvas.Text
	start   *widget.Button
	body    *fyne.Container
	root    fyne.CanvasObject
	heading string       // the screen's title
	title   *canvas.Text // its text on screen
	// While phones join.
	qr      *canvas.Image
	qrURL   string
	code    *canvas.Text
	phrase  *canvas.Text
	address *canvas.Text // the address to type in the app, without discovery
	waiting *canvas.Text
	live    *fyne.Container
	botIns  []*widget.Button
	// addTouch adds a guest on the touch screen; nil for a game with
	// hidden hands, where the table must not show a seat's cards.
	addTouch *widget.Button
}

// NewSeating builds the seating screen of game, starting with its fewest
// players: guests on the table for a game with nothing hidden, so that a
// group that only taps "Commencer" plays at once without a phone; phones
// for a game with hands. defaults are the staff's default options.
func NewSeating(w Words, game engine.Info, defaults map[string]string, act SeatingActions) *Seating {
	s := &Seating{w: w, game: game, act: act, options: map[string]*widget.Select{}, optVals: map[string][]string{}}
	for i := 0; i < game.MinSeats; i++ {
		s.plan = append(s.plan, SeatPlan{Touch: game.AllPublic})
	}
	s.levels = []engine.Level{engine.LevelEasy, engine.LevelMCTS, engine.LevelDefault}
	var names []string
	for _, l := range s.levels {
		names = append(names, w.T("kiosk.level."+string(l)))
	}
	s.level = widget.NewSelect(names, nil)
	s.level.SetSelectedIndex(len(names) - 1)
	s.seats = container.NewVBox()
	s.count = text("", BodySize, true)
	s.optBox = container.NewVBox()
	s.defaults(defaults)
	_, addPhone := button(w.T("kiosk.seating.add_phone"), 0, func() { s.add(SeatPlan{}) })
	_, addBot := button(w.T("kiosk.seating.add_bot"), 0, func() { s.add(SeatPlan{Bot: s.levels[s.level.SelectedIndex()]}) })
	var startBox, backBox fyne.CanvasObject
	s.start, startBox = button(w.T("kiosk.seating.start"), 320, s.doStart)
	s.start.Importance = widget.HighImportance
	_, backBox = button(w.T("kiosk.back"), 240, act.Back)
	adds := container.NewGridWithColumns(2, addPhone, container.NewBorder(nil, nil, nil, sized(s.level, 260, TouchSize), addBot))
	var hint fyne.CanvasObject = wrapped(w.T("kiosk.seating.need_phone"))
	if game.AllPublic {
		var addTouch fyne.CanvasObject
		s.addTouch, addTouch = button(w.T("kiosk.seating.add_touch"), 0, func() { s.add(SeatPlan{Touch: true}) })
		adds = container.NewGridWithColumns(2, addTouch, addPhone, addBot, sized(s.level, 260, TouchSize))
		if act.NoBots {
			adds = container.NewGridWithColumns(2, addTouch, addPhone)
		}
		hint = wrapped(w.T("kiosk.seating.touch_hint"))
	} else if act.NoBots {
		adds = container.NewGridWithColumns(2, addPhone)
	}
	left := container.NewVBox(s.seats, s.count, adds, hint)
	// The options' panel only for a game that has options: an empty one
	// (a shelf game's, whose title sets them) reads as something missing.
	s.body = container.NewGridWithColumns(1, panel(left))
	if len(game.Options) > 0 {
		right := container.NewVBox(text(w.T("kiosk.seating.options"), NameSize, true), s.optBox)
		s.body = container.NewGridWithColumns(2, panel(left), panel(right))
	}
	s.heading = w.T("kiosk.seating.title", "Game", w.Game(game))
	s.title = text(s.heading, TitleSize, true)
	s.root = container.NewPadded(container.NewBorder(s.title, container.NewBorder(nil, nil, backBox, startBox), nil, nil,
		container.NewVBox(s.body, layout.NewSpacer())))
	s.refresh()
	return s
}

// Content is the screen's root object.
func (s *Seating) Content() fyne.CanvasObject { return s.root }

// SetHeading replaces the screen's title (a shelf game's: "Skull King :
// qui joue ?"); call it before ShowJoining.
func (s *Seating) SetHeading(h string) {
	s.heading = h
	s.title.Text = h
	s.title.Refresh()
}

// Heading is the screen's title.
func (s *Seating) Heading() string { return s.heading }

func (s *Seating) defaults(given map[string]string) {
	for _, o := range s.game.Options {
		sel := widget.NewSelect(nil, nil)
		s.options[o.Key] = sel
		v := o.Default
		if d, ok := given[o.Key]; ok {
			v = d
		}
		sel.PlaceHolder = v
		s.optVals[o.Key] = []string{v}
	}
}

// Plan is the seats as planned so far.
func (s *Seating) Plan() []SeatPlan { return append([]SeatPlan(nil), s.plan...) }

// AddPhone, AddBot and Remove are the seat buttons, for tests.
func (s *Seating) AddPhone()             { s.add(SeatPlan{}) }
func (s *Seating) AddBot(l engine.Level) { s.add(SeatPlan{Bot: l}) }
func (s *Seating) Remove(i int)          { s.remove(i) }

// AddTouchButton is the "guest on the table" button, nil when the game
// hides something from the table (for tests).
func (s *Seating) AddTouchButton() *widget.Button { return s.addTouch }

// StartButton is the start button (for tests: disabled with a bad count).
func (s *Seating) StartButton() *widget.Button { return s.start }

// Option is the select of option key (for tests).
func (s *Seating) Option(key string) *widget.Select { return s.options[key] }

func (s *Seating) add(p SeatPlan) {
	if len(s.plan) >= s.game.MaxSeats || (p.Touch && !s.game.AllPublic) {
		return
	}
	s.plan = append(s.plan, p)
	s.refresh()
}

func (s *Seating) remove(i int) {
	if i < 0 || i >= len(s.plan) {
		return
	}
	s.plan = append(s.plan[:i], s.plan[i+1:]...)
	s.refresh()
}

func (s *Seating) valid() bool {
	return len(s.plan) >= s.game.MinSeats && len(s.plan) <= s.game.MaxSeats
}

func (s *Seating) refresh() {
	w := s.w
	s.seats.RemoveAll()
	for i, p := range s.plan {
		i := i
		who := w.T("kiosk.seat.phone_free")
		switch {
		case p.Bot != "":
			who = w.T("kiosk.seat.bot", "Level", w.T("kiosk.level."+string(p.Bot)))
		case p.Touch:
			who = w.T("kiosk.seat.on_table")
		}
		_, rm := button(w.T("kiosk.seating.remove"), 180, func() { s.remove(i) })
		name := widget.NewLabel(w.T("kiosk.seat.n", "N", i+1) + " — " + who)
		s.seats.Add(container.NewBorder(nil, nil, seatBadge(i), rm, name))
	}
	n := len(s.plan)
	switch {
	case s.valid():
		s.count.Text = w.T("kiosk.seating.count_ok", "N", n)
		s.start.Enable()
	case s.game.MinSeats == s.game.MaxSeats:
		s.count.Text = w.T("kiosk.seating.count_exact", "N", n, "Want", s.game.MinSeats)
		s.start.Disable()
	default:
		s.count.Text = w.T("kiosk.seating.count", "N", n, "Min", s.game.MinSeats, "Max", s.game.MaxSeats)
		s.start.Disable()
	}
	s.count.Refresh()
	s.refreshOptions()
}

// refreshOptions offers, for each option, only the values valid for the
// planned number of players (a first player beyond it is not offered).
func (s *Seating) refreshOptions() {
	s.optBox.RemoveAll()
	for _, o := range s.game.Options {
		sel := s.options[o.Key]
		cur := sel.Selected
		if cur == "" {
			cur = s.optVals[o.Key][0]
		}
		var vals, labels []string
		for _, c := range o.Choices {
			if n, err := strconv.Atoi(c); err == nil && (n < 1 || n > len(s.plan)) {
				continue
			}
			vals = append(vals, c)
			labels = append(labels, s.valueName(c))
		}
		s.optVals[o.Key] = vals
		sel.Options = labels
		sel.OnChanged = nil
		idx := 0
		for i, v := range vals {
			if v == cur || labels[i] == cur {
				idx = i
			}
		}
		sel.SetSelectedIndex(idx)
		s.optBox.Add(container.NewBorder(nil, nil, widget.NewLabel(s.w.Option(s.game, o.Key)), nil, sized(sel, 320, TouchSize)))
	}
}

func (s *Seating) valueName(v string) string {
	if n, err := strconv.Atoi(v); err == nil {
		return s.w.T("kiosk.option.value.seat", "N", n)
	}
	if key := "kiosk.option.value." + v; s.w.Has(key) {
		return s.w.T(key)
	}
	return v
}

// Options are the chosen options as the engine reads them.
func (s *Seating) Options() map[string]string {
	out := map[string]string{}
	for _, o := range s.game.Options {
		if i := s.options[o.Key].SelectedIndex(); i >= 0 && i < len(s.optVals[o.Key]) {
			out[o.Key] = s.optVals[o.Key][i]
		}
	}
	return out
}

func (s *Seating) doStart() {
	if !s.valid() || s.act.Start == nil {
		return
	}
	s.act.Start(s.Options(), s.Plan())
}

// ShowJoining turns the screen to the phones joining: the QR code of url,
// the code in large type, the check words and the seats as they fill.
func (s *Seating) ShowJoining(url, code, phrase string, seats []SeatView) {
	w := s.w
	if s.qr == nil {
		s.qr = canvas.NewImageFromImage(image.NewGray(image.Rect(0, 0, 1, 1)))
		s.qr.FillMode = canvas.ImageFillOriginal
		s.qr.ScaleMode = canvas.ImageScalePixels
		s.code = text("", CodeSize, true)
		s.phrase = text("", BodySize, false)
		s.address = text("", NameSize, true)
		s.waiting = text("", NameSize, true)
		s.live = container.NewVBox()
		label, leave := w.T("kiosk.seating.cancel"), s.act.Cancel
		if s.act.BackToGame != nil {
			label, leave = w.T("kiosk.seating.back_to_game"), s.act.BackToGame
		}
		_, cancel := button(label, 320, leave)
		left := container.NewVBox(text(w.T("kiosk.seating.scan"), NameSize+4, true), container.NewCenter(s.qr),
			text(w.T("kiosk.seating.or_code"), BodySize, false), s.code, s.address, s.phrase)
		right := container.NewBorder(s.waiting, container.NewCenter(cancel), nil, nil, s.live)
		title := text(s.heading, TitleSize, true)
		s.root = container.NewPadded(container.NewBorder(title, nil, nil, nil,
			container.NewGridWithColumns(2, panel(left), panel(right))))
	}
	if url != s.qrURL {
		if img, err := QRImage(url, 520); err == nil {
			s.qr.Image = img
			s.qrURL = url
			s.qr.Refresh()
		} else {
			fyne.LogError("QR code", err)
		}
	}
	s.code.Text = code
	s.code.Refresh()
	s.phrase.Text = ""
	if phrase != "" {
		s.phrase.Text = w.T("kiosk.seating.phrase", "Phrase", phrase)
	}
	s.phrase.Refresh()
	s.address.Text = ""
	if info, err := joinurl.Parse(url); err == nil {
		s.address.Text = w.T("kiosk.seating.address", "Address", info.TLSAddr())
	}
	s.address.Refresh()
	free := 0
	s.live.RemoveAll()
	s.botIns = s.botIns[:0]
	for i, st := range seats {
		i := i
		row := container.NewBorder(nil, nil, seatBadge(i), nil, widget.NewLabel(s.seatLine(i, st)))
		if st.State == "free" {
			free++
			if s.act.NoBots {
				s.live.Add(row)
				continue
			}
			b, box := button(w.T("kiosk.seating.bot_here"), 300, func() {
				if s.act.BotIn != nil {
					s.act.BotIn(engine.Seat(i))
				}
			})
			s.botIns = append(s.botIns, b)
			row = container.NewBorder(nil, nil, seatBadge(i), box, widget.NewLabel(s.seatLine(i, st)))
		}
		s.live.Add(row)
	}
	s.waiting.Text = w.T("kiosk.seating.waiting", "N", free)
	s.waiting.Refresh()
}

// QRURL is the URL the QR code on screen holds (for tests).
func (s *Seating) QRURL() string { return s.qrURL }

// QR is the QR code's image as shown.
func (s *Seating) QR() image.Image {
	if s.qr == nil {
		return nil
	}
	return s.qr.Image
}

// BotInButtons are the "a bot in this seat" buttons of the free seats.
func (s *Seating) BotInButtons() []*widget.Button { return s.botIns }

func (s *Seating) seatLine(i int, st SeatView) string { return seatLine(s.w, i, st) }

// seatLine is seat i as a line of text: its name and who plays it.
func seatLine(w Words, i int, st SeatView) string {
	name := st.Name
	if name == "" {
		name = w.T("kiosk.seat.n", "N", i+1)
	}
	switch st.State {
	case "free":
		return name + " — " + w.T("kiosk.seat.phone_free")
	case "bot":
		return name + " — " + w.T("kiosk.seat.bot", "Level", w.T("kiosk.level."+string(st.Level)))
	case "away":
		return name + " — " + w.T("kiosk.seat.away")
	case "table":
		return name + " — " + w.T("kiosk.seat.on_table")
	}
	return name + " — " + w.T("kiosk.seat.connected")
}

// QRImage draws url as a QR code of at most size pixels with a quiet
// zone, black on white whatever the theme, so any phone camera reads it.
// Every module gets the same whole number of pixels: scaled to an exact
// size instead, some modules come out a pixel wider than others, and
// readers then fail on some codes and not on others.
func QRImage(url string, size int) (image.Image, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	modules := len(q.Bitmap()) // the symbol with its quiet zone
	return q.Image(-max(1, size/modules)), nil
}
