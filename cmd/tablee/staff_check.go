package main

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/db"
)

// runCheck runs SQLite's full integrity check, which opening the database
// skips unless a process ended without closing it. It reads the file
// without opening it as a kiosk does, so it also reports on a file too
// damaged to open, and runs beside a playing kiosk.
func runCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "check")
	path := dbFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := db.Check(ctx, *path); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: ok\n", *path)
	return nil
}
