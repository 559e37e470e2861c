package window

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// records serves the screens' screen.Records from the database: the one
// place where the kiosk's window meets SQL.
type records struct {
	d         *db.DB
	games     *engine.Registry
	exportDir string
	tableName string
	// venue is the table's side of the venue; nil for a kiosk run
	// without one.
	venue *venue.Desk
}

func (r records) Leaderboard(ctx context.Context, game string, p screen.Period, limit int) ([]screen.Standing, error) {
	return r.board(ctx, r.d.Leaderboard, game, p, limit)
}

func (r records) VenueLeaderboard(ctx context.Context, game string, p screen.Period, limit int) ([]screen.Standing, error) {
	return r.board(ctx, r.d.VenueLeaderboard, game, p, limit)
}

func (r records) Venue(ctx context.Context) (screen.VenueState, error) {
	return venueState(ctx, r.venue)
}

// board is a leaderboard as screens show it, from one of the database's.
func (r records) board(ctx context.Context, get func(context.Context, string, time.Time, int) ([]db.Standing, error),
	game string, p screen.Period, limit int) ([]screen.Standing, error) {
	since, err := db.Period(p).Start(time.Now())
	if err != nil {
		return nil, err
	}
	rows, err := get(ctx, game, since, limit)
	if err != nil {
		return nil, err
	}
	out := make([]screen.Standing, len(rows))
	for i, s := range rows {
		out[i] = screen.Standing{Place: s.Place, Name: s.Nickname, Guest: s.Guest, Games: s.Games, Wins: s.Wins, Points: s.Points,
			Rated: s.Rating.Games > 0, Rating: s.Rating.Ordinal(), Provisional: s.Rating.Provisional}
	}
	return out, nil
}

// who are the seats as screens name them: a player's or guest's name, a
// bot's level and whose seat it took over; nothing for an unnamed guest
// (the screen says "Seat N").
func who(seats []session.Seat) []screen.Who {
	out := make([]screen.Who, len(seats))
	for i, s := range seats {
		out[i] = seatWho(s)
	}
	return out
}

func seatWho(s session.Seat) screen.Who {
	if s.Kind == session.Bot {
		return screen.Who{Bot: s.BotLevel, BotFor: s.HandedFrom}
	}
	return screen.Who{Name: s.Name, Guest: s.Kind == session.Guest}
}

func (r records) Sessions(ctx context.Context, limit int) ([]screen.SessionSummary, error) {
	list, err := r.d.Sessions(ctx, db.SessionFilter{})
	if err != nil {
		return nil, err
	}
	var out []screen.SessionSummary
	for i := len(list) - 1; i >= 0 && len(out) < limit; i-- { // newest first
		s := list[i]
		sum := screen.SessionSummary{ID: s.ID, Game: s.Game, Status: string(s.Status), Started: s.StartedAt, Players: who(s.Seats)}
		if !s.EndedAt.IsZero() {
			sum.Duration = s.EndedAt.Sub(s.StartedAt)
		}
		if s.Status == session.Finished {
			res, err := r.d.Results(ctx, s.ID)
			if err != nil {
				return nil, err
			}
			for _, x := range res {
				if x.Winner {
					sum.Winners = append(sum.Winners, x.Seat)
				}
			}
		}
		out = append(out, sum)
	}
	return out, nil
}

func (r records) Replay(ctx context.Context, id string) (screen.ReplayData, error) {
	s, err := r.d.Session(ctx, id)
	if err != nil {
		return screen.ReplayData{}, err
	}
	rules, err := r.games.Get(s.Game)
	if err != nil {
		return screen.ReplayData{}, err
	}
	logged, err := r.d.Moves(ctx, id)
	if err != nil {
		return screen.ReplayData{}, err
	}
	d := screen.ReplayData{Rules: rules, Setup: engine.Setup{Seats: len(s.Seats), Options: s.Options, Seed: s.Seed},
		Seats: who(s.Seats), Started: s.StartedAt}
	var log []engine.Record
	for _, m := range logged {
		rec, err := engine.DecodeMove(rules, m.JSON)
		if err != nil {
			return screen.ReplayData{}, fmt.Errorf("session %s move %d: %w", id, m.Seq, err)
		}
		log = append(log, rec)
		d.FinalHash = m.StateHash
	}
	// The replay shows the game as it was played on: the moves taken
	// back by agreement are left out, as the log's take-backs say.
	if d.Moves, err = engine.Standing(log); err != nil {
		return screen.ReplayData{}, fmt.Errorf("session %s: %w", id, err)
	}
	return d, nil
}

