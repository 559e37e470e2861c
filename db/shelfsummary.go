package db

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/tablee/tablee/shelf"
)

// ShelfSummary is what the console's catalogue page shows of the
// shelf: its counts and the boxes at tables now, counted and read in
// SQL rather than from every title and box read back (Titles: 22 MB a
// page at 9,000 titles, docs/performance.md).
type ShelfSummary struct {
	Titles   int // titles with at least one box
	Copies   int // boxes
	Wishes   int // titles with no box that the table does not play itself
	AtTables int // boxes at a table now
	Out      []OutCopy
}

// OutCopy is a box at a table now with its title's names.
type OutCopy struct {
	shelf.Copy
	Title shelf.Names
}

// withExtra scans a row into a scanner's columns and then extra ones:
// scanCopy's columns followed by a join's.
type withExtra struct {
	s     scanner
	extra []any
}

func (w withExtra) Scan(dest ...any) error { return w.s.Scan(append(dest, w.extra...)...) }

// ShelfSummary counts the shelf and lists the boxes at tables now, by
// table then since, in one read transaction: the counts and the list
// are the same moment's.
func (d *DB) ShelfSummary(ctx context.Context) (ShelfSummary, error) {
	var s ShelfSummary
	tx, err := d.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s, fmt.Errorf("summarise the shelf: %w", err)
	}
	defer tx.Rollback()
	// A wish is a title with no box and no engine of the table's own
	// (as the page counted them from Titles: an engine stored NULL or '').
	err = tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM shelf_titles t WHERE EXISTS (SELECT 1 FROM shelf_copies c WHERE c.title_id = t.id)),
			(SELECT count(*) FROM shelf_copies),
			(SELECT count(*) FROM shelf_titles t WHERE coalesce(t.engine, '') = ''
				AND NOT EXISTS (SELECT 1 FROM shelf_copies c WHERE c.title_id = t.id)),
			(SELECT count(*) FROM shelf_copies WHERE status = 'table')`).Scan(&s.Titles, &s.Copies, &s.Wishes, &s.AtTables)
	if err != nil {
		return s, fmt.Errorf("count the shelf: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT c.id, c.title_id, c.shelf, c.ean, c.condition, c.acquired, c.status, c.table_name, c.since,
			t.name_fr, t.name_de, t.name_en, t.name_original
		FROM shelf_copies c JOIN shelf_titles t ON t.id = c.title_id
		WHERE c.status = 'table' ORDER BY c.table_name, c.since, c.id`)
	if err != nil {
		return s, fmt.Errorf("copies at tables: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var o OutCopy
		o.Copy, err = scanCopy(withExtra{rows, []any{&o.Title.FR, &o.Title.DE, &o.Title.EN, &o.Title.Original}})
		if err != nil {
			return s, fmt.Errorf("copies at tables: %w", err)
		}
		s.Out = append(s.Out, o)
	}
	if err := rows.Err(); err != nil {
		return s, fmt.Errorf("copies at tables: %w", err)
	}
	return s, nil
}
