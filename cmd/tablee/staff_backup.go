package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// backupLayout names the files of a backup directory: UTC, so that names
// sort in time order whatever the clocks did.
const (
	backupPrefix = "tablee-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
	// backupLog lists, in the directory, the backups in the order they
	// were written, one name a line: rotation goes by it rather than by
	// the names' times, which a wrong clock (a dead battery, no network)
	// puts in any order.
	backupLog = ".tablee-backups"
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
	now := time.Now().UTC()
	stamp := now.Format(backupStamp)
	if newest := newestBackup(dir); newest != "" && backupPrefix+stamp+backupSuffix < newest {
		fmt.Fprintf(e.stderr, "warning: the clock says %s, earlier than the newest backup's name %s: check the date and time (a dead clock battery?). This backup is kept; older ones are removed in the order they were written.\n",
			now.Format(time.RFC3339), newest)
	}
	to = filepath.Join(dir, backupPrefix+stamp+backupSuffix)
	for n := 2; fileExists(to); n++ {
		// The same second again: a clock that restarts from one date.
		to = filepath.Join(dir, fmt.Sprintf("%s%s-%d%s", backupPrefix, stamp, n, backupSuffix))
	}
	// Written under a name rotation ignores, then renamed: a backup cut
	// short never counts as one of the ones kept.
	partial := filepath.Join(dir, "."+filepath.Base(to)+".partial")
	if err := d.Backup(ctx, partial); err != nil {
		os.Remove(partial)
		return err
	}
	if fileExists(to) {
		os.Remove(partial)
		return fmt.Errorf("backup to %s: the file exists", to)
	}
	if err := os.Rename(partial, to); err != nil {
		return fmt.Errorf("backup to %s: %w", to, err)
	}
	fmt.Fprintf(e.stdout, "backed up %s to %s\n", d.Path(), to)
	return rotate(dir, *keep, filepath.Base(to), e.stdout)
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// newestBackup is the name of dir's backup whose name sorts last.
func newestBackup(dir string) string {
	names, _ := backupNames(dir)
	if len(names) == 0 {
		return ""
	}
	return slices.Max(names)
}

// backupNames lists the files of dir named as runBackup names them.
func backupNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, en := range entries {
		if en.Type().IsRegular() && isBackupName(en.Name()) {
			names = append(names, en.Name())
		}
	}
	return names, nil
}

// rotate removes all but the newest keep backups of dir, newest meaning
// written last: the order of backupLog, where written (just made) is
// appended; backups it does not list (from before it existed) count as
// older, by name. written is never removed. It only touches files named
// as runBackup names them, so anything else staff put there stays.
func rotate(dir string, keep int, written string, out io.Writer) error {
	logPath := filepath.Join(dir, backupLog)
	var order []string
	if data, err := os.ReadFile(logPath); err == nil {
		order = strings.Fields(string(data))
	}
	order = append(slices.DeleteFunc(order, func(n string) bool { return n == written }), written)
	names, err := backupNames(dir)
	if err != nil {
		return fmt.Errorf("rotate backups in %s: %w", dir, err)
	}
	pos := map[string]int{}
	for i, n := range order {
		pos[n] = i + 1
	}
	sort.Slice(names, func(i, j int) bool {
		if pos[names[i]] != pos[names[j]] {
			return pos[names[i]] < pos[names[j]]
		}
		return names[i] < names[j]
	})
	var errs []error
	for keep > 0 && len(names) > keep && names[0] != written {
		p := filepath.Join(dir, names[0])
		if err := os.Remove(p); err != nil {
			errs = append(errs, fmt.Errorf("rotate backups: %w", err))
		} else {
			fmt.Fprintf(out, "removed old backup %s\n", p)
		}
		names = names[1:]
	}
	// The log lists what is left, oldest first.
	tmp := logPath + ".tmp"
	if err := os.WriteFile(tmp, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		return errors.Join(append(errs, fmt.Errorf("backup log: %w", err))...)
	}
	if err := os.Rename(tmp, logPath); err != nil {
		errs = append(errs, fmt.Errorf("backup log: %w", err))
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
	if base, seq, ok := strings.Cut(stamp, "-"); ok {
		if n, err := strconv.Atoi(seq); err != nil || n < 2 || strconv.Itoa(n) != seq {
			return false
		}
		stamp = base
	}
	_, err := time.Parse(backupStamp, stamp)
	return err == nil
}
