package console

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/tablee/tablee/db"
)

type hubTableRow struct {
	HubTable
	Sessions int           // its sessions the hub holds
	Silent   time.Duration // since its last hello
}

// noHubTables is the hub's tables page with no table and no call, only
// the hub's health: what shows above an error.
func noHubTables(health HubState) tablesData {
	return tablesData{Title: "console.hub.tables_title", Intro: "console.hub.tables_intro", Empty: "console.hub.no_tables", Health: health}
}

// hubTablesData is the hub's tables page: every paired table, its link
// and its open calls (oldest first), under the hub's health; when the hub
// cannot say, the health alone with the error.
func (h *Handler) hubTablesData(ctx context.Context) (tablesData, error) {
	var health HubState
	if hh, ok := h.cfg.Hub.(HubHealth); ok {
		health = hh.Health(ctx)
	}
	d := noHubTables(health)
	tables, err := h.askHubTables(ctx)
	if err != nil {
		return d, err
	}
	all, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, "")
	if err != nil {
		return d, err
	}
	d = h.hubTableRows(tables, all, d)
	return d, nil
}

// hubTableRows fills d with tables, their counts of sessions in all and
// their calls, by name and oldest call first.
func (h *Handler) hubTableRows(tables []HubTable, all []db.VenueSession, d tablesData) tablesData {
	count := map[string]int{}
	for _, s := range all {
		count[s.Event.Kiosk]++
	}
	d.Sessions = len(all)
	now := h.cfg.Now()
	for _, t := range tables {
		row := hubTableRow{HubTable: t, Sessions: count[t.Kiosk]}
		if !t.LastSeen.IsZero() {
			row.Silent = now.Sub(t.LastSeen)
		}
		d.Paired = append(d.Paired, row)
		for _, c := range t.Calls {
			d.Calls = append(d.Calls, callView{ID: c.ID, Table: cmp.Or(t.Name, c.Table), Since: now.Sub(c.At),
				Answer: "/calls/" + t.Kiosk + "/" + c.ID + "/answer", at: c.At})
		}
	}
	slices.SortStableFunc(d.Paired, func(a, b hubTableRow) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(d.Calls, func(a, b callView) int { return a.at.Compare(b.at) })
	return d
}

// hubOpenCalls counts every table's calls nobody answered, for the menu.
// A hub that cannot say counts none; its tables page says why.
func (h *Handler) hubOpenCalls(ctx context.Context) int {
	tables, err := h.askHubTables(ctx)
	if err != nil {
		return 0
	}
	n := 0
	for _, t := range tables {
		n += len(t.Calls)
	}
	return n
}

// hubAnswer answers a table's call on the hub: the table hears it in the
// hub's answer to its next hello (every 5 s) and closes it on its own
// console, so staff need not find the table's console's address.
func (h *Handler) hubAnswer(w http.ResponseWriter, r *http.Request, _ signin, _ string) {
	if err := h.cfg.Hub.AnswerCall(r.Context(), r.PathValue("kiosk"), r.PathValue("id")); err != nil {
		h.cfg.Logf("console: answer a call: %v", err)
	}
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}

// hubTable is the hub's table kiosk, if it is one of the venue's.
func (h *Handler) hubTable(ctx context.Context, kiosk string) (HubTable, bool, error) {
	tables, err := h.askHubTables(ctx)
	if err != nil {
		return HubTable{}, false, err
	}
	i := slices.IndexFunc(tables, func(t HubTable) bool { return t.Kiosk == kiosk })
	if i < 0 {
		return HubTable{}, false, nil
	}
	return tables[i], true, nil
}

// hubRemovePage asks before a table is removed from the venue, saying
// what follows: its kiosk cut off, its games kept, the code needed to
// bring it back.
func (h *Handler) hubRemovePage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "remove", in.csrf)
	t, ok, err := h.hubTable(r.Context(), r.PathValue("kiosk"))
	switch {
	case err != nil:
		h.fail(w, v, err)
		return
	case !ok:
		// Removed meanwhile (another browser, tablee venue --revoke).
		http.Redirect(w, r, "/tables", http.StatusSeeOther)
		return
	}
	if t.Name == "" {
		// Paired, never linked: no name yet, its id stands for it.
		t.Name = t.Kiosk
	}
	v.Data = t
	h.render(w, http.StatusOK, v, false)
}

// hubRemove removes a table from the venue, after the confirmation page.
func (h *Handler) hubRemove(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	kiosk := r.PathValue("kiosk")
	failed := func(err error) {
		// The tables page, empty, with the error.
		v := h.newView(w, r, "tables", in.csrf)
		v.Data = noHubTables(HubState{})
		h.fail(w, v, err)
	}
	if _, ok, err := h.hubTable(r.Context(), kiosk); err != nil || !ok {
		if err != nil {
			failed(err)
			return
		}
		http.Redirect(w, r, "/tables", http.StatusSeeOther)
		return
	}
	if err := h.cfg.Hub.RemoveTable(r.Context(), kiosk); err != nil {
		failed(err)
		return
	}
	h.cfg.Logf("console: table %s removed from the venue", kiosk)
	http.Redirect(w, r, "/tables?done=table_removed", http.StatusSeeOther)
}

// hubLetIn lets a table cut off for going over its limits into the
// venue again.
func (h *Handler) hubLetIn(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	l, ok := h.cfg.Hub.(HubLimits)
	if !ok {
		http.NotFound(w, r)
		return
	}
	if err := l.LetIn(r.Context(), r.PathValue("kiosk")); err != nil {
		v := h.newView(w, r, "tables", in.csrf)
		v.Data = noHubTables(HubState{})
		h.fail(w, v, err)
		return
	}
	h.cfg.Logf("console: table %s let into the venue again", r.PathValue("kiosk"))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}
