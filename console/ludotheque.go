package console

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/shelf"
)

// The « Ludothèque » pages (issue 39): the shelf's figures for the staff
// who buy, weed, repair and teach. /ludotheque lists every title's
// figures (a table sorted and paged by the server: no script needed) and
// the lists that drive decisions, each with its CSV; a title's page has
// its plays, its boxes and a chart of its plays per month drawn as
// inline SVG by the server. The catalogue's import, the notes and the
// boxes out stay on /catalogue, a page under this one.

// ludoPageSize is how many titles a page of the figures lists: 9,000
// rows would be megabytes of HTML; the CSV has them all.
const ludoPageSize = 100

// ludoListShown is how many lines each decision list shows; its CSV has
// them all.
const ludoListShown = 20

// defaultUnplayedMonths is the weeding list's default: a title nobody
// played for six months.
const defaultUnplayedMonths = 6

// chartMonths is how many months a title's chart shows.
const chartMonths = 12

// ludoColumn is a sortable column of the figures table.
type ludoColumn struct {
	Key, Label string
	Numeric    bool
	URL        string // the page sorted by it (the other way when it is the sort)
	Sort       string // aria-sort: "ascending", "descending" or ""
}

// ludoRow is one title's line.
type ludoRow struct {
	ID                       int64
	Name, Sections           string
	Own                      bool // one of the table's own games
	Copies, AtTables         int
	Week, Month, Year, Total int
	Last                     time.Time
	Taught, OpenNotes        int
	Damage, Missing          int // open notes about damage, missing pieces
}

type sectionView struct {
	Section string
	Titles  []ludoRow
}

type wishView struct {
	ID       int64
	Name     string
	Searches int
}

type repairView struct {
	Shelf, Name, Latest    string
	LatestKind             string // the latest note's kind, in words
	Open                   int
	Damage, Missing, Other int
	Since                  time.Time
}

// ludoData is the figures page.
type ludoData struct {
	Query                        template.URL // scope and months, for the links (url.Values.Encode: safe)
	Venue, HasVenue              bool
	Titles, Copies, Wishes       int
	AtTables, PlayedMonth        int
	Columns                      []ludoColumn
	Rows                         []ludoRow
	Page, Pages                  int
	PrevURL, NextURL             string
	Months                       int
	Unplayed                     []ludoRow
	UnplayedCount                int
	Sections                     []sectionView
	Searched                     []shelf.Searched
	SearchedCount                int
	WishList                     []wishView
	WishCount                    int
	Repairs                      []repairView
	RepairCount                  int
	TableScopeURL, VenueScopeURL string
}

// ludoScope reads whether the figures cover the venue: ?scope=venue or
// table, the venue by default when the database holds its plays.
func (h *Handler) ludoScope(r *http.Request) (venue, has bool, err error) {
	has, err = h.cfg.DB.HasVenuePlays(r.Context())
	if err != nil {
		return false, false, err
	}
	return has && r.URL.Query().Get("scope") != "table", has, nil
}

// unplayedMonths reads ?months=, 1 to 120, else the default.
func unplayedMonths(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("months"))
	if err != nil || n < 1 || n > 120 {
		return defaultUnplayedMonths
	}
	return n
}

// ludoLists are the figures and the decision lists, as the page and the
// CSVs read them.
type ludoLists struct {
	figs     []db.TitleFigures
	unplayed []int // indexes into figs
	sections []db.SectionTop
	searched []shelf.Searched
	wishes   []db.WishIndex // indexes into figs
	repairs  []db.Repair
}

