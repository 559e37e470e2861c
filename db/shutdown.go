package db

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A full integrity check reads the whole file (0.8 s on a 100k-session
// database), so Open runs it only when the file may be damaged: after a
// process that had it open ended without closing it (a crash, a kill, a
// power cut). Every DB leaves a marker file beside the database while it is
// open, "<db>.open-<pid>-<random>", holding the identity of its process (boot
// id and start time, so a reused pid or a reboot is told apart), synced to
// disk before Open returns; Close removes it. A marker whose process is gone
// means an unclean end. `tablee check` runs the full check on demand.

// markerPrefix is the start of the names of path's markers.
func markerPrefix(path string) string { return filepath.Base(path) + ".open-" }

// processIdentity names a running process: the boot and the process's
// start time, which together never repeat. "" where /proc cannot tell.
func processIdentity(pid int) string {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// The command name (field 2) may hold spaces: count fields after it.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(string(stat[i+1:]))
	const startTime = 22 - 3 // field 22, counted from field 3
	if len(f) <= startTime {
		return ""
	}
	return strings.TrimSpace(string(boot)) + " " + f[startTime]
}

// uncleanMarkers lists the markers of path left by processes that are gone.
// ok is false when this system cannot tell (no /proc): then every open is
// treated as after an unclean end.
func uncleanMarkers(path string) (stale []string, ok bool, err error) {
	if processIdentity(os.Getpid()) == "" {
		return nil, false, nil
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return nil, true, fmt.Errorf("open database %s: %w", path, err)
	}
	prefix := markerPrefix(path)
	for _, e := range entries {
		rest, found := strings.CutPrefix(e.Name(), prefix)
		if !found {
			continue
		}
		p := filepath.Join(filepath.Dir(path), e.Name())
		pid, _, _ := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		content, rerr := os.ReadFile(p)
		if errors.Is(rerr, fs.ErrNotExist) {
			continue // closed meanwhile
		}
		if err != nil || rerr != nil || processIdentity(n) != string(content) {
			stale = append(stale, p)
		}
	}
	return stale, true, nil
}

// writeMarker records that this process has path open, durably.
func writeMarker(path string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), markerPrefix(path)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return "", fmt.Errorf("open database %s: %w", path, err)
	}
	_, err = f.WriteString(processIdentity(os.Getpid()))
	err = errors.Join(err, f.Sync(), f.Close())
	if err == nil {
		err = syncDir(filepath.Dir(path))
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("open database %s: mark it open: %w", path, err)
	}
	return f.Name(), nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// Check runs SQLite's full integrity check on the database at path and
// returns an error listing what is damaged, if anything. It works on a file
// too damaged for Open, and while a kiosk has the file open.
func Check(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("check database: %w", err)
	}
	c, err := sql.Open("sqlite3", dsn(path, true))
	if err != nil {
		return fmt.Errorf("check database %s: %w", path, err)
	}
	defer c.Close()
	return integrityCheck(ctx, c, path)
}

// OpenElsewhere reports whether another process has this database open
// now: a live process's marker other than this handle's. Commands that
// must not run beside a kiosk or a hub (tablee venue --rebuild) ask it.
// It reports false where the system cannot tell (no /proc).
func (d *DB) OpenElsewhere() (bool, error) {
	if processIdentity(os.Getpid()) == "" {
		return false, nil
	}
	entries, err := os.ReadDir(filepath.Dir(d.path))
	if err != nil {
		return false, fmt.Errorf("database %s: %w", d.path, err)
	}
	prefix := markerPrefix(d.path)
	for _, e := range entries {
		rest, found := strings.CutPrefix(e.Name(), prefix)
		p := filepath.Join(filepath.Dir(d.path), e.Name())
		if !found || p == d.marker {
			continue
		}
		pid, _, _ := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		content, rerr := os.ReadFile(p)
		if err == nil && rerr == nil && processIdentity(n) == string(content) {
			return true, nil
		}
	}
	return false, nil
}
