package db

import (
	"context"
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
	if _, err := d.r.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}