func (h *Handler) ludoLists(ctx context.Context, now time.Time, venue bool, months int) (ludoLists, error) {
	var l ludoLists
	var err error
	// Shared, not copied: every use below only reads them.
	if l.figs, err = h.cfg.DB.ShelfFiguresShared(ctx, now, venue); err != nil {
		return l, err
	}
	// Made once per read of the figures (FiguresMemo), to the minute:
	// "not played for six months" moves by a minute a minute.
	since := now.AddDate(0, -months, 0).Truncate(time.Minute)
	l.unplayed = h.cfg.DB.FiguresMemo(l.figs, "unplayed "+since.UTC().Format(time.RFC3339), func() any {
		return db.UnplayedIndex(l.figs, since)
	}).([]int)
	l.sections = h.cfg.DB.FiguresMemo(l.figs, "sections", func() any { return db.MostPlayedBySection(l.figs, 5) }).([]db.SectionTop)
	searched, counts, err := h.cfg.DB.SearchFiguresShared(ctx)
	if err != nil {
		return l, err
	}
	l.searched = searched
	l.wishes = db.WishesIndex(l.figs, counts, h.cfg.DB.FoldKey)
	notes, err := h.cfg.DB.CopyNotes(ctx, false)
	if err != nil {
		return l, err
	}
	l.repairs = db.Repairs(notes)
	return l, nil
}

func (h *Handler) rowOf(f db.TitleFigures, lang string) ludoRow {
	return ludoRow{ID: f.ID, Name: f.Names.Name(lang), Sections: strings.Join(f.Sections, ", "), Own: f.Engine != "",
		Copies: f.Copies, AtTables: f.AtTables, Week: f.Week, Month: f.Month, Year: f.Year, Total: f.Total,
		Last: f.Last, Taught: f.Taught, OpenNotes: f.OpenNotes, Damage: f.OpenDamage, Missing: f.OpenMissing}
}

// ludoSort is a column of the figures table and how it sorts.
type ludoSort struct {
	key     string
	numeric bool
	less    func(a, b *db.TitleFigures) int // ascending; nil: by name
}

// ludoSorts are the figures table's columns.
var ludoSorts = []ludoSort{
	{"name", false, nil}, // by folded name, set apart
	{"copies", true, func(a, b *db.TitleFigures) int { return a.Copies - b.Copies }},
	{"week", true, func(a, b *db.TitleFigures) int { return a.Week - b.Week }},
	{"month", true, func(a, b *db.TitleFigures) int { return a.Month - b.Month }},
	{"year", true, func(a, b *db.TitleFigures) int { return a.Year - b.Year }},
	{"total", true, func(a, b *db.TitleFigures) int { return a.Total - b.Total }},
	{"last", true, func(a, b *db.TitleFigures) int { return a.Last.Compare(b.Last) }},
	{"taught", true, func(a, b *db.TitleFigures) int { return a.Taught - b.Taught }},
	{"notes", true, func(a, b *db.TitleFigures) int { return a.OpenNotes - b.OpenNotes }},
	{"damage", true, func(a, b *db.TitleFigures) int { return a.OpenDamage - b.OpenDamage }},
	{"missing", true, func(a, b *db.TitleFigures) int { return a.OpenMissing - b.OpenMissing }},
}

// sortFigures sorts idx, indexes into figs, by column key (unknown:
// total), descending unless asc; equal lines keep their name order (keys:
// the lines' names folded, DB.NameKeys). Indexes, not lines: the page then makes
// the hundred rows it shows, not 9,000 (each page's garbage was its
// slowest answers' time, docs/performance.md).
func sortFigures(figs []db.TitleFigures, idx []int, key string, asc bool, keys []string) {
	byName := func(a, b int) int {
		if c := strings.Compare(keys[a], keys[b]); c != 0 {
			return c
		}
		return int(figs[a].ID - figs[b].ID)
	}
	cmp := byName
	for _, s := range ludoSorts {
		if s.key == key && s.less != nil {
			less := s.less
			cmp = func(a, b int) int {
				c := less(&figs[a], &figs[b])
				if !asc {
					c = -c
				}
				if c != 0 {
					return c
				}
				return byName(a, b)
			}
		}
	}
	if key == "name" && !asc {
		cmp = func(a, b int) int { return byName(b, a) }
	}
	// Every line differs by its id: a total order, which pdqsort sorts
	// in a third of the stable merge's time (4 ms a page of 9,000).
	slices.SortFunc(idx, cmp)
}

