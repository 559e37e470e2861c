package screen

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/shelf"
)

// The ludothèque's boards on the table (docs/leaderboards.md): the
// attract screen's "played this week" and the staff screen's section of
// every shelf title played and each player's plays across titles.

// TitleLine is one title of the shelf on the ludothèque's boards.
type TitleLine struct {
	// Names are the catalogue's; Played the name it was played under,
	// for a game the catalogue does not know.
	Names  shelf.Names
	Played string
	Plays  int
	// Coop: a cooperative title: Won and Lost are the groups' record.
	Coop      bool
	Won, Lost int
	// Leader is the first of a competitive title's board ("" none).
	Leader string
	// Ref is what TitleRecords.TitleBoard takes for this title.
	Ref string
}

// TitleStanding is one player's line on a title's board.
type TitleStanding struct {
	Name                string
	Plays, Wins, Losses int
	// Rated: a competitive title's rating (ordinal), Provisional while
	// the player has few rated plays.
	Rated, Provisional bool
	Rating             float64
}

// Name is the title's name in w's language.
func (l TitleLine) Name(w Words) string {
	if n := l.Names.Name(string(w.Lang)); n != "" {
		return n
	}
	return l.Played
}

// PlayerLine is one player's plays across every title.
type PlayerLine struct {
	Name                        string
	HIndex, Plays, Titles, Wins int
}

// TitleRecords is what the ludothèque's boards read: a Records that has
// them implements it too. venue asks for the venue's plays, every table's.
type TitleRecords interface {
	TitleBoards(ctx context.Context, p Period, venue bool) ([]TitleLine, error)
	PlayerTitles(ctx context.Context, p Period, venue bool) ([]PlayerLine, error)
	// TitleBoard is one title's all-time board, ref a TitleLine's Ref.
	TitleBoard(ctx context.Context, ref string, venue bool) (TitleLine, []TitleStanding, error)
}

// The attract screen's week of the shelf fits under the week's
// champions on the table's 1920 × 1080 screen: at most playedMost titles
// side by side, each a name and a line of playedSize px in a column of
// playedWidth px (a quarter of the screen less its paddings).
const (
	playedMost  = 4
	playedSize  = BodySize - 4
	playedWidth = 1920/playedMost - 40
)

// shorten is s cut at a word, with "…", so that it measures at most width
// px in size px text (bold or not); s itself when it fits. A single word
// too long is cut within it.
func shorten(s string, size float32, bold bool, width float32) string {
	style := fyne.TextStyle{Bold: bold}
	if fyne.MeasureText(s, size, style).Width <= width {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		if r[n] != ' ' && strings.ContainsRune(string(r[:n]), ' ') {
			continue // cut at a word while there is one
		}
		if t := strings.TrimRight(string(r[:n]), " ·—:,") + "…"; fyne.MeasureText(t, size, style).Width <= width {
			return t
		}
	}
	return "…"
}

// ShowPlayed shows the shelf's titles played this week under the week's
// champions, the most played first, and the week's most eager player;
// nothing played hides it.
func (a *Attract) ShowPlayed(w Words, titles []TitleLine, players []PlayerLine) {
	a.played.RemoveAll()
	a.playedLines = nil
	if len(titles) == 0 {
		a.played.Hide()
		return
	}
	heading := container.NewHBox(text(w.T("ludoboards.attract.week"), playedSize+2, true), layout.NewSpacer())
	row := container.NewGridWithColumns(playedMost)
	for i, t := range titles {
		if i == playedMost {
			break
		}
		what := w.T("ludoboards.attract.plays", "N", t.Plays)
		switch {
		case t.Coop:
			what += " · " + w.T("ludoboards.attract.coop", "N", t.Won, "Of", t.Won+t.Lost)
		case t.Leader != "":
			what += " · " + w.T("ludoboards.attract.first", "Name", t.Leader)
		}
		a.playedLines = append(a.playedLines, t.Name(w)+" — "+what)
		name := text(shorten(t.Name(w), playedSize, true, playedWidth), playedSize, true)
		row.Add(container.NewVBox(name, text(shorten(what, playedSize, false, playedWidth), playedSize, false)))
	}
	if len(players) > 0 {
		p := players[0]
		line := w.T("ludoboards.attract.player", "Name", p.Name, "N", p.Plays, "Titles", p.Titles)
		a.playedLines = append(a.playedLines, line)
		heading.Add(text(shorten(line, playedSize, false, 2*playedWidth), playedSize, false))
	}
	a.played.Add(heading)
	a.played.Add(row)
	a.played.Show()
	a.played.Refresh()
}

