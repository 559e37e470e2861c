package screen

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// StaffActions are what the staff screen leads to.
type StaffActions struct {
	Replay func(session string)
	Leave  func()
	// Fault reports an error: logged, and a short message in the table's
	// language (never the Go text).
	Fault func(error)
	// ConsoleURL and ConsolePhrase are the staff console's address and
	// its certificate's verification words, which the settings show so
	// that the staff can check them the first time a browser asks.
	ConsoleURL, ConsolePhrase string
	// CAURL is where a staff device downloads the venue's certificate
	// authority from this table's console, CAWords and CAFingerprint
	// what the device must show of it; "" while the table has none.
	CAURL, CAWords, CAFingerprint string
	// Venue is the table's venue, for the "Venue" section (pair with a
	// hub, leave, the tables behind); nil: no section.
	Venue VenueDesk
	// Do runs a screen change from another goroutine (the venue's
	// answers); nil: fyne.Do.
	Do func(func())
	// Ticks paces the venue section's own refresh while it shows (a
	// table falling behind, the link going down): it returns the ticks
	// and how to stop them; nil: every VenueRefresh.
	Ticks func() (<-chan time.Time, func())
	// Notes are the open notes guests left on boxes they gave back,
	// for the "Shelf" section; nil: no shelf at this table, no section.
	Notes func(ctx context.Context) ([]NoteLine, error)
	// Offline reports that phones cannot join (the machine has no
	// network address): the screen says so under its title. nil: never.
	Offline func() bool
	// DiskFull reports since when the table's disk has been full (its
	// database refuses writes; the game in progress goes on from
	// memory): the screen says so under its title. nil: never.
	DiskFull func() (time.Time, bool)
}

// NoteLine is a note on a box given back, as the staff read it.
type NoteLine struct {
	At          time.Time
	Table       string
	Name, Shelf string // the box's title and its shelf code
	Text        string // what the guests said, as they typed it
}

// Staff is the staff's screen: leaderboards, session history with
// replays, the ludothèque's figures, settings and the CSV export.
type Staff struct {
	ctx    context.Context
	w      Words
	win    fyne.Window
	rec    Records
	games  []engine.Info
	act    StaffActions
	tabs   *container.AppTabs
	root   fyne.CanvasObject
	game   *widget.Select
	period *widget.RadioGroup
	// scope picks the table's boards or the venue's; nil for a table
	// that belongs to no venue.
	scope *widget.RadioGroup
	board *fyne.Container
	// Lines shown on the leaderboard, for tests.
	boardLines []string
	// The history's players, one label per session, for tests.
	sessionLines []*widget.Label
	// The venue section (venue.go): its content, its tables' lines for
	// tests, the pairing code's entry while it shows.
	venueBox   *fyne.Container
	venueLines []string
	codeEntry  *widget.Entry
	// venueShown is the status the section shows, nil while it shows
	// something else (a search, a code being typed): only the status
	// is refreshed by itself.
	venueShown *VenueStatus
	// stopWatch stops the section's refresh while it runs; watchers
	// counts its goroutine (tests wait for it to end).
	stopWatch func()
	watchers  sync.WaitGroup
	// diskFull is the line saying the table's disk is full, nil when not.
	diskFull *widget.Label
	// offline is the line saying phones cannot join, nil when they can.
	offline *widget.Label
	// titles is the section of the ludothèque's boards (titleboards.go),
	// nil when the records have none.
	titles *titlesTab
}

