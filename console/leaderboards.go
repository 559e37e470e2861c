package console

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/tablee/tablee/db"
)

// boardData is the leaderboards page.
type boardData struct {
	Games        []string
	Game, Period string
	boardScope
	Rows   []db.Standing
	Points bool // a week's or month's board: ranked by points
	Rating bool // one game's all-time board: ranked by rating
}

// Rating shows a standing's rating to one decimal, "—" if never rated.
func (boardData) ShowRating(s db.Standing) string {
	if s.Rating.Games == 0 {
		return "—"
	}
	return strconv.FormatFloat(s.Rating.Ordinal(), 'f', 1, 64)
}

// hasVenue reports whether boards over the whole venue can be shown:
// the console was given the venue's boards and the database holds a
// venue's sessions.
func (h *Handler) hasVenue(ctx context.Context) bool {
	if h.cfg.VenueBoard == nil {
		return false
	}
	if h.cfg.Venue {
		return true
	}
	s, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, "")
	return err == nil && len(s) > 0
}

// leaderboards is one game's or every game's board, of a period, of
// the table or the venue.
func (h *Handler) leaderboards(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "leaderboards", in.csrf)
	q := r.URL.Query()
	d := boardData{Games: h.cfg.Games.IDs(), Game: q.Get("game"), Period: q.Get("period"),
		boardScope: h.boardScope(r)}
	if d.Game != "" && !slices.Contains(d.Games, d.Game) {
		d.Game = ""
	}
	if d.Period != string(db.Week) && d.Period != string(db.Month) {
		d.Period = string(db.AllTime)
	}
	since, _ := db.Period(d.Period).Start(h.cfg.Now())
	board := h.cfg.DB.Leaderboard
	if d.Scope == "venue" {
		board = h.cfg.VenueBoard
	}
	rows, err := board(r.Context(), d.Game, since, 100)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	d.Rows, d.Points, d.Rating = rows, !since.IsZero(), since.IsZero() && d.Game != ""
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}