// ludoURL is the figures page with q's parameters and set changed.
func ludoURL(q url.Values, set ...string) string {
	u := url.Values{}
	for k, v := range q {
		u[k] = slices.Clone(v)
	}
	for i := 0; i+1 < len(set); i += 2 {
		u.Set(set[i], set[i+1])
	}
	return "/ludotheque?" + u.Encode()
}

func (h *Handler) ludotheque(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "ludotheque", in.csrf)
	venue, has, err := h.ludoScope(r)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	months := unplayedMonths(r)
	l, err := h.ludoLists(r.Context(), h.cfg.Now(), venue, months)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	lang := string(v.Lang)
	d := ludoData{Venue: venue, HasVenue: has, Months: months}
	listed := d.count(l.figs)
	q := r.URL.Query()
	q.Del("lang")
	q.Del("done")
	key, asc := q.Get("sort"), q.Get("dir") == "asc"
	if !slices.ContainsFunc(ludoSorts, func(s ludoSort) bool { return s.key == key }) {
		key, asc = "total", false
	}
	idx := h.ludoOrder(l.figs, listed, key, asc, lang)
	d.Columns = ludoColumns(v, q, key, asc)
	d.page(q, len(idx))
	for _, i := range idx[(d.Page-1)*ludoPageSize : min(len(idx), d.Page*ludoPageSize)] {
		d.Rows = append(d.Rows, h.rowOf(l.figs[i], lang))
	}
	keep := url.Values{}
	if !venue && has {
		keep.Set("scope", "table")
	}
	keep.Set("months", strconv.Itoa(months))
	d.Query = template.URL(keep.Encode())
	h.ludoDecisions(&d, l, v)
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// count adds up the shelf's totals at the page's head and returns how
// many titles the table lists (every title but the wishes).
func (d *ludoData) count(figs []db.TitleFigures) (listed int) {
	for i := range figs {
		f := &figs[i]
		switch {
		case f.Wish():
			d.Wishes++
		case f.Copies > 0:
			d.Titles++
		}
		d.Copies += f.Copies
		d.AtTables += f.AtTables
		if f.Month > 0 {
			d.PlayedMonth++
		}
		if !f.Wish() {
			listed++
		}
	}
	return listed
}

// ludoOrder is the listed titles' indexes into figs sorted by the column
// key. It is made once per read of the figures, column and language: the
// staff page through it.
func (h *Handler) ludoOrder(figs []db.TitleFigures, listed int, key string, asc bool, lang string) []int {
	return h.cfg.DB.FiguresMemo(figs, fmt.Sprintf("order %s %v %s", key, asc, lang), func() any {
		idx := make([]int, 0, listed)
		for i := range figs {
			if !figs[i].Wish() {
				idx = append(idx, i)
			}
		}
		sortFigures(figs, idx, key, asc, h.cfg.DB.NameKeys(figs, lang))
		return idx
	}).([]int)
}

// ludoColumns are the table's headers, each a link sorting by it: a
// figure's first click shows the most first, a name's A to Z, and the
// column sorted by turns the other way.
func ludoColumns(v view, q url.Values, key string, asc bool) []ludoColumn {
	var cols []ludoColumn
	for _, s := range ludoSorts {
		c := ludoColumn{Key: s.key, Label: v.T("figures.console.col." + s.key), Numeric: s.numeric}
		dir := "desc"
		if !s.numeric {
			dir = "asc"
		}
		if s.key == key {
			c.Sort = map[bool]string{true: "ascending", false: "descending"}[asc]
			dir = map[bool]string{true: "desc", false: "asc"}[asc]
		}
		c.URL = ludoURL(q, "sort", s.key, "dir", dir, "page", "1")
		cols = append(cols, c)
	}
	return cols
}

// page reads ?page= within the pages n rows make and sets the links
// around it.
func (d *ludoData) page(q url.Values, n int) {
	d.Pages = max(1, (n+ludoPageSize-1)/ludoPageSize)
	d.Page, _ = strconv.Atoi(q.Get("page"))
	d.Page = min(max(d.Page, 1), d.Pages)
	if d.Page > 1 {
		d.PrevURL = ludoURL(q, "page", strconv.Itoa(d.Page-1))
	}
	if d.Page < d.Pages {
		d.NextURL = ludoURL(q, "page", strconv.Itoa(d.Page+1))
	}
	d.TableScopeURL, d.VenueScopeURL = ludoURL(q, "scope", "table", "page", "1"), ludoURL(q, "scope", "venue", "page", "1")
}

