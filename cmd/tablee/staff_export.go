package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/tablee/tablee/db"
)

func runExport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "export")
	path := dbFlag(fs)
	dir := fs.String("csv", "", "directory to write sessions.csv, results.csv and players.csv into")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("--csv DIR is required")
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name  string
		write func(context.Context, *db.DB, *csv.Writer) error
	}{
		{"sessions.csv", writeSessions},
		{"results.csv", writeResults},
		{"players.csv", writePlayers},
	} {
		if err := writeCSV(ctx, d, filepath.Join(*dir, f.name), f.write); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, filepath.Join(*dir, f.name))
	}
	return nil
}

// writeCSV writes one file, replacing it only once it is complete.
func writeCSV(ctx context.Context, d *db.DB, path string, write func(context.Context, *db.DB, *csv.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := csv.NewWriter(tmp)
	if err := write(ctx, d, w); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	w.Flush()
	if err := errors.Join(w.Error(), tmp.Close()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// csvTime is a time spreadsheets recognise, in the kiosk's local time.
func csvTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

func writeSessions(ctx context.Context, d *db.DB, w *csv.Writer) error {
	sessions, err := d.Sessions(ctx, db.SessionFilter{})
	if err != nil {
		return err
	}
	tables, err := tableNames(ctx, d)
	if err != nil {
		return err
	}
	w.Write([]string{"session", "started", "ended", "table", "game", "options", "seed", "status", "reason", "players"})
	for _, s := range sessions {
		opts, _ := json.Marshal(s.Options)
		w.Write([]string{s.ID, csvTime(s.StartedAt), csvTime(s.EndedAt), tables[s.TableID], s.Game,
			string(opts), strconv.FormatUint(s.Seed, 10), string(s.Status), s.Reason, seatNames(s.Seats)})
	}
	return nil
}

func writeResults(ctx context.Context, d *db.DB, w *csv.Writer) error {
	w.Write([]string{"session", "ended", "game", "seat", "kind", "player", "name", "score", "rank", "winner"})
	return d.EachResult(ctx, func(r db.ResultRow) error {
		return w.Write([]string{r.Session, csvTime(r.EndedAt), r.Game, strconv.Itoa(int(r.Seat)), string(r.Kind),
			r.PlayerID, r.Name, strconv.Itoa(r.Score), strconv.Itoa(r.Rank), yesNo(r.Winner)})
	})
}

func writePlayers(ctx context.Context, d *db.DB, w *csv.Writer) error {
	players, err := d.Players(ctx)
	if err != nil {
		return err
	}
	w.Write([]string{"player", "nickname", "created", "last_seen", "games", "wins", "best_score", "last_played"})
	for _, p := range players {
		st, err := d.PlayerStats(ctx, p.ID)
		if err != nil {
			return err
		}
		total := st[len(st)-1]
		w.Write([]string{p.ID, p.Nickname, csvTime(p.Created), csvTime(p.LastSeen),
			strconv.Itoa(total.Games), strconv.Itoa(total.Wins), strconv.Itoa(total.BestScore), csvTime(total.LastPlayed)})
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
