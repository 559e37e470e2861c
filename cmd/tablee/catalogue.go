package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelfcsv"
)

// runCatalogue is tablee catalogue import|search|export: the ludothèque's
// shelf (docs/catalogue.md).
func runCatalogue(ctx context.Context, e *env, args []string) error {
	subs := map[string]func(context.Context, *env, []string) error{
		"import": runCatalogueImport,
		"search": runCatalogueSearch,
		"export": runCatalogueExport,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		fmt.Fprintln(e.stderr, "usage: tablee catalogue import --db FILE (--bgg-csv FILE | --csv FILE)\n"+
			"       tablee catalogue search --db FILE [--players N] [--minutes M] [--age A] [--coop] [TEXT]\n"+
			"       tablee catalogue export --db FILE --csv DIR [--sep ;]")
		return errUsage
	}
	return subs[args[0]](ctx, e, args[1:])
}

// runCatalogueImport reads a file whole, then imports it in one
// transaction: a bad line imports nothing.
func runCatalogueImport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "catalogue import")
	path := dbFlag(fs)
	bgg := fs.String("bgg-csv", "", "BoardGameGeek's collection export (CSV), as it comes")
	staff := fs.String("csv", "", "the staff's spreadsheet (CSV, columns in docs/catalogue.md)")
	lang := fs.String("lang", "fr", "the language of BGG names the collection shows for a version (fr, de, en)")
	dry := fs.Bool("dry-run", false, "say what would change, change nothing")
	if err := parse(fs, args); err != nil {
		return err
	}
	if (*bgg == "") == (*staff == "") {
		return errors.New("give one of --bgg-csv FILE and --csv FILE")
	}
	file := *bgg + *staff
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	var res shelfcsv.Result
	if *bgg != "" {
		res, err = shelfcsv.ReadBGG(f, shelfcsv.BGGOptions{Lang: *lang})
	} else {
		res, err = shelfcsv.ReadStaff(f)
	}
	if err != nil {
		var fe *shelfcsv.Error
		if errors.As(err, &fe) {
			fmt.Fprintln(e.stderr, fe.Error())
			return fmt.Errorf("%s: %d bad lines, nothing imported", file, len(fe.Lines))
		}
		return fmt.Errorf("%s: %w", file, err)
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	do := d.ImportCatalogue
	if *dry {
		do = d.PreviewImport
	}
	r, err := do(ctx, res.Titles, time.Now())
	if err != nil {
		return err
	}
	if *dry {
		fmt.Fprint(e.stdout, "dry run, nothing written: ")
	}
	fmt.Fprintln(e.stdout, r.Summary())
	fmt.Fprintf(e.stdout, "new titles=%d updated=%d unchanged=%d; copies new=%d updated=%d removed=%d kept at a table=%d; demo titles removed=%d; expansions left aside=%d\n",
		r.NewTitles, r.UpdatedTitles, r.UnchangedTitles, r.NewCopies, r.UpdatedCopies, r.RemovedCopies, r.KeptAtTable, r.DemoRemoved, res.Expansions)
	return nil
}

// runCatalogueSearch is the table's search from the terminal: the same
// shelf.Index, one title a line with its shelf codes.
func runCatalogueSearch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "catalogue search")
	path := dbFlag(fs)
	var q shelf.Query
	fs.IntVar(&q.Players, "players", 0, "how many play")
	fs.IntVar(&q.Minutes, "minutes", 0, "how long they have, in minutes")
	fs.IntVar(&q.Age, "age", 0, "the youngest player's age")
	fs.BoolVar(&q.Coop, "coop", false, "cooperative titles only")
	fs.BoolVar(&q.Wishes, "wishes", false, "also titles the house does not own")
	fs.IntVar(&q.Limit, "limit", 20, "at most this many titles")
	lang := fs.String("lang", "fr", "the language of the names shown (fr, de, en)")
	words, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	q.Text = strings.Join(words, " ")
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	titles, err := d.Titles(ctx)
	if err != nil {
		return err
	}
	for _, m := range shelf.NewIndex(titles).Search(q) {
		fmt.Fprintln(e.stdout, searchLine(m.Title, *lang))
	}
	return nil
}

// searchLine is a title as the search prints it: name, box facts, shelf
// codes (and where the copies not on their shelf are).
func searchLine(t shelf.Title, lang string) string {
	var facts []string
	if t.MinPlayers > 0 {
		p := fmt.Sprint(t.MinPlayers)
		if t.MaxPlayers > t.MinPlayers {
			p += fmt.Sprint("–", t.MaxPlayers)
		}
		facts = append(facts, p+" players")
	}
	if t.MaxMinutes > 0 {
		m := fmt.Sprint(t.MaxMinutes)
		if t.MinMinutes > 0 && t.MinMinutes < t.MaxMinutes {
			m = fmt.Sprint(t.MinMinutes, "–", t.MaxMinutes)
		}
		facts = append(facts, m+" min")
	}
	if t.MinAge > 0 {
		facts = append(facts, fmt.Sprint(t.MinAge, "+"))
	}
	if t.Kind != shelf.Unknown {
		facts = append(facts, string(t.Kind))
	}
	var where []string
	for _, c := range t.Copies {
		switch c.Status {
		case shelf.OnShelf:
			where = append(where, c.Shelf)
		case shelf.AtTable:
			where = append(where, fmt.Sprintf("%s (at %s since %s)", c.Shelf, c.Table, c.Since.Local().Format("15:04")))
		default:
			where = append(where, fmt.Sprintf("%s (%s)", c.Shelf, c.Status))
		}
	}
	switch {
	case t.Engine != "":
		where = []string{"on this table"}
	case len(where) == 0:
		where = []string{"not owned"}
	}
	return fmt.Sprintf("%s\t%s\t%s", t.Names.Name(lang), strings.Join(facts, ", "), strings.Join(where, " "))
}

// parseInterleaved parses flags that may come after the words typed
// ("carcassonne --players 3") and returns the words.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errUsage
		}
		if fs.NArg() == 0 {
			return words, nil
		}
		words = append(words, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// runCatalogueExport writes catalogue.csv, which --csv imports back.
func runCatalogueExport(ctx context.Context, e *env, args []string) error {
	d, dir, comma, err := exportTo(ctx, e, "catalogue export", "catalogue.csv", ";", args)
	if err != nil {
		return err
	}
	defer d.Close()
	file := filepath.Join(dir, "catalogue.csv")
	if err := writeFileWhole(file, func(f *os.File) error { return d.WriteCatalogueCSV(ctx, f, comma) }); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, file)
	return nil
}
