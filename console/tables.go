package console

import (
	"net/http"
	"time"
)

// tablesData is the tables page of either console: the staff calls
// nobody answered, above the tables. A table's console shows its live
// table (Live); the hub's, every paired table and its link (Paired),
// under the hub's own health.
type tablesData struct {
	Calls  []callView
	Live   []tableView   // the table's own, as it plays
	Paired []hubTableRow // the venue's tables, as the hub hears them
	// Title, Intro and Empty are the tables section's text keys: its
	// title, the line under it ("" for none) and the line of no table.
	Title, Intro, Empty string
	Sessions            int // the venue's sessions at the hub (Intro's N)
	Health              HubState
}

// callView is a call for the staff as the tables page lists it.
type callView struct {
	ID, Table string
	Since     time.Duration
	Answer    string    // the path its answer is posted to
	at        time.Time // when it was made, for the hub's order
}

type tableView struct {
	LiveTable
	Running bool
	Playing time.Duration
	Waiting int
	// DiskSince is when the table's disk filled, HH:MM; "" while it
	// writes.
	DiskSince string
}

// liveData is a table's tables page: its calls and its live table.
func (h *Handler) liveData() tablesData {
	now := h.cfg.Now()
	d := tablesData{Title: "console.tables.title", Empty: "console.tables.none"}
	for _, c := range h.calls.pending() {
		d.Calls = append(d.Calls, callView{ID: c.ID, Table: c.Table, Since: now.Sub(c.At), Answer: "/calls/" + c.ID + "/answer"})
	}
	if h.cfg.Live != nil {
		for _, t := range h.cfg.Live.Tables() {
			d.Live = append(d.Live, liveTable(t, now))
		}
	}
	return d
}

// liveTable is table t as its card shows it at now.
func liveTable(t LiveTable, now time.Time) tableView {
	tv := tableView{LiveTable: t, Running: t.Game != "" && (t.Status == "active" || t.Status == "paused")}
	if !t.DiskFull.IsZero() {
		tv.DiskSince = t.DiskFull.Local().Format("15:04")
	}
	if tv.Running && !t.Started.IsZero() {
		tv.Playing = now.Sub(t.Started)
	}
	for _, s := range t.Seats {
		if s.Kind == SeatWaiting {
			tv.Waiting++
		}
	}
	return tv
}

// tables is the tables page of the console's product.
func (h *Handler) tables(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showTables(w, r, in, false)
}

// tablesLive is the tables page's content alone, which its script
// fetches every few seconds.
func (h *Handler) tablesLive(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showTables(w, r, in, true)
}

// showTables renders the tables page, or its content alone (fragment);
// when the product cannot say, the page it gave with the error.
func (h *Handler) showTables(w http.ResponseWriter, r *http.Request, in signin, fragment bool) {
	v := h.newView(w, r, "tables", in.csrf)
	d, err := h.p.tables(r.Context())
	v.Data = d
	if err != nil {
		h.fail(w, v, err)
		return
	}
	h.render(w, http.StatusOK, v, fragment)
}

// answer answers one of this table's calls.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	h.calls.answer(r.PathValue("id"))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}
