package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the database to path while the kiosk
// keeps running (VACUUM INTO reads one snapshot; writers are not blocked).
// It refuses to overwrite an existing file.
func (d *DB) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("backup to %s: the file exists", path)
	}
	// Not the read pool (query_only refuses VACUUM INTO) nor the writer (it
	// would hold up the moves): a connection of its own, reading a snapshot.
	c, err := sql.Open("sqlite3", dsn(d.path, false))
	if err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}
