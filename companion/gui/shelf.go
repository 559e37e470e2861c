package gui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/proto/wire"
)

// shelfPanel is « Que jouer ? » on the app: the ludothèque's shelf
// searched as the guest types, the short list with each box's facts, its
// shelf code and where its copies are, and "we'll take it" for a free
// copy or a typed shelf code or barcode (docs/protocol.md, The shelf).
// It shows in place of the seat's panel while no decision is asked; its
// widgets live as long as the panel, so the seat's redraws on every view
// never take the guest's words.
type shelfPanel struct {
	s    *seatScreen
	open bool

	text  string            // what the guest typed, kept across a language switch
	asked int               // the number of the last search sent: older answers are dropped
	found []wire.ShelfTitle // the last list; nil before any answer
	said  string            // the last take's answer, or a refusal, in words
	timer *time.Timer       // the search as typed, a quarter of a second after the last key
	// settle finishes the search once the guest stopped typing for
	// shelfSettle; recorded is the last finished search told the table.
	settle   *time.Timer
	recorded string
	told     int               // finished searches the table answered, for tests
	busy     bool              // a take is on its way
	root     fyne.CanvasObject // nil: build it (again, after a language switch)
	query    *widget.Entry     // the name searched
	code     *widget.Entry     // a shelf code or barcode typed
	take     *widget.Button    // takes the box of code
	close    *widget.Button    // back to the seat
	saidL    *widget.Label     // said
	list     *fyne.Container   // the titles found
	takes    []*widget.Button  // each listed title's take button, for tests
}

// shelfPause is how long the panel waits after the last key before it
// asks: a guest typing a name sends one search, not one per letter.
const shelfPause = 250 * time.Millisecond

// shelfSettle is how long a guest stops typing before their search is
// taken as finished and recorded by the table (wire.Message.Final): long
// enough that a guest looking for the next letter on a phone's keyboard
// is still typing, short enough that a guest who reads "nothing found"
// and puts the phone down is counted. Picking a result, leaving the
// panel or pressing Enter finish it at once.
const shelfSettle = 3 * time.Second

// st is a text of the shelf: the page's words (web.shelf.*), so that a
// guest reads the same on the app and on the page.
func (s *seatScreen) st(key string, params ...map[string]any) string {
	return s.a.texts.T(s.a.lang, "web.shelf."+key, params...)
}

// shelfMay reports whether the panel may open: seated and linked, and no
// decision of the guest's on screen (waiting for the others, the result,
// the others' turn).
func (s *seatScreen) shelfMay() bool {
	if s.c == nil || !s.linkUp || s.view == nil || s.lost != nil {
		return false
	}
	if s.over {
		return true
	}
	if s.atOnce() != nil {
		return false // a score sheet's fields are the guest's decisions all along
	}
	return s.waiting > 0 || s.view.Turn() != s.w.Seat
}

func (s *seatScreen) openShelf() {
	if s.shelf == nil {
		s.shelf = &shelfPanel{s: s}
	}
	s.shelf.open, s.shelf.said = true, ""
	s.refresh()
	if s.shelf.found == nil {
		s.shelf.search()
	}
}

func (p *shelfPanel) build() fyne.CanvasObject {
	s := p.s
	p.query = widget.NewEntry()
	p.query.SetPlaceHolder(s.st("search_hint"))
	p.query.SetText(p.text)
	p.query.OnChanged = p.typed
	p.query.OnSubmitted = func(string) { p.search(); p.finish() }
	p.code = widget.NewEntry()
	p.code.SetPlaceHolder(s.st("code_hint"))
	p.code.OnSubmitted = func(string) { p.takeCode() }
	p.take = widget.NewButton(s.st("take_code"), p.takeCode)
	p.close = widget.NewButton(s.st("close"), func() { p.finish(); p.open = false; s.refresh() })
	title := wrapped(s.st("title"))
	title.TextStyle.Bold = true
	p.saidL = wrapped("")
	p.saidL.TextStyle.Bold = true
	p.list = container.NewVBox()
	p.draw()
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, p.close, title),
		wrapped(s.st("search")), p.query, p.saidL)
	bottom := container.NewVBox(wrapped(s.st("code")), container.NewBorder(nil, nil, nil, p.take, p.code))
	p.root = container.NewBorder(top, bottom, nil, nil, container.NewVScroll(p.list))
	return p.root
}

