package console

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// Hub is what the venue hub's console reads of the venue besides the
// hub's database: the tables paired with the hub as it hears them now,
// and their guests' open staff calls. The hub implements it (venue.Hub,
// wired by tablee venue); the console does not import the venue. Its
// methods are called from the console's goroutines.
type Hub interface {
	Tables(ctx context.Context) ([]HubTable, error)
	// AnswerCall answers table kiosk's call id: it leaves the hub's list
	// at once and the table's own at its next hello to the hub.
	AnswerCall(ctx context.Context, kiosk, id string) error
	// RemoveTable removes table kiosk from the venue (venue.Hub.Revoke):
	// its kiosk's link is closed and it can no longer connect; its games
	// stay in the venue; it may pair again with the venue's code.
	RemoveTable(ctx context.Context, kiosk string) error
}

// HubHealth is what a hub may also say of itself (venue.Hub through
// cmd/tablee): its Tables page shows it above the tables. A Hub without it
// says nothing.
type HubHealth interface {
	Health(ctx context.Context) HubState
}

// HubState is how the hub stands: its store unwritable (a full disk),
// its database being refilled from its stream.
type HubState struct {
	// StoreFull is set while the hub's store cannot be written, since
	// StoreSince: the tables play on and send their games once it can.
	StoreFull  bool
	StoreSince time.Time
	// Refill counts a lost database's refill from the stream: Loaded of
	// Events; Events 0 when not refilling.
	RefillEvents, RefillLoaded uint64
}

// HubTable is one paired table as the hub knows it.
type HubTable struct {
	Kiosk    string    // the kiosk's venue id
	Name     string    // the table's name, from its last hello ("" if it never linked)
	Paired   time.Time // when it paired with the hub
	LastSeen time.Time // its last hello to the hub ("check-in")
	Online   bool      // its link to the hub is up
	// Behind is how many of its events have not reached the hub yet, as
	// far as the hub knows (0 when offline: unknown).
	Behind int
	// Stalled reports a link that is up but carried nothing lately; the
	// hub restarts it.
	Stalled bool
	// Calls are its guests' open calls for the staff, oldest first.
	Calls []Call
	// CutOff is set while the hub has cut it off the venue for going
	// over its limits (since CutOffAt; CutOffLimit names the limit,
	// venue's LimitEventsPerMinute and the others, CutOffMax its value),
	// until the staff let it in again (HubLimits).
	CutOff      bool
	CutOffAt    time.Time
	CutOffLimit string
	CutOffMax   int64
}

// HubLimits is what a hub that cuts off tables going over their limits
// offers (venue.Hub through cmd/tablee): letting one in again.
type HubLimits interface {
	LetIn(ctx context.Context, kiosk string) error
}

// hubRoutes are the hub's pages: every table of the venue, read from the
// hub's database. A table's own pages are absent, not broken links.
func (h *Handler) hubRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /tables", h.get(h.hubTables))
	m.HandleFunc("GET /tables/live", h.get(h.hubTablesLive))
	m.HandleFunc("POST /calls/{kiosk}/{id}/answer", h.post(h.hubAnswer))
	m.HandleFunc("GET /tables/{kiosk}/remove", h.get(h.hubRemovePage))
	m.HandleFunc("POST /tables/{kiosk}/remove", h.post(h.hubRemove))
	m.HandleFunc("POST /tables/{kiosk}/letin", h.post(h.hubLetIn))
	m.HandleFunc("GET /leaderboards", h.get(h.leaderboards))
	h.titleRoutes(m)
	m.HandleFunc("GET /sessions", h.get(h.hubSessions))
	m.HandleFunc("GET /sessions/{id}", h.get(h.hubSession))
	m.HandleFunc("GET /players", h.get(h.hubPlayers))
	m.HandleFunc("GET /players/{id}", h.get(h.hubPlayer))
	m.HandleFunc("POST /players/{id}/rename", h.post(h.hubRename))
	m.HandleFunc("POST /players/{id}/merge", h.post(h.hubMerge))
	m.HandleFunc("GET /players/{id}/forget", h.get(h.hubForgetPage))
	m.HandleFunc("POST /players/{id}/forget", h.post(h.hubForget))
	m.HandleFunc("GET /downloads", h.get(h.downloads))
	m.HandleFunc("GET /export/{file}", h.get(h.export))
	m.HandleFunc("GET /settings", h.get(h.settings))
	m.HandleFunc("POST /settings/pin", h.post(h.changePIN))
	h.pairingRoutes(m)
}