// ludoDecisions fills the lists that drive decisions, each its first
// ludoListShown lines and its count (the CSV has them all).
func (h *Handler) ludoDecisions(d *ludoData, l ludoLists, v view) {
	lang := string(v.Lang)
	d.UnplayedCount = len(l.unplayed)
	for _, i := range l.unplayed[:min(len(l.unplayed), ludoListShown)] {
		d.Unplayed = append(d.Unplayed, h.rowOf(l.figs[i], lang))
	}
	for _, s := range l.sections {
		sv := sectionView{Section: s.Section}
		for _, f := range s.Titles {
			sv.Titles = append(sv.Titles, h.rowOf(f, lang))
		}
		d.Sections = append(d.Sections, sv)
	}
	d.SearchedCount = len(l.searched)
	d.Searched = l.searched[:min(len(l.searched), ludoListShown)]
	d.WishCount = len(l.wishes)
	for _, wi := range l.wishes[:min(len(l.wishes), ludoListShown)] {
		wf := &l.figs[wi.Index]
		d.WishList = append(d.WishList, wishView{ID: wf.ID, Name: wf.Names.Name(lang), Searches: wi.Searches})
	}
	d.RepairCount = len(l.repairs)
	for _, rp := range l.repairs[:min(len(l.repairs), ludoListShown)] {
		d.Repairs = append(d.Repairs, repairView{Shelf: rp.Shelf, Name: rp.Title.Name(lang), Latest: rp.Latest,
			LatestKind: v.T("notekinds.kind." + string(rp.LatestKind)), Open: rp.Open,
			Damage: rp.Damage, Missing: rp.Missing, Other: rp.Other, Since: rp.Since})
	}
}

// ludoTitleData is a title's page.
type ludoTitleData struct {
	Name, Others   string // its name, and its other names
	Own            string // the table's own game's name, else ""
	Players, Box   string // the box's counts and play time
	Venue          bool
	Query          template.URL
	Counts         shelf.Counts
	NewPerPlay     string
	Lessons, Calls int
	ByCount        []countRow
	Chart          chart
	Copies         []copyRow
	Plays          []playRow
	PlaysMore      int
	Notes          []ludoNoteRow
	ID             int64     // the title's, for the note form
	Kinds          []kindRow // the kinds a note may have
}

// ludoNoteRow is an open note on a title's page, with its kind in words.
type ludoNoteRow struct {
	noteRow
	Kind string
}

// kindRow is a note's kind as the form offers it.
type kindRow struct{ Key, Label string }

type countRow struct {
	Players, Plays int
	Median         string
}

type copyRow struct {
	ID                       int64
	Shelf, Where             string
	Week, Month, Year, Total int
	Last                     time.Time
	Notes, OpenNotes         int
	Damage, Missing          int // open notes of each kind
}

type playRow struct {
	Ended         time.Time
	Table, Length string
	Players, New  int
}

// maxPlaysShown bounds a title's list of plays, the latest first.
const maxPlaysShown = 100

