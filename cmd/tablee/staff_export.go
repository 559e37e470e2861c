package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/tablee/tablee/db"
)

func runExport(ctx context.Context, e *env, args []string) error {
	d, dir, comma, err := exportTo(ctx, e, "export", "sessions.csv, seats.csv, results.csv and players.csv", ",", args)
	if err != nil {
		return err
	}
	defer d.Close()
	// The same files as the staff console's downloads (db.WriteCSV).
	for _, name := range db.CSVExports() {
		file := filepath.Join(dir, name+".csv")
		if err := writeCSV(ctx, d, file, name, comma); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, file)
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

// writeCSV writes one export file, replacing it only once it is complete.
func writeCSV(ctx context.Context, d *db.DB, path, name string, comma rune) error {
	return writeFileWhole(path, func(f *os.File) error { return d.WriteCSV(ctx, f, name, comma) })
}

// writeFileWhole writes path through write into a temporary file beside
// it, put in its place only once complete: a spreadsheet never opens half
// an export.
func writeFileWhole(path string, write func(*os.File) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// exportTo reads an export command's flags (--db, --csv DIR, --sep, with
// sep's default), opens the database and makes DIR; files names what the
// command writes there.
func exportTo(ctx context.Context, e *env, name, files, sep string, args []string) (*db.DB, string, rune, error) {
	fs := newFlags(e, name)
	path := dbFlag(fs)
	dir := fs.String("csv", "", "directory to write "+files+" into")
	usage := `field separator: "," or ";" (French and German spreadsheets expect ";")`
	if sep == ";" {
		usage = `field separator: ";" (French and German spreadsheets) or ","`
	}
	sepFlag := fs.String("sep", sep, usage)
	if err := parse(fs, args); err != nil {
		return nil, "", 0, err
	}
	if *dir == "" {
		return nil, "", 0, errors.New("--csv DIR is required")
	}
	comma, err := separator(*sepFlag)
	if err != nil {
		return nil, "", 0, err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return nil, "", 0, err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		d.Close()
		return nil, "", 0, err
	}
	return d, *dir, comma, nil
}

// runPlays writes DIR/plays.csv: every finished play, one row per player,
// with BoardGameGeek's play fields (db.PlaysColumns).
func runPlays(ctx context.Context, e *env, args []string) error {
	d, dir, comma, err := exportTo(ctx, e, "plays", "plays.csv", ",", args)
	if err != nil {
		return err
	}
	defer d.Close()
	file := filepath.Join(dir, "plays.csv")
	if err := writeFileWhole(file, func(f *os.File) error { return d.WritePlaysCSV(ctx, f, comma) }); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, file)
	return nil
}
