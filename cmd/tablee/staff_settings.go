package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablee/tablee/db"
)

// runStaffPIN sets the staff PIN from the first line of standard input, so
// it appears neither in the process list nor in the shell's history. It
// creates the database when the kiosk has not run yet: setting the PIN is
// part of installing a table.
func runStaffPIN(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "staff-pin")
	path := dbFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *path == "" {
		return errors.New("--db is required (no home directory to find the kiosk's database)")
	}
	fmt.Fprintln(e.stderr, "New staff PIN (4 to 12 digits), then Enter:")
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("read the PIN from standard input: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(*path), 0o700); err != nil {
		return err
	}
	d, err := db.Open(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.SetStaffPIN(ctx, strings.TrimSpace(line)); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "staff PIN set in %s\n", d.Path())
	return nil
}

// runTableName shows the table's name, or sets it when given one: the
// kiosk shows it to guests and announces it to phones.
func runTableName(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "table-name")
	path := dbFlag(fs)
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return errUsage
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
		args = fs.Args()[1:]
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	defer d.Close()
	if len(words) == 0 {
		name, err := d.TableName(ctx)
		if err != nil {
			return err
		}
		if name == "" {
			fmt.Fprintln(e.stdout, "(no name set: the kiosk uses its --name flag)")
			return nil
		}
		fmt.Fprintln(e.stdout, name)
		return nil
	}
	name := strings.Join(words, " ")
	if err := d.SetTableName(ctx, name); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "table named %q (the kiosk uses it from its next start)\n", strings.TrimSpace(name))
	return nil
}
