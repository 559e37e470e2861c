package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/tablee/tablee/db"
)

// staffCommands returns the commands that read and maintain a kiosk's
// database (leaderboards, sessions, exports, backups).
func staffCommands() map[string]command {
	return map[string]command{
		"leaderboard": {"show a game's leaderboard for this week, this month or all time", runLeaderboard},
		"sessions":    {"list the sessions played, with their players and winners", runSessions},
		"session":     {"show one session's move-by-move log", runSession},
		"export":      {"write sessions, results and players as CSV files", runExport},
		"plays":       {"write every finished play with BoardGameGeek's play fields as CSV", runPlays},
		"catalogue":   {"import, search or export the ludothèque's shelf (BoardGameGeek's export or the staff's spreadsheet)", runCatalogue},
		"figures":     {"the ludothèque's lists: titles nobody played for N months, what guests searched for and the shelf lacks", runFigures},
		"backup":      {"copy the database to a file while the kiosk runs", runBackup},
		"check":       {"run the full integrity check of the database", runCheck},
		"player":      {"list, rename, merge or forget players (a table's, or the venue's on the hub)", runPlayer},
		"staff-pin":   {"set the staff PIN (read from standard input), stored hashed", runStaffPIN},
		"table-name":  {"show or set the table's name", runTableName},
	}
}

// dbFlag adds --db, defaulting to the kiosk's database.
func dbFlag(fs *flag.FlagSet) *string {
	def, err := db.DefaultPath()
	if err != nil {
		def = ""
	}
	return fs.String("db", def, "the kiosk's database file")
}

// openDB opens an existing database: a mistyped --db must not leave a new
// empty database behind.
func openDB(ctx context.Context, path string) (*db.DB, error) {
	if path == "" {
		return nil, errors.New("--db is required (no home directory to find the kiosk's database)")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no database at %s (--db): %w", path, err)
	}
	return db.Open(ctx, path)
}

// openWithArgs adds --db to fs, parses args for the positional arguments
// want names, and opens the database: the start of every staff command
// that works on one thing (a session, a player, a backup file).
func openWithArgs(ctx context.Context, fs *flag.FlagSet, args []string, want ...string) (*db.DB, []string, error) {
	path := dbFlag(fs)
	pos, err := parseArgs(fs, args, want...)
	if err != nil {
		return nil, nil, err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return nil, nil, err
	}
	return d, pos, nil
}

// parseArgs parses flags that may come before, between or after want
// positional arguments, and returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string, want ...string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errUsage
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != len(want) {
		fmt.Fprintf(fs.Output(), "usage: %s [flags] %s\n", fs.Name(), strings.Join(want, " "))
		return nil, errUsage
	}
	return pos, nil
}