// NewStaff builds the staff screen, its leaderboards first.
func NewStaff(ctx context.Context, w Words, win fyne.Window, rec Records, games []engine.Info, act StaffActions) *Staff {
	s := &Staff{ctx: ctx, w: w, win: win, rec: rec, games: games, act: act}
	s.tabs = container.NewAppTabs(
		container.NewTabItem(w.T("kiosk.staff.leaderboards"), s.leaderboards()),
		container.NewTabItem(w.T("kiosk.staff.sessions"), s.sessions()),
		container.NewTabItem(w.T("kiosk.staff.figures"), s.figures()),
		container.NewTabItem(w.T("kiosk.staff.settings"), s.settings()),
	)
	if act.Venue != nil {
		s.tabs.Append(container.NewTabItem(w.T("kiosk.staff.venue"), s.venueTab()))
		// The section shows how the venue stands when it opens, and
		// keeps up by itself while it shows.
		s.tabs.OnSelected = func(t *container.TabItem) {
			if t.Text != w.T("kiosk.staff.venue") {
				s.unwatchVenue()
				return
			}
			s.showVenue()
			s.watchVenue()
		}
	}
	if act.Notes != nil {
		s.tabs.Append(container.NewTabItem(w.T("shelf.staff.notes"), s.notes()))
	}
	s.addTitlesTab()
	_, export := button(w.T("kiosk.staff.export"), 300, s.export)
	_, leave := button(w.T("kiosk.staff.leave"), 360, act.Leave)
	var top fyne.CanvasObject = container.NewBorder(nil, nil, nil, container.NewHBox(export, leave), text(w.T("kiosk.staff.title"), TitleSize, true))
	if act.Offline != nil && act.Offline() {
		s.offline = wrapped(w.T("network.offline"))
		s.offline.Importance = widget.DangerImportance
		top = container.NewVBox(top, s.offline)
	}
	if act.DiskFull != nil {
		if since, full := act.DiskFull(); full {
			s.diskFull = wrapped(w.T("diskfull.table", "Since", since.Local().Format("15:04")))
			s.diskFull.Importance = widget.DangerImportance
			top = container.NewVBox(top, s.diskFull)
		}
	}
	s.root = container.NewPadded(container.NewBorder(top, nil, nil, nil, s.tabs))
	return s
}

// Content is the screen's root object.
func (s *Staff) Content() fyne.CanvasObject { return s.root }

// Close stops what the screen runs by itself (the venue section's
// refresh); the screen that replaces it calls it, on the UI goroutine.
func (s *Staff) Close() { s.unwatchVenue() }

// Select opens tab i (0 leaderboards, 1 sessions, 2 figures, 3 settings,
// 4 the venue when there is the section).
func (s *Staff) Select(i int) { s.tabs.SelectIndex(i) }

func (s *Staff) fault(err error) {
	if s.act.Fault != nil {
		s.act.Fault(err)
	}
}

func (s *Staff) leaderboards() fyne.CanvasObject {
	names := []string{s.w.T("kiosk.staff.all_games")}
	for _, g := range s.games {
		names = append(names, s.w.Game(g))
	}
	s.board = container.NewVBox()
	s.game = widget.NewSelect(names, func(string) { s.showBoard() })
	periods := []string{s.w.T("kiosk.period.week"), s.w.T("kiosk.period.month"), s.w.T("kiosk.period.all")}
	s.period = widget.NewRadioGroup(periods, func(string) { s.showBoard() })
	s.period.Horizontal = true
	s.period.Required = true
	s.period.SetSelected(periods[0])
	bar := container.NewHBox(sized(s.game, 380, TouchSize), layout.NewSpacer(), s.period)
	if v, err := s.rec.Venue(s.ctx); err != nil {
		s.fault(err)
	} else if v.Paired {
		scopes := []string{s.w.T("kiosk.staff.scope_table"), s.w.T("kiosk.staff.scope_venue")}
		s.scope = widget.NewRadioGroup(scopes, func(string) { s.showBoard() })
		s.scope.Horizontal = true
		s.scope.Required = true
		s.scope.SetSelected(scopes[0])
		bar = container.NewVBox(bar, s.scope)
	}
	s.game.SetSelectedIndex(0)
	return container.NewBorder(bar, nil, nil, nil, container.NewVScroll(s.board))
}

// ShowVenueBoard shows the venue's leaderboard of game ("" all) for p
// (for tests); it returns nil for a table of no venue.
func (s *Staff) ShowVenueBoard(game string, p Period) []string {
	if s.scope == nil {
		return nil
	}
	s.scope.SetSelected(s.scope.Options[1])
	return s.ShowBoard(game, p)
}

// venueScope reports whether the venue's boards are asked for.
func (s *Staff) venueScope() bool {
	return s.scope != nil && s.scope.Selected == s.scope.Options[1]
}

// ShowBoard shows the leaderboard of game ("" all) for p (for tests).
func (s *Staff) ShowBoard(game string, p Period) []string {
	idx := 0
	for i, g := range s.games {
		if g.ID == game {
			idx = i + 1
		}
	}
	s.game.SetSelectedIndex(idx)
	s.period.SetSelected(s.period.Options[map[Period]int{Week: 0, Month: 1, AllTime: 2}[p]])
	return s.boardLines
}