// Played is what the screen says of the week's shelf games, one line per
// title and the player's line (for tests).
func (a *Attract) Played() []string { return a.playedLines }

// titlesTab is the staff screen's section of the ludothèque's boards.
type titlesTab struct {
	ctx    context.Context
	w      Words
	rec    TitleRecords
	venue  bool
	fault  func(error)
	period *widget.RadioGroup
	// title picks one title's board among those the period lists; its
	// first option is every title.
	title   *widget.Select
	refs    []string // the titles' refs, by option (after the first)
	box     *fyne.Container
	lines   []string
	content fyne.CanvasObject
}

func newTitlesTab(ctx context.Context, w Words, rec TitleRecords, venue bool, fault func(error)) *titlesTab {
	t := &titlesTab{ctx: ctx, w: w, rec: rec, venue: venue, fault: fault, box: container.NewVBox()}
	periods := []string{w.T("kiosk.period.week"), w.T("kiosk.period.month"), w.T("kiosk.period.all")}
	t.period = widget.NewRadioGroup(periods, func(string) { t.show() })
	t.period.Horizontal = true
	t.period.Required = true
	t.title = widget.NewSelect(nil, func(string) { t.show() })
	t.period.SetSelected(periods[0]) // the week, as the leaderboards: no rating to compute
	t.content = container.NewBorder(container.NewHBox(sized(t.title, 520, TouchSize), layout.NewSpacer(), t.period), nil, nil, nil, container.NewVScroll(t.box))
	return t
}

// fillTitles offers the titles listed in the picker, keeping the one
// chosen.
func (t *titlesTab) fillTitles(all []TitleLine) {
	chosen := t.chosen()
	opts := []string{t.w.T("ludoboards.staff.every_title")}
	t.refs = nil
	for _, l := range all {
		opts = append(opts, l.Name(t.w))
		t.refs = append(t.refs, l.Ref)
	}
	t.title.Options = opts
	idx := 0
	for i, r := range t.refs {
		if r == chosen && chosen != "" {
			idx = i + 1
		}
	}
	t.title.OnChanged = nil // refilling shows nothing by itself
	t.title.SetSelectedIndex(idx)
	t.title.OnChanged = func(string) { t.show() }
}

// chosen is the ref of the title picked, "" for every title.
func (t *titlesTab) chosen() string {
	if i := t.title.SelectedIndex(); i > 0 && i <= len(t.refs) {
		return t.refs[i-1]
	}
	return ""
}

// show fills the section for the period chosen.
func (t *titlesTab) show() {
	if t.box == nil {
		return
	}
	if t.title == nil {
		return
	}
	if ref := t.chosen(); ref != "" {
		t.showTitle(ref)
		return
	}
	p := []Period{Week, Month, AllTime}[max(0, indexOf(t.period.Options, t.period.Selected))]
	titles, err := t.rec.TitleBoards(t.ctx, p, t.venue)
	if err != nil {
		t.fault(err)
		return
	}
	// The picker offers the titles listed, those of the period: all
	// time's would cost every title's ratings to fill a list.
	t.fillTitles(titles)
	players, err := t.rec.PlayerTitles(t.ctx, p, t.venue)
	if err != nil {
		t.fault(err)
		return
	}
	t.box.RemoveAll()
	t.lines = nil
	t.box.Add(text(t.w.T("ludoboards.titles"), NameSize, true))
	t.box.Add(wrapped(t.w.T("ludoboards.titles_how")))
	if len(titles) == 0 {
		t.box.Add(widget.NewLabel(t.w.T("ludoboards.no_titles")))
	} else {
		grid := container.NewGridWithColumns(4, header("#"), header(t.w.T("ludoboards.title")),
			header(t.w.T("ludoboards.plays")), header(t.w.T("ludoboards.first")))
		for i, l := range titles {
			first := l.Leader
			if l.Coop {
				first = t.w.T("ludoboards.coop", "Won", l.Won, "Lost", l.Lost)
			} else if first == "" {
				first = "—"
			}
			t.add(grid, strconv.Itoa(i+1), l.Name(t.w), strconv.Itoa(l.Plays), first)
		}
		t.box.Add(grid)
	}
	t.box.Add(text(t.w.T("ludoboards.players"), NameSize, true))
	t.box.Add(wrapped(t.w.T("ludoboards.players_how")))
	if len(players) == 0 {
		t.box.Add(widget.NewLabel(t.w.T("ludoboards.no_players")))
		return
	}
	grid := container.NewGridWithColumns(6, header("#"), header(t.w.T("kiosk.results.player")), header(t.w.T("ludoboards.hindex")),
		header(t.w.T("ludoboards.plays")), header(t.w.T("ludoboards.titles_played")), header(t.w.T("kiosk.board.wins")))
	for i, l := range players {
		t.add(grid, strconv.Itoa(i+1), l.Name, strconv.Itoa(l.HIndex), strconv.Itoa(l.Plays), strconv.Itoa(l.Titles), strconv.Itoa(l.Wins))
	}
	t.box.Add(grid)
}

