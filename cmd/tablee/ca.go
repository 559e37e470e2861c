package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/tablee/tablee/proto/tlscert"
)

// runCA makes the venue's certificate authority once, beside the
// database of the hub (or the first table), and prints its fingerprint
// (docs/install.md, "A console the browser trusts"): the hub then issues
// its own console's certificate and every table's as it pairs; a table
// holding it issues its own. Run again, it prints the same authority.
func runCA(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "ca")
	path := fs.String("db", "", "the database of the hub (or of the table) that keeps the venue's certificate authority")
	out := fs.String("cert", "", "also write the authority's certificate (no key) to this file, to install on the staff's devices")
	if err := parse(fs, args); err != nil {
		return err
	}
	d, err := openDB(ctx, *path)
	if err != nil {
		return err
	}
	d.Close()
	dir := tlscert.ConsoleDir(*path)
	ca, made, err := tlscert.CreateCA(dir, time.Now())
	if err != nil {
		return err
	}
	if made {
		fmt.Fprintf(e.stdout, "venue certificate authority made in %s (its key stays there, mode 0600: back the folder up with the database)\n", dir)
	} else {
		fmt.Fprintf(e.stdout, "venue certificate authority already made in %s\n", dir)
	}
	fmt.Fprintf(e.stdout, "ca fingerprint=%s words=%s\n", ca.Fingerprint(), tlscert.Phrase(ca.Fingerprint()))
	if *out != "" {
		if err := os.WriteFile(*out, ca.PEM(), 0o644); err != nil {
			return fmt.Errorf("--cert: %w", err)
		}
		fmt.Fprintf(e.stdout, "its certificate written to %s\n", *out)
	}
	fmt.Fprintln(e.stdout, "restart the hub (or the table) for its console to use a certificate from it; tables pair again to get theirs")
	return nil
}
