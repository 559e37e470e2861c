package console

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/shelf"
)

// maxSheetForm bounds the sheet editor's form: 40 lines of three labels
// of 80 characters and their flags, the teams and the tie-breakers.
const maxSheetForm = 64 << 10

// The sheet editor's blank rows: one new line, tie-breaker and team each
// time the page is shown, more on "add a line".
const (
	maxTieRows  = 4
	maxTeamRows = 8
)

// sheetListRow is one title on the sheets page.
type sheetListRow struct {
	ID     int64
	Name   string
	Source string // "staff", "ready" or "generic"
	Sheet  string // the ready sheet's name, for "ready"
}

type sheetListData struct {
	Query string
	Rows  []sheetListRow
	More  int
}

// sheetList lists the titles on the shelf with the sheet a new play of
// each gets: the staff's, a ready one, or the generic one.
func (h *Handler) sheetList(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sheets", in.csrf)
	titles, err := h.cfg.DB.Titles(r.Context())
	if err != nil {
		h.fail(w, v, err)
		return
	}
	staff, err := h.cfg.DB.LatestTitleSheets(r.Context())
	if err != nil {
		h.fail(w, v, err)
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	want := shelf.FoldKey(q)
	data := sheetListData{Query: q}
	for _, t := range titles {
		if t.Engine != "" || len(t.Copies) == 0 {
			continue // the table's own games keep their own scores; a wish is not played
		}
		name := t.Names.Name(string(v.Lang))
		if want != "" && !slices.ContainsFunc(t.Names.All(), func(n string) bool { return strings.Contains(shelf.FoldKey(n), want) }) {
			continue
		}
		row := sheetListRow{ID: t.ID, Name: name, Source: "generic"}
		if s, ok := staff[t.ID]; ok && s.Sheet != nil {
			row.Source = "staff"
		} else if ready := h.readySheet(t); ready.ID != scoresheet.GenericID {
			row.Source, row.Sheet = "ready", ready.Name.In(string(v.Lang))
		}
		if len(data.Rows) == maxShown {
			data.More++
			continue
		}
		data.Rows = append(data.Rows, row)
	}
	v.Data = data
	h.render(w, http.StatusOK, v, false)
}

// readySheet is the sheet shipped for t, by any of its names, or the
// generic sheet: never the staff's.
func (h *Handler) readySheet(t shelf.Title) *scoresheet.Sheet {
	ready := h.ready
	for _, n := range t.Names.All() {
		if s := ready.ForTitle(n); s.ID != scoresheet.GenericID {
			return s
		}
	}
	return ready.ForTitle(scoresheet.GenericID)
}

// sheetEdit is the editor as the form shows it: what was typed, as
// typed, so that a refused form comes back as the staff left it.
type sheetEdit struct {
	TitleID                int64
	Title                  string
	Source                 string // of the sheet shown first: "staff", "ready", "generic"
	Win, Rounds, Limit     string
	Lines                  []lineRow
	Ties                   []tieRow
	Teams                  []teamRow
	Wins                   []scoresheet.Win
	Preview                *sheetPreview
	MaxLimit, MaxRounds    int
	MaxMultiplier, MaxLine int
	// Refusal is the preview's own refusal, when the preview alone is
	// sent (the page's script); the whole page says it at its top.
	Refusal string
	add     bool // one more blank line asked for
}

type lineRow struct {
	ID, FR, DE, EN, Multiplier                     string
	PerRound, Negative, Private, TieOnly, Optional bool
}

func (l lineRow) blank() bool {
	return strings.TrimSpace(l.ID+l.FR+l.DE+l.EN+l.Multiplier) == "" &&
		!l.PerRound && !l.Negative && !l.Private && !l.TieOnly && !l.Optional
}

type tieRow struct{ Kind, Category string }

type teamRow struct{ ID, FR, DE, EN string }

func (t teamRow) blank() bool { return strings.TrimSpace(t.ID+t.FR+t.DE+t.EN) == "" }

// editOf is the form of s.
func editOf(s *scoresheet.Sheet) sheetEdit {
	e := sheetEdit{Win: string(s.Win), Rounds: strconv.Itoa(s.Rounds)}
	if s.Limit != 0 {
		e.Limit = strconv.Itoa(s.Limit)
	}
	for _, c := range s.Categories {
		l := lineRow{ID: c.ID, FR: c.Label.FR, DE: c.Label.DE, EN: c.Label.EN, PerRound: c.PerRound, Negative: c.Negative,
			Private: c.Private, TieOnly: c.TieOnly, Optional: c.Optional}
		if c.Multiplier != 0 {
			l.Multiplier = strconv.Itoa(c.Multiplier)
		}
		e.Lines = append(e.Lines, l)
	}
	for _, tb := range s.TieBreak {
		e.Ties = append(e.Ties, tieRow{Kind: string(tb.Kind), Category: tb.Category})
	}
	for _, t := range s.Teams {
		e.Teams = append(e.Teams, teamRow{ID: t.ID, FR: t.Label.FR, DE: t.Label.DE, EN: t.Label.EN})
	}
	return e
}

// editFromForm reads the posted form, blank rows dropped, then applies
// op: a line moved up or down, removed, or a blank one added.
func editFromForm(r *http.Request) sheetEdit {
	f := r.PostForm
	e := sheetEdit{Win: f.Get("win"), Rounds: f.Get("rounds"), Limit: f.Get("limit")}
	taken := map[string]bool{}
	byIndex := formLines(f, &e, taken)
	formTies(f, &e, byIndex)
	formTeams(f, &e, taken)
	formOp(f.Get("op"), &e)
	return e
}

// formLines reads the form's lines into e, each given an id, and
// returns where each landed by its place on the form ("@i", as the
// tie-breakers name a new line); taken gets their ids.
func formLines(f url.Values, e *sheetEdit, taken map[string]bool) map[string]int {
	byIndex := map[string]int{}
	for i := 0; i < scoresheet.MaxCategories+2; i++ {
		p := "c" + strconv.Itoa(i) + "."
		if _, ok := f[p+"en"]; !ok {
			break
		}
		l := lineRow{ID: strings.TrimSpace(f.Get(p + "id")), FR: f.Get(p + "fr"), DE: f.Get(p + "de"), EN: f.Get(p + "en"), Multiplier: f.Get(p + "mult"),
			PerRound: f.Get(p+"per_round") != "", Negative: f.Get(p+"negative") != "", Private: f.Get(p+"private") != "",
			TieOnly: f.Get(p+"tie_only") != "", Optional: f.Get(p+"optional") != ""}
		if !l.blank() {
			byIndex["@"+strconv.Itoa(i)] = len(e.Lines)
			e.Lines = append(e.Lines, l)
			if l.ID != "" {
				taken[l.ID] = true
			}
		}
	}
	// A new line gets its id now, from its labels, so that the form shown
	// again carries it and a tie-breaker can name it.
	for i, l := range e.Lines {
		if l.ID == "" {
			e.Lines[i].ID = newID(taken, scoresheet.Label{FR: l.FR, DE: l.DE, EN: l.EN}, "line")
		}
	}
	return byIndex
}

// formTies reads the form's tie-breakers into e, a new line's "@i"
// turned into its id.
func formTies(f url.Values, e *sheetEdit, byIndex map[string]int) {
	for i := range maxTieRows {
		p := "b" + strconv.Itoa(i) + "."
		if k := f.Get(p + "kind"); k != "" {
			c := f.Get(p + "cat")
			if at, ok := byIndex[c]; ok {
				c = e.Lines[at].ID
			} else if strings.HasPrefix(c, "@") {
				c = "" // a blank line: the check says the tie-breaker names no line
			}
			e.Ties = append(e.Ties, tieRow{Kind: k, Category: c})
		}
	}
}

// formTeams reads the form's teams into e, each given an id not taken.
func formTeams(f url.Values, e *sheetEdit, taken map[string]bool) {
	for i := range maxTeamRows {
		p := "t" + strconv.Itoa(i) + "."
		t := teamRow{ID: strings.TrimSpace(f.Get(p + "id")), FR: f.Get(p + "fr"), DE: f.Get(p + "de"), EN: f.Get(p + "en")}
		if !t.blank() {
			if t.ID == "" {
				t.ID = newID(taken, scoresheet.Label{FR: t.FR, DE: t.DE, EN: t.EN}, "team")
			}
			taken[t.ID] = true
			e.Teams = append(e.Teams, t)
		}
	}
}

// formOp applies the form's op ("up:2", "down:0", "remove:1", "add") to
// e's lines; one naming no line does nothing.
func formOp(opArg string, e *sheetEdit) {
	op, arg, _ := strings.Cut(opArg, ":")
	i, err := strconv.Atoi(arg)
	if err != nil || i < 0 || i >= len(e.Lines) {
		i = -1
	}
	switch {
	case op == "up" && i > 0:
		e.Lines[i-1], e.Lines[i] = e.Lines[i], e.Lines[i-1]
	case op == "down" && i >= 0 && i+1 < len(e.Lines):
		e.Lines[i], e.Lines[i+1] = e.Lines[i+1], e.Lines[i]
	case op == "remove" && i >= 0:
		e.Lines = slices.Delete(e.Lines, i, i+1)
	case op == "add":
		e.add = true
	}
}

// formError is a form's number that cannot be read: Field names it.
type formError struct{ Field, Value string }

func (e *formError) Error() string {
	return fmt.Sprintf("%s: %q is not a whole number", e.Field, e.Value)
}

// number reads a whole number as typed; empty is 0. A number too big for
// the machine reads as the biggest, which the sheet's check refuses with
// its limit.
func number(field, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	var ne *strconv.NumError
	if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
		if strings.HasPrefix(s, "-") {
			return -1 << 62, nil
		}
		return 1 << 62, nil
	}
	if err != nil {
		return 0, &formError{Field: field, Value: s}
	}
	return int(n), nil
}

