package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/wire"
)

// playerUsage is tablee player's help (and so its part of the man page).
const playerUsage = `usage: tablee player list | stats ID | rename ID NICKNAME | merge FROM_ID INTO_ID | forget ID | scrub  [--db PATH]
  list, rename, merge and forget take --scope table|venue: table, a table's own players (the
  default on a kiosk's database); venue, the venue's players, one phone one player at every
  table (the default on the venue hub's database, where alone they are renamed, merged and
  forgotten; on a kiosk's database, list shows its read-only copy). A venue forget asks first
  (--yes answers for you). tablee player SUBCOMMAND -h lists its flags.
`

func runPlayer(ctx context.Context, e *env, args []string) error {
	subs := map[string]func(context.Context, *env, []string) error{
		"list":   runPlayerList,
		"rename": runPlayerRename,
		"merge":  runPlayerMerge,
		"forget": runPlayerForget,
		"scrub":  runPlayerScrub,
		"stats":  runPlayerStats,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		fmt.Fprint(e.stderr, playerUsage)
		return errUsage
	}
	return subs[args[0]](ctx, e, args[1:])
}

// runPlayerList prints one line per player: the name boards show, the
// other names they used, whether a phone identifies them, and their games;
// with --scope venue, the venue's players (printVenuePlayers).
func runPlayerList(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "player list")
	path := dbFlag(fs)
	scope := scopeFlag(fs, "table: this table's own players; venue: the venue's, one phone one player at every table, from the venue's copy (default: venue on the hub's database, table elsewhere)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkScope(*scope); err != nil {
		return err
	}
	d, err := openScoped(ctx, *path, scope)
	if err != nil {
		return err
	}
	defer d.Close()
	if *scope == "venue" {
		return printVenuePlayers(ctx, e, d)
	}
	players, err := d.Players(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "ID\tNAME\tALSO KNOWN AS\tPHONE\tGAMES\tWINS\tLAST PLAYED")
	for _, p := range players {
		st, err := d.PlayerStats(ctx, p.ID)
		if err != nil {
			return err
		}
		total := st[len(st)-1]
		phone := "no"
		if p.Keys > 0 {
			phone = "yes"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%s\n", p.ID, terminalSafe(p.Shown), terminalSafe(aliases(p)), phone, total.Games, total.Wins, localTime(total.LastPlayed))
	}
	return nil
}

// terminalSafe shows a name stored before names were cleaned (or by an
// older kiosk) without letting it act on the staff's terminal: control and
// formatting characters (escape sequences, bidirectional overrides) are
// written as Go escapes, as %q does.
func terminalSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsPrint(r) {
			b.WriteRune(r)
		} else {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

// aliases lists the names a player used besides the current one.
func aliases(p db.Player) string {
	var other []string
	for _, a := range p.Aliases {
		if a != p.Nickname {
			other = append(other, a)
		}
	}
	if len(other) == 0 {
		return "-"
	}
	return strings.Join(other, " / ")
}

func runPlayerRename(ctx context.Context, e *env, args []string) error {
	return onPlayers(ctx, e, args, playerCmd{name: "player rename", want: []string{"ID", "NICKNAME"},
		venue: func(d *db.DB, pos []string) error { return renameVenuePlayer(ctx, e, d, pos[0], pos[1]) },
		table: func(d *db.DB, old []db.Player, pos []string) error {
			name, err := cleanName(pos[1])
			if err != nil {
				return err
			}
			if err := d.RenamePlayer(ctx, old[0].ID, name); err != nil {
				return err
			}
			now, err := d.Player(ctx, old[0].ID)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "renamed %s from %q to %q\n", old[0].ID, old[0].Shown, now.Shown)
			return nil
		}})
}

// cleanName is nickname by the phones' rule, so that staff and guests
// name players alike (wire.CleanName: 1 to 24 printable characters, NFC).
func cleanName(nickname string) (string, error) {
	name, werr := wire.CleanName(nickname)
	if werr != nil {
		return "", fmt.Errorf("player rename: %s", werr.Message)
	}
	return name, nil
}

// playerCmd is a player subcommand that works on players given by id.
type playerCmd struct {
	name string   // "player rename"
	want []string // its positional arguments' names
	// more adds its flags besides --db (and --scope), or is nil.
	more func(*flag.FlagSet)
	// venue does it with --scope venue on the hub's database; nil for a
	// command of a table's players only (no --scope).
	venue func(d *db.DB, pos []string) error
	// table does it to a table's players: those whose IDs come first
	// among the positional arguments (every name in want ending in _ID
	// or equal to ID), with all the positional arguments.
	table func(d *db.DB, ps []db.Player, pos []string) error
}

