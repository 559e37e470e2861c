package main

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/venue"
)

// dateFormat is how staff give and read dates.
const dateFormat = "2006-01-02"

// openScoped opens the database at path and sets an empty --scope to
// venue on the hub's database and to table elsewhere (tablee sessions,
// tablee leaderboard).
func openScoped(ctx context.Context, path string, scope *string) (*db.DB, error) {
	d, err := openDB(ctx, path)
	if err != nil || *scope != "" {
		return d, err
	}
	hub, err := venue.IsHub(ctx, d)
	if err != nil {
		d.Close()
		return nil, err
	}
	if *scope = "table"; hub {
		*scope = "venue"
	}
	return d, nil
}

// scopeFlag adds --scope with usage, empty by default: openScoped
// chooses then.
func scopeFlag(fs *flag.FlagSet, usage string) *string {
	return fs.String("scope", "", usage)
}

// checkScope refuses a --scope other than table, venue or none.
func checkScope(scope string) error {
	if scope != "" && scope != "table" && scope != "venue" {
		return fmt.Errorf("--scope %q: want table or venue", scope)
	}
	return nil
}

func runSessions(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "sessions")
	path := dbFlag(fs)
	since := fs.String("since", "", "only sessions started on or after this date (YYYY-MM-DD, local time)")
	game := fs.String("game", "", "only this game")
	scope := scopeFlag(fs, "table: this table's sessions; venue: every table's, from the venue's copy (default: venue on the hub's database, table elsewhere)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkScope(*scope); err != nil {
		return err
	}
	f := db.SessionFilter{Game: *game}
	if *since != "" {
		t, err := time.ParseInLocation(dateFormat, *since, time.Local)
		if err != nil {
			return fmt.Errorf("--since %q: want a date like 2026-03-01", *since)
		}
		f.Since = t
	}
	d, err := openScoped(ctx, *path, scope)
	if err != nil {
		return err
	}
	defer d.Close()
	if *scope == "venue" {
		return printVenueSessions(ctx, e, d, f.Since, f.Game)
	}
	sessions, err := d.Sessions(ctx, f)
	if err != nil {
		return err
	}
	tables, err := tableNames(ctx, d)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "ID\tSTARTED\tTABLE\tGAME\tSTATUS\tPLAYERS")
	for _, s := range sessions {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, localTime(s.StartedAt), tables[s.TableID], playedGame(s), s.Status, seatNames(s.Seats))
	}
	return nil
}

// playedGame names a session's game, and for a score sheet the title
// played ("sheet: 7 Wonders"), its control characters dropped: a title
// is typed by people and reaches a terminal.
func playedGame(s session.Record) string {
	title := s.Options["title"]
	if title == "" {
		return s.Game
	}
	return s.Game + ": " + strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, title)
}

func tableNames(ctx context.Context, d *db.DB) (map[int64]string, error) {
	ts, err := d.Tables(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(ts))
	for _, t := range ts {
		names[t.ID] = t.Name
	}
	return names, nil
}

func localTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}

// seatName says who sat at a seat: a nickname, a guest or a bot.
func seatName(s session.Seat) string {
	switch s.Kind {
	case session.Guest:
		if s.Name == "" {
			return "guest"
		}
		return s.Name + " (guest)"
	case session.Bot:
		if s.HandedFrom != "" {
			// A bot took the seat over: say whose it was, as the kiosk does.
			return fmt.Sprintf("bot %s (for %s)", s.BotLevel, s.HandedFrom)
		}
		return "bot " + string(s.BotLevel)
	}
	return s.Name
}

func seatNames(seats []session.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = seatName(s)
	}
	return strings.Join(names, ", ")
}

func runSession(ctx context.Context, e *env, args []string) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, "session"), args, "ID")
	if err != nil {
		return err
	}
	defer d.Close()
	s, err := d.Session(ctx, pos[0])
	if err != nil {
		return err
	}
	rules, err := e.games.Get(s.Game)
	if err != nil {
		// A play of a shelf title is a session of the score sheet,
		// which is not one of the games the CLI offers.
		if r, serr := catalog.Plays().Get(s.Game); serr == nil {
			rules, err = r, nil
		}
	}
	if err != nil {
		return fmt.Errorf("session %s: %w", s.ID, err)
	}
	tables, err := tableNames(ctx, d)
	if err != nil {
		return err
	}
	printSessionHeader(e, s, tables[s.TableID])
	moves, err := d.Moves(ctx, s.ID)
	if err != nil {
		return err
	}
	printMoves(e, rules, s, moves)
	results, err := d.Results(ctx, s.ID)
	if err != nil {
		return err
	}
	printResults(e, s, results)
	return nil
}

func printSessionHeader(e *env, s session.Record, table string) {
	fmt.Fprintf(e.stdout, "session %s\n", s.ID)
	fmt.Fprintf(e.stdout, "game     %s%s\n", s.Game, options(s.Options))
	fmt.Fprintf(e.stdout, "table    %s\n", table)
	// With the seed and the move log every hand of a game still being
	// played could be rebuilt: it is shown once the game has ended, for
	// replay and audit.
	if shown := db.EndedSeed(s); shown != "" {
		fmt.Fprintf(e.stdout, "seed     %s\n", shown)
	} else {
		fmt.Fprintf(e.stdout, "seed     (hidden until the game ends)\n")
	}
	fmt.Fprintf(e.stdout, "status   %s", s.Status)
	if s.Reason != "" {
		fmt.Fprintf(e.stdout, " (%s)", s.Reason)
	}
	fmt.Fprintf(e.stdout, "\nstarted  %s\nended    %s\n", localTime(s.StartedAt), localTime(s.EndedAt))
	for i, st := range s.Seats {
		fmt.Fprintf(e.stdout, "seat %d   %s\n", i, seatName(st))
	}
}

func options(opts map[string]string) string {
	if len(opts) == 0 {
		return ""
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + opts[k]
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// printMoves prints the log one move a line, in the game's own notation.
// A move this build cannot read is shown raw rather than hiding the rest.
func printMoves(e *env, rules engine.Rules, s session.Record, moves []session.Move) {
	fmt.Fprintf(e.stdout, "\n%d moves\n", len(moves))
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	for _, m := range moves {
		text := fmt.Sprintf("%s (unreadable)", m.JSON)
		if r, err := engine.DecodeMove(rules, m.JSON); err == nil {
			text = "take back"
			if !r.TakeBack {
				text = r.Move.String()
			}
		}
		who := "?"
		if m.Seat.Valid(len(s.Seats)) {
			who = seatName(s.Seats[m.Seat])
		}
		fmt.Fprintf(w, "%4d\t%s\t%v\t%s\t%s\n", m.Seq, m.PlayedAt.Local().Format("15:04:05"), m.Seat, who, text)
	}
}

func printResults(e *env, s session.Record, results []db.SeatResult) {
	if len(results) == 0 {
		return
	}
	fmt.Fprintln(e.stdout, "\nresult")
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	for _, r := range results {
		won := ""
		if r.Winner {
			won = "winner"
		}
		fmt.Fprintf(w, "  %d.\t%v\t%s\t%d\t%s\n", r.Rank, r.Seat, seatName(s.Seats[r.Seat]), r.Score, won)
	}
}
