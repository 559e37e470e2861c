package console

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

// playerBook is the players a console's players pages show and change:
// a table's own (tablePlayers, table_players.go) or the venue's, at
// every table (venuePlayers, hub_players.go). The pages are the same;
// what they say of a player, and where a change leads, is the book's.
type playerBook interface {
	// list is the players page of those whose names hold query (any
	// case; "" for all).
	list(ctx context.Context, query string) (playersData, error)
	// page is player id's page in v's language; errNoPlayer if none.
	page(ctx context.Context, v view, id string) (playerData, error)
	// rename, merge and forget change a player as the staff asked and
	// say the page to go to then; errNoPlayer if there is none.
	rename(ctx context.Context, id, name string) (next string, err error)
	merge(ctx context.Context, from, into string) (next string, err error)
	forget(ctx context.Context, id string) (next string, err error)
}

// errNoPlayer is a book's answer for a player it does not hold: the
// page is not found.
var errNoPlayer = errors.New("no such player")

// playerRow is one player of the players page, a table's or the venue's.
type playerRow struct {
	ID   string
	Name string // the name lists and boards show
	// Others are the other names they used; Keys their phone keys (a
	// table's player: the venue's are one phone each).
	Others     []string
	Keys       int
	Games      int
	Wins       int
	LastPlayed time.Time
}

// playersData is the players page.
type playersData struct {
	Query string
	Rows  []playerRow
	// Intro is the text key of the line above the list ("" for none);
	// Class the list's class; Names shows each player's other names and
	// whether they have a phone (a table's players).
	Intro, Class string
	Names        bool
}

// players lists the players whose names hold the page's query.
func (h *Handler) players(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "players", in.csrf)
	d, err := h.p.players.list(r.Context(), strings.TrimSpace(r.URL.Query().Get("q")))
	if err != nil {
		h.fail(w, v, err)
		return
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// matches reports whether any of names holds q, already lower-case.
func matches(q string, names ...string) bool {
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), q) {
			return true
		}
	}
	return q == ""
}
