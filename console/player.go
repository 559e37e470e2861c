package console

import (
	"errors"
	"net/http"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/wire"
)

// playerData is one player's page, and the page that asks before they
// are forgotten.
type playerData struct {
	playerRow
	Nickname string   // the rename field's value
	Seen     string   // the line under their name, in words
	Tables   []string // the tables they played at (the venue's player)
	// Across is their plays across every title (titleboards.go), nil
	// before their first or for the venue's player.
	Across *db.PlayerTitles
	Stats  []db.Stats // per game (a table's player)
	// PlaysCSV offers their plays' CSV (sheets.go: a table's plays).
	PlaysCSV   bool
	Candidates []playerRow // whom they may be merged into
	Words      playerWords
}

// playerWords are what a player's pages say that differs between a
// table's player and the venue's (changed at every table), in words.
type playerWords struct {
	RenameNote, MergeText, ForgetIntro string // on their page
	// ForgetErased, ForgetLines and ForgetKept say on the forget page
	// what is erased and what is kept.
	ForgetErased string
	ForgetLines  []string
	ForgetKept   string
}

// player is a player's page.
func (h *Handler) player(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showPlayer(w, r, h.newView(w, r, "player", in.csrf), http.StatusOK)
}

// forgetPage asks before a player is forgotten, saying what goes.
func (h *Handler) forgetPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showPlayer(w, r, h.newView(w, r, "forget", in.csrf), http.StatusOK)
}

// showPlayer shows the page of v (a player's, or their forget page) for
// the player the path names, with status.
func (h *Handler) showPlayer(w http.ResponseWriter, r *http.Request, v view, status int) {
	d, err := h.p.players.page(r.Context(), v, r.PathValue("id"))
	switch {
	case errors.Is(err, errNoPlayer):
		http.NotFound(w, r)
	case err != nil:
		h.fail(w, v, err)
	default:
		v.Data = d
		h.render(w, status, v, false)
	}
}

// rename names a player as tablee player rename does: the phones' own
// rule (wire.CleanName), then the book's rename.
func (h *Handler) rename(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	name, bad := wire.CleanName(r.PostFormValue("name"))
	if bad != nil {
		v := h.newView(w, r, "player", in.csrf)
		v.Error = v.T("console.players.bad_name")
		h.showPlayer(w, r, v, http.StatusBadRequest)
		return
	}
	next, err := h.p.players.rename(r.Context(), r.PathValue("id"), name)
	switch {
	case errors.Is(err, errNoPlayer):
		http.NotFound(w, r)
	case err != nil:
		h.fail(w, h.newView(w, r, "player", in.csrf), err)
	default:
		http.Redirect(w, r, next, http.StatusSeeOther)
	}
}

// merge merges the player into another, as tablee player merge does; a
// refusal shows their page again.
func (h *Handler) merge(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	next, err := h.p.players.merge(r.Context(), r.PathValue("id"), r.PostFormValue("into"))
	if err != nil {
		v := h.newView(w, r, "player", in.csrf)
		h.cfg.Logf("console: %v", err)
		v.Error = v.T("console.players.merge_refused")
		h.showPlayer(w, r, v, http.StatusConflict)
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// forget forgets a player at their request, as tablee player forget
// does.
func (h *Handler) forget(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	next, err := h.p.players.forget(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, errNoPlayer):
		http.NotFound(w, r)
	case err != nil:
		h.fail(w, h.newView(w, r, "players", in.csrf), err)
	default:
		http.Redirect(w, r, next, http.StatusSeeOther)
	}
}