func (h *Handler) ludoTitle(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "ludotitle", in.csrf)
	now := h.cfg.Now()
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	venue, has, err := h.ludoScope(r)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	t, err := h.cfg.DB.TitleFigures(r.Context(), id, now, venue)
	if errors.Is(err, db.ErrNotFound) {
		v.Error = v.T("figures.console.no_title")
		v.Data = ludoTitleData{}
		h.render(w, http.StatusNotFound, v, false)
		return
	}
	if err != nil {
		h.fail(w, v, err)
		return
	}
	if reason := r.URL.Query().Get("refused"); slices.Contains(noteRefusals, reason) {
		v.Error = v.T("notekinds.console.refused." + reason)
	}
	d := titleHead(v, t)
	d.Venue = venue
	if !venue && has {
		d.Query = template.URL("scope=table")
	}
	months := shelf.PerMonth(t.Plays, now, chartMonths)
	labels := make([]string, len(months))
	for i, m := range months {
		labels[i] = v.T(fmt.Sprintf("figures.month.%d", int(m.Start.Month())))
	}
	d.Chart = barChart(months, labels)
	d.Chart.Title = v.T("figures.console.chart_title", "Name", d.Name, "N", chartMonths)
	d.Copies = titleCopies(v, t.Copies)
	d.Plays, d.PlaysMore = titlePlays(v, t.Plays)
	d.Notes, d.Kinds = titleNotes(v, t.Notes)
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// titleHead is a title's page's head: its names, the box's counts and
// time, and its figures.
func titleHead(v view, t db.TitleDetail) ludoTitleData {
	d := ludoTitleData{ID: t.Title.ID, Name: t.Title.Names.Name(string(v.Lang)), Counts: t.Counts, Lessons: t.Lessons, Calls: t.Calls,
		NewPerPlay: strconv.FormatFloat(t.NewPerPlay, 'f', 1, 64)}
	var others []string
	for _, n := range t.Title.Names.All() {
		if n != d.Name {
			others = append(others, n)
		}
	}
	d.Others = strings.Join(others, " · ")
	if t.Title.Engine != "" {
		d.Own = v.Game(t.Title.Engine)
	}
	if t.Title.MaxPlayers > 0 {
		d.Players = v.T("figures.console.box_players", "Min", t.Title.MinPlayers, "Max", t.Title.MaxPlayers)
	}
	if t.Title.MaxMinutes > 0 {
		d.Box = v.T("figures.console.box_minutes", "Min", t.Title.MinMinutes, "Max", t.Title.MaxMinutes)
	}
	for _, c := range t.ByCount {
		d.ByCount = append(d.ByCount, countRow{Players: c.Players, Plays: c.Plays, Median: v.Minutes(c.Median)})
	}
	return d
}

// titleCopies are a title's boxes, each with where it is in words.
func titleCopies(v view, copies []db.CopyFigures) []copyRow {
	var rows []copyRow
	for _, c := range copies {
		row := copyRow{ID: c.ID, Shelf: c.Shelf, Week: c.Week, Month: c.Month, Year: c.Year, Total: c.Total, Last: c.Last,
			Notes: c.Notes, OpenNotes: c.OpenNotes, Damage: c.OpenDamage, Missing: c.OpenMissing}
		switch c.Status {
		case shelf.AtTable:
			row.Where = v.T("figures.console.at_table", "Table", c.Table, "Since", v.When(c.Since))
		default:
			row.Where = v.T("figures.console.status." + string(c.Status))
		}
		rows = append(rows, row)
	}
	return rows
}

// titlePlays are a title's latest maxPlaysShown plays, the latest first,
// and how many more there are.
func titlePlays(v view, plays []shelf.Play) (rows []playRow, more int) {
	news := shelf.NewPlayers(plays)
	for i := len(plays) - 1; i >= 0 && len(rows) < maxPlaysShown; i-- {
		p := plays[i]
		rows = append(rows, playRow{Ended: p.Ended, Table: p.Table, Players: p.Players, New: news[i], Length: v.Minutes(p.Length())})
	}
	return rows, len(plays) - len(rows)
}

// titleNotes are a title's open notes with their kinds in words, and the
// kinds the note form offers.
func titleNotes(v view, notes []db.CopyNote) (rows []ludoNoteRow, kinds []kindRow) {
	for _, n := range notes {
		if !n.Closed {
			rows = append(rows, ludoNoteRow{noteRow: noteRow{ID: n.ID, Shelf: n.Shelf, Text: n.Text, Table: n.Table, At: n.At},
				Kind: v.T("notekinds.kind." + string(n.Kind))})
		}
	}
	for _, k := range shelf.NoteKinds {
		kinds = append(kinds, kindRow{Key: string(k), Label: v.T("notekinds.kind." + string(k))})
	}
	return rows, kinds
}