// onPlayers parses args for c, opens the database of the --db flag and
// runs c in its scope (venue by default on the hub's database, as tablee
// sessions). The venue's players are the hub's alone to change: on a
// kiosk's database, whose venue players are its copy of the hub's, it
// refuses.
func onPlayers(ctx context.Context, e *env, args []string, c playerCmd) error {
	fs := newFlags(e, c.name)
	path := dbFlag(fs)
	scope := new(string)
	if c.venue != nil {
		scope = scopeFlag(fs, "table: this table's own players; venue: the venue's, at every table (default: venue on the hub's database, table elsewhere)")
	}
	if c.more != nil {
		c.more(fs)
	}
	pos, err := parseArgs(fs, args, c.want...)
	if err != nil {
		return err
	}
	if err := checkScope(*scope); err != nil {
		return err
	}
	if c.venue == nil {
		*scope = "table"
	}
	d, err := openScoped(ctx, *path, scope)
	if err != nil {
		return err
	}
	defer d.Close()
	if *scope == "venue" {
		if err := onlyAtTheHub(ctx, d, c.name); err != nil {
			return err
		}
		return c.venue(d, pos)
	}
	var ps []db.Player
	for i, w := range c.want {
		if w != "ID" && !strings.HasSuffix(w, "_ID") {
			continue
		}
		p, err := d.Player(ctx, pos[i])
		if err != nil {
			return err
		}
		ps = append(ps, p)
	}
	return c.table(d, ps, pos)
}

func runPlayerMerge(ctx context.Context, e *env, args []string) error {
	return onPlayers(ctx, e, args, playerCmd{name: "player merge", want: []string{"FROM_ID", "INTO_ID"},
		venue: func(d *db.DB, pos []string) error { return mergeVenuePlayers(ctx, e, d, pos[0], pos[1]) },
		table: func(d *db.DB, ps []db.Player, _ []string) error {
			from, into := ps[0], ps[1]
			if err := d.MergePlayers(ctx, from.ID, into.ID); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "merged %q (%s) into %q (%s); ratings recomputed\n", from.Shown, from.ID, into.Shown, into.ID)
			return nil
		}})
}

func runPlayerForget(ctx context.Context, e *env, args []string) error {
	var yes *bool
	return onPlayers(ctx, e, args, playerCmd{name: "player forget", want: []string{"ID"},
		more: func(fs *flag.FlagSet) {
			yes = fs.Bool("yes", false, "with --scope venue: forget without asking first (a table's forget does not ask)")
		},
		venue: func(d *db.DB, pos []string) error { return forgetVenuePlayer(ctx, e, d, pos[0], *yes) },
		table: func(d *db.DB, ps []db.Player, _ []string) error {
			err := d.ForgetPlayer(ctx, ps[0].ID)
			if err != nil && !errors.Is(err, db.ErrTraceLeft) {
				return err
			}
			fmt.Fprintf(e.stdout, "forgot player %s: phone keys, names, ratings and stats removed; their seats are anonymous\n", ps[0].ID)
			if err != nil {
				// Old copies remain in free pages or the log: say so, and fail.
				return fmt.Errorf("%w; when the kiosk is idle, run: tablee player scrub", err)
			}
			fmt.Fprintln(e.stdout, "the database file was rebuilt and its log emptied: no copy of their names or key is left in it (backups made earlier still hold them)")
			return nil
		}})
}

// runPlayerScrub finishes a forget that could not rebuild the file or
// empty its log because the kiosk was busy with it.
func runPlayerScrub(ctx context.Context, e *env, args []string) error {
	d, _, err := openWithArgs(ctx, newFlags(e, "player scrub"), args)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Scrub(ctx); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "the database file was rebuilt and its log emptied: no copy of deleted rows is left in it")
	return nil
}

func runPlayerStats(ctx context.Context, e *env, args []string) error {
	return onPlayers(ctx, e, args, playerCmd{name: "player stats", want: []string{"ID"},
		table: func(d *db.DB, ps []db.Player, _ []string) error { return printStats(ctx, e, d, ps[0]) }})
}

func printStats(ctx context.Context, e *env, d *db.DB, p db.Player) error {
	stats, err := d.PlayerStats(ctx, p.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s (%s), also known as %s, first seen %s, last seen %s\n", terminalSafe(p.Shown), p.ID, terminalSafe(aliases(p)), localTime(p.Created), localTime(p.LastSeen))
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "GAME\tPLAYED\tWINS\tBEST\tLAST PLAYED\tRATING\tRATED GAMES")
	for _, st := range stats {
		if st.Game == "" {
			// Scores of different games do not add up to a best.
			fmt.Fprintf(w, "all games\t%d\t%d\t-\t%s\t-\t-\n", st.Games, st.Wins, localTime(st.LastPlayed))
			continue
		}
		r, err := d.Rating(ctx, p.ID, st.Game)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%s\t%s\t%s\n", st.Game, st.Games, st.Wins, st.BestScore, localTime(st.LastPlayed), rating(r), ratedGames(r))
	}
	return nil
}
