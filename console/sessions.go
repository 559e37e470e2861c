package console

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// sessionsData is the sessions page with its filters.
type sessionsData struct {
	Games                  []string
	Tables                 []tableOption
	Game, Player, From, To string
	Table                  string
	Rows                   []sessionRow
	More                   bool
	Columns                sessionColumns
}

// sessionColumns are the sessions list's columns that a product may
// have: Table, the table in a column of its own (the hub's sessions are
// every table's; a table's name them beside the game when it has had
// several), and Status, a session's status (the hub's are all
// finished).
type sessionColumns struct{ Table, Status bool }

// tableOption is a table of the sessions filter: the table's id (a
// kiosk's venue id on the hub) and its name.
type tableOption struct{ Value, Name string }

type sessionRow struct {
	session.Record
	Table   string
	Names   []string
	Winners []string
}

// maxSessionRows is how many sessions the page lists, newest first.
const maxSessionRows = 200

// sessionFilters reads the sessions page's filters: the game, the
// player, the table and the days (from, to inclusive, local).
func (h *Handler) sessionFilters(r *http.Request) (d sessionsData, f db.SessionFilter, until time.Time) {
	q := r.URL.Query()
	d = sessionsData{Games: h.cfg.Games.IDs(), Game: q.Get("game"), Player: strings.TrimSpace(q.Get("player")),
		From: q.Get("from"), To: q.Get("to"), Table: q.Get("table")}
	if d.Game != "" && !slices.Contains(d.Games, d.Game) {
		d.Game = ""
	}
	f = db.SessionFilter{Game: d.Game}
	if t, err := time.ParseInLocation("2006-01-02", d.From, time.Local); err == nil {
		f.Since = t
	} else {
		d.From = ""
	}
	if t, err := time.ParseInLocation("2006-01-02", d.To, time.Local); err == nil {
		until = t.AddDate(0, 0, 1)
	} else {
		d.To = ""
	}
	return d, f, until
}

// sessions lists the console's sessions, newest first, with the page's
// filters: the table's own or, on the hub, every table's.
func (h *Handler) sessions(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v := h.newView(w, r, "sessions", in.csrf)
	d, f, until := h.sessionFilters(r)
	d.Columns = h.p.sessionColumns
	d, err := h.p.sessions(r.Context(), v, d, f, until)
	if err != nil {
		h.fail(w, v, err)
		return
	}
	v.Data = d
	h.render(w, http.StatusOK, v, false)
}

// tableSessions fills d with the table's sessions, newest first, that
// pass f, until and d's table and player.
func (h *Handler) tableSessions(ctx context.Context, v view, d sessionsData, f db.SessionFilter, until time.Time) (sessionsData, error) {
	list, err := h.cfg.DB.Sessions(ctx, f)
	if err != nil {
		return d, err
	}
	ts, err := h.cfg.DB.Tables(ctx)
	if err != nil {
		return d, err
	}
	tables := map[int64]string{}
	for _, t := range ts {
		tables[t.ID] = t.Name
		d.Tables = append(d.Tables, tableOption{Value: strconv.FormatInt(t.ID, 10), Name: t.Name})
	}
	who := strings.ToLower(d.Player)
	for i := len(list) - 1; i >= 0; i-- {
		s := list[i]
		if (!until.IsZero() && !s.StartedAt.Before(until)) || (d.Table != "" && strconv.FormatInt(s.TableID, 10) != d.Table) {
			continue
		}
		row := sessionRow{Record: s, Table: tables[s.TableID]}
		var match bool
		if row.Names, match = seatNames(v, s.Seats, who); !match {
			continue
		}
		if len(d.Rows) == maxSessionRows {
			d.More = true
			break
		}
		if s.Status == session.Finished {
			if row.Winners, err = h.winners(ctx, s.ID, row.Names); err != nil {
				return d, err
			}
		}
		d.Rows = append(d.Rows, row)
	}
	return d, nil
}

// winners are the names of session id's winners.
func (h *Handler) winners(ctx context.Context, id string, names []string) ([]string, error) {
	res, err := h.cfg.DB.Results(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, x := range res {
		if x.Winner && int(x.Seat) < len(names) {
			out = append(out, names[x.Seat])
		}
	}
	return out, nil
}

// seatNames names seats as seatName does, and reports whether one of
// the names holds who (lower-case; "" matches any).
func seatNames(v view, seats []session.Seat, who string) ([]string, bool) {
	var names []string
	match := who == ""
	for i, st := range seats {
		name := seatName(v, engine.Seat(i), st)
		names = append(names, name)
		match = match || strings.Contains(strings.ToLower(name), who)
	}
	return names, match
}

// seatName names who sat at a seat as the kiosk's screens do: a bot by
// its level (and whose seat it took), a person or guest by name, an
// unnamed guest as "Guest N" in the page's language (view.Shown).
func seatName(v view, seat engine.Seat, s session.Seat) string {
	switch {
	case s.Kind == session.Bot && s.HandedFrom != "":
		return v.T("kiosk.bot.name_for", "Level", v.T("kiosk.level."+string(s.BotLevel)), "Name", v.Shown(s.HandedFrom))
	case s.Kind == session.Bot:
		return v.T("kiosk.bot.name", "Level", v.T("kiosk.level."+string(s.BotLevel)))
	case s.Name != "":
		return v.Shown(s.Name)
	case s.Kind == session.Guest:
		return v.T("common.table_guest", "N", int(seat)+1)
	}
	return v.T("kiosk.seat.n", "N", int(seat)+1)
}