// ludoNote is the staff writing a note on one of a title's boxes, with
// its kind (damage, missing pieces, other), from the title's page: the
// repair list and the figures count it at once.
func (h *Handler) ludoNote(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	back := "/ludotheque/titles/" + strconv.FormatInt(id, 10)
	refuse := func(reason string, err error) {
		h.cfg.Logf("console: note on box %q of title %d refused (%s): %v", r.PostFormValue("copy"), id, reason, err)
		http.Redirect(w, r, back+"?refused="+reason, http.StatusSeeOther)
	}
	box, err := strconv.ParseInt(r.PostFormValue("copy"), 10, 64)
	if err == nil {
		err = h.ownBox(r.Context(), id, box)
	}
	if err != nil {
		refuse("box", err)
		return
	}
	kind, ok := shelf.ParseNoteKind(r.PostFormValue("kind"))
	if !ok {
		refuse("kind", fmt.Errorf("kind %q", r.PostFormValue("kind")))
		return
	}
	text := strings.TrimSpace(r.PostFormValue("text"))
	if text == "" {
		refuse("words", errors.New("no words"))
		return
	}
	by := h.newView(w, r, "ludotitle", in.csrf).T("notekinds.by_staff")
	if err := h.cfg.DB.AddNote(r.Context(), box, by, kind, text, h.cfg.Now()); err != nil {
		refuse("failed", err)
		return
	}
	h.cfg.Logf("console: note (%s) on box %d of title %d", kind, box, id)
	http.Redirect(w, r, back+"?done=note_written", http.StatusSeeOther)
}

// noteRefusals are the reasons a note is refused, as ludoNote names
// them in the title page's address (?refused=): each has its words in
// the error banner, notekinds.console.refused.REASON.
var noteRefusals = []string{"box", "kind", "words", "failed"}

// ownBox checks that box is one of title's: a form sent for one title
// never writes on another's box.
func (h *Handler) ownBox(ctx context.Context, title, box int64) error {
	c, err := h.cfg.DB.Copy(ctx, box)
	if err != nil {
		return err
	}
	if c.TitleID != title {
		return fmt.Errorf("box %d is not one of title %d's: %w", box, title, shelf.ErrNoCopy)
	}
	return nil
}

// ludoCSVs are the lists a CSV is offered for.
var ludoCSVs = []string{"titles", "unplayed", "sections", "searched", "wishes", "repairs"}

