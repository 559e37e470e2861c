package db

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"time"

	"github.com/tablee/tablee/shelf/shelfcsv"
)

// keyShelfSeeded marks a database whose catalogue was started, by the
// demo shelf or by an import: the demo is never loaded twice, so a
// catalogue the staff emptied stays empty.
const keyShelfSeeded = "shelf_seeded"

// seedShelf loads the embedded demo shelf (shelfcsv.Demo: the four engine
// games and some fifty well-known titles) into a database that has no
// catalogue yet, so a fresh kiosk's shelf is not empty. The staff's
// first import replaces it (ImportCatalogue).
func seedShelf(ctx context.Context, w *sql.DB) error {
	tx, err := w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("demo shelf: %w", err)
	}
	defer tx.Rollback()
	var seeded, titles int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM settings WHERE key = ?), (SELECT count(*) FROM shelf_titles)`,
		keyShelfSeeded).Scan(&seeded, &titles); err != nil {
		return fmt.Errorf("demo shelf: %w", err)
	}
	if seeded > 0 {
		return nil
	}
	if titles == 0 {
		demo, err := shelfcsv.Demo()
		if err != nil {
			return err
		}
		// The database has no clock of its own; the demo's rows say when
		// they were written only for the staff reading the file.
		if _, err := importTitles(ctx, tx, demo, originDemo, time.Now()); err != nil {
			return fmt.Errorf("demo shelf: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)`, keyShelfSeeded, "demo"); err != nil {
		return fmt.Errorf("demo shelf: %w", err)
	}
	return tx.Commit()
}

// WriteCatalogueCSV writes the catalogue in the staff spreadsheet's
// columns (shelfcsv.Header: one row per copy, one per wish), UTF-8 with a
// BOM, comma ',' or ';', every cell through SafeCell: tablee catalogue
// import --csv reads it back.
func (d *DB) WriteCatalogueCSV(ctx context.Context, out io.Writer, comma rune) error {
	return writeCSV(ctx, out, "catalogue", comma, func(ctx context.Context, w *CSVWriter) error {
		titles, err := d.Titles(ctx)
		if err != nil {
			return err
		}
		if err := w.Write(shelfcsv.Header()); err != nil {
			return err
		}
		for _, row := range shelfcsv.Rows(titles) {
			if err := w.Write(row); err != nil {
				return err
			}
		}
		return nil
	})
}
