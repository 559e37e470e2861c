package db

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/tablee/tablee/session"
)

// VenueCSVExports names the CSV files of the venue's export, as the hub's
// console offers them: the same files as a table's (CSVExports), written
// from the venue's sessions (every table's) instead of the table's own.
func VenueCSVExports() []string { return CSVExports() }

// WriteVenueCSV writes the venue's export name (one of VenueCSVExports) to
// out with WriteCSV's rules (UTF-8 with a BOM, ',' or ';', every cell
// through SafeCell). sessions, seats and results have a table's columns;
// their player column is the venue's player id (one phone is one player
// at every table), as players.csv lists them: player, name, games, wins,
// last_played. A venue's session is finished by construction.
func (d *DB) WriteVenueCSV(ctx context.Context, out io.Writer, name string, comma rune) error {
	sessions, err := d.VenueSessions(ctx, time.Time{}, "")
	if err != nil {
		return fmt.Errorf("venue export %s: %w", name, err)
	}
	players, err := d.venuePlayerEvents(ctx)
	if err != nil {
		return fmt.Errorf("venue export %s: %w", name, err)
	}
	sessions = creditSigned(sessions) // a sheet's unsigned seats are guests (venuesigned.go)
	r := replayVenue(sessions, players)
	write := map[string]func(context.Context, *CSVWriter) error{
		"sessions": func(_ context.Context, w *CSVWriter) error { return venueCSVSessions(w, sessions) },
		"seats":    func(_ context.Context, w *CSVWriter) error { return venueCSVSeats(w, sessions, r, false) },
		"results":  func(_ context.Context, w *CSVWriter) error { return venueCSVSeats(w, sessions, r, true) },
		"players":  func(_ context.Context, w *CSVWriter) error { return venueCSVPlayers(w, r) },
	}[name]
	if write == nil {
		return fmt.Errorf("venue export %q: no such file (sessions, seats, results or players)", name)
	}
	return writeCSV(ctx, out, "venue "+name, comma, write)
}

func venueCSVSessions(w *CSVWriter, sessions []VenueSession) error {
	w.Write([]string{"session", "started", "ended", "table", "game", "options", "seed", "status", "reason", "seats"})
	for _, s := range sessions {
		ev := s.Event
		opts, _ := json.Marshal(ev.Options)
		w.Write([]string{ev.ID, csvTime(ev.StartedAt), csvTime(ev.EndedAt), ev.Table, ev.Game, string(opts),
			strconv.FormatUint(ev.Seed, 10), string(session.Finished), ev.Reason, strconv.Itoa(len(ev.Seats))})
	}
	return nil
}

// venueCSVSeats writes each seat of each venue session: who sat there
// (seats.csv), or with the seat's result (results.csv). A person is named
// by the venue's id and name for them.
func venueCSVSeats(w *CSVWriter, sessions []VenueSession, r venueReplay, results bool) error {
	type key struct {
		session string
		seat    int
	}
	who := map[key]string{}
	for _, s := range r.seats {
		if s.player != "" {
			who[key{s.session, s.index}] = s.player
		}
	}
	if results {
		w.Write([]string{"session", "ended", "game", "seat", "kind", "player", "name", "score", "rank", "winner"})
	} else {
		w.Write([]string{"session", "seat", "kind", "player", "name", "bot_level", "bot_for"})
	}
	for _, s := range sessions {
		ev := s.Event
		for i, st := range ev.Seats {
			player := who[key{ev.ID, i}]
			name := csvName(st.Name) // a table guest by their place, "Guest N"
			if player != "" {
				name = r.names[player]
			}
			if results {
				w.Write([]string{ev.ID, csvTime(ev.EndedAt), ev.Game, strconv.Itoa(i), string(st.Kind), player, name,
					strconv.Itoa(st.Score), strconv.Itoa(st.Rank), yesNo(st.Winner)})
			} else {
				w.Write([]string{ev.ID, strconv.Itoa(i), string(st.Kind), player, name, st.BotLevel, ""})
			}
		}
	}
	return nil
}

func venueCSVPlayers(w *CSVWriter, r venueReplay) error {
	w.Write([]string{"player", "name", "games", "wins", "last_played"})
	for _, p := range venuePlayers(r) {
		w.Write([]string{p.ID, p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), csvTime(p.LastPlayed)})
	}
	return nil
}

// VenuePlayer is a player of the venue: one phone is one player at every
// table (docs/venue.md, "One player at every table").
type VenuePlayer struct {
	ID         string // the venue's id (VenueLeaderboard's PlayerID)
	Name       string // the name every board shows
	Games      int
	Wins       int
	LastPlayed time.Time // on the venue's clock
	// Aliases are the other names they played under, at any table, in
	// the order first used.
	Aliases []string
	// Tables are the names of the tables they played at, as each table
	// last called itself, in the order first played at.
	Tables []string
}

// VenuePlayers lists the venue's players, persons only, in the all-time
// board's order (most wins first), with their last game.
func (d *DB) VenuePlayers(ctx context.Context) ([]VenuePlayer, error) {
	r, err := d.venueReplay(ctx)
	if err != nil {
		return nil, fmt.Errorf("venue players: %w", err)
	}
	return venuePlayers(r.venueReplay), nil
}

// VenuePlayer is the venue player id (a VenuePlayer's ID, as the hub's
// console and tablee player name them); the error wraps ErrNotFound when
// the venue has no such player (forgotten, merged into another, or never
// there).
func (d *DB) VenuePlayer(ctx context.Context, id string) (VenuePlayer, error) {
	all, err := d.VenuePlayers(ctx)
	if err != nil {
		return VenuePlayer{}, err
	}
	for _, p := range all {
		if p.ID == id {
			return p, nil
		}
	}
	return VenuePlayer{}, fmt.Errorf("venue player %s: %w", id, ErrNotFound)
}

func venuePlayers(r venueReplay) []VenuePlayer {
	type seen struct {
		last    time.Time
		aliases []string
		kiosks  []string
	}
	by := map[string]*seen{}
	tables := map[string]string{} // kiosk → its latest name
	for _, s := range r.seats {
		if s.player == "" {
			continue
		}
		p := by[s.player]
		if p == nil {
			p = &seen{}
			by[s.player] = p
		}
		if s.at.After(p.last) {
			p.last = s.at
		}
		if s.played != "" && !slices.Contains(p.aliases, s.played) {
			p.aliases = append(p.aliases, s.played)
		}
		if !slices.Contains(p.kiosks, s.kiosk) {
			p.kiosks = append(p.kiosks, s.kiosk)
		}
		// Seats come in the venue's order: the last name wins.
		tables[s.kiosk] = cmp.Or(s.table, tables[s.kiosk])
	}
	board := venueBoard(r, "", time.Time{}, 0)
	out := make([]VenuePlayer, len(board))
	for i, b := range board {
		vp := VenuePlayer{ID: b.PlayerID, Name: b.Nickname, Games: b.Games, Wins: b.Wins}
		if p := by[b.PlayerID]; p != nil {
			vp.LastPlayed = p.last
			for _, a := range p.aliases {
				if a != vp.Name {
					vp.Aliases = append(vp.Aliases, a)
				}
			}
			for _, k := range p.kiosks {
				vp.Tables = append(vp.Tables, cmp.Or(tables[k], k))
			}
		}
		out[i] = vp
	}
	return out
}
