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
	fs := newFlags(e, "export")
	path := dbFlag(fs)
	dir := fs.String("csv", "", "directory to write sessions.csv, seats.csv, results.csv and players.csv into")
	sep := fs.String("sep", ",", `field separator: "," or ";" (French and German spreadsheets expect ";")`)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("--csv DIR is required")
	}
	comma, err := separator(*sep)
	if err != nil {
		return err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	// The same files as the staff console's downloads (db.WriteCSV).
	for _, name := range db.CSVExports() {
		file := filepath.Join(*dir, name+".csv")
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
	tmp, err := os.CreateTemp(filepath.Dir(path), ".export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := d.WriteCSV(ctx, tmp, name, comma); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// runPlays writes DIR/plays.csv: every finished play, one row per player,
// with BoardGameGeek's play fields (db.PlaysColumns).
func runPlays(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "plays")
	path := dbFlag(fs)
	dir := fs.String("csv", "", "directory to write plays.csv into")
	sep := fs.String("sep", ",", `field separator: "," or ";" (French and German spreadsheets expect ";")`)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("--csv DIR is required")
	}
	comma, err := separator(*sep)
	if err != nil {
		return err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	file := filepath.Join(*dir, "plays.csv")
	tmp, err := os.CreateTemp(*dir, ".plays-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := d.WritePlaysCSV(ctx, tmp, comma); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, file)
	return nil
}
