package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/db"
)

// runFigures is tablee figures: the ludothèque's decision lists from the
// plays at the tables (issue 39, docs/catalogue.md), one a line for a
// script or a spreadsheet; the console's « Ludothèque » page has them
// all, with the figures behind them.
func runFigures(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "figures")
	path := dbFlag(fs)
	months := fs.Int("unplayed-months", 0, "print the titles with a box nobody played in the last N months (never played included), one a line, never played first")
	searched := fs.Bool("searched-not-owned", false, "print what guests searched for at the tables and the shelf had nothing for: the latest way it was typed, a tab, how often")
	lang := fs.String("lang", "fr", "the language of the names shown (fr, de, en)")
	scope := fs.String("scope", "auto", "whose plays count: table (this table's), venue (every table's, from the venue's copy), auto (the venue's when the database holds them)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if (*months > 0) == *searched {
		return errors.New("give one of --unplayed-months N (N ≥ 1) and --searched-not-owned")
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if *searched {
		found, err := d.SearchedNotOwned(ctx, time.Time{})
		if err != nil {
			return err
		}
		for _, s := range found {
			// Typed by guests at a table: never let it act on the terminal.
			fmt.Fprintf(e.stdout, "%s\t%d\n", terminalSafe(s.Text), s.Count)
		}
		return nil
	}
	venue := false
	switch *scope {
	case "table":
	case "venue":
		venue = true
	case "auto":
		if venue, err = d.HasVenuePlays(ctx); err != nil {
			return err
		}
	default:
		return fmt.Errorf("--scope %q: want table, venue or auto", *scope)
	}
	now := time.Now()
	figs, err := d.ShelfFigures(ctx, now, venue)
	if err != nil {
		return err
	}
	for _, f := range db.Unplayed(figs, now.AddDate(0, -*months, 0)) {
		fmt.Fprintln(e.stdout, terminalSafe(f.Names.Name(*lang)))
	}
	return nil
}