// hubTablesData is the hub's tables page.
type hubTablesData struct {
	Calls    []hubCallView // every table's open calls, oldest first
	Tables   []hubTableRow
	Sessions int // the venue's sessions at the hub
	Health   HubState
}

type hubCallView struct {
	callView
	Kiosk string
	at    time.Time
}

type hubTableRow struct {
	HubTable
	Sessions int           // its sessions the hub holds
	Silent   time.Duration // since its last hello
}

func (h *Handler) hubTablesData(ctx context.Context) (hubTablesData, error) {
	var d hubTablesData
	if hh, ok := h.cfg.Hub.(HubHealth); ok {
		d.Health = hh.Health(ctx)
	}
	tables, err := h.askHubTables(ctx)
	if err != nil {
		return d, err
	}
	all, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, "")
	if err != nil {
		return d, err
	}
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
		d.Tables = append(d.Tables, row)
		for _, c := range t.Calls {
			d.Calls = append(d.Calls, hubCallView{callView: callView{ID: c.ID, Table: cmp.Or(t.Name, c.Table), Since: now.Sub(c.At)},
				Kiosk: t.Kiosk, at: c.At})
		}
	}
	slices.SortStableFunc(d.Tables, func(a, b hubTableRow) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(d.Calls, func(a, b hubCallView) int { return a.at.Compare(b.at) })
	return d, nil
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
		v.Data = hubTablesData{}
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
		v.Data = hubTablesData{}
		h.fail(w, v, err)
		return
	}
	h.cfg.Logf("console: table %s let into the venue again", r.PathValue("kiosk"))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}

func (h *Handler) hubTables(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.hubTablesPage(w, r, in, false)
}

// hubTablesLive is the content alone, which the page's script fetches
// every few seconds.
func (h *Handler) hubTablesLive(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.hubTablesPage(w, r, in, true)
}

// hubTablesWait bounds every question of the console to the hub about its
// tables: the hub's JetStream may be stuck (a full disk), and the pages
// answer within seconds all the same.
const hubTablesWait = 3 * time.Second

// askHubTables asks the hub for its tables, within hubTablesWait.
func (h *Handler) askHubTables(ctx context.Context) ([]HubTable, error) {
	ctx, cancel := context.WithTimeout(ctx, hubTablesWait)
	defer cancel()
	return h.cfg.Hub.Tables(ctx)
}

func (h *Handler) hubTablesPage(w http.ResponseWriter, r *http.Request, in signin, fragment bool) {
	v := h.newView(w, r, "tables", in.csrf)
	d, err := h.hubTablesData(r.Context())
	if err != nil {
		// The template reads .Data's fields: an empty page with the
		// error, not a template failure (nil has no Calls).
		v.Data = hubTablesData{Health: d.Health}
		h.fail(w, v, err)
		return
	}
	v.Data = d
	h.render(w, http.StatusOK, v, fragment)
}

