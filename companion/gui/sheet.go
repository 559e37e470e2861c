package gui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/scoresheet"
)

// sheetPanel is a seat of a score sheet (a game from the shelf): the
// seat's own lines, one field each, per round where the sheet has rounds,
// taking sums as 3+6+2; the private lines marked; the totals everyone can
// see and what is still missing; at the end the results and the play to
// keep as a CSV file. Every seat writes at once, not in turns: the
// fields are built once per sheet, rounds and language and kept from one
// view to the next, so another phone's entry never takes the field the
// guest types in, nor the scroll.
type sheetPanel struct {
	s      *seatScreen
	sheets *scoresheet.Library

	built  string // the sheet, rounds and language the fields were made for
	cells  []*sheetCell
	scroll *container.Scroll
	live   *fyne.Container // the totals and what is missing, redrawn with each view
	said   map[string]string
	sums   map[string]string // the sum as typed, kept beside its total
	// started is when the phone first saw the play: the CSV's length.
	started time.Time
	saved   string // where the play was saved, or why not
	// queue holds the lines written while another was on its way, in
	// order: the guest writes line after line.
	queue []sheet.Move
	// typed is what the guest wrote and no view holds yet: its field
	// keeps it.
	typed map[string]int
}

// sheetCell is one line of the seat's own, in one round.
type sheetCell struct {
	cat              scoresheet.Category
	round            int
	entry            *widget.Entry
	write            *widget.Button
	sum, said, shown *widget.Label
}

func newSheetPanel(s *seatScreen) gamePanel {
	return &sheetPanel{s: s, sheets: scoresheet.Ready(), said: map[string]string{}, sums: map[string]string{}, typed: map[string]int{}}
}

// newGame starts the next play's sheet empty.
func (p *sheetPanel) newGame() {
	p.built, p.scroll, p.cells = "", nil, nil
	p.said, p.sums, p.queue, p.typed = map[string]string{}, map[string]string{}, nil, map[string]int{}
	p.started, p.saved = time.Time{}, ""
}

// maxKept is how many plays the app keeps, the last ones.
const maxKept = 50

// keptPlays are the plays this phone sat in, oldest first (their ID the
// table and when the phone first saw the play).
func (a *App) keptPlays() []playcsv.Play {
	var out []playcsv.Play
	if json.Unmarshal([]byte(a.prefs.String(prefPlays)), &out) != nil {
		return nil
	}
	return out
}

// keepPlay adds p to the plays kept, once.
func (a *App) keepPlay(p playcsv.Play) {
	kept := a.keptPlays()
	for _, k := range kept {
		if k.ID == p.ID {
			return
		}
	}
	kept = append(kept, p)
	if len(kept) > maxKept {
		kept = kept[len(kept)-maxKept:]
	}
	if data, err := json.Marshal(kept); err == nil {
		a.prefs.SetString(prefPlays, string(data))
	}
}

// keptButton saves every play kept on this phone as one file, when it
// holds others than the play with id.
func (p *sheetPanel) keptButton(id string) fyne.CanvasObject {
	a := p.s.a
	kept := a.keptPlays()
	others := false
	for _, k := range kept {
		others = others || k.ID != id
	}
	if !others {
		return nil
	}
	return widget.NewButton(p.st("save_kept", map[string]any{"N": len(kept)}), func() {
		for i := range kept {
			kept[i].ID = strconv.Itoa(i + 1) // numbered in the file
		}
		p.saveFile("tablee-plays-"+a.now().Format("2006-01-02")+".csv", kept...)
	})
}

// playID is the play's id among those kept: the table, and when this
// phone first saw it.
func (p *sheetPanel) playID() string {
	return p.s.saved.Table + "/" + strconv.FormatInt(p.started.UnixMilli(), 10)
}

func cellKey(cat string, round int) string { return cat + "#" + strconv.Itoa(round) }

// st is a text of the phones' score sheet in the app's language.
func (p *sheetPanel) st(key string, params ...map[string]any) string {
	return p.s.a.texts.T(p.s.a.lang, "sheetphone."+key, params...)
}

