package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/shelf"
)

// TitleSheet is the staff's score sheet of a catalogue title, as last
// saved: Sheet is nil when the staff gave the title back its ready
// sheet (or the generic one).
type TitleSheet struct {
	TitleID int64
	Version int
	Sheet   *scoresheet.Sheet
	SavedAt time.Time
}

// TitleSheetID is the id of version v of title's staff sheet, as a
// play's setup names it.
func TitleSheetID(title int64, v int) string {
	return "t" + strconv.FormatInt(title, 10) + "-" + strconv.Itoa(v)
}

// SheetKeys are the names a play of t may be started by, which the
// staff's sheet of t stands for in a scoresheet.Library (SetTitle).
func SheetKeys(t shelf.Title) []string { return t.Names.All() }

// SaveTitleSheet stores s as a new version of the title's sheet and
// returns it as stored: its id set to the version's (TitleSheetID), checked
// (a *scoresheet.Invalid names what is wrong, and nothing is stored). A
// nil s gives the title back its ready sheet. ErrNotFound when the
// catalogue has no such title.
func (d *DB) SaveTitleSheet(ctx context.Context, title int64, s *scoresheet.Sheet, at time.Time) (*scoresheet.Sheet, error) {
	var saved *scoresheet.Sheet
	err := d.inTx(ctx, "save a title's score sheet", func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM shelf_titles WHERE id = ?`, title).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("title %d: %w", title, ErrNotFound)
		}
		var v int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM title_sheets WHERE title_id = ?`, title).Scan(&v); err != nil {
			return err
		}
		var data sql.NullString
		if s != nil {
			c := *s
			c.ID = TitleSheetID(title, v)
			if err := c.Check(); err != nil {
				return err
			}
			b, err := json.Marshal(&c)
			if err != nil {
				return err
			}
			data = sql.NullString{String: string(b), Valid: true}
			saved = &c
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO title_sheets (title_id, version, sheet, saved_at) VALUES (?, ?, ?, ?)`,
			title, v, data, fmtTime(at))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("title %d: %w", title, err)
	}
	return saved, nil
}

// TitleSheet reads the title's sheet as the staff last saved it; false
// when they never did.
func (d *DB) TitleSheet(ctx context.Context, title int64) (TitleSheet, bool, error) {
	ts, err := d.titleSheets(ctx, `WHERE title_id = ? ORDER BY version DESC LIMIT 1`, title)
	if err != nil || len(ts) == 0 {
		return TitleSheet{}, false, err
	}
	return ts[0], true, nil
}

// LatestTitleSheets are the titles' sheets as the staff last saved
// them, by title id.
func (d *DB) LatestTitleSheets(ctx context.Context) (map[int64]TitleSheet, error) {
	all, err := d.titleSheets(ctx, `t WHERE version = (SELECT max(version) FROM title_sheets WHERE title_id = t.title_id)`)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]TitleSheet, len(all))
	for _, t := range all {
		out[t.TitleID] = t
	}
	return out, nil
}

// LoadSheets adds every version of the staff's sheets to lib, so that a
// play made on any of them resumes on it, and makes each title's latest
// its sheet (SetTitle, by its names): a new play of the title is made on
// it. A title whose latest save gave it back its ready sheet, or which
// the catalogue no longer has, keeps the ready one.
func (d *DB) LoadSheets(ctx context.Context, lib *scoresheet.Library) error {
	all, err := d.titleSheets(ctx, `ORDER BY title_id, version`)
	if err != nil {
		return err
	}
	latest := map[int64]TitleSheet{}
	for _, t := range all {
		latest[t.TitleID] = t
		if t.Sheet == nil {
			continue
		}
		if _, have := lib.Get(t.Sheet.ID); have {
			continue // loaded before (a table reopened on the same library)
		}
		if err := lib.Add(t.Sheet); err != nil {
			return fmt.Errorf("load score sheets: %w", err)
		}
	}
	for id, t := range latest {
		if t.Sheet == nil {
			continue
		}
		title, err := d.Title(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("load score sheets: %w", err)
		}
		s, _ := lib.Get(t.Sheet.ID)
		if err := lib.SetTitle(s, SheetKeys(title)...); err != nil {
			return fmt.Errorf("load score sheets: %w", err)
		}
	}
	return nil
}

func (d *DB) titleSheets(ctx context.Context, where string, args ...any) ([]TitleSheet, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT title_id, version, sheet, saved_at FROM title_sheets `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("read score sheets: %w", err)
	}
	defer rows.Close()
	var out []TitleSheet
	for rows.Next() {
		var t TitleSheet
		var data sql.NullString
		var at string
		if err := rows.Scan(&t.TitleID, &t.Version, &data, &at); err != nil {
			return nil, fmt.Errorf("read score sheets: %w", err)
		}
		if t.SavedAt, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("read score sheets: %w", err)
		}
		if data.Valid {
			if t.Sheet, err = scoresheet.Parse([]byte(data.String)); err != nil {
				return nil, fmt.Errorf("read score sheet of title %d, version %d: %w", t.TitleID, t.Version, err)
			}
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
