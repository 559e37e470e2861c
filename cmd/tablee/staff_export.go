package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/session"
)

func runExport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "export")
	path := dbFlag(fs)
	dir := fs.String("csv", "", "directory to write sessions.csv, seats.csv, results.csv and players.csv into")
	sep := fs.String("sep", ",", `field separator: "," or ";" (French and German spreadsheets expect ";")`)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("--csv DIR is required")
	}
	comma, err := separator(*sep)
	if err != nil {
		return err
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
		write func(context.Context, *db.DB, *db.CSVWriter) error
	}{
		{"sessions.csv", writeSessions},
		{"seats.csv", writeSeats},
		{"results.csv", writeResults},
		{"players.csv", writePlayers},
	} {
		if err := writeCSV(ctx, d, filepath.Join(*dir, f.name), comma, f.write); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, filepath.Join(*dir, f.name))
	}
	return nil
}

func separator(s string) (rune, error) {
	if s == "," || s == ";" {
		r, _ := utf8.DecodeRuneInString(s)
		return r, nil
	}
	return 0, fmt.Errorf(`--sep %q: want "," or ";"`, s)
}

// bom starts every file: without it Excel reads UTF-8 as Windows-1252
// and shows "LÃ©a" for Léa.
const bom = "\uFEFF"

// writeCSV writes one file, replacing it only once it is complete.
func writeCSV(ctx context.Context, d *db.DB, path string, comma rune, write func(context.Context, *db.DB, *db.CSVWriter) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	buf := bufio.NewWriter(tmp)
	buf.WriteString(bom)
	w := db.NewCSVWriter(buf)
	w.Comma = comma
	if err := write(ctx, d, w); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	w.Flush()
	if err := errors.Join(w.Error(), buf.Flush(), tmp.Close()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// csvTime is a time in the kiosk's local time with its UTC offset (RFC
// 3339), so a file read elsewhere or across a clock change is unambiguous.
func csvTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format(time.RFC3339)
}

func writeSessions(ctx context.Context, d *db.DB, w *db.CSVWriter) error {
	sessions, err := d.Sessions(ctx, db.SessionFilter{})
	if err != nil {
		return err
	}
	tables, err := tableNames(ctx, d)
	if err != nil {
		return err
	}
	w.Write([]string{"session", "started", "ended", "table", "game", "options", "seed", "status", "reason", "seats"})
	for _, s := range sessions {
		opts, _ := json.Marshal(s.Options)
		w.Write([]string{s.ID, csvTime(s.StartedAt), csvTime(s.EndedAt), tables[s.TableID], s.Game,
			string(opts), seed(s), string(s.Status), s.Reason, strconv.Itoa(len(s.Seats))})
	}
	return nil
}

// seed shows a session's seed once it is over: with the seed and the move
// log every hand of a game still being played could be rebuilt.
func seed(s session.Record) string {
	if !s.Status.Ended() {
		return ""
	}
	return strconv.FormatUint(s.Seed, 10)
}

// writeSeats writes who sat at each seat of each session, one row per seat
// (a nickname may contain the separator of a joined list).
func writeSeats(ctx context.Context, d *db.DB, w *db.CSVWriter) error {
	sessions, err := d.Sessions(ctx, db.SessionFilter{})
	if err != nil {
		return err
	}
	w.Write([]string{"session", "seat", "kind", "player", "name", "bot_level", "bot_for"})
	for _, s := range sessions {
		for i, st := range s.Seats {
			w.Write([]string{s.ID, strconv.Itoa(i), string(st.Kind), st.PlayerID, st.Name, string(st.BotLevel), st.HandedFrom})
		}
	}
	return nil
}

func writeResults(ctx context.Context, d *db.DB, w *db.CSVWriter) error {
	w.Write([]string{"session", "ended", "game", "seat", "kind", "player", "name", "score", "rank", "winner"})
	return d.EachResult(ctx, func(r db.ResultRow) error {
		return w.Write([]string{r.Session, csvTime(r.EndedAt), r.Game, strconv.Itoa(int(r.Seat)), string(r.Kind),
			r.PlayerID, r.Name, strconv.Itoa(r.Score), strconv.Itoa(r.Rank), yesNo(r.Winner)})
	})
}

func writePlayers(ctx context.Context, d *db.DB, w *db.CSVWriter) error {
	players, err := d.Players(ctx)
	if err != nil {
		return err
	}
	w.Write([]string{"player", "name", "created", "last_seen", "games", "wins", "last_played"})
	for _, p := range players {
		st, err := d.PlayerStats(ctx, p.ID)
		if err != nil {
			return err
		}
		total := st[len(st)-1]
		w.Write([]string{p.ID, p.Shown, csvTime(p.Created), csvTime(p.LastSeen),
			strconv.Itoa(total.Games), strconv.Itoa(total.Wins), csvTime(total.LastPlayed)})
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
