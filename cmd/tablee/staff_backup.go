package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// backupLayout names the files of a backup directory: UTC, so that names
// sort in time order whatever the clocks did.
const (
	backupPrefix = "tablee-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
)

func runBackup(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "backup")
	keep := fs.Int("keep", 14, "with a directory: how many backups to keep there (0 keeps all)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablee backup [--db FILE] [--keep N] FILE|DIR")
		fmt.Fprintln(fs.Output(), "A FILE is written once (never overwritten); into an existing DIR goes a new")
		fmt.Fprintln(fs.Output(), backupPrefix+"YYYYMMDDTHHMMSSZ"+backupSuffix+" and only the newest --keep of those stay.")
		fs.PrintDefaults()
	}
	d, pos, err := openWithArgs(ctx, fs, args, "FILE|DIR")
	if err != nil {
		return err
	}
	defer d.Close()
	if *keep < 0 {
		return fmt.Errorf("--keep %d: must be 0 or more", *keep)
	}
	to, err := filepath.Abs(pos[0])
	if err != nil {
		return err
	}
	if st, err := os.Stat(to); err != nil || !st.IsDir() {
		if err := d.Backup(ctx, to); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "backed up %s to %s\n", d.Path(), to)
		return nil
	}
	dir := to
	to = filepath.Join(dir, backupPrefix+time.Now().UTC().Format(backupStamp)+backupSuffix)
	// Written under a name rotation ignores, then renamed: a backup cut
	// short never counts as one of the ones kept.
	partial := filepath.Join(dir, "."+filepath.Base(to)+".partial")
	if err := d.Backup(ctx, partial); err != nil {
		os.Remove(partial)
		return err
	}
	if _, err := os.Stat(to); err == nil {
		os.Remove(partial)
		return fmt.Errorf("backup to %s: the file exists", to)
	}
	if err := os.Rename(partial, to); err != nil {
		return fmt.Errorf("backup to %s: %w", to, err)
	}
	fmt.Fprintf(e.stdout, "backed up %s to %s\n", d.Path(), to)
	return rotate(dir, *keep, e.stdout)
}

// rotate removes all but the newest keep backups of dir. It only touches
// files named as runBackup names them, so anything else staff put there
// stays.
func rotate(dir string, keep int, out io.Writer) error {
	if keep == 0 {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("rotate backups in %s: %w", dir, err)
	}
	var names []string
	for _, en := range entries {
		if en.Type().IsRegular() && isBackupName(en.Name()) {
			names = append(names, en.Name())
		}
	}
	sort.Strings(names)
	var errs []error
	for len(names) > keep {
		p := filepath.Join(dir, names[0])
		if err := os.Remove(p); err != nil {
			errs = append(errs, fmt.Errorf("rotate backups: %w", err))
		} else {
			fmt.Fprintf(out, "removed old backup %s\n", p)
		}
		names = names[1:]
	}
	return errors.Join(errs...)
}

func isBackupName(name string) bool {
	stamp, ok := strings.CutPrefix(name, backupPrefix)
	if !ok {
		return false
	}
	if stamp, ok = strings.CutSuffix(stamp, backupSuffix); !ok {
		return false
	}
	_, err := time.Parse(backupStamp, stamp)
	return err == nil
}
