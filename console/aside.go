package console

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/tablee/tablee/db"
)

// The venue's sessions kept aside (docs/venue.md, "Every node checks what
// it is told"): the games a table sent whose results do not follow from
// their moves when this node replayed them, or that carried no moves.
// Every signed-in page says how many there are (the layout's notice), and
// /sessions/aside lists them with their table and why, on the hub's
// console and on a table's alike (each keeps its own venue's copy aside).
//
// The staff may take back a session kept aside as unverified (an earlier
// build's, without moves: nothing could check it), one by one or every
// one of a table (docs/venue.md, "Taking an old session back"): on their
// word, for this node's copy only. A session whose moves contradict it is
// never taken back, whatever the form says (db.TakeBackAside checks).

// asideShown is the most sessions aside the page lists, the latest first.
const asideShown = 200

// asideRoutes adds the page of the sessions kept aside.
func (h *Handler) asideRoutes() []route {
	return []route{
		{"GET /sessions/aside", h.get(h.asidePage)},
		{"POST /sessions/aside/takeback", h.post(h.takeBackOne)},
		{"POST /sessions/aside/takeback-table", h.post(h.takeBackTable)},
	}
}

// takenShown is the most sessions taken back the page recalls.
const takenShown = 20

// asideRow is one session kept aside as the page lists it.
type asideRow struct {
	EventID     string
	Kiosk       string // the table's kiosk
	Table, Game string
	Ended       time.Time
	Refusal     string // engine/verify's, its text aside.refusal.<refusal>
	Move        int
	Seats       []string // the names seated, as cleaned at the loader
}

// asideData is the page.
type asideData struct {
	Count int
	Rows  []asideRow
	// Tables are the tables with sessions aside as unverified, each with
	// its « Tout reprendre ».
	Tables []asideTable
	// Taken are the latest sessions taken back here, who and when.
	Taken []db.TakenBack
}

// asideTable is a table with sessions kept aside as unverified.
type asideTable struct {
	Kiosk, Table string
	N            int
}

// Takeable says the staff may take the session back: only one kept
// aside as unverified (db.TakeBackAside checks it again).
func (r asideRow) Takeable() bool { return r.Refusal == db.Unverified }

// asideCount is how many sessions are kept aside, 0 if the database
// cannot say (the page itself says why).
func (h *Handler) asideCount(ctx context.Context) int {
	n, err := h.cfg.DB.VenueAsideCount(ctx)
	if err != nil {
		h.cfg.Logf("console: sessions aside: %v", err)
		return 0
	}
	return n
}

func (h *Handler) asidePage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showAside(w, r, in, http.StatusOK, "")
}

// showAside renders the page with status, and the text errKey as its
// error if not "".
func (h *Handler) showAside(w http.ResponseWriter, r *http.Request, in signin, status int, errKey string) {
	v := h.newView(w, r, "aside", in.csrf)
	if errKey != "" {
		v.Error = v.T(errKey)
	}
	list, err := h.cfg.DB.VenueAside(r.Context(), asideShown)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	d := asideData{Count: v.Aside}
	if d.Taken, err = h.cfg.DB.VenueTakenBack(r.Context(), takenShown); err != nil {
		h.fail(w, v, err)
		return
	}
	if n, err := strconv.Atoi(r.URL.Query().Get("back")); err == nil && n > 0 {
		v.Notice = v.T("aside.done", "N", n)
	}
	unverified := map[string]int{} // index in d.Tables by kiosk, +1
	for _, a := range list {
		if a.Refusal == db.Unverified {
			i := unverified[a.Event.Kiosk]
			if i == 0 {
				d.Tables = append(d.Tables, asideTable{Kiosk: a.Event.Kiosk, Table: a.Event.Table})
				i = len(d.Tables)
				unverified[a.Event.Kiosk] = i
			}
			d.Tables[i-1].N++
		}
		row := asideRow{EventID: a.EventID, Kiosk: a.Event.Kiosk, Table: a.Event.Table, Game: a.Event.Game, Ended: a.Event.OrderAt(), Refusal: a.Refusal, Move: a.Move}
		for _, s := range a.Event.Seats {
			name := s.Nickname
			if name == "" {
				name = s.Name
			}
			row.Seats = append(row.Seats, name)
		}
		d.Rows = append(d.Rows, row)
	}
	v.Data = d
	h.render(w, status, v, false)
}

// Why is the reason a session was kept aside, in the page's language.
func (v view) Why(r asideRow) string {
	key := "aside.refusal." + r.Refusal
	if !v.cat.Has(key) {
		key = "aside.refusal.wrong-result"
	}
	why := v.T(key)
	if r.Move > 0 {
		why = v.T("aside.at_move", "Why", why, "N", r.Move)
	}
	return why
}

// takenBy is who takes sessions back from this request, for the record:
// the console knows the staff by their PIN only, so by the address they
// signed in from.
func (h *Handler) takenBy(r *http.Request) db.TakeBack {
	return db.TakeBack{Via: "console", By: sourceAddr(r), At: h.cfg.Now()}
}

// takeBackOne takes back one session kept aside as unverified.
func (h *Handler) takeBackOne(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	by := h.takenBy(r)
	t, err := h.cfg.DB.TakeBackAside(r.Context(), r.PostFormValue("event"), by)
	if err != nil {
		h.takeBackFailed(w, r, in, err)
		return
	}
	h.cfg.Logf("console: session %s of table %q (%s) taken back from aside by the staff from %s: unverified, taken on the staff's word", t.SessionID, t.Table, t.Game, by.By)
	http.Redirect(w, r, "/sessions/aside?back=1", http.StatusSeeOther)
}

// takeBackTable takes back every session of a table kept aside as
// unverified.
func (h *Handler) takeBackTable(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	by := h.takenBy(r)
	kiosk := r.PostFormValue("kiosk")
	list, err := h.cfg.DB.TakeBackUnverified(r.Context(), kiosk, by)
	if err != nil {
		h.takeBackFailed(w, r, in, err)
		return
	}
	for _, t := range list {
		h.cfg.Logf("console: session %s of table %q (%s) taken back from aside by the staff from %s: unverified, taken on the staff's word", t.SessionID, t.Table, t.Game, by.By)
	}
	h.cfg.Logf("console: %d unverified sessions of kiosk %s taken back from aside by the staff from %s", len(list), kiosk, by.By)
	http.Redirect(w, r, fmt.Sprintf("/sessions/aside?back=%d", len(list)), http.StatusSeeOther)
}

// takeBackFailed shows the page again with why nothing was taken back:
// a session its moves contradict, or one no longer aside.
func (h *Handler) takeBackFailed(w http.ResponseWriter, r *http.Request, in signin, err error) {
	switch {
	case errors.Is(err, db.ErrNotTakeable):
		h.cfg.Logf("console: take back refused: %v", err)
		h.showAside(w, r, in, http.StatusConflict, "aside.error.not_takeable")
	case errors.Is(err, db.ErrNotAside):
		h.showAside(w, r, in, http.StatusNotFound, "aside.error.gone")
	default:
		v := h.newView(w, r, "aside", in.csrf)
		v.Data = asideData{Count: v.Aside}
		h.fail(w, v, err)
	}
}

// TakenBy is who took a session back, in the page's language: the staff
// at a console from an address, or someone with tablee's command.
func (v view) TakenBy(t db.TakenBack) string {
	if t.Via == "command" {
		return v.T("aside.taken.command", "By", t.By)
	}
	return v.T("aside.taken.console", "By", t.By)
}
