package console

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

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
