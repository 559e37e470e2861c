package console

import (
	"context"
	"errors"
	"net/http"

	"github.com/tablee/tablee/db"
)

// What the staff see of the venue's signed shelf results (docs/venue.md,
// "Signed shelf results"): a phone's token seen signing with two keys is
// contested and credited nothing, which is the evidence that a table lied
// about it (with no way to tell which); and a known player's seat of a
// shelf play whose phone did not sign counts as a guest's. Both used to
// happen silently. Every signed-in page says how many tokens are
// contested (the layout's notice), /players/contested lists them with the
// tables whose plays carried each key, on the hub's console and on a
// table's alike (each reads its own copy of the venue); and the hub's
// venue sessions mark each seat not credited with why.

// signedRoutes adds the page of the contested tokens.
func (h *Handler) signedRoutes() []route {
	return []route{{"GET /players/contested", h.get(h.contestedPage)}}
}

// contestedCount is how many tokens the venue copy has contested, 0 if
// the database cannot say (the page itself says why).
func (h *Handler) contestedCount(ctx context.Context) int {
	n, err := h.cfg.DB.VenueContestedCount(ctx)
	if err != nil {
		h.cfg.Logf("console: contested tokens: %v", err)
		return 0
	}
	return n
}

// contestedData is the page of the contested tokens.
type contestedData struct {
	Tokens []db.ContestedToken
}

func (h *Handler) contestedPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "contested", in.csrf)
	list, err := h.cfg.DB.VenueContested(r.Context())
	if err != nil {
		h.fail(w, v, err)
		return
	}
	v.Data = contestedData{Tokens: list}
	h.render(w, http.StatusOK, v, false)
}

// uncreditedText is the key of the words for a seat not credited, by why.
func uncreditedText(why string) string {
	if why == db.SeatContested {
		return "signed.seat.contested"
	}
	return "signed.seat.unsigned"
}

// hubSessionsSigned is the hub's sessions page, each seat of a shelf play
// the venue counts as a guest's marked with why, in place of crediting
// the nickname silently.
func (h *Handler) hubSessionsSigned(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sessions", in.csrf)
	d, f, until := h.sessionFilters(r)
	d, err := h.hubSessions(r.Context(), v, d, f, until)
	if err == nil {
		err = h.markUncredited(r.Context(), v, d.Rows)
	}
	if err != nil {
		h.fail(w, v, err)
		return
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// markUncredited adds to each row's names of seats not credited why.
func (h *Handler) markUncredited(ctx context.Context, v view, rows []sessionRow) error {
	un, err := h.cfg.DB.VenueUncredited(ctx)
	if err != nil || len(un) == 0 {
		return err
	}
	for _, row := range rows {
		for seat, why := range un[row.ID] {
			if seat < len(row.Names) {
				row.Names[seat] = v.T(uncreditedText(why), "Name", row.Names[seat])
			}
		}
	}
	return nil
}

// hubSessionSigned is one venue session's page at the hub, each seat the
// venue counts as a guest's saying so and why.
func (h *Handler) hubSessionSigned(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "session", in.csrf)
	d, err := h.hubSession(r.Context(), v, r.PathValue("id"), nil)
	var un map[string]map[int]string
	if err == nil {
		un, err = h.cfg.DB.VenueUncredited(r.Context())
	}
	switch {
	case errors.Is(err, errNoSession):
		http.NotFound(w, r)
		return
	case err != nil:
		h.fail(w, v, err)
		return
	}
	for seat, why := range un[d.ID] {
		if seat < len(d.Seats) {
			d.Seats[seat].Kind = v.T(uncreditedText(why) + ".kind")
		}
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}
