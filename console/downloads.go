package console

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tablee/tablee/i18n"
)

// downloadsData is the downloads page.
type downloadsData struct {
	Files []downloadFile
	Sep   string // the separator the console's language expects
	// CSVText and DBText say what the files and the database copy hold
	// (text keys); Plays offers plays.csv.
	CSVText, DBText string
	Plays           bool
}

// downloadFile is a CSV file the page offers: its name without ".csv",
// and the text key that says what it holds.
type downloadFile struct{ Name, Text string }

// sepFor is the CSV separator a spreadsheet in lang expects: French and
// German ones use the comma for decimals, so ";" between cells.
func sepFor(l i18n.Lang) string {
	if l == i18n.EN {
		return "comma"
	}
	return "semicolon"
}

// downloads lists the product's files.
func (h *Handler) downloads(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "downloads", in.csrf)
	x := h.p.exports
	d := downloadsData{Sep: sepFor(v.Lang), CSVText: x.csvText, DBText: x.dbText, Plays: x.plays}
	for _, f := range x.files {
		text, ok := x.fileText[f]
		if !ok {
			text = "console.downloads." + f
		}
		d.Files = append(d.Files, downloadFile{Name: f, Text: text})
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// export sends one CSV export (db.WriteCSV, tablee export's files) or a
// consistent copy of the database (db.Backup, tablee backup's).
func (h *Handler) export(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	file := r.PathValue("file")
	ctx := r.Context()
	if file == "tablee.db" {
		h.backup(w, r)
		return
	}
	name, ok := strings.CutSuffix(file, ".csv")
	// The hub's database holds the venue's sessions, not a table's: its
	// product says which files it writes.
	if !ok || !slices.Contains(h.p.exports.files, name) {
		http.NotFound(w, r)
		return
	}
	h.sendCSV(w, r, h.p.exports.prefix+name, func(b io.Writer, comma rune) error {
		return h.p.exports.write(ctx, b, name, comma)
	})
}

// sendCSV sends the CSV file write writes, with the separator the
// request asks for (?sep=comma or semicolon, else its language's), as
// tablee-<name>-<date>.csv.
func (h *Handler) sendCSV(w http.ResponseWriter, r *http.Request, name string, write func(io.Writer, rune) error) {
	sep := r.URL.Query().Get("sep")
	if sep == "" {
		sep = sepFor(lang(w, r))
	}
	comma := ';'
	if sep == "comma" {
		comma = ','
	}
	var b bytes.Buffer
	if err := write(&b, comma); err != nil {
		h.cfg.Logf("console: export %s: %v", name, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-`+url.PathEscape(name)+"-"+h.cfg.Now().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// backup sends a consistent copy of the database (db.Backup).
func (h *Handler) backup(w http.ResponseWriter, r *http.Request) {
	dir, err := os.MkdirTemp("", "tablee-console-")
	if err != nil {
		h.cfg.Logf("console: backup: %v", err)
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tablee.db")
	if err := h.cfg.DB.Backup(r.Context(), path); err != nil {
		h.cfg.Logf("console: backup: %v", err)
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	stamp := h.p.exports.prefix + h.cfg.Now().UTC().Format("20060102T150405Z")
	w.Header().Set("Content-Type", "application/vnd.sqlite3")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-`+stamp+`.db"`)
	w.Header().Set("Cache-Control", "no-store")
	serveFile(w, r, path)
}