// typed waits shelfPause after the last key, then searches.
func (p *shelfPanel) typed(text string) {
	p.text = text
	if p.timer != nil {
		p.timer.Stop()
	}
	do := p.s.a.deps.Do
	p.timer = time.AfterFunc(shelfPause, func() { do(p.search) })
	if p.settle != nil {
		p.settle.Stop()
	}
	p.settle = time.AfterFunc(shelfSettle, func() { do(p.finish) })
}

// finish tells the table the guest's search is finished, once per
// text: the table records it for the staff (the searches as typed are
// not recorded, or "T", "Te", … would each count).
func (p *shelfPanel) finish() {
	s := p.s
	if p.settle != nil {
		p.settle.Stop()
	}
	text := strings.TrimSpace(p.text)
	if len([]rune(text)) > wire.MaxShelfText {
		text = string([]rune(text)[:wire.MaxShelfText])
	}
	if text == "" || text == p.recorded || s.c == nil || s.ctx.Err() != nil {
		return
	}
	p.recorded = text
	c, lang := s.c, string(s.a.lang)
	go func() {
		err := c.FinishedSearch(s.ctx, text, lang)
		s.a.deps.Do(func() {
			switch {
			case err == nil:
				p.told++
			case p.recorded == text:
				p.recorded = "" // not recorded: the next finish tries again
			}
		})
	}()
}

// search sends the text as it is now; the answer redraws the list if no
// later search was sent meanwhile.
func (p *shelfPanel) search() {
	s := p.s
	if s.c == nil || s.ctx.Err() != nil {
		return
	}
	p.asked++
	n, c, text, lang := p.asked, s.c, strings.TrimSpace(p.text), string(s.a.lang)
	if len([]rune(text)) > wire.MaxShelfText {
		text = string([]rune(text)[:wire.MaxShelfText])
	}
	go func() {
		found, err := c.SearchShelf(s.ctx, text, lang, 0, 0)
		s.a.deps.Do(func() {
			if n != p.asked || s.ctx.Err() != nil {
				return
			}
			if err != nil {
				p.said = p.refusal(err)
			} else {
				p.found = append([]wire.ShelfTitle{}, found...)
			}
			p.draw()
		})
	}()
}

// takeCode takes the box whose shelf code or barcode was typed.
func (p *shelfPanel) takeCode() {
	box, ok := wire.CleanBox(p.code.Text)
	if !ok {
		p.said = p.s.st("err.bad-json")
		p.draw()
		return
	}
	p.takeBox(0, box)
}

// takeBox tells the table the group took copy id, or the box of code box.
func (p *shelfPanel) takeBox(id int64, box string) {
	s := p.s
	if p.busy || s.c == nil {
		return
	}
	p.finish() // a result picked: the search found what the guest wanted
	p.busy, p.said = true, ""
	c, lang := s.c, string(s.a.lang)
	go func() {
		got, err := c.TakeFromShelf(s.ctx, id, box, lang)
		s.a.deps.Do(func() {
			p.busy = false
			if err != nil {
				p.said = p.refusal(err)
				p.draw()
				return
			}
			code := "—"
			for _, cp := range got.Copies {
				if cp.Here {
					code = cp.Shelf
				}
			}
			p.said = s.st("taken", map[string]any{"Name": got.Name, "Shelf": code})
			replaced := false
			for i := range p.found {
				if p.found[i].ID == got.ID {
					p.found[i], replaced = got, true
				}
			}
			if !replaced {
				p.found = append([]wire.ShelfTitle{got}, p.found...)
			}
			if p.code != nil {
				p.code.SetText("")
			}
			p.draw()
		})
	}()
}

