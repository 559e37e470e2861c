package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/wire"
)

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
		fmt.Fprintln(e.stderr, "usage: tablee player list | stats ID | rename ID NICKNAME | merge FROM_ID INTO_ID | forget ID | scrub  [--db PATH]")
		return errUsage
	}
	return subs[args[0]](ctx, e, args[1:])
}

// runPlayerList prints one line per player: the name boards show, the
// other names they used, whether a phone identifies them, and their games.
func runPlayerList(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "player list")
	path := dbFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
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
	return onPlayers(ctx, e, "player rename", args, []string{"ID", "NICKNAME"}, func(d *db.DB, old []db.Player, pos []string) error {
		// The phones' rule, so that staff and guests name players alike
		// (wire.CleanName: 1 to 24 printable characters, NFC).
		name, werr := wire.CleanName(pos[1])
		if werr != nil {
			return fmt.Errorf("player rename: %s", werr.Message)
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
	})
}

// onPlayers opens the database of args' --db flag, finds the players whose
// IDs come first among the positional arguments want names (every name
// ending in _ID or equal to ID), and runs fn with them and all the
// positional arguments.
func onPlayers(ctx context.Context, e *env, cmd string, args, want []string, fn func(d *db.DB, ps []db.Player, pos []string) error) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, cmd), args, want...)
	if err != nil {
		return err
	}
	defer d.Close()
	var ps []db.Player
	for i, w := range want {
		if w != "ID" && !strings.HasSuffix(w, "_ID") {
			continue
		}
		p, err := d.Player(ctx, pos[i])
		if err != nil {
			return err
		}
		ps = append(ps, p)
	}
	return fn(d, ps, pos)
}

func runPlayerMerge(ctx context.Context, e *env, args []string) error {
	return onPlayers(ctx, e, "player merge", args, []string{"FROM_ID", "INTO_ID"}, func(d *db.DB, ps []db.Player, _ []string) error {
		from, into := ps[0], ps[1]
		if err := d.MergePlayers(ctx, from.ID, into.ID); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "merged %q (%s) into %q (%s); ratings recomputed\n", from.Shown, from.ID, into.Shown, into.ID)
		return nil
	})
}

func runPlayerForget(ctx context.Context, e *env, args []string) error {
	return onPlayers(ctx, e, "player forget", args, []string{"ID"}, func(d *db.DB, ps []db.Player, _ []string) error {
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
	})
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
	return onPlayers(ctx, e, "player stats", args, []string{"ID"}, func(d *db.DB, ps []db.Player, _ []string) error {
		return printStats(ctx, e, d, ps[0])
	})
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