// ludoCSV sends one list as CSV: UTF-8 with a BOM, ";" between cells
// (?sep=comma for ","), every cell through db.SafeCell (titles and
// searches were typed by strangers).
func (h *Handler) ludoCSV(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	name, ok := strings.CutSuffix(r.PathValue("list"), ".csv")
	if !ok || !slices.Contains(ludoCSVs, name) {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	now := h.cfg.Now()
	venue, _, err := h.ludoScope(r)
	if err != nil {
		h.cfg.Logf("console: ludothèque %s.csv: %v", name, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	l, err := h.ludoLists(ctx, now, venue, unplayedMonths(r))
	if err != nil {
		h.cfg.Logf("console: ludothèque %s.csv: %v", name, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	var b bytes.Buffer
	b.WriteString(db.CSVBOM)
	cw := db.NewCSVWriter(&b)
	cw.Comma = ';'
	if r.URL.Query().Get("sep") == "comma" {
		cw.Comma = ','
	}
	writeLudoCSV(cw, name, l, string(lang(w, r)))
	cw.Flush()
	if err := cw.Error(); err != nil {
		h.cfg.Logf("console: ludothèque %s.csv: %v", name, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-ludotheque-`+name+"-"+now.Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// ludoDay is a CSV's date: the day, local time, or nothing.
func ludoDay(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2006-01-02")
}

// ludoTitleHead is the header of the lists of titles (titles, unplayed);
// ludoTitleRow a line under it.
var ludoTitleHead = []string{"id", "title", "sections", "engine", "copies", "at_tables", "week", "month", "year", "total",
	"last_played", "taught", "open_notes", "open_damage", "open_missing"}

func ludoTitleRow(f db.TitleFigures, lang string) []string {
	itoa := strconv.Itoa
	return []string{strconv.FormatInt(f.ID, 10), f.Names.Name(lang), strings.Join(f.Sections, " "), f.Engine, itoa(f.Copies),
		itoa(f.AtTables), itoa(f.Week), itoa(f.Month), itoa(f.Year), itoa(f.Total), ludoDay(f.Last), itoa(f.Taught),
		itoa(f.OpenNotes), itoa(f.OpenDamage), itoa(f.OpenMissing)}
}

// writeLudoCSV writes list name of l, its header first, names in lang.
func writeLudoCSV(cw *db.CSVWriter, name string, l ludoLists, lang string) {
	itoa := strconv.Itoa
	switch name {
	case "titles":
		cw.Write(ludoTitleHead)
		for _, f := range l.figs {
			if !f.Wish() {
				cw.Write(ludoTitleRow(f, lang))
			}
		}
	case "unplayed":
		cw.Write(ludoTitleHead)
		for _, i := range l.unplayed {
			cw.Write(ludoTitleRow(l.figs[i], lang))
		}
	case "sections":
		cw.Write([]string{"section", "rank", "id", "title", "year", "total"})
		for _, s := range l.sections {
			for i, f := range s.Titles {
				cw.Write([]string{s.Section, itoa(i + 1), strconv.FormatInt(f.ID, 10), f.Names.Name(lang), itoa(f.Year), itoa(f.Total)})
			}
		}
	case "searched":
		cw.Write([]string{"searched", "count", "last"})
		for _, s := range l.searched {
			cw.Write([]string{s.Text, itoa(s.Count), ludoDay(s.Last)})
		}
	case "wishes":
		cw.Write([]string{"id", "title", "searches"})
		for _, wi := range l.wishes {
			wf := &l.figs[wi.Index]
			cw.Write([]string{strconv.FormatInt(wf.ID, 10), wf.Names.Name(lang), itoa(wi.Searches)})
		}
	case "repairs":
		cw.Write([]string{"shelf", "title", "open_notes", "since", "latest_note", "damage", "missing", "other", "latest_kind"})
		for _, rp := range l.repairs {
			cw.Write([]string{rp.Shelf, rp.Title.Name(lang), itoa(rp.Open), ludoDay(rp.Since), rp.Latest,
				itoa(rp.Damage), itoa(rp.Missing), itoa(rp.Other), string(rp.LatestKind)})
		}
	}
}

// chart is a bar chart drawn as inline SVG by the page's template.
type chart struct {
	Title         string
	Width, Height int
	Base          int // the bars' baseline
	LabelY        int // the labels' baseline, below it
	Bars          []chartBar
}

// chartBar is one month's bar, its value above it and its label below.
type chartBar struct {
	X, Y, W, H   int
	Mid, ValueY  int // the texts' centre and the value's baseline
	Label, Value string
}

// The chart's geometry, in SVG user units (the SVG scales to the page).
const (
	chartBarW   = 36
	chartGap    = 12
	chartPlot   = 120 // the tallest bar
	chartTop    = 20  // room for a value above it
	chartBottom = 24  // room for the labels
)

// barChart lays out one bar per month, the tallest chartPlot high; a
// month without plays has no bar but its value, 0.
func barChart(months []shelf.MonthCount, labels []string) chart {
	c := chart{Width: len(months)*(chartBarW+chartGap) + chartGap, Height: chartTop + chartPlot + chartBottom,
		Base: chartTop + chartPlot, LabelY: chartTop + chartPlot + 17}
	top := 0
	for _, m := range months {
		top = max(top, m.Plays)
	}
	for i, m := range months {
		h := 0
		if top > 0 {
			h = (m.Plays*chartPlot + top/2) / top
		}
		if m.Plays > 0 {
			h = max(h, 2) // a single play among hundreds still shows
		}
		x := chartGap + i*(chartBarW+chartGap)
		b := chartBar{X: x, Y: c.Base - h, W: chartBarW, H: h, Mid: x + chartBarW/2, ValueY: c.Base - h - 6,
			Value: strconv.Itoa(m.Plays)}
		if i < len(labels) {
			b.Label = labels[i]
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}