// venueTables are the tables the sessions filter offers: every table the
// hub knows, and any other whose sessions it holds.
func (h *Handler) venueTables(ctx context.Context, all []db.VenueSession) ([]tableOption, map[string]string, error) {
	names := map[string]string{}
	var out []tableOption
	kiosks, err := h.cfg.DB.VenueKiosks(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range kiosks {
		names[k.ID] = k.Table
		out = append(out, tableOption{Value: k.ID, Name: k.Table})
	}
	for _, s := range all {
		if _, ok := names[s.Event.Kiosk]; !ok {
			names[s.Event.Kiosk] = s.Event.Table
			out = append(out, tableOption{Value: s.Event.Kiosk, Name: s.Event.Table})
		}
	}
	slices.SortStableFunc(out, func(a, b tableOption) int { return cmp.Compare(a.Name, b.Name) })
	return out, names, nil
}

// venueRecord is a venue session as a table's record, for the pages both
// consoles share.
func venueRecord(ev db.SessionEvent) session.Record {
	rec := session.Record{ID: ev.ID, Game: ev.Game, StartedAt: ev.StartedAt, EndedAt: ev.EndedAt, Status: session.Finished, Reason: ev.Reason}
	for _, st := range ev.Seats {
		seat := session.Seat{Kind: st.Kind, PlayerID: st.PlayerID, BotLevel: engine.Level(st.BotLevel), Name: st.Name}
		if st.Kind == session.Person {
			seat.Name = st.Nickname
		}
		rec.Seats = append(rec.Seats, seat)
	}
	return rec
}

// hubSessions lists every table's sessions, newest first, with the same
// filters as a table's console and the table's name on each.
func (h *Handler) hubSessions(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sessions", in.csrf)
	ctx := r.Context()
	d, f, until := h.sessionFilters(r)
	all, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, f.Game)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	var names map[string]string
	if d.Tables, names, err = h.venueTables(ctx, all); err != nil {
		h.fail(w, v, err)
		return
	}
	who := strings.ToLower(d.Player)
	for i := len(all) - 1; i >= 0; i-- {
		ev := all[i].Event
		if ev.StartedAt.Before(f.Since) || (!until.IsZero() && !ev.StartedAt.Before(until)) || (d.Table != "" && ev.Kiosk != d.Table) {
			continue
		}
		rec := venueRecord(ev)
		row := sessionRow{Record: rec, Table: cmp.Or(names[ev.Kiosk], ev.Table)}
		match := who == ""
		for i, st := range rec.Seats {
			name := seatName(v, engine.Seat(i), st)
			row.Names = append(row.Names, name)
			match = match || strings.Contains(strings.ToLower(name), who)
			if ev.Seats[i].Winner {
				row.Winners = append(row.Winners, name)
			}
		}
		if !match {
			continue
		}
		if len(d.Rows) == maxSessionRows {
			d.More = true
			break
		}
		d.Rows = append(d.Rows, row)
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// hubSession is one venue session: its players and results. The moves
// stay at the table that played it (the venue's events carry none).
func (h *Handler) hubSession(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "session", in.csrf)
	all, err := h.cfg.DB.VenueSessions(r.Context(), time.Time{}, "")
	if err != nil {
		h.fail(w, v, err)
		return
	}
	i := slices.IndexFunc(all, func(s db.VenueSession) bool { return s.Event.ID == r.PathValue("id") })
	if i < 0 {
		http.NotFound(w, r)
		return
	}
	ev := all[i].Event
	rec := venueRecord(ev)
	d := sessionData{Record: rec, Table: ev.Table, AtTable: true}
	for i, st := range rec.Seats {
		res := ev.Seats[i]
		d.Seats = append(d.Seats, seatLine{Name: seatName(v, engine.Seat(i), st), Kind: v.T("console.kind." + string(st.Kind)),
			Result: true, Score: res.Score, Rank: res.Rank, Winner: res.Winner})
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// hubPlayersData is the hub's players page: the venue's players.
type hubPlayersData struct {
	Query string
	Rows  []db.VenuePlayer
}

// hubPlayers lists the venue's players (one phone is one player at every
// table) with their games and wins; each opens the player's page, where
// the staff rename, merge or forget them at every table
// (db.RenameVenuePlayer and the others: an event of the hub's that
// reaches every table).
func (h *Handler) hubPlayers(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "players", in.csrf)
	d := hubPlayersData{Query: strings.TrimSpace(r.URL.Query().Get("q"))}
	all, err := h.cfg.DB.VenuePlayers(r.Context())
	if err != nil {
		h.fail(w, v, err)
		return
	}
	q := strings.ToLower(d.Query)
	for _, p := range all {
		if q == "" || strings.Contains(strings.ToLower(p.Name), q) {
			d.Rows = append(d.Rows, p)
		}
	}
	slices.SortStableFunc(d.Rows, func(a, b db.VenuePlayer) int {
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// hubPlayerData is a venue player's page on the hub.
type hubPlayerData struct {
	db.VenuePlayer
	Candidates []db.VenuePlayer // whom they may be merged into, by name
}

func (h *Handler) hubPlayerPage(ctx context.Context, v view, id string) (view, bool, error) {
	p, err := h.cfg.DB.VenuePlayer(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return v, false, nil
	case err != nil:
		return v, true, err
	}
	// The venue's replay is cached: listing them all again is cheap.
	all, err := h.cfg.DB.VenuePlayers(ctx)
	if err != nil {
		return v, true, err
	}
	d := hubPlayerData{VenuePlayer: p}
	for _, o := range all {
		if o.ID != id {
			d.Candidates = append(d.Candidates, o)
		}
	}
	slices.SortStableFunc(d.Candidates, func(a, b db.VenuePlayer) int {
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	v.Data = d
	return v, true, nil
}

func (h *Handler) hubPlayer(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showHubPlayer(w, r, h.newView(w, r, "player", in.csrf), http.StatusOK)
}

func (h *Handler) showHubPlayer(w http.ResponseWriter, r *http.Request, v view, status int) {
	h.showPlayerPage(w, r, v, status, h.hubPlayerPage)
}

// hubRename names a venue player on every table's venue boards, the
// name cleaned as a table's console cleans it (wire.CleanName).
func (h *Handler) hubRename(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	id := r.PathValue("id")
	name, ok := h.postedName(w, r, in, h.hubPlayerPage)
	if !ok {
		return
	}
	err := h.cfg.DB.RenameVenuePlayer(r.Context(), id, name)
	switch {
	case errors.Is(err, db.ErrNotFound):
		http.NotFound(w, r)
		return
	case err != nil:
		h.fail(w, h.newView(w, r, "player", in.csrf), err)
		return
	}
	// The venue player's id is derived from their tokens, which a
	// rename leaves as they are.
	http.Redirect(w, r, "/players/"+url.PathEscape(id)+"?done=renamed_venue", http.StatusSeeOther)
}

// hubMerge joins a venue player into another on every table's venue
// boards.
func (h *Handler) hubMerge(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	from, into := r.PathValue("id"), r.PostFormValue("into")
	if err := h.cfg.DB.MergeVenuePlayers(r.Context(), from, into); err != nil {
		v := h.newView(w, r, "player", in.csrf)
		h.cfg.Logf("console: merge venue player %s into %s: %v", from, into, err)
		v.Error = v.T("console.players.merge_refused")
		h.showHubPlayer(w, r, v, http.StatusConflict)
		return
	}
	// The merged player's id is derived from the smallest token of
	// either: the list shows them under it.
	http.Redirect(w, r, "/players?done=merged_venue", http.StatusSeeOther)
}

func (h *Handler) hubForgetPage(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	h.showHubPlayer(w, r, h.newView(w, r, "forget", in.csrf), http.StatusOK)
}

// hubForget forgets a venue player at their request, at every table.
func (h *Handler) hubForget(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	err := h.cfg.DB.ForgetVenuePlayer(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, db.ErrNotFound):
		http.NotFound(w, r)
	case errors.Is(err, db.ErrTraceLeft):
		http.Redirect(w, r, "/players?done=forgotten_venue_trace", http.StatusSeeOther)
	case err != nil:
		h.fail(w, h.newView(w, r, "players", in.csrf), err)
	default:
		http.Redirect(w, r, "/players?done=forgotten_venue", http.StatusSeeOther)
	}
}