// sheet builds the sheet the form describes, for title (its names the
// sheet's header). It is not checked here: the caller checks it.
func (e sheetEdit) sheet(title shelf.Title) (*scoresheet.Sheet, error) {
	s := &scoresheet.Sheet{ID: "draft", Name: sheetName(title), Win: scoresheet.Win(e.Win)}
	var err error
	if s.Rounds, err = number("rounds", e.Rounds); err != nil {
		return nil, err
	}
	if s.Limit, err = number("limit", e.Limit); err != nil {
		return nil, err
	}
	for _, l := range e.Lines {
		c := scoresheet.Category{ID: l.ID, Label: scoresheet.Label{FR: strings.TrimSpace(l.FR), DE: strings.TrimSpace(l.DE), EN: strings.TrimSpace(l.EN)},
			PerRound: l.PerRound, Negative: l.Negative, Private: l.Private, TieOnly: l.TieOnly, Optional: l.Optional}
		if c.Multiplier, err = number("multiplier", l.Multiplier); err != nil {
			return nil, err
		}
		s.Categories = append(s.Categories, c)
	}
	for _, t := range e.Ties {
		s.TieBreak = append(s.TieBreak, scoresheet.TieBreak{Kind: scoresheet.TieKind(t.Kind), Category: t.Category})
	}
	for _, t := range e.Teams {
		team := scoresheet.Team{ID: t.ID, Label: scoresheet.Label{FR: strings.TrimSpace(t.FR), DE: strings.TrimSpace(t.DE), EN: strings.TrimSpace(t.EN)}}
		s.Teams = append(s.Teams, team)
	}
	return s, nil
}

