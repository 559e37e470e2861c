package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations returns the migration scripts in order; script i (from 0)
// brings the schema from version i to version i+1.
func migrations() ([]string, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	scripts := make([]string, len(names))
	for i, n := range names {
		b, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		scripts[i] = string(b)
	}
	return scripts, nil
}

// SchemaVersion is the schema version this build writes.
func SchemaVersion() int {
	m, _ := migrations() // embedded: cannot fail once the tests pass
	return len(m)
}

// migrate brings the schema of w to the latest version, each step in its own
// transaction, recording the version in PRAGMA user_version. The version is
// read inside each step's transaction, so two processes opening a new file
// at once do not both run a step.
func migrate(ctx context.Context, w *sql.DB) error {
	scripts, err := migrations()
	if err != nil {
		return fmt.Errorf("read migrations: %w", err)
	}
	for {
		done, err := step(ctx, w, scripts)
		if err != nil || done {
			return err
		}
	}
}

// step applies the next migration, or reports that none is left.
func step(ctx context.Context, w *sql.DB, scripts []string) (done bool, err error) {
	tx, err := w.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var have int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have); err != nil {
		return false, fmt.Errorf("read schema version: %w", err)
	}
	switch {
	case have > len(scripts):
		return false, fmt.Errorf("schema version %d is newer than this Tablée knows (%d): the file was written by a newer Tablée; upgrade instead of using this version", have, len(scripts))
	case have == len(scripts):
		return true, nil
	}
	to := have + 1
	if _, err := tx.ExecContext(ctx, scripts[have]); err != nil {
		return false, fmt.Errorf("migrate to schema %d: %w", to, err)
	}
	// user_version is part of the transaction: a failed step leaves it as it was.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", to)); err != nil {
		return false, fmt.Errorf("migrate to schema %d: %w", to, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrate to schema %d: %w", to, err)
	}
	return false, nil
}