func (p *sheetPanel) show(ev engine.View) (fyne.CanvasObject, fyne.CanvasObject) {
	v, ok := ev.(*sheet.View)
	if !ok {
		return nil, nil
	}
	sh, ok := v.SheetIn(p.sheets) // a staff's sheet travels in the view
	if !ok {
		return wrapped(p.s.a.t("cannot_read")), nil
	}
	if p.started.IsZero() {
		p.started = p.s.a.now()
	}
	if p.s.over {
		return p.results(v, sh), nil
	}
	if key := fmt.Sprint(sh.ID, v.Rounds, p.s.a.lang); key != p.built || p.scroll == nil {
		p.build(v, sh)
		p.built = key
	}
	p.update(v, sh)
	p.sendQueued()
	return p.scroll, nil
}

// status is the state line: the guest's own lines to write, or none.
func (p *sheetPanel) status() (string, color.Color) {
	v, ok := p.s.view.(*sheet.View)
	if ok && len(p.mineMissing(v)) > 0 {
		return p.st("status_fill"), colorTurn
	}
	return p.st("status_done"), colorIdle
}

func (p *sheetPanel) mineMissing(v *sheet.View) []scoresheet.Missing {
	var out []scoresheet.Missing
	for _, m := range v.Missing {
		if engine.Seat(m.Seat) == p.s.w.Seat {
			out = append(out, m)
		}
	}
	return out
}