// newID is a new id from a label (its English, else French or German
// words as lower-case letters and digits), else kind-N; never one of
// taken, which it joins.
func newID(taken map[string]bool, l scoresheet.Label, kind string) string {
	base := ""
	for _, text := range []string{l.EN, l.FR, l.DE} {
		if base = slug(text); base != "" {
			break
		}
	}
	if base == "" {
		base = kind
	}
	id := base
	for n := 2; taken[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	taken[id] = true
	return id
}

// slug is text's ASCII letters and digits, lower-case, words joined by
// dashes, at most 24 bytes.
func slug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range shelf.FoldKey(text) {
		switch {
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(unicode.ToLower(r))
			dash = false
		default:
			dash = true
		}
		if b.Len() >= 24 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

// sheetName is the sheet's header: the title's name in each language,
// cut to what a label may hold.
func sheetName(t shelf.Title) scoresheet.Label {
	cut := func(s string) string {
		if utf8.RuneCountInString(s) <= scoresheet.MaxLabel {
			return s
		}
		return string([]rune(s)[:scoresheet.MaxLabel])
	}
	return scoresheet.Label{FR: cut(t.Names.Name("fr")), DE: cut(t.Names.Name("de")), EN: cut(t.Names.Name("en"))}
}

// sheetPage shows the title's sheet in the editor, with its preview: the
// staff's if they saved one, else the ready sheet or the generic one.
func (h *Handler) sheetPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sheet", in.csrf)
	title, ok := h.sheetTitle(w, r, v)
	if !ok {
		return
	}
	s, source, err := h.currentSheet(r, title)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	e := editOf(s)
	e.Source = source
	h.showSheet(w, v, http.StatusOK, title, e, s)
}

// currentSheet is the sheet a new play of title gets, and whose it is.
func (h *Handler) currentSheet(r *http.Request, title shelf.Title) (*scoresheet.Sheet, string, error) {
	ts, ok, err := h.cfg.DB.TitleSheet(r.Context(), title.ID)
	if err != nil {
		return nil, "", err
	}
	if ok && ts.Sheet != nil {
		return ts.Sheet, "staff", nil
	}
	s := h.readySheet(title)
	if s.ID == scoresheet.GenericID {
		return s, "generic", nil
	}
	return s, "ready", nil
}

// sheetTitle reads the page's title; a 404 page when there is none.
func (h *Handler) sheetTitle(w http.ResponseWriter, r *http.Request, v view) (shelf.Title, bool) {
	var t shelf.Title
	id, err := strconv.ParseInt(r.PathValue("title"), 10, 64)
	if err == nil {
		t, err = h.cfg.DB.Title(r.Context(), id)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			h.fail(w, v, err)
			return t, false
		}
	}
	if err != nil {
		v.Page = "sheets"
		v.Error = v.T("sheetedit.console.no_title")
		v.Data = sheetListData{}
		h.render(w, http.StatusNotFound, v, false)
		return t, false
	}
	return t, true
}

