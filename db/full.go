package db

import (
	"errors"
	"syscall"

	"github.com/mattn/go-sqlite3"
)

// IsFull reports whether err says the database could not be written for
// want of room: SQLite's SQLITE_FULL (the disk is full, or the file
// reached its page limit), or a write that failed with ENOSPC. What was
// refused can be written again once there is room: the kiosk keeps it
// meanwhile (docs/database.md, "A full disk").
func IsFull(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.Code == sqlite3.ErrFull || errors.Is(se.SystemErrno, syscall.ENOSPC)
	}
	return errors.Is(err, syscall.ENOSPC)
}
