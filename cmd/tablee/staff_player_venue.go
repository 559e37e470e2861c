package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/venue"
)

// The venue's players (tablee player … --scope venue): one phone is one
// player at every table (docs/venue.md, "Players at every table"). Every
// node lists them from its copy of the venue; only the hub renames,
// merges and forgets them, with the functions its staff console calls
// (db.RenameVenuePlayer and the others): an event of the hub's outbox
// that its publisher sends into the venue stream, whether the hub runs
// in this process or not (it polls its outbox for events other processes
// queued).

// printVenuePlayers lists the venue's players by name: the name every
// board shows, the other names they played under, the tables they played
// at, their games and wins, and their last game, each with the id the
// other subcommands take.
func printVenuePlayers(ctx context.Context, e *env, d *db.DB) error {
	players, err := d.VenuePlayers(ctx)
	if err != nil {
		return err
	}
	hub, err := venue.IsHub(ctx, d)
	if err != nil {
		return err
	}
	if !hub {
		fmt.Fprintln(e.stdout, "the venue's players, from this table's copy (the venue hub renames, merges and forgets them)")
	}
	// By name, as the hub's console lists them.
	slices.SortStableFunc(players, func(a, b db.VenuePlayer) int {
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	fmt.Fprintln(w, "ID\tNAME\tALSO KNOWN AS\tTABLES\tGAMES\tWINS\tLAST PLAYED")
	for _, p := range players {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%s\n", p.ID, terminalSafe(p.Name), terminalSafe(joined(p.Aliases)),
			terminalSafe(joined(p.Tables)), p.Games, p.Wins, localTime(p.LastPlayed))
	}
	return nil
}

// joined is names one after the other, "-" for none.
func joined(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, " / ")
}

// onlyAtTheHub refuses to change the venue's players on a database that
// is not the hub's: a kiosk's venue players are its copy of the hub's,
// and an event of a kiosk's naming venue players is refused by every
// node (only the hub may name them).
func onlyAtTheHub(ctx context.Context, d *db.DB, cmd string) error {
	hub, err := venue.IsHub(ctx, d)
	if err != nil || hub {
		return err
	}
	return fmt.Errorf("%s --scope venue: this is a table's database, whose venue players are a copy of the hub's: only the venue hub renames, merges and forgets them; use the hub's staff console (Players), or tablee %s … --db on the hub's database (--scope table changes this table's own players)", cmd, cmd)
}

// venuePlayer is the venue player id, or an error saying it is unknown.
func venuePlayer(ctx context.Context, d *db.DB, id string) (db.VenuePlayer, error) {
	p, err := d.VenuePlayer(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return p, fmt.Errorf("no venue player %s (tablee player list shows their ids)", id)
	}
	return p, err
}

// renameVenuePlayer names the venue player id on every table's venue
// boards, the name cleaned as on the wire.
func renameVenuePlayer(ctx context.Context, e *env, d *db.DB, id, nickname string) error {
	name, err := cleanName(nickname)
	if err != nil {
		return err
	}
	old, err := venuePlayer(ctx, d, id)
	if err != nil {
		return err
	}
	if err := d.RenameVenuePlayer(ctx, id, name); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "renamed venue player %s from %q to %q on every table's venue boards (each table's own boards keep the name that table knows)\n", id, old.Name, name)
	return nil
}

// mergeVenuePlayers joins venue player from into into on every table's
// venue boards.
func mergeVenuePlayers(ctx context.Context, e *env, d *db.DB, from, into string) error {
	f, err := venuePlayer(ctx, d, from)
	if err != nil {
		return err
	}
	t, err := venuePlayer(ctx, d, into)
	if err != nil {
		return err
	}
	if err := d.MergeVenuePlayers(ctx, from, into); err != nil {
		return err
	}
	// The merged player's id is derived from the smallest identity
	// token of either: it is one of the two.
	now := into
	if _, err := d.VenuePlayer(ctx, into); errors.Is(err, db.ErrNotFound) {
		now = from
	}
	fmt.Fprintf(e.stdout, "merged venue player %q (%s) into %q (%s) on every table's venue boards, now %s; ratings recomputed (each table's own boards keep them apart)\n",
		f.Name, from, t.Name, into, now)
	return nil
}

// forgetVenuePlayer forgets the venue player id at their request, at
// every table, once the staff said yes (or gave --yes).
func forgetVenuePlayer(ctx context.Context, e *env, d *db.DB, id string, yes bool) error {
	p, err := venuePlayer(ctx, d, id)
	if err != nil {
		return err
	}
	name := terminalSafe(p.Name)
	fmt.Fprintf(e.stdout, `Forget %s (%s) at every table of the venue? This erases, at every table and here:
  - the name %s and every other name they played under (%s), in every game's results;
  - the player at each table that knew them (%s): their phones, names, ratings and statistics, as the table's own forget does;
  - the names the staff gave them.
The games they played stay, with an anonymous guest in their seat; ratings are worked out again. A table switched off now forgets them when it is back. Backups and exports made earlier still hold their data. This cannot be undone.
`, name, id, name, terminalSafe(joined(p.Aliases)), terminalSafe(joined(p.Tables)))
	if !yes {
		fmt.Fprint(e.stdout, "Type yes to forget them: ")
		if !saidYes(e) {
			return errors.New("not forgotten (answer yes, or give --yes)")
		}
	}
	err = d.ForgetVenuePlayer(ctx, id)
	if err != nil && !errors.Is(err, db.ErrTraceLeft) {
		return err
	}
	fmt.Fprintf(e.stdout, "forgot venue player %s: every table forgets them as the hub's event reaches it\n", id)
	if err != nil {
		// The hub busy with its file: old copies remain in free pages
		// or the log.
		return fmt.Errorf("%w; when the hub is idle, run: tablee player scrub --db on the hub's database", err)
	}
	fmt.Fprintln(e.stdout, "the hub's database file was rebuilt and its log emptied: no copy of their names is left in it (backups made earlier still hold them)")
	return nil
}

// saidYes reads the staff's answer: yes, and nothing else, is a yes.
func saidYes(e *env) bool {
	if e.stdin == nil {
		return false
	}
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	if err != nil && line == "" {
		return false
	}
	return strings.EqualFold(strings.TrimSpace(line), "yes")
}