// sheetPost previews, saves or gives back the ready sheet, or moves the
// form's lines, and shows the editor again (after a save, the page of
// the saved sheet).
func (h *Handler) sheetPost(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sheet", in.csrf)
	title, ok := h.sheetTitle(w, r, v)
	if !ok {
		return
	}
	back := "/sheets/" + strconv.FormatInt(title.ID, 10)
	if r.PostFormValue("op") == "revert" {
		if _, err := h.cfg.DB.SaveTitleSheet(r.Context(), title.ID, nil, h.cfg.Now()); err != nil {
			h.fail(w, v, err)
			return
		}
		h.sheets.ClearTitle(db.SheetKeys(title)...)
		h.cfg.Logf("console: title %d gets its ready score sheet back", title.ID)
		http.Redirect(w, r, back+"?done=sheet_reverted", http.StatusSeeOther)
		return
	}
	e := editFromForm(r)
	e.Source = r.PostFormValue("source")
	s, err := e.sheet(title)
	if err == nil {
		err = s.Check()
	}
	if err != nil {
		v.Error = refusalText(v, err, s)
		h.showSheet(w, v, http.StatusUnprocessableEntity, title, e, s)
		return
	}
	if r.PostFormValue("op") != "save" {
		h.showSheet(w, v, http.StatusOK, title, e, s)
		return
	}
	saved, err := h.cfg.DB.SaveTitleSheet(r.Context(), title.ID, s, h.cfg.Now())
	if err != nil {
		h.fail(w, v, err)
		return
	}
	if err := h.sheets.SetTitle(saved, db.SheetKeys(title)...); err != nil {
		h.fail(w, v, err)
		return
	}
	h.cfg.Logf("console: title %d has a new score sheet (%s)", title.ID, saved.ID)
	http.Redirect(w, r, back+"?done=sheet_saved", http.StatusSeeOther)
}