// refusal says a refusal of the shelf in words.
func (p *shelfPanel) refusal(err error) string {
	s := p.s
	if we, ok := err.(*wire.Error); ok && s.a.texts.Has("web.shelf.err."+we.Code) {
		return s.st("err." + we.Code)
	}
	return s.a.explain(err)
}

// draw fills the list and the answer line from the panel's state.
func (p *shelfPanel) draw() {
	if p.list == nil {
		return
	}
	s := p.s
	p.saidL.SetText(p.said)
	p.saidL.Hidden = p.said == ""
	p.takes = nil
	var rows []fyne.CanvasObject
	if p.found != nil && len(p.found) == 0 {
		rows = append(rows, wrapped(s.st("none")))
	}
	for _, t := range p.found {
		rows = append(rows, p.titleRow(t))
	}
	p.list.Objects = rows
	p.list.Refresh()
	p.saidL.Refresh()
}

// titleRow is one title: its name, its box's facts, each copy's shelf
// code and where it is, and "we'll take it" for a free copy.
func (p *shelfPanel) titleRow(t wire.ShelfTitle) fyne.CanvasObject {
	s := p.s
	name := wrapped(t.Name)
	name.TextStyle.Bold = true
	row := []fyne.CanvasObject{name}
	if f := s.shelfFacts(t); f != "" {
		row = append(row, wrapped(f))
	}
	var free *wire.ShelfCopy
	for i, c := range t.Copies {
		line := s.shelfWhere(c)
		if c.Shelf != "" {
			line = c.Shelf + " · " + line
		}
		row = append(row, wrapped(line))
		if c.Status == "shelf" && free == nil {
			free = &t.Copies[i]
		}
	}
	if len(t.Copies) == 0 {
		row = append(row, wrapped(s.st("wish")))
	}
	if free != nil {
		id := free.ID
		b := widget.NewButton(s.st("take"), func() { p.takeBox(id, "") })
		b.Importance = widget.HighImportance
		p.takes = append(p.takes, b)
		row = append(row, b)
	}
	row = append(row, widget.NewSeparator())
	return container.NewVBox(row...)
}

// shelfFacts is a title's box in one line: players, time, age, kind.
func (s *seatScreen) shelfFacts(t wire.ShelfTitle) string {
	var parts []string
	switch {
	case t.MinPlayers == 0 && t.MaxPlayers == 0:
	case t.MinPlayers == t.MaxPlayers || t.MaxPlayers == 0:
		parts = append(parts, s.st("players", map[string]any{"N": max(t.MinPlayers, t.MaxPlayers)}))
	default:
		parts = append(parts, s.st("players_range", map[string]any{"Min": t.MinPlayers, "Max": t.MaxPlayers}))
	}
	lo, hi := t.MinMinutes, t.MaxMinutes
	if lo == 0 {
		lo = hi
	}
	if hi == 0 {
		hi = lo
	}
	switch {
	case hi == 0:
	case lo == hi:
		parts = append(parts, s.st("minutes", map[string]any{"N": hi}))
	default:
		parts = append(parts, s.st("minutes_range", map[string]any{"Min": lo, "Max": hi}))
	}
	if t.MinAge > 0 {
		parts = append(parts, s.st("age", map[string]any{"N": t.MinAge}))
	}
	if t.Kind != "" && s.a.texts.Has("web.shelf.kind."+t.Kind) {
		parts = append(parts, s.st("kind."+t.Kind))
	}
	return strings.Join(parts, " · ")
}

// shelfWhere says where a copy is.
func (s *seatScreen) shelfWhere(c wire.ShelfCopy) string {
	switch {
	case c.Status == "shelf":
		return s.st("free")
	case c.Status == "table" && c.Here:
		return s.st("here")
	case c.Status == "table":
		return s.st("at", map[string]any{"Table": c.Table, "Since": c.Since})
	case s.a.texts.Has("web.shelf.status." + c.Status):
		return s.st("status." + c.Status)
	}
	return c.Status
}
