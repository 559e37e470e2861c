package console

import (
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelfcsv"
)

// maxUpload bounds the catalogue file the staff upload: a 9,000-title
// BoardGameGeek export is about 2 MB.
const maxUpload = 16 << 20

// pendingTTL is how long a previewed import waits for its confirmation.
const pendingTTL = 30 * time.Minute

// maxShown bounds the titles and bad lines a preview lists: the counts
// say the rest.
const maxShown = 100

// pendingImports are the files previewed and not yet confirmed, by a
// random id the confirmation form carries, each for the sign-in that
// uploaded it.
type pendingImports struct {
	mu      sync.Mutex
	pending map[string]pendingImport
}

type pendingImport struct {
	csrf    string // the sign-in's CSRF token: another sign-in cannot confirm it
	titles  []shelf.Title
	expires time.Time
}

func (p *pendingImports) put(id string, pi pendingImport, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pending == nil {
		p.pending = map[string]pendingImport{}
	}
	for k, v := range p.pending {
		if now.After(v.expires) {
			delete(p.pending, k)
		}
	}
	p.pending[id] = pi
}

// take removes and returns the pending import id of the sign-in csrf.
func (p *pendingImports) take(id, csrf string, now time.Time) ([]shelf.Title, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pi, ok := p.pending[id]
	if !ok || pi.csrf != csrf || now.After(pi.expires) {
		return nil, false
	}
	delete(p.pending, id)
	return pi.titles, true
}

// catalogueData is what the catalogue page shows.
type catalogueData struct {
	Titles, Copies, Wishes, AtTables int
	Report                           *db.ImportReport // a preview
	Changes                          []db.TitleChange // its first changes
	More                             int              // changes not listed
	Bad                              []shelfcsv.LineError
	BadMore                          int
	Expansions                       int
	Pending                          string    // the id to confirm
	Kind                             string    // "bgg" or "csv", as uploaded
	Notes                            []noteRow // open notes on returned boxes, the latest first
	Out                              []outRow  // the boxes at tables now
}

// noteRow is an open note on a returned box as the page lists it.
type noteRow struct {
	ID                int64
	Name, Shelf, Text string
	Table             string
	At                time.Time
}

// outRow is a box at a table now.
type outRow struct {
	Name, Shelf, Table string
	Since              time.Time
}

func (h *Handler) catalogueView(r *http.Request, v view, data catalogueData) (view, error) {
	sum, err := h.cfg.DB.ShelfSummary(r.Context())
	if err != nil {
		return v, err
	}
	data.Titles, data.Copies, data.Wishes, data.AtTables = sum.Titles, sum.Copies, sum.Wishes, sum.AtTables
	if data.Kind == "" {
		data.Kind = "bgg"
	}
	notes, err := h.cfg.DB.CopyNotes(r.Context(), false)
	if err != nil {
		return v, err
	}
	for _, n := range notes {
		data.Notes = append(data.Notes, noteRow{ID: n.ID, Name: n.Title.Name(string(v.Lang)), Shelf: n.Shelf,
			Text: n.Text, Table: n.Table, At: n.At})
	}
	for _, c := range sum.Out {
		data.Out = append(data.Out, outRow{Name: c.Title.Name(string(v.Lang)), Shelf: c.Shelf, Table: c.Table, Since: c.Since})
	}
	v.Data = data
	return v, nil
}

// catalogue is the shelf's page: what the catalogue holds, the open
// notes on returned boxes, the boxes at tables now and the
// upload of a file to import.
func (h *Handler) catalogue(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v, err := h.catalogueView(r, h.newView(w, r, "catalogue", in.csrf), catalogueData{})
	if err != nil {
		h.fail(w, v, err)
		return
	}
	h.render(w, http.StatusOK, v, false)
}

// previewImport reads the uploaded file and shows what its import
// would change, or its bad lines; nothing is written.
func (h *Handler) previewImport(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "catalogue", in.csrf)
	kind := r.PostFormValue("kind")
	data := catalogueData{Kind: kind}
	show := func(status int) {
		v, err := h.catalogueView(r, v, data)
		if err != nil {
			h.fail(w, v, err)
			return
		}
		h.render(w, status, v, false)
	}
	f, _, err := r.FormFile("file")
	if err != nil {
		v.Error = v.T("catalogue.console.no_file")
		show(http.StatusBadRequest)
		return
	}
	defer f.Close()
	var res shelfcsv.Result
	if kind == "csv" {
		res, err = shelfcsv.ReadStaff(f)
	} else {
		data.Kind = "bgg"
		res, err = shelfcsv.ReadBGG(f, shelfcsv.BGGOptions{Lang: string(v.Lang)})
	}
	var fe *shelfcsv.Error
	switch {
	case errors.As(err, &fe):
		v.Error = v.T("catalogue.console.bad_file", "N", len(fe.Lines))
		data.Bad = fe.Lines[:min(len(fe.Lines), maxShown)]
		data.BadMore = len(fe.Lines) - len(data.Bad)
		show(http.StatusUnprocessableEntity)
		return
	case err != nil:
		h.fail(w, v, err)
		return
	}
	now := h.cfg.Now()
	report, err := h.cfg.DB.PreviewImport(r.Context(), res.Titles, now)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	id, err := randomToken()
	if err != nil {
		h.fail(w, v, err)
		return
	}
	h.imports.put(id, pendingImport{csrf: in.csrf, titles: res.Titles, expires: now.Add(pendingTTL)}, now)
	data.Report, data.Pending, data.Expansions = &report, id, res.Expansions
	data.Changes = report.Changes[:min(len(report.Changes), maxShown)]
	data.More = len(report.Changes) - len(data.Changes)
	show(http.StatusOK)
}

// confirmImport imports the previewed file, in one transaction.
func (h *Handler) confirmImport(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "catalogue", in.csrf)
	now := h.cfg.Now()
	titles, ok := h.imports.take(r.PostFormValue("pending"), in.csrf, now)
	if !ok {
		v.Error = v.T("catalogue.console.expired")
		v, err := h.catalogueView(r, v, catalogueData{})
		if err != nil {
			h.fail(w, v, err)
			return
		}
		h.render(w, http.StatusConflict, v, false)
		return
	}
	if _, err := h.cfg.DB.ImportCatalogue(r.Context(), titles, now); err != nil {
		h.fail(w, v, err)
		return
	}
	h.cfg.Logf("console: catalogue imported (%d titles)", len(titles))
	http.Redirect(w, r, "/catalogue?done=catalogue_imported", http.StatusSeeOther)
}

// closeNote marks a note on a returned box as dealt with: it leaves
// the page's list.
func (h *Handler) closeNote(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	id, err := strconv.ParseInt(r.PostFormValue("note"), 10, 64)
	if err == nil {
		err = h.cfg.DB.CloseNote(r.Context(), id, h.cfg.Now())
	}
	if err != nil {
		v := h.newView(w, r, "catalogue", in.csrf)
		h.cfg.Logf("console: close note %q: %v", r.PostFormValue("note"), err)
		v.Error = v.T("shelfnotes.console.no_note")
		v, err := h.catalogueView(r, v, catalogueData{})
		if err != nil {
			h.fail(w, v, err)
			return
		}
		h.render(w, http.StatusNotFound, v, false)
		return
	}
	http.Redirect(w, r, "/catalogue?done=note_closed", http.StatusSeeOther)
}