func (s *Staff) showBoard() {
	if s.game == nil || s.period == nil || s.board == nil {
		return
	}
	game := ""
	if i := s.game.SelectedIndex(); i > 0 {
		game = s.games[i-1].ID
	}
	p := []Period{Week, Month, AllTime}[max(0, indexOf(s.period.Options, s.period.Selected))]
	venue := s.venueScope()
	rows, err := s.rec.Leaderboard(s.ctx, game, p, 50)
	if venue {
		rows, err = s.rec.VenueLeaderboard(s.ctx, game, p, 50)
	}
	s.board.RemoveAll()
	s.boardLines = nil
	if err != nil {
		s.fault(err)
		return
	}
	if venue {
		if note := s.venueNote(); note != "" {
			s.boardLines = append(s.boardLines, note)
			s.board.Add(widget.NewLabelWithStyle(note, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		}
	}
	if len(rows) == 0 {
		s.board.Add(widget.NewLabel(s.w.T("kiosk.board.empty")))
		return
	}
	// A week's or month's board is ranked by points and shows them; the
	// all-time board of a game by rating, provisional ones marked (else a
	// settled −9 above a provisional 5 reads as a wrong order).
	last := header(s.w.T("kiosk.board.rating"))
	if p != AllTime {
		last = header(s.w.T("kiosk.board.points"))
	}
	grid := container.NewGridWithColumns(5, header(s.w.T("kiosk.board.place")), header(s.w.T("kiosk.results.player")),
		header(s.w.T("kiosk.board.games")), header(s.w.T("kiosk.board.wins")), last)
	for _, r := range rows {
		measure := "—"
		switch {
		case p != AllTime:
			measure = strconv.Itoa(r.Points)
		case r.Rated && r.Provisional:
			measure = s.w.T("kiosk.board.provisional", "Rating", fmt.Sprintf("%.1f", r.Rating))
		case r.Rated:
			measure = fmt.Sprintf("%.1f", r.Rating)
		}
		line := []string{strconv.Itoa(r.Place), boardName(s.w, r), strconv.Itoa(r.Games), strconv.Itoa(r.Wins), measure}
		s.boardLines = append(s.boardLines, fmt.Sprint(line))
		for i, c := range line {
			grid.Add(text(c, BodySize+4, i == 1 && r.Place == 1))
		}
	}
	s.board.Add(grid)
}

// venueNote says why the venue's board is provisional, "" if it is not.
func (s *Staff) venueNote() string {
	v, err := s.rec.Venue(s.ctx)
	switch {
	case err != nil:
		s.fault(err)
		return ""
	case !v.Provisional():
		return ""
	case v.Removed:
		return s.w.T("kiosk.board.venue_removed")
	case !v.Linked:
		return s.w.T("kiosk.board.venue_unlinked")
	case len(v.Behind) > 0:
		return s.w.T("kiosk.board.venue_tables_behind", "Tables", strings.Join(v.Behind, ", "))
	}
	return s.w.T("kiosk.board.venue_behind", "N", v.Unshared)
}

func indexOf(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return -1
}

func (s *Staff) gameName(id string) string {
	for _, g := range s.games {
		if g.ID == id {
			return s.w.Game(g)
		}
	}
	return id
}

func (s *Staff) sessions() fyne.CanvasObject {
	list, err := s.rec.Sessions(s.ctx, 200)
	if err != nil {
		s.fault(err)
	}
	if len(list) == 0 {
		return container.NewCenter(widget.NewLabel(s.w.T("kiosk.sessions.empty")))
	}
	// The players get the widest column: four names and a bot's level
	// must read without being cut.
	cols := &columns{weights: []float32{1.1, 1.2, 0.8, 3.4, 1.7, 1.2}}
	grid := container.NewVBox(container.New(cols, header(s.w.T("kiosk.sessions.when")), header(s.w.T("kiosk.sessions.game")),
		header(s.w.T("kiosk.sessions.duration")), header(s.w.T("kiosk.sessions.players")), header(s.w.T("kiosk.sessions.winner")), layout.NewSpacer()))
	for _, ss := range list {
		ss := ss
		dur := ""
		if ss.Duration > 0 {
			dur = s.w.T("kiosk.minutes", "N", int(ss.Duration.Round(time.Minute)/time.Minute))
		}
		winner := s.w.T("kiosk.sessions.status." + ss.Status)
		names := make([]string, len(ss.Players))
		for i, who := range ss.Players {
			names[i] = s.w.SeatName(engine.Seat(i), who)
		}
		if ss.Status == "finished" {
			var won []string
			for _, seat := range ss.Winners {
				if int(seat) >= 0 && int(seat) < len(names) {
					won = append(won, names[seat])
				}
			}
			winner = strings.Join(won, ", ")
			if len(won) == 0 {
				winner = s.w.T("kiosk.results.draw")
			}
		}
		row := container.New(cols)
		row.Add(widget.NewLabel(ss.Started.Local().Format("02/01 15:04")))
		row.Add(widget.NewLabel(s.gameName(ss.Game)))
		row.Add(widget.NewLabel(dur))
		players := widget.NewLabel(strings.Join(names, ", "))
		players.Truncation = fyne.TextTruncateEllipsis
		row.Add(players)
		won := widget.NewLabel(winner)
		won.Truncation = fyne.TextTruncateEllipsis
		row.Add(won)
		if ss.Status == "finished" {
			_, b := button(s.w.T("kiosk.sessions.replay"), 0, func() { s.act.Replay(ss.ID) })
			row.Add(b)
		} else {
			row.Add(layout.NewSpacer())
		}
		grid.Add(row)
		s.sessionLines = append(s.sessionLines, players)
	}
	return container.NewVScroll(grid)
}

// SessionPlayers are the history's players labels, newest first (for tests).
func (s *Staff) SessionPlayers() []*widget.Label { return s.sessionLines }

// columns lays a row's cells out side by side, each its share (weight)
// of the width, all rows of a table alike.
type columns struct{ weights []float32 }

func (c *columns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var total float32
	for i := range objs {
		total += c.weight(i)
	}
	x := float32(0)
	for i, o := range objs {
		w := size.Width * c.weight(i) / total
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

func (c *columns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var out fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		out.Width += m.Width
		out.Height = max(out.Height, m.Height)
	}
	return out
}

func (c *columns) weight(i int) float32 {
	if i < len(c.weights) {
		return c.weights[i]
	}
	return 1
}

func (s *Staff) figures() fyne.CanvasObject {
	f, err := s.rec.Figures(s.ctx, time.Now())
	if err != nil {
		s.fault(err)
	}
	grid := container.NewGridWithColumns(5, header(s.w.T("kiosk.figures.game")), header(s.w.T("kiosk.figures.week")),
		header(s.w.T("kiosk.figures.month")), header(s.w.T("kiosk.figures.total")), header(s.w.T("kiosk.figures.avg")))
	for _, g := range f.Games {
		grid.Add(text(s.gameName(g.Game), BodySize+4, true))
		grid.Add(text(strconv.Itoa(g.Week), BodySize+4, false))
		grid.Add(text(strconv.Itoa(g.Month), BodySize+4, false))
		grid.Add(text(strconv.Itoa(g.Total), BodySize+4, false))
		grid.Add(text(s.w.T("kiosk.minutes", "N", int(g.AvgDuration.Round(time.Minute)/time.Minute)), BodySize+4, false))
	}
	type hour struct{ h, n int }
	var hours []hour
	for h, n := range f.Hours {
		if n > 0 {
			hours = append(hours, hour{h, n})
		}
	}
	sort.SliceStable(hours, func(a, b int) bool { return hours[a].n > hours[b].n })
	busy := container.NewVBox(text(s.w.T("kiosk.figures.hours"), NameSize, true))
	for i, h := range hours {
		if i == 5 {
			break
		}
		busy.Add(widget.NewLabel(s.w.T("kiosk.figures.hour", "H", h.h, "N", h.n)))
	}
	return container.NewVScroll(container.NewVBox(panel(grid), panel(busy), panel(s.shelfFigures(f.Shelf))))
}

func (s *Staff) settings() fyne.CanvasObject {
	name, err := s.rec.TableName(s.ctx)
	if err != nil {
		s.fault(err)
	}
	box := container.NewVBox()
	if s.act.ConsoleURL != "" {
		box.Add(text(s.w.T("kiosk.settings.console"), NameSize, true))
		box.Add(text(s.act.ConsoleURL, NameSize, false))
		box.Add(wrapped(s.w.T("kiosk.settings.console_words", "Words", s.act.ConsolePhrase)))
	}
	if s.act.CAURL != "" {
		s.addAuthority(box)
	}
	box.Add(container.NewVBox(
		text(s.w.T("kiosk.settings.name"), NameSize, true), text(name, NameSize, false),
		wrapped(s.w.T("kiosk.settings.name_hint")),
		text(s.w.T("kiosk.settings.defaults"), NameSize, true)))
	for _, g := range s.games {
		if len(g.Options) > 0 {
			box.Add(s.defaultsRow(g))
		}
	}
	return container.NewVScroll(box)
}

// addAuthority shows the venue's authority to install once per staff
// device, after which its browser checks every console itself
// (docs/install.md): its words, fingerprint, QR code and address.
func (s *Staff) addAuthority(box *fyne.Container) {
	box.Add(text(s.w.T("pairing.ca.title"), NameSize, true))
	box.Add(wrapped(s.w.T("pairing.ca.hint", "Words", s.act.CAWords, "Fingerprint", s.act.CAFingerprint)))
	if img, err := QRImage(s.act.CAURL, 320); err == nil {
		qr := canvas.NewImageFromImage(img)
		qr.FillMode = canvas.ImageFillContain
		qr.ScaleMode = canvas.ImageScalePixels
		qr.SetMinSize(fyne.NewSize(320, 320))
		box.Add(container.NewHBox(qr))
	}
	box.Add(text(s.act.CAURL, NameSize, false))
}

// defaultsRow is one game's default options, a choice each, and the
// button that saves them.
func (s *Staff) defaultsRow(g engine.Info) fyne.CanvasObject {
	cur, err := s.rec.DefaultOptions(s.ctx, g.ID)
	if err != nil {
		s.fault(err)
	}
	sels := map[string]*widget.Select{}
	row := container.NewHBox(text(s.w.Game(g), BodySize+4, true))
	for _, o := range g.Options {
		var labels []string
		for _, c := range o.Choices {
			labels = append(labels, optionValueName(s.w, c))
		}
		sel := widget.NewSelect(labels, nil)
		v := o.Default
		if c, ok := cur[o.Key]; ok {
			v = c
		}
		sel.SetSelectedIndex(indexOf(o.Choices, v))
		sels[o.Key] = sel
		row.Add(widget.NewLabel(s.w.Option(g, o.Key)))
		row.Add(sized(sel, 300, TouchSize))
	}
	_, save := button(s.w.T("kiosk.settings.save"), 220, func() {
		opts := map[string]string{}
		for _, o := range g.Options {
			if i := sels[o.Key].SelectedIndex(); i >= 0 {
				opts[o.Key] = o.Choices[i]
			}
		}
		if err := s.rec.SetDefaultOptions(s.ctx, g.ID, opts); err != nil {
			s.fault(err)
			return
		}
		dialog.ShowInformation(s.w.T("kiosk.settings.defaults"), s.w.T("kiosk.settings.saved"), s.win)
	})
	row.Add(save)
	return row
}

func optionValueName(w Words, v string) string {
	if n, err := strconv.Atoi(v); err == nil {
		return w.T("kiosk.option.value.seat", "N", n)
	}
	if key := "kiosk.option.value." + v; w.Has(key) {
		return w.T(key)
	}
	return v
}

func (s *Staff) export() {
	path, err := s.rec.Export(s.ctx)
	if err != nil {
		s.fault(err)
		return
	}
	dialog.ShowInformation(s.w.T("kiosk.staff.export"), s.w.T("kiosk.staff.exported", "Path", path), s.win)
}

// notes lists the open notes on boxes given back, the latest first: what
// is missing or damaged, which box, which table, when.
func (s *Staff) notes() fyne.CanvasObject {
	lines, err := s.act.Notes(s.ctx)
	if err != nil {
		s.fault(err)
	}
	box := container.NewVBox(text(s.w.T("shelf.staff.notes"), NameSize, true))
	if len(lines) == 0 {
		box.Add(widget.NewLabel(s.w.T("shelf.staff.none")))
	}
	sort.SliceStable(lines, func(a, b int) bool { return lines[a].At.After(lines[b].At) })
	for _, n := range lines {
		box.Add(wrapped(s.w.T("shelf.staff.note_line", "At", n.At.Local().Format("02/01 15:04"), "Table", n.Table,
			"Name", n.Name, "Shelf", n.Shelf, "Text", n.Text)))
	}
	return container.NewVScroll(panel(box))
}
