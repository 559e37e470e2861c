package console

import (
	"context"
	"net/http"
	"time"
)

// The venue's sessions kept aside (docs/venue.md, "Every node checks what
// it is told"): the games a table sent whose results do not follow from
// their moves when this node replayed them, or that carried no moves.
// Every signed-in page says how many there are (the layout's notice), and
// /sessions/aside lists them with their table and why, on the hub's
// console and on a table's alike (each keeps its own venue's copy aside).

// asideShown is the most sessions aside the page lists, the latest first.
const asideShown = 200

// asideRoutes adds the page of the sessions kept aside.
func (h *Handler) asideRoutes() []route {
	return []route{{"GET /sessions/aside", h.get(h.asidePage)}}
}

// asideRow is one session kept aside as the page lists it.
type asideRow struct {
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
}

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
	v := h.newView(w, r, "aside", in.csrf)
	list, err := h.cfg.DB.VenueAside(r.Context(), asideShown)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	d := asideData{Count: v.Aside}
	for _, a := range list {
		row := asideRow{Table: a.Event.Table, Game: a.Event.Game, Ended: a.Event.OrderAt(), Refusal: a.Refusal, Move: a.Move}
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
	h.render(w, http.StatusOK, v, false)
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
