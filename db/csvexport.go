package db

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// CSVBOM starts every CSV file the staff get: without it Excel reads UTF-8
// as Windows-1252 and shows "LÃ©a" for Léa.
const CSVBOM = playcsv.BOM

// CSVExports names the CSV files of an export, in the order they are
// written: sessions, seats, results and players. tablee export writes
// them to a directory, the staff console offers them as downloads; both
// through WriteCSV, so they are the same files.
func CSVExports() []string { return []string{"sessions", "seats", "results", "players"} }

// WriteCSV writes the export name (one of CSVExports) to out: UTF-8 with
// a BOM, comma between cells (',' or ';', which French and German
// spreadsheets expect), every cell through SafeCell.
func (d *DB) WriteCSV(ctx context.Context, out io.Writer, name string, comma rune) error {
	write := map[string]func(context.Context, *CSVWriter) error{
		"sessions": d.csvSessions,
		"seats":    d.csvSeats,
		"results":  d.csvResults,
		"players":  d.csvPlayers,
	}[name]
	if write == nil {
		return fmt.Errorf("export %q: no such file (sessions, seats, results or players)", name)
	}
	return writeCSV(ctx, out, name, comma, write)
}

// writeCSV frames one export: the BOM, the separator, the safe cells
// (playcsv.Frame).
func writeCSV(ctx context.Context, out io.Writer, name string, comma rune, write func(context.Context, *CSVWriter) error) error {
	if err := playcsv.Frame(out, comma, func(w *CSVWriter) error { return write(ctx, w) }); err != nil {
		return fmt.Errorf("export %s: %w", name, err)
	}
	return nil
}

// csvTime is a time in the kiosk's local time with its UTC offset (RFC
// 3339), so a file read elsewhere or across a clock change is unambiguous.
func csvTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format(time.RFC3339)
}

// EndedSeed is a session's seed once it is over, else "": with the seed
// and the move log every hand of a game still being played could be
// rebuilt.
func EndedSeed(s session.Record) string {
	if !s.Status.Ended() {
		return ""
	}
	return strconv.FormatUint(s.Seed, 10)
}

func (d *DB) csvSessions(ctx context.Context, w *CSVWriter) error {
	sessions, err := d.Sessions(ctx, SessionFilter{})
	if err != nil {
		return err
	}
	ts, err := d.Tables(ctx)
	if err != nil {
		return err
	}
	tables := make(map[int64]string, len(ts))
	for _, t := range ts {
		tables[t.ID] = t.Name
	}
	w.Write([]string{"session", "started", "ended", "table", "game", "options", "seed", "status", "reason", "seats"})
	for _, s := range sessions {
		opts, _ := json.Marshal(s.Options)
		w.Write([]string{s.ID, csvTime(s.StartedAt), csvTime(s.EndedAt), tables[s.TableID], s.Game,
			string(opts), EndedSeed(s), string(s.Status), s.Reason, strconv.Itoa(len(s.Seats))})
	}
	return nil
}

// csvSeats writes who sat at each seat of each session, one row per seat
// (a nickname may contain the separator of a joined list).
func (d *DB) csvSeats(ctx context.Context, w *CSVWriter) error {
	sessions, err := d.Sessions(ctx, SessionFilter{})
	if err != nil {
		return err
	}
	w.Write([]string{"session", "seat", "kind", "player", "name", "bot_level", "bot_for"})
	for _, s := range sessions {
		for i, st := range s.Seats {
			w.Write([]string{s.ID, strconv.Itoa(i), string(st.Kind), st.PlayerID, csvName(st.Name), string(st.BotLevel), csvName(st.HandedFrom)})
		}
	}
	return nil
}

func (d *DB) csvResults(ctx context.Context, w *CSVWriter) error {
	w.Write([]string{"session", "ended", "game", "seat", "kind", "player", "name", "score", "rank", "winner"})
	return d.EachResult(ctx, func(r ResultRow) error {
		return w.Write([]string{r.Session, csvTime(r.EndedAt), r.Game, strconv.Itoa(int(r.Seat)), string(r.Kind),
			r.PlayerID, csvName(r.Name), strconv.Itoa(r.Score), strconv.Itoa(r.Rank), yesNo(r.Winner)})
	})
}

// csvName is a seat's name in the exports: an unnamed table guest's
// place (wire.TableGuest's key, or a default name stored in French,
// German or English before it) as "Guest N" — in English, as the files'
// columns and kinds are, whatever language the table spoke — any other
// name as stored.
func csvName(n string) string {
	if place, ok := wire.TableGuestPlace(n); ok {
		return "Guest " + strconv.Itoa(place)
	}
	return n
}

func (d *DB) csvPlayers(ctx context.Context, w *CSVWriter) error {
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