// sheetPreview renders only the preview of the posted form (the page's
// script asks for it as the staff type), with the refusal if any.
func (h *Handler) sheetPreview(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sheet", in.csrf)
	title, ok := h.sheetTitle(w, r, v)
	if !ok {
		return
	}
	e := editFromForm(r)
	s, err := e.sheet(title)
	if err == nil {
		err = s.Check()
	}
	status := http.StatusOK
	if err != nil {
		e.Refusal = refusalText(v, err, s)
		status = http.StatusUnprocessableEntity
	}
	e.Preview = previewOf(v, s)
	v.Data = e
	h.renderTemplate(w, status, v, "preview")
}

// showSheet renders the editor for e with the preview of s (nil: none).
func (h *Handler) showSheet(w http.ResponseWriter, v view, status int, title shelf.Title, e sheetEdit, s *scoresheet.Sheet) {
	e.TitleID, e.Title = title.ID, title.Names.Name(string(v.Lang))
	e.Wins = []scoresheet.Win{scoresheet.Highest, scoresheet.Lowest, scoresheet.Coop, scoresheet.Ranks, scoresheet.Named}
	e.MaxLimit, e.MaxRounds, e.MaxMultiplier, e.MaxLine = scoresheet.MaxLimit, scoresheet.MaxRounds, scoresheet.MaxMultiplier, scoresheet.MaxLabel
	e.Preview = previewOf(v, s)
	// The blank rows the staff fill to add a line, a tie-breaker, a team.
	if len(e.Lines) < scoresheet.MaxCategories {
		e.Lines = append(e.Lines, lineRow{})
	}
	if e.add && len(e.Lines) < scoresheet.MaxCategories {
		e.Lines = append(e.Lines, lineRow{})
	}
	if len(e.Ties) < maxTieRows {
		e.Ties = append(e.Ties, tieRow{})
	}
	if len(e.Teams) < maxTeamRows {
		e.Teams = append(e.Teams, teamRow{})
	}
	v.Data = e
	h.render(w, status, v, false)
}

