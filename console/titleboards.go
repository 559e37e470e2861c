package console

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/tablee/tablee/db"
)

// The ludothèque's boards (docs/leaderboards.md): every title of the
// shelf played on its score sheet and each player's plays across titles
// (/leaderboards/titles), and one title's board (/leaderboards/title).

// titlesData is the page of every title's board and the players'.
type titlesData struct {
	Period string
	boardScope
	Titles  []titleRow
	Players []titlesPlayerRow
}

// titlesPlayerRow is one player's line across titles.
type titlesPlayerRow struct {
	Place int
	db.PlayerTitles
}

// standingRow is one line of a title's board.
type standingRow struct {
	Place int
	db.TitleStanding
}

// titleRow is one title on the page of every title.
type titleRow struct {
	db.TitleBoard
	Place  int
	Name   string // in the page's language
	Ref    string // what /leaderboards/title?title= takes: "#id", or the name played
	Leader string // the first of a competitive title, "" for none
}

// titleData is one title's board.
type titleData struct {
	Name string
	boardScope
	Board   db.TitleBoard
	Lines   []standingRow
	Unknown bool // no catalogue title of that id or name, nor a play under it
}

// ShowRating shows a title's rating to one decimal, "—" if none.
func (titleData) ShowRating(s standingRow) string {
	if s.Rating == nil {
		return "—"
	}
	return strconv.FormatFloat(s.Rating.Ordinal(), 'f', 1, 64)
}

// boardScope is whose boards a page shows: Scope, the table's or the
// venue's, and ScopeChoice, whether its filters offer the choice (the
// venue's boards are known and the product does not hold to them).
type boardScope struct {
	Scope       string // table or venue
	ScopeChoice bool
}

// boardScope is the boards' scope the request asks for, as the
// leaderboards page chooses it: the venue's on the hub, or when asked
// and known.
func (h *Handler) boardScope(r *http.Request) boardScope {
	hasVenue := h.hasVenue(r.Context())
	b := boardScope{Scope: "table", ScopeChoice: hasVenue && !h.p.venueBoards}
	s := r.URL.Query().Get("scope")
	if hasVenue && (s == "venue" || (s == "" && h.cfg.Venue) || h.p.venueBoards) {
		b.Scope = "venue"
	}
	return b
}

func (h *Handler) titleBoards(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "titleboards", in.csrf)
	d := titlesData{Period: r.URL.Query().Get("period"), boardScope: h.boardScope(r)}
	if d.Period != string(db.Week) && d.Period != string(db.AllTime) {
		d.Period = string(db.Month)
	}
	since, _ := db.Period(d.Period).Start(h.cfg.Now())
	boards, players := h.cfg.DB.TitleBoards, h.cfg.DB.PlayerTitles
	if d.Scope == "venue" {
		boards, players = h.cfg.DB.VenueTitleBoards, h.cfg.DB.VenuePlayerTitles
	}
	titles, err := boards(r.Context(), since)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	for _, b := range titles {
		row := titleRow{TitleBoard: b, Place: len(d.Titles) + 1, Name: b.Name(string(v.Lang)), Ref: b.Title}
		if b.TitleID != 0 {
			row.Ref = "#" + strconv.FormatInt(b.TitleID, 10)
		}
		if !b.Coop && len(b.Standings) > 0 {
			row.Leader = b.Standings[0].Nickname
		}
		d.Titles = append(d.Titles, row)
	}
	lines, err := players(r.Context(), since)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	for i, l := range lines {
		d.Players = append(d.Players, titlesPlayerRow{Place: i + 1, PlayerTitles: l})
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

func (h *Handler) titleBoard(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "titleboard", in.csrf)
	d := titleData{boardScope: h.boardScope(r)}
	board := h.cfg.DB.TitleBoard
	if d.Scope == "venue" {
		board = h.cfg.DB.VenueTitleBoard
	}
	var err error
	title := r.URL.Query().Get("title")
	if d.Board, err = board(r.Context(), title); err != nil {
		// A name two titles share: the page says it knows no such
		// board, the list of titles links to each by its id.
		h.cfg.Logf("console: title board %q: %v", title, err)
		d.Board, d.Unknown = db.TitleBoard{Title: title}, true
	}
	d.Unknown = d.Unknown || (d.Board.TitleID == 0 && d.Board.Plays == 0)
	d.Name = d.Board.Name(string(v.Lang))
	for i, s := range d.Board.Standings {
		d.Lines = append(d.Lines, standingRow{Place: i + 1, TitleStanding: s})
	}
	v.Data = d
	status := http.StatusOK
	if d.Unknown {
		status = http.StatusNotFound
	}
	h.render(w, status, v, false)
}

// acrossTitles is a table's player's line across every title, nil before
// their first play.
func (h *Handler) acrossTitles(ctx context.Context, player string) (*db.PlayerTitles, error) {
	lines, err := h.cfg.DB.PlayerTitles(ctx, time.Time{})
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if l.PlayerID == player {
			return &l, nil
		}
	}
	return nil, nil
}
