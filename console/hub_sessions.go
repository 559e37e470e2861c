package console

import (
	"cmp"
	"context"
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

// hubSessions fills d with every table's sessions, newest first, that
// pass f, until and d's table and player, with the table's name on each.
func (h *Handler) hubSessions(ctx context.Context, v view, d sessionsData, f db.SessionFilter, until time.Time) (sessionsData, error) {
	all, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, f.Game)
	if err != nil {
		return d, err
	}
	var names map[string]string
	if d.Tables, names, err = h.venueTables(ctx, all); err != nil {
		return d, err
	}
	who := strings.ToLower(d.Player)
	for i := len(all) - 1; i >= 0; i-- {
		ev := all[i].Event
		if ev.StartedAt.Before(f.Since) || (!until.IsZero() && !ev.StartedAt.Before(until)) || (d.Table != "" && ev.Kiosk != d.Table) {
			continue
		}
		rec := venueRecord(ev)
		row := sessionRow{Record: rec, Table: cmp.Or(names[ev.Kiosk], ev.Table)}
		var match bool
		if row.Names, match = seatNames(v, rec.Seats, who); !match {
			continue
		}
		for i, st := range ev.Seats {
			if st.Winner {
				row.Winners = append(row.Winners, row.Names[i])
			}
		}
		if len(d.Rows) == maxSessionRows {
			d.More = true
			break
		}
		d.Rows = append(d.Rows, row)
	}
	return d, nil
}

// hubSession is one venue session's page: its players and results.
// The moves stay at the table that played it (the venue's events carry
// none), and no screen replays it.
func (h *Handler) hubSession(ctx context.Context, v view, id string, _ error) (sessionData, error) {
	all, err := h.cfg.DB.VenueSessions(ctx, time.Time{}, "")
	if err != nil {
		return sessionData{}, err
	}
	i := slices.IndexFunc(all, func(s db.VenueSession) bool { return s.Event.ID == id })
	if i < 0 {
		return sessionData{}, errNoSession
	}
	ev := all[i].Event
	rec := venueRecord(ev)
	d := sessionData{Record: rec, Table: ev.Table, AtTable: true}
	for i, st := range rec.Seats {
		res := ev.Seats[i]
		d.Seats = append(d.Seats, seatLine{Name: seatName(v, engine.Seat(i), st), Kind: v.T("console.kind." + string(st.Kind)),
			Result: true, Score: res.Score, Rank: res.Rank, Winner: res.Winner})
	}
	return d, nil
}