// renderTemplate renders one named template of the page of v alone.
func (h *Handler) renderTemplate(w http.ResponseWriter, status int, v view, name string) {
	t, ok := h.pages[v.Page]
	if !ok {
		http.Error(w, "no such page", http.StatusInternalServerError)
		return
	}
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, name, v); err != nil {
		h.cfg.Logf("console: page %s, %s: %v", v.Page, name, err)
		http.Error(w, "page failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write([]byte(b.String()))
}

// refusalText says in the page's language why the sheet is refused,
// naming the rule (the scoresheet package's own check) and its limit.
func refusalText(v view, err error, s *scoresheet.Sheet) string {
	var fe *formError
	if errors.As(err, &fe) {
		return v.T("sheetedit.invalid.number", "Field", v.T("sheetedit.console."+fe.Field), "Value", fe.Value)
	}
	var inv *scoresheet.Invalid
	if !errors.As(err, &inv) {
		return v.T("console.error.generic")
	}
	kv := []any{}
	for k, a := range inv.Args {
		switch k {
		case "Item":
			a = itemName(v, s, fmt.Sprint(a))
		case "Lang":
			a = v.T("sheetedit.lang." + fmt.Sprint(a))
		case "Win":
			a = fmt.Sprint(a)
		}
		kv = append(kv, k, a)
	}
	return v.T("sheetedit.invalid."+inv.Rule, kv...)
}

// itemName is how the staff know a line or a team: its label in the
// page's language, else in another, else its place; "name" is the
// sheet's header.
func itemName(v view, s *scoresheet.Sheet, id string) string {
	if id == "name" {
		return v.T("sheetedit.console.header")
	}
	if s == nil {
		return id
	}
	pick := func(l scoresheet.Label) string {
		for _, t := range []string{l.In(string(v.Lang)), l.EN, l.FR, l.DE} {
			if t != "" {
				return t
			}
		}
		return ""
	}
	for i, c := range s.Categories {
		if c.ID == id {
			if n := pick(c.Label); n != "" {
				return n
			}
			return v.T("sheetedit.console.line_n", "N", i+1)
		}
	}
	for i, t := range s.Teams {
		if t.ID == id {
			if n := pick(t.Label); n != "" {
				return n
			}
			return v.T("sheetedit.console.team_n", "N", i+1)
		}
	}
	return id
}

// sheetPreview is the sheet as the table and the phones show it: its
// lines in order, a column per seat (or team), the total, how it is won.
type sheetPreview struct {
	Name    string
	Columns []string
	Lines   []previewLine
	Total   bool     // the sheet adds points
	Totals  []string // per column, of the example values
	Win     string
	Rounds  string
	Ties    []string
	Limit   string
}

type previewLine struct {
	Label string
	Round int // 0: once per play
	More  int // the rounds not drawn
	Notes []string
	Cells []string // per column: an example value, or a lock for a private line
}

// previewSeats is how many seats the preview draws without teams.
const previewSeats = 3

// previewRounds is how many rounds of a per-round line the preview draws.
const previewRounds = 2

// previewOf draws s as the table and the phones show it, nil for no
// sheet: its columns, its lines with example values, and how it is won.
func previewOf(v view, s *scoresheet.Sheet) *sheetPreview {
	if s == nil {
		return nil
	}
	lang := string(v.Lang)
	// A refused sheet is drawn as typed, without its total: its numbers
	// may be beyond any sheet's (a multiplier of 10^12).
	p := &sheetPreview{Name: s.Name.In(lang), Total: (s.Scored() || s.Win == scoresheet.Coop && len(s.Categories) > 0) && s.Check() == nil}
	p.Columns = previewColumns(v, s)
	totals := make([]int, len(p.Columns))
	for i, c := range s.Categories {
		p.Lines = append(p.Lines, previewLines(v, s, i, c, totals)...)
	}
	for _, n := range totals {
		p.Totals = append(p.Totals, strconv.Itoa(n))
	}
	p.Win = v.T("sheetedit.win." + string(s.Win))
	p.Rounds = previewRoundsText(v, s.Rounds)
	p.Ties = previewTies(v, s)
	p.Limit = v.T("sheetedit.preview.limit", "Limit", s.EntryLimit())
	return p
}

// previewColumns are the preview's columns: the sheet's teams, or
// previewSeats seats.
func previewColumns(v view, s *scoresheet.Sheet) []string {
	var cols []string
	if len(s.Teams) > 0 {
		for _, t := range s.Teams {
			cols = append(cols, t.Label.In(string(v.Lang)))
		}
		return cols
	}
	for i := range previewSeats {
		cols = append(cols, v.T("sheetedit.preview.seat", "N", i+1))
	}
	return cols
}

// previewLines are the rows of c, the sheet's i-th line: one, or one
// per round drawn for a per-round line. Each row's example values are
// added to totals, a column's each.
func previewLines(v view, s *scoresheet.Sheet, i int, c scoresheet.Category, totals []int) []previewLine {
	lang := string(v.Lang)
	notes := previewNotes(v, c)
	cells := func(round int) []string {
		out := make([]string, len(totals))
		for j := range out {
			value := (i+j+round)%5 + 1
			totals[j] += c.Points(value)
			if c.Private && j > 0 {
				out[j] = "🔒" // another seat's secret, until the reveal
				continue
			}
			out[j] = strconv.Itoa(value)
		}
		return out
	}
	if !c.PerRound {
		return []previewLine{{Label: c.Label.In(lang), Notes: notes, Cells: cells(0)}}
	}
	drawn := previewRounds
	if s.Rounds > 0 {
		drawn = min(drawn, s.Rounds)
	}
	var lines []previewLine
	for round := 1; round <= drawn; round++ {
		l := previewLine{Label: c.Label.In(lang), Round: round, Cells: cells(round)}
		if round == 1 {
			l.Notes = notes
		}
		if round == drawn && s.Rounds > drawn {
			l.More = s.Rounds - drawn
		}
		lines = append(lines, l)
	}
	return lines
}

// previewNotes say how line c counts, beside its label.
func previewNotes(v view, c scoresheet.Category) []string {
	var notes []string
	if c.Multiplier > 1 {
		notes = append(notes, v.T("sheetedit.preview.times", "N", c.Multiplier))
	}
	for _, n := range []struct {
		on  bool
		key string
	}{
		{c.Negative, "sheetedit.preview.negative"},
		{c.Private, "sheetedit.preview.private"},
		{c.TieOnly, "sheetedit.preview.tie_only"},
		{c.Optional, "sheetedit.preview.optional"},
	} {
		if n.on {
			notes = append(notes, v.T(n.key))
		}
	}
	return notes
}

// previewRoundsText says how many rounds a play of the sheet has.
func previewRoundsText(v view, rounds int) string {
	switch rounds {
	case 0:
		return v.T("sheetedit.preview.rounds_open")
	case 1:
		return v.T("sheetedit.preview.rounds_none")
	default:
		return v.T("sheetedit.preview.rounds", "N", rounds)
	}
}

// previewTies say how a tie is broken: the sheet's tie-breakers in
// order, or a shared place for a scored sheet with none.
func previewTies(v view, s *scoresheet.Sheet) []string {
	var ties []string
	for _, tb := range s.TieBreak {
		label := tb.Category
		if c, ok := s.Category(tb.Category); ok {
			label = c.Label.In(string(v.Lang))
		}
		ties = append(ties, v.T("sheetedit.tie."+string(tb.Kind), "Category", label))
	}
	if len(s.TieBreak) == 0 && s.Scored() {
		ties = append(ties, v.T("sheetedit.preview.tie_group"))
	}
	return ties
}

// playsCSV sends every finished play with BoardGameGeek's play fields,
// the file tablee plays --csv writes (db.WritePlaysCSV).
func (h *Handler) playsCSV(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	h.sendCSV(w, r, "plays", func(b io.Writer, comma rune) error {
		return h.cfg.DB.WritePlaysCSV(r.Context(), b, comma)
	})
}

// playerPlaysCSV sends one player's whole history in the same columns
// (db.WritePlayerPlaysCSV).
func (h *Handler) playerPlaysCSV(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	id := r.PathValue("id")
	if _, err := h.cfg.DB.Player(r.Context(), id); err != nil {
		http.NotFound(w, r)
		return
	}
	h.sendCSV(w, r, "plays-"+id, func(b io.Writer, comma rune) error {
		return h.cfg.DB.WritePlayerPlaysCSV(r.Context(), b, comma, id)
	})
}