// showTitle shows one title's board of all time: by rating from the
// ranks, or a cooperative title's record.
func (t *titlesTab) showTitle(ref string) {
	line, rows, err := t.rec.TitleBoard(t.ctx, ref, t.venue)
	if err != nil {
		t.fault(err)
		return
	}
	t.box.RemoveAll()
	t.lines = nil
	t.box.Add(text(line.Name(t.w), NameSize, true))
	if line.Coop {
		t.box.Add(wrapped(t.w.T("ludoboards.coop_how") + " " + t.w.T("ludoboards.coop", "Won", line.Won, "Lost", line.Lost)))
	} else {
		t.box.Add(wrapped(t.w.T("ludoboards.rated_how")))
	}
	if len(rows) == 0 {
		t.box.Add(widget.NewLabel(t.w.T("ludoboards.no_players")))
		return
	}
	var grid *fyne.Container
	if line.Coop {
		grid = container.NewGridWithColumns(5, header("#"), header(t.w.T("kiosk.results.player")), header(t.w.T("ludoboards.plays")),
			header(t.w.T("ludoboards.won")), header(t.w.T("ludoboards.lost")))
	} else {
		grid = container.NewGridWithColumns(5, header("#"), header(t.w.T("kiosk.results.player")), header(t.w.T("kiosk.board.rating")),
			header(t.w.T("ludoboards.plays")), header(t.w.T("kiosk.board.wins")))
	}
	for i, r := range rows {
		if line.Coop {
			t.add(grid, strconv.Itoa(i+1), r.Name, strconv.Itoa(r.Plays), strconv.Itoa(r.Wins), strconv.Itoa(r.Losses))
			continue
		}
		rating := "—"
		switch {
		case r.Rated && r.Provisional:
			rating = t.w.T("kiosk.board.provisional", "Rating", fmt.Sprintf("%.1f", r.Rating))
		case r.Rated:
			rating = fmt.Sprintf("%.1f", r.Rating)
		}
		t.add(grid, strconv.Itoa(i+1), r.Name, rating, strconv.Itoa(r.Plays), strconv.Itoa(r.Wins))
	}
	t.box.Add(grid)
}

// ShowTitle opens the staff screen's board of the title named name (in
// the screen's language) and returns its lines (for tests); nil when
// there is no such title in the picker.
func (s *Staff) ShowTitle(name string) []string {
	if s.titles == nil {
		return nil
	}
	for i, o := range s.titles.title.Options {
		if i > 0 && o == name {
			s.titles.title.SetSelectedIndex(i)
			return s.titles.lines
		}
	}
	return nil
}

func (t *titlesTab) add(grid *fyne.Container, cells ...string) {
	t.lines = append(t.lines, fmt.Sprint(cells))
	for i, c := range cells {
		grid.Add(text(c, BodySize+4, i == 1 && cells[0] == "1"))
	}
}

// ShowTitles opens the staff screen's section of the ludothèque's boards
// for p and returns its lines (for tests); nil when the records have none.
func (s *Staff) ShowTitles(p Period) []string {
	if s.titles == nil {
		return nil
	}
	for i := range s.tabs.Items {
		if s.tabs.Items[i].Content == s.titles.content {
			s.tabs.SelectIndex(i)
		}
	}
	s.titles.title.SetSelectedIndex(0)
	s.titles.period.SetSelected(s.titles.period.Options[map[Period]int{Week: 0, Month: 1, AllTime: 2}[p]])
	s.titles.show()
	return s.titles.lines
}

// addTitlesTab adds the section of the ludothèque's boards when the
// records have them: the venue's plays for a table of a venue.
func (s *Staff) addTitlesTab() {
	tr, ok := s.rec.(TitleRecords)
	if !ok {
		return
	}
	v, err := s.rec.Venue(s.ctx)
	if err != nil {
		s.fault(err)
	}
	s.titles = newTitlesTab(s.ctx, s.w, tr, v.Paired, s.fault)
	s.tabs.Append(container.NewTabItem(s.w.T("ludoboards.staff.tab"), s.titles.content))
}
