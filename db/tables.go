package db

import (
	"context"
	"fmt"
	"strings"
)

// Table is one of the kiosk's physical tables.
type Table struct {
	ID   int64
	Name string
}

// EnsureTable returns the table called name, adding it if it is new.
func (d *DB) EnsureTable(ctx context.Context, name string) (Table, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Table{}, fmt.Errorf("add table: empty name")
	}
	t := Table{Name: name}
	err := d.w.QueryRowContext(ctx,
		`INSERT INTO kiosk_tables (name) VALUES (?)
		 ON CONFLICT (name) DO UPDATE SET name = excluded.name
		 RETURNING id`, name).Scan(&t.ID)
	if err != nil {
		return Table{}, fmt.Errorf("add table %q: %w", name, err)
	}
	return t, nil
}

// Tables lists the kiosk's tables by id.
func (d *DB) Tables(ctx context.Context) ([]Table, error) {
	rows, err := d.r.QueryContext(ctx, "SELECT id, name FROM kiosk_tables ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	defer rows.Close()
	var out []Table
	for rows.Next() {
		var t Table
		if err := rows.Scan(&t.ID, &t.Name); err != nil {
			return nil, fmt.Errorf("list tables: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	return out, nil
}
