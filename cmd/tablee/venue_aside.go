package main

import (
	"context"
	"flag"
	"fmt"
	"os/user"
	"text/tabwriter"
	"time"

	"github.com/tablee/tablee/db"
)

// The sessions kept aside at a node (docs/venue.md, "Every node checks
// what it is told") from the command line: listed, and those an earlier
// build sent without moves taken back on the staff's word ("Taking an old
// session back"), as the console's « Reprendre » and « Tout reprendre ».

// asideFlags declares tablee venue's flags of the sessions aside.
func asideFlags(fs *flag.FlagSet, f *venueFlags) {
	fs.BoolVar(&f.aside, "aside", false, "list the sessions kept aside at the hub or kiosk whose database --db is (event id, table, game, ended, why), running or not, and exit")
	fs.StringVar(&f.takeBack, "take-back", "", "take back the session of this event id (as --aside lists it), kept aside as unverified (an earlier build's, without moves), into the venue's sessions of the hub or kiosk whose database --db is, running or not, and exit: it is rated and on the boards of that node only, on your word; a session its moves contradict cannot be taken back")
	fs.StringVar(&f.takeBackTable, "take-back-unverified", "", "take back every session of the table of this name (or kiosk id) kept aside as unverified, as --take-back takes one, and exit")
}

// venueAside lists the sessions aside, or takes back what the flags say.
func venueAside(ctx context.Context, e *env, f venueFlags) error {
	d, err := openDB(ctx, f.path)
	if err != nil {
		return err
	}
	defer d.Close()
	by := db.TakeBack{Via: "command", By: "unknown user", At: time.Now()}
	if u, err := user.Current(); err == nil {
		by.By = u.Username
	}
	var taken []db.TakenBack
	switch {
	case f.takeBack != "":
		t, err := d.TakeBackAside(ctx, f.takeBack, by)
		if err != nil {
			return err
		}
		taken = append(taken, t)
	case f.takeBackTable != "":
		if taken, err = d.TakeBackUnverified(ctx, f.takeBackTable, by); err != nil {
			return err
		}
	default:
		return printAside(ctx, e, d)
	}
	for _, t := range taken {
		fmt.Fprintf(e.stdout, "taken back: session %s of table %s (%s, event %s), by %s\n", t.SessionID, t.Table, t.Game, t.EventID, t.By)
	}
	fmt.Fprintf(e.stdout, "%d sessions taken back from aside: rated and on this node's boards (other nodes keep their own copy aside until their staff take it back)\n", len(taken))
	return nil
}

// printAside lists the sessions kept aside, the latest first.
func printAside(ctx context.Context, e *env, d *db.DB) error {
	list, err := d.VenueAside(ctx, 0)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "EVENT\tTABLE\tGAME\tENDED\tWHY")
	for _, a := range list {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", a.EventID, a.Event.Table, a.Event.Game, a.Event.OrderAt().Format(time.RFC3339), a.Refusal)
	}
	return w.Flush()
}
