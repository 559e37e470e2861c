package table

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// ErrTableRunning says that another kiosk already runs on the database:
// two kiosks on one database would both resume its session and fight over
// its phones (the second used to die on "address already in use" only
// after it had resumed the session).
var ErrTableRunning = errors.New("another kiosk is already running on this database")

// lockPath is the lock file beside the database at dbPath.
func lockPath(dbPath string) string { return dbPath + ".lock" }

// lockDB takes the kiosk's lock on the database at dbPath: an exclusive
// flock on a file beside it, held until the returned file is closed. The
// operating system lets it go when the process ends, however it ends (a
// kill -9 or a power cut leaves no stale lock, unlike a PID file), so a
// kiosk restarted after a crash always gets it.
func lockDB(dbPath string) (*os.File, error) {
	f, err := os.OpenFile(lockPath(dbPath), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("table: lock the database: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (%s): stop that kiosk first, or give this one another database with --db", ErrTableRunning, dbPath)
		}
		return nil, fmt.Errorf("table: lock the database %s: %w", dbPath, err)
	}
	return f, nil
}