func (r records) Outcome(ctx context.Context, id string) ([]screen.SeatOutcome, error) {
	s, err := r.d.Session(ctx, id)
	if err != nil {
		return nil, err
	}
	res, err := r.d.Results(ctx, id)
	if err != nil {
		return nil, err
	}
	changes, err := r.d.RatingChanges(ctx, id)
	if err != nil {
		return nil, err
	}
	byseat := map[int]db.RatingChange{}
	for _, c := range changes {
		byseat[c.Seat] = c
	}
	out := make([]screen.SeatOutcome, len(res))
	for i, x := range res {
		o := screen.SeatOutcome{Seat: x.Seat, Rank: x.Rank, Score: x.Score}
		if int(x.Seat) < len(s.Seats) {
			w := seatWho(s.Seats[x.Seat])
			o.Name, o.Bot, o.BotFor = w.Name, w.Bot, w.BotFor
		}
		if c, ok := byseat[int(x.Seat)]; ok {
			o.Rated, o.Before, o.After = true, c.Before.Ordinal(), c.After.Ordinal()
		}
		out[i] = o
	}
	return out, nil
}

func (r records) Figures(ctx context.Context, now time.Time) (screen.Figures, error) {
	list, err := r.d.Sessions(ctx, db.SessionFilter{Statuses: []session.Status{session.Finished}})
	if err != nil {
		return screen.Figures{}, err
	}
	week, _ := db.Week.Start(now)
	month, _ := db.Month.Start(now)
	byGame := map[string]*screen.GameFigures{}
	var f screen.Figures
	var total = map[string]time.Duration{}
	for _, s := range list {
		g := byGame[s.Game]
		if g == nil {
			g = &screen.GameFigures{Game: s.Game}
			byGame[s.Game] = g
		}
		g.Total++
		if !s.StartedAt.Before(week) {
			g.Week++
		}
		if !s.StartedAt.Before(month) {
			g.Month++
		}
		total[s.Game] += s.EndedAt.Sub(s.StartedAt)
		f.Hours[s.StartedAt.Local().Hour()]++
	}
	for _, id := range r.games.IDs() {
		g := byGame[id]
		if g == nil {
			g = &screen.GameFigures{Game: id}
		}
		if g.Total > 0 {
			g.AvgDuration = total[id] / time.Duration(g.Total)
		}
		f.Games = append(f.Games, *g)
	}
	f.Shelf, err = r.shelfFigures(ctx, now)
	return f, err
}

// Export writes the results export (db.WriteCSV's results.csv, the file
// tablee export and the staff console give) for French and German
// spreadsheets: UTF-8 with a BOM and ";" between cells. The file appears
// under its name only once complete.
func (r records) Export(ctx context.Context) (string, error) {
	if err := os.MkdirAll(r.exportDir, 0o755); err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	path := filepath.Join(r.exportDir, "tablee-results-"+time.Now().Format("2006-01-02-1504")+".csv")
	tmp, err := os.CreateTemp(r.exportDir, ".export-*")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	err = r.d.WriteCSV(ctx, tmp, "results", ';')
	if err = errors.Join(err, tmp.Close()); err != nil {
		return "", fmt.Errorf("export %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	return path, nil
}

func (r records) TableName(ctx context.Context) (string, error) {
	n, err := r.d.TableName(ctx)
	if n == "" {
		n = r.tableName
	}
	return n, err
}

func (r records) DefaultOptions(ctx context.Context, game string) (map[string]string, error) {
	return r.d.DefaultOptions(ctx, game)
}

func (r records) SetDefaultOptions(ctx context.Context, game string, opts map[string]string) error {
	rules, err := r.games.Get(game)
	if err != nil {
		return err
	}
	info := rules.Info()
	if _, err := info.CheckSetup(engine.Setup{Seats: info.MaxSeats, Options: opts}); err != nil {
		return err
	}
	return r.d.SetDefaultOptions(ctx, game, opts)
}