func roundsOf(c scoresheet.Category, v *sheet.View) []int {
	if !c.PerRound {
		return []int{0}
	}
	out := make([]int, v.Rounds)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func (p *sheetPanel) build(v *sheet.View, sh *scoresheet.Sheet) {
	a := p.s.a
	lang := string(a.lang)
	p.cells = nil
	title := v.Title
	if title == "" {
		title = sh.Name.In(lang)
	}
	head := wrapped(p.st("heading", map[string]any{"Title": title}))
	head.TextStyle.Bold = true
	intro := p.st("intro")
	if len(sh.Categories) == 0 {
		intro = p.st("no_points")
	}
	items := []fyne.CanvasObject{head, wrapped(intro)}
	roundWidth := widget.NewLabel(p.st("round", map[string]any{"N": max(v.Rounds, 10)})).MinSize().Width
	for _, c := range sh.Categories {
		name := wrapped(c.Label.In(lang))
		name.TextStyle.Bold = true
		items = append(items, widget.NewSeparator(), name)
		var marks []string
		if c.Private {
			marks = append(marks, p.st("private"))
		}
		if c.TieOnly {
			marks = append(marks, p.st("tie_only"))
		}
		if c.Multiplier > 1 {
			marks = append(marks, p.st("times", map[string]any{"N": c.Multiplier}))
		}
		if c.Negative {
			marks = append(marks, p.st("negative"))
		}
		if len(marks) > 0 {
			m := wrapped(strings.Join(marks, " · "))
			if c.Private {
				m.Importance = widget.HighImportance
			}
			items = append(items, m)
		}
		for _, round := range roundsOf(c, v) {
			cell := &sheetCell{cat: c, round: round, entry: widget.NewEntry(),
				sum: wrapped(""), said: wrapped(""), shown: wrapped("")}
			cell.said.Importance = widget.DangerImportance
			cell.shown.Importance = widget.SuccessImportance
			cell.entry.OnSubmitted = func(string) { p.write(cell, sh) }
			cell.write = widget.NewButton(p.st("write"), func() { p.write(cell, sh) })
			var label fyne.CanvasObject
			if round > 0 {
				// As wide as the widest round's name: the fields line up.
				l := widget.NewLabel(p.st("round", map[string]any{"N": round}))
				label = container.NewGridWrap(fyne.NewSize(roundWidth, l.MinSize().Height), l)
			}
			items = append(items, container.NewBorder(nil, nil, label, cell.write, cell.entry), cell.sum, cell.said, cell.shown)
			p.cells = append(p.cells, cell)
		}
	}
	p.live = container.NewVBox()
	items = append(items, widget.NewSeparator(), p.live)
	p.scroll = container.NewVScroll(container.NewVBox(items...))
}

// update shows v: the values written (a field the guest types in is left
// alone), the sums kept, the refusals, the lines revealed, the totals.
func (p *sheetPanel) update(v *sheet.View, sh *scoresheet.Sheet) {
	s := p.s
	focused := s.a.win.Canvas().Focused()
	busy := !s.linkUp || s.waiting > 0
	for _, c := range p.cells {
		key := cellKey(c.cat.ID, c.round)
		cell, written := cellAt(v, int(s.w.Seat), c.cat.ID, c.round)
		typed, pending := p.typed[key]
		if pending && written && cell.Value == typed {
			delete(p.typed, key)
			pending = false
		}
		if focused != fyne.Focusable(c.entry) && p.said[key] == "" {
			text := ""
			switch {
			case pending:
				text = strconv.Itoa(typed)
			case written:
				text = strconv.Itoa(cell.Value)
			}
			if c.entry.Text != text {
				c.entry.SetText(text)
			}
		}
		if busy {
			c.write.Disable()
		} else {
			c.write.Enable()
		}
		sum := ""
		if typed := p.sums[key]; typed != "" && written {
			if n, err := scoresheet.ParseSum(typed, sh.EntryLimit()); err == nil && n == cell.Value {
				sum = p.st("sum", map[string]any{"Sum": typed, "Total": grouped(cell.Value, s.a.lang)})
			}
		}
		setShown(c.sum, sum)
		setShown(c.said, p.said[key])
		shown := ""
		if c.cat.Private && revealedIn(v, c.cat.ID, c.round) {
			shown = p.st("revealed")
		}
		setShown(c.shown, shown)
	}
	p.live.Objects = p.liveParts(v, sh)
	if b := p.keptButton(p.playID()); b != nil {
		p.live.Objects = append(p.live.Objects, b)
	}
	if p.saved != "" {
		p.live.Objects = append(p.live.Objects, wrapped(p.saved))
	}
	p.live.Refresh()
}

// setShown sets l's text, hiding it when there is none (no empty rows).
func setShown(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

func cellAt(v *sheet.View, seat int, cat string, round int) (sheet.Cell, bool) {
	for _, c := range v.Cells {
		if c.Seat == seat && c.Category == cat && c.Round == round {
			return c, true
		}
	}
	return sheet.Cell{}, false
}

func revealedIn(v *sheet.View, cat string, round int) bool {
	for _, r := range v.Revealed {
		if r.Category == cat && r.Round == round {
			return true
		}
	}
	return false
}

// sumPattern is more than one number: a sum is kept in sight beside its total.
var sumPattern = regexp.MustCompile(`\d[\s\x{a0}]*[-+\x{2212}][\s\x{a0}]*\d`)

// write reads what the guest typed in one of their lines and writes it,
// or says why not in words: the limit named, a line never below zero.
func (p *sheetPanel) write(c *sheetCell, sh *scoresheet.Sheet) {
	s, a := p.s, p.s.a
	key := cellKey(c.cat.ID, c.round)
	text := strings.TrimSpace(c.entry.Text)
	value, err := scoresheet.ParseSum(text, sh.EntryLimit())
	switch r, _ := err.(*scoresheet.Refusal); {
	case r != nil && r.Rule == scoresheet.RuleLimit:
		p.said[key] = a.texts.T(a.lang, "sheet.refused.limit", map[string]any{"Limit": grouped(sh.EntryLimit(), a.lang)})
	case r != nil:
		p.said[key] = a.texts.T(a.lang, "sheet.refused."+r.Rule, r.Args)
	case err != nil:
		p.said[key] = a.texts.T(a.lang, "sheet.refused.sum-empty")
	case value < 0 && !c.cat.Negative:
		p.said[key] = a.texts.T(a.lang, "sheet.refused.negative", map[string]any{"Category": c.cat.Label.In(string(a.lang))})
	default:
		p.said[key] = ""
	}
	if p.said[key] != "" {
		s.refresh()
		return
	}
	p.sums[key] = ""
	if sumPattern.MatchString(text) {
		p.sums[key] = text
	}
	c.entry.SetText(strconv.Itoa(value))
	if cell, ok := cellAt(s.view.(*sheet.View), int(s.w.Seat), c.cat.ID, c.round); ok && cell.Value == value && !cell.Hidden {
		s.refresh()
		return
	}
	m := sheet.Enter(s.w.Seat, c.cat.ID, c.round, value)
	p.queue = slices.DeleteFunc(p.queue, func(q sheet.Move) bool { return q.Category == m.Category && q.Round == m.Round })
	p.queue = append(p.queue, m)
	p.typed[key] = value
	p.sendQueued()
}

// sendQueued sends the next line written, once nothing is on its way.
func (p *sheetPanel) sendQueued() {
	s := p.s
	if s.sending || !s.linkUp || len(p.queue) == 0 {
		return
	}
	m := p.queue[0]
	p.queue = p.queue[1:]
	s.play(m)
}

// seatTotal is what seat's lines add up to in v, and how many of its
// private lines v does not show.
func seatTotal(v *sheet.View, sh *scoresheet.Sheet, seat int) (total, hidden int) {
	for _, c := range v.Cells {
		if c.Seat != seat {
			continue
		}
		if c.Hidden {
			hidden++
			continue
		}
		if cat, ok := sh.Category(c.Category); ok {
			total += cat.Points(c.Value)
		}
	}
	return total, hidden
}

// liveParts are this seat's total, every seat's public total and what is
// still missing, in words.
func (p *sheetPanel) liveParts(v *sheet.View, sh *scoresheet.Sheet) []fyne.CanvasObject {
	s, a := p.s, p.s.a
	lang := string(a.lang)
	var out []fyne.CanvasObject
	if len(sh.Categories) > 0 {
		mine, _ := seatTotal(v, sh, int(s.w.Seat))
		total := wrapped(p.st("your_total", map[string]any{"N": grouped(mine, a.lang)}))
		total.TextStyle.Bold = true
		title := wrapped(p.st("totals"))
		title.TextStyle.Bold = true
		out = append(out, total, title)
		for seat := range v.Seats {
			sum, hidden := seatTotal(v, sh, seat)
			line := a.seatName(engine.Seat(seat))
			if len(sh.Teams) > 0 {
				line += " · " + sh.Teams[seat%len(sh.Teams)].Label.In(lang)
			}
			line += " — " + a.texts.T(a.lang, "common.points", map[string]any{"N": sum})
			if hidden > 0 {
				line += " " + p.st("hidden", map[string]any{"N": hidden})
			}
			if engine.Seat(seat) == s.w.Seat {
				line += " (" + a.t("you") + ")"
			}
			l := wrapped(line)
			l.TextStyle.Bold = engine.Seat(seat) == s.w.Seat
			out = append(out, container.NewBorder(nil, nil, seatDot(sheet.ID, engine.Seat(seat)), nil, l))
		}
	}
	// This seat's own gaps first, the ones it can fill; then each other
	// seat's first, so that every seat is named.
	shown := p.mineMissing(v)
	if len(shown) > 4 {
		shown = shown[:4]
	}
	for seat := range v.Seats {
		if engine.Seat(seat) == s.w.Seat {
			continue
		}
		for _, m := range v.Missing {
			if m.Seat == seat {
				shown = append(shown, m)
				break
			}
		}
	}
	switch {
	case len(v.Missing) > 0:
		title := wrapped(p.st("missing"))
		title.TextStyle.Bold = true
		lines := make([]string, 0, len(shown)+1)
		for _, m := range shown {
			lines = append(lines, "• "+p.missingText(sh, m))
		}
		if more := len(v.Missing) - len(shown); more > 0 {
			lines = append(lines, p.st("missing_more", map[string]any{"N": more}))
		}
		out = append(out, title, wrapped(strings.Join(lines, "\n")))
	case len(sh.Categories) > 0:
		out = append(out, wrapped(p.st("complete")))
	}
	if st := v.Standing; st != nil && st.Undecided != "" {
		l := wrapped(p.undecidedText(sh, *st))
		l.TextStyle.Bold = true
		out = append(out, l)
	}
	return out
}

// undecidedText says why the sheet names no winner by itself, which the
// group settles at the table.
func (p *sheetPanel) undecidedText(sh *scoresheet.Sheet, st scoresheet.Standing) string {
	a := p.s.a
	if st.Undecided != scoresheet.UndecidedTie {
		return a.texts.T(a.lang, "sheet.undecided."+string(st.Undecided))
	}
	var names []string
	for _, side := range st.Tied {
		if len(sh.Teams) > 0 && side < len(sh.Teams) {
			names = append(names, sh.Teams[side].Label.In(string(a.lang)))
		} else {
			names = append(names, a.seatName(engine.Seat(side)))
		}
	}
	return a.texts.T(a.lang, "sheet.undecided.tie", map[string]any{"Names": strings.Join(names, ", ")})
}

// missingText names a line not written ("Anja has no score for Eggs").
func (p *sheetPanel) missingText(sh *scoresheet.Sheet, m scoresheet.Missing) string {
	a := p.s.a
	name := m.Category
	if c, ok := sh.Category(m.Category); ok {
		name = c.Label.In(string(a.lang))
	}
	params := map[string]any{"Category": name, "Round": m.Round, "Name": a.seatName(engine.Seat(m.Seat))}
	switch {
	case engine.Seat(m.Seat) == p.s.w.Seat && m.Round > 0:
		return p.st("missing_you_round", params)
	case engine.Seat(m.Seat) == p.s.w.Seat:
		return p.st("missing_you", params)
	case m.Round > 0:
		return a.texts.T(a.lang, "sheet.missing.round", params)
	}
	return a.texts.T(a.lang, "sheet.missing", params)
}

// results are the ranking, how the play ended, this seat's own sheet line
// by line, and the play to keep.
func (p *sheetPanel) results(v *sheet.View, sh *scoresheet.Sheet) fyne.CanvasObject {
	s, a := p.s, p.s.a
	lang := string(a.lang)
	var items []fyne.CanvasObject
	if r := s.resultTable(); r != nil {
		items = append(items, r)
	}
	if len(sh.Categories) > 0 {
		title := wrapped(p.st("your_sheet"))
		title.TextStyle.Bold = true
		var lines []string
		for _, c := range sh.Categories {
			var vals []string
			for _, round := range roundsOf(c, v) {
				if cell, ok := cellAt(v, int(s.w.Seat), c.ID, round); ok {
					vals = append(vals, grouped(cell.Value, a.lang))
				}
			}
			if len(vals) == 0 {
				vals = []string{"—"}
			}
			lines = append(lines, p.st("line", map[string]any{"Category": c.Label.In(lang), "Values": strings.Join(vals, " · ")}))
		}
		items = append(items, widget.NewSeparator(), title, wrapped(strings.Join(lines, "\n")))
	}
	play := p.playOf(v, sh)
	play.ID = p.playID()
	p.s.a.keepPlay(play)
	save := widget.NewButton(p.st("save"), func() { p.save(v, sh) })
	save.Importance = widget.HighImportance
	bgs := widget.NewButton(p.st("bgstats"), func() { p.toBGStats(v, sh) })
	items = append(items, widget.NewSeparator(), save, wrapped(p.st("save_help")), bgs, wrapped(p.st("bgstats_help")))
	if b := p.keptButton(play.ID); b != nil {
		items = append(items, b)
	}
	if p.saved != "" {
		items = append(items, wrapped(p.saved))
	}
	return container.NewVBox(items...)
}

// playOf is the play this phone sat in, from the last view and the result
// it received (the phone has no database): one player per seat.
func (p *sheetPanel) playOf(v *sheet.View, sh *scoresheet.Sheet) playcsv.Play {
	s, a := p.s, p.s.a
	now := a.now()
	game := v.Title
	if game == "" {
		game = sh.Name.In(string(a.lang))
	}
	play := playcsv.Play{ID: "1", Date: now, Location: s.saved.Table, Game: game,
		Minutes: int(now.Sub(p.started).Round(time.Minute) / time.Minute), Timed: !p.started.IsZero()}
	res, _ := resultOf(v)
	play.Incomplete = res.Reason == sheet.ReasonStopped
	for seat := range v.Seats {
		// The nickname, a table guest named by their place in the app's
		// language, else "Seat N".
		name := a.seatName(engine.Seat(seat))
		pl := playcsv.Player{Name: name, Seat: seat, Win: res.Won(engine.Seat(seat))}
		if seat < len(res.Scores) {
			pl.Score = res.Scores[seat]
		}
		play.Players = append(play.Players, pl)
	}
	return play
}

// save writes the play as CSV and hands it to the phone (a file saved
// where the guest picks, or shared).
func (p *sheetPanel) save(v *sheet.View, sh *scoresheet.Sheet) {
	play := p.playOf(v, sh)
	p.saveFile("tablee-"+play.Date.Format("2006-01-02")+"-"+fileWord(play.Game)+".csv", play)
}

// saveFile writes plays as one CSV file named name and hands it to the
// phone, then says where it went.
func (p *sheetPanel) saveFile(name string, plays ...playcsv.Play) {
	a := p.s.a
	var b bytes.Buffer
	if err := playcsv.Write(&b, ',', plays...); err != nil {
		p.saved = p.st("save_failed", map[string]any{"Err": err.Error()})
		p.s.refresh()
		return
	}
	a.deps.SavePlay(a.win, name, b.Bytes(), func(where string, err error) {
		switch {
		case err != nil:
			p.saved = p.st("save_failed", map[string]any{"Err": err.Error()})
		case where != "":
			p.saved = p.st("saved", map[string]any{"Path": where})
		default:
			return // the guest closed the dialog
		}
		p.s.refresh()
	})
}

// toBGStats hands the play to the BG Stats app, as its public
// documentation of pushed plays says (playcsv.BGStatsLink).
func (p *sheetPanel) toBGStats(v *sheet.View, sh *scoresheet.Sheet) {
	a := p.s.a
	play := p.playOf(v, sh)
	res, _ := resultOf(v)
	id := p.playID()
	g := playcsv.BGStatsGame{HighestWins: sh.Win != scoresheet.Lowest, NoPoints: sh.Win == scoresheet.Ranks || sh.Win == scoresheet.Named, ID: sh.ID}
	link, err := playcsv.BGStatsLink(play, g, id, res.Ranks)
	if err == nil {
		// Opaque: the data stands where a host would, and no host has
		// escapes (url.Parse refuses it).
		err = a.deps.OpenURL(&url.URL{Scheme: "bgstats", Opaque: strings.TrimPrefix(link, "bgstats:")})
	}
	if err != nil {
		p.saved = p.st("save_failed", map[string]any{"Err": err.Error()})
		p.s.refresh()
	}
}

// fileWord is s as a word of a file name: its letters and digits, a
// dash for each run of anything else.
func fileWord(s string) string {
	w := strings.Trim(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), "-"), "-")
	if w == "" {
		return "play"
	}
	return w
}

// grouped writes n with its thousands grouped as the language does
// (99 999 in French, 99.999 in German, 99,999 in English), as the page's
// toLocaleString does.
func grouped(n int, lang i18n.Lang) string {
	digits := strconv.Itoa(max(n, -n))
	sep := map[i18n.Lang]string{i18n.FR: "\u202f", i18n.DE: "."}[lang]
	if sep == "" {
		sep = ","
	}
	var b strings.Builder
	if n < 0 {
		b.WriteString("-")
	}
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return b.String()
}
