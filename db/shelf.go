package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/shelf"
)

// The database is the ludothèque's shelf (docs/catalogue.md).
var _ shelf.Library = (*DB)(nil)

// dateFormat is how a copy's acquired date is stored: a day, no time.
const dateFormat = "2006-01-02"

const titleColumns = `id, name_fr, name_de, name_en, name_original, bgg_id, year,
	min_players, max_players, best_players, min_minutes, max_minutes, min_age,
	kind, language_dependence, engine`

const copyColumns = `id, title_id, shelf, ean, condition, acquired, status, table_name, since`

type scanner interface{ Scan(dest ...any) error }

func scanTitle(s scanner) (shelf.Title, error) {
	var t shelf.Title
	var bgg sql.NullInt64
	var best, kind string
	var engine sql.NullString
	err := s.Scan(&t.ID, &t.Names.FR, &t.Names.DE, &t.Names.EN, &t.Names.Original, &bgg, &t.Year,
		&t.MinPlayers, &t.MaxPlayers, &best, &t.MinMinutes, &t.MaxMinutes, &t.MinAge,
		&kind, &t.LanguageDependence, &engine)
	if err != nil {
		return t, err
	}
	t.BGGID = int(bgg.Int64)
	t.Kind = shelf.Kind(kind)
	t.Engine = engine.String
	t.BestPlayers, err = parseCounts(best)
	if err != nil {
		return t, fmt.Errorf("title %d: %w", t.ID, err)
	}
	return t, nil
}

func scanCopy(s scanner) (shelf.Copy, error) {
	var c shelf.Copy
	var acquired, table, since sql.NullString
	var status string
	if err := s.Scan(&c.ID, &c.TitleID, &c.Shelf, &c.EAN, &c.Condition, &acquired, &status, &table, &since); err != nil {
		return c, err
	}
	c.Status = shelf.Status(status)
	c.Table = table.String
	var err error
	if acquired.Valid {
		if c.Acquired, err = time.Parse(dateFormat, acquired.String); err != nil {
			return c, fmt.Errorf("copy %d: acquired %q: %w", c.ID, acquired.String, err)
		}
	}
	if c.Since, err = parseNullTime(since); err != nil {
		return c, fmt.Errorf("copy %d: %w", c.ID, err)
	}
	return c, nil
}

// fmtCounts stores best counts as "3,4"; parseCounts reads them back.
func fmtCounts(counts []int) string {
	s := make([]string, len(counts))
	for i, n := range counts {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

func parseCounts(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("stored best counts %q: %w", s, err)
		}
		out = append(out, n)
	}
	return out, nil
}

func fmtDate(t time.Time) sql.NullString {
	if t.IsZero() {
		return sql.NullString{}
	}
	return sql.NullString{String: t.Format(dateFormat), Valid: true}
}

// Titles is the whole catalogue, each title with its copies, in id
// order: what an shelf.Index is built from.
func (d *DB) Titles(ctx context.Context) ([]shelf.Title, error) {
	// One read transaction: the titles and their copies are the same moment's.
	tx, err := d.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("read the catalogue: %w", err)
	}
	defer tx.Rollback()
	titles, err := readTitles(ctx, tx, "")
	if err != nil {
		return nil, fmt.Errorf("read the catalogue: %w", err)
	}
	return titles, nil
}

// readTitles reads the titles (those of where, a condition on
// shelf_titles, when not empty) and their copies.
func readTitles(ctx context.Context, q querier, where string, args ...any) ([]shelf.Title, error) {
	query := `SELECT ` + titleColumns + ` FROM shelf_titles`
	copies := `SELECT ` + copyColumns + ` FROM shelf_copies`
	if where != "" {
		query += ` WHERE ` + where
		copies += ` WHERE title_id IN (SELECT id FROM shelf_titles WHERE ` + where + `)`
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var titles []shelf.Title
	at := map[int64]int{}
	for rows.Next() {
		t, err := scanTitle(rows)
		if err != nil {
			return nil, err
		}
		at[t.ID] = len(titles)
		titles = append(titles, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	crows, err := q.QueryContext(ctx, copies+` ORDER BY title_id, id`, args...)
	if err != nil {
		return nil, err
	}
	defer crows.Close()
	for crows.Next() {
		c, err := scanCopy(crows)
		if err != nil {
			return nil, err
		}
		if i, ok := at[c.TitleID]; ok {
			titles[i].Copies = append(titles[i].Copies, c)
		}
	}
	return titles, crows.Err()
}

// querier is what reads need of a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Title reads one title with its copies; ErrNotFound when there is none.
func (d *DB) Title(ctx context.Context, id int64) (shelf.Title, error) {
	ts, err := readTitles(ctx, d.r, "id = ?", id)
	if err != nil {
		return shelf.Title{}, fmt.Errorf("read title %d: %w", id, err)
	}
	if len(ts) == 0 {
		return shelf.Title{}, fmt.Errorf("title %d: %w", id, ErrNotFound)
	}
	return ts[0], nil
}

// Copy reads one copy; shelf.ErrNoCopy when there is none.
func (d *DB) Copy(ctx context.Context, id int64) (shelf.Copy, error) {
	return readCopy(ctx, d.r, id)
}

func readCopy(ctx context.Context, q querier, id int64) (shelf.Copy, error) {
	c, err := scanCopy(q.QueryRowContext(ctx, `SELECT `+copyColumns+` FROM shelf_copies WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("copy %d: %w", id, shelf.ErrNoCopy)
	}
	if err != nil {
		return c, fmt.Errorf("read copy %d: %w", id, err)
	}
	return c, nil
}

// Take marks a copy as at table since at. Taking a copy the table
// already has changes nothing; a copy at another table is refused with
// shelf.ErrTaken. A copy said lent or missing that a group holds is here
// after all: it goes to the table.
func (d *DB) Take(ctx context.Context, copyID int64, table string, at time.Time) error {
	if table == "" {
		return fmt.Errorf("take copy %d: no table named", copyID)
	}
	err := d.inTx(ctx, "take a copy", func(tx *sql.Tx) error {
		c, err := readCopy(ctx, tx, copyID)
		if err != nil {
			return err
		}
		if c.Status == shelf.AtTable {
			if c.Table == table {
				return nil
			}
			return fmt.Errorf("copy %d is at %s: %w", copyID, c.Table, shelf.ErrTaken)
		}
		if _, err = tx.ExecContext(ctx, `UPDATE shelf_copies SET status = 'table', table_name = ?, since = ? WHERE id = ?`,
			table, fmtTime(at), copyID); err != nil {
			return err
		}
		// Its stay at the table, for its figures (shelf_loans); a stay
		// left open by anything else ends here.
		if err := endLoan(ctx, tx, copyID, fmtTime(at)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO shelf_loans (copy_id, table_name, taken_at) VALUES (?, ?, ?)`,
			copyID, table, fmtTime(at)); err != nil {
			return err
		}
		return d.queueCopyEvent(ctx, tx, copyID, shelf.AtTable, table, at)
	})
	if err == nil {
		d.signalOutbox()
	}
	return err
}

// endLoan closes a copy's open stay at a table, if it has one.
func endLoan(ctx context.Context, tx *sql.Tx, copyID int64, at string) error {
	_, err := tx.ExecContext(ctx, `UPDATE shelf_loans SET returned_at = ? WHERE copy_id = ? AND returned_at IS NULL`, at, copyID)
	return err
}

// Return puts a copy back on its shelf; a non-empty note (trimmed) is
// kept for the staff with the copy, the table and its kind ("" is
// shelf.NoteOther). A copy at another table is refused with
// shelf.ErrTaken: that table has it.
func (d *DB) Return(ctx context.Context, copyID int64, table string, kind shelf.NoteKind, note string, at time.Time) error {
	note = strings.TrimSpace(note)
	kind, ok := shelf.ParseNoteKind(string(kind))
	if !ok {
		return fmt.Errorf("return copy %d: note kind %q: want damage, missing or other", copyID, kind)
	}
	err := d.inTx(ctx, "return a copy", func(tx *sql.Tx) error {
		c, err := readCopy(ctx, tx, copyID)
		if err != nil {
			return err
		}
		if c.Status == shelf.AtTable && c.Table != table {
			return fmt.Errorf("copy %d is at %s: %w", copyID, c.Table, shelf.ErrTaken)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE shelf_copies SET status = 'shelf', table_name = NULL, since = NULL WHERE id = ?`, copyID); err != nil {
			return err
		}
		if err := endLoan(ctx, tx, copyID, fmtTime(at)); err != nil {
			return err
		}
		if err := d.queueCopyEvent(ctx, tx, copyID, shelf.OnShelf, table, at); err != nil {
			return err
		}
		if note == "" {
			return nil
		}
		return insertNote(ctx, tx, copyID, table, kind, note, at)
	})
	if err == nil {
		d.signalOutbox()
	}
	return err
}

func insertNote(ctx context.Context, tx *sql.Tx, copyID int64, table string, kind shelf.NoteKind, text string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO shelf_notes (copy_id, table_name, kind, text, at) VALUES (?, ?, ?, ?, ?)`,
		copyID, table, string(kind), text, fmtTime(at))
	return err
}

// AddNote is the staff writing a note on a box wherever it is (a
// damage seen on the shelf, pieces found missing at a lesson): by, the
// staff's word for who wrote it, stands where a table's name would.
// shelf.ErrNoCopy when there is no such box; an empty text is refused.
func (d *DB) AddNote(ctx context.Context, copyID int64, by string, kind shelf.NoteKind, text string, at time.Time) error {
	text = strings.TrimSpace(text)
	k, ok := shelf.ParseNoteKind(string(kind))
	switch {
	case !ok:
		return fmt.Errorf("note on copy %d: kind %q: want damage, missing or other", copyID, kind)
	case text == "":
		return fmt.Errorf("note on copy %d: no words", copyID)
	}
	return d.inTx(ctx, "note a copy", func(tx *sql.Tx) error {
		if _, err := readCopy(ctx, tx, copyID); err != nil {
			return err
		}
		return insertNote(ctx, tx, copyID, by, k, text, at)
	})
}

// AtTable lists the copies at table now, the longest there first.
func (d *DB) AtTable(ctx context.Context, table string) ([]shelf.Copy, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT `+copyColumns+` FROM shelf_copies
		WHERE table_name = ? ORDER BY since, id`, table)
	if err != nil {
		return nil, fmt.Errorf("copies at %s: %w", table, err)
	}
	defer rows.Close()
	var out []shelf.Copy
	for rows.Next() {
		c, err := scanCopy(rows)
		if err != nil {
			return nil, fmt.Errorf("copies at %s: %w", table, err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Searched records a search typed at a table and how many titles it found.
func (d *DB) Searched(ctx context.Context, text string, found int, at time.Time) error {
	if found < 0 {
		found = 0
	}
	return d.inTx(ctx, "record a search", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO shelf_searches (text, found, at) VALUES (?, ?, ?)`,
			text, found, fmtTime(at))
		return err
	})
}

// Search is one search typed at a table, as Searches lists them.
type Search struct {
	Text  string
	Found int
	At    time.Time
}

// Searches lists the searches typed since since, the latest first, at
// most limit (0: all).
func (d *DB) Searches(ctx context.Context, since time.Time, limit int) ([]Search, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := d.r.QueryContext(ctx, `SELECT text, found, at FROM shelf_searches
		WHERE at >= ? ORDER BY at DESC, id DESC LIMIT ?`, fmtTime(since), limit)
	if err != nil {
		return nil, fmt.Errorf("read searches: %w", err)
	}
	defer rows.Close()
	var out []Search
	for rows.Next() {
		var s Search
		var at string
		if err := rows.Scan(&s.Text, &s.Found, &at); err != nil {
			return nil, fmt.Errorf("read searches: %w", err)
		}
		if s.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// CopyNote is a note on a returned copy as the staff read it: with the
// copy's shelf code and its title's names.
type CopyNote struct {
	shelf.Note
	Shelf string
	Title shelf.Names
}

// CopyNotes lists the notes on returned copies, the latest first: the
// open ones only unless all.
func (d *DB) CopyNotes(ctx context.Context, all bool) ([]CopyNote, error) {
	q := `SELECT n.id, n.copy_id, n.table_name, n.kind, n.text, n.at, n.closed_at IS NOT NULL,
			c.shelf, t.name_fr, t.name_de, t.name_en, t.name_original
		FROM shelf_notes n JOIN shelf_copies c ON c.id = n.copy_id JOIN shelf_titles t ON t.id = c.title_id`
	if !all {
		q += ` WHERE n.closed_at IS NULL`
	}
	rows, err := d.r.QueryContext(ctx, q+` ORDER BY n.at DESC, n.id DESC`)
	if err != nil {
		return nil, fmt.Errorf("read copy notes: %w", err)
	}
	defer rows.Close()
	var out []CopyNote
	for rows.Next() {
		var n CopyNote
		var at string
		if err := rows.Scan(&n.ID, &n.CopyID, &n.Table, &n.Kind, &n.Text, &at, &n.Closed,
			&n.Shelf, &n.Title.FR, &n.Title.DE, &n.Title.EN, &n.Title.Original); err != nil {
			return nil, fmt.Errorf("read copy notes: %w", err)
		}
		if n.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// CloseNote marks a note as dealt with; closing it again changes
// nothing. ErrNotFound when there is no such note.
func (d *DB) CloseNote(ctx context.Context, id int64, at time.Time) error {
	return d.inTx(ctx, "close a copy note", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE shelf_notes SET closed_at = coalesce(closed_at, ?) WHERE id = ?`, fmtTime(at), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("note %d: %w", id, ErrNotFound)
		}
		return nil
	})
}

// SetCopyStatus is the staff saying where a copy is: on its shelf, lent
// or missing (a copy goes to a table through Take). It takes a copy away
// from a table too, when the staff know better. The venue hears it as
// this table's word: the other tables take it for a copy this table held
// or that no table holds, not for one another table's group has
// (docs/venue.md, "Copies at every table").
func (d *DB) SetCopyStatus(ctx context.Context, copyID int64, status shelf.Status) error {
	if !status.Valid() || status == shelf.AtTable {
		return fmt.Errorf("copy %d: status %q: want shelf, lent or missing", copyID, status)
	}
	err := d.inTx(ctx, "set a copy's status", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE shelf_copies SET status = ?, table_name = NULL, since = NULL WHERE id = ?`,
			string(status), copyID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("copy %d: %w", copyID, shelf.ErrNoCopy)
		}
		// Its stay at a table ends now: the staff say so without a time,
		// so the database's clock stands in.
		if err := endLoan(ctx, tx, copyID, time.Now().UTC().Format(timeFormat)); err != nil {
			return err
		}
		return d.queueCopyEvent(ctx, tx, copyID, status, "", time.Now())
	})
	if err == nil {
		d.signalOutbox()
	}
	return err
}

// CopiesAtTables lists every copy at a table now, by table then since:
// the staff's view of what is out.
func (d *DB) CopiesAtTables(ctx context.Context) ([]shelf.Copy, error) {
	return copiesAtTables(ctx, d.r)
}

func copiesAtTables(ctx context.Context, q querier) ([]shelf.Copy, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+copyColumns+` FROM shelf_copies
		WHERE status = 'table' ORDER BY table_name, since, id`)
	if err != nil {
		return nil, fmt.Errorf("copies at tables: %w", err)
	}
	defer rows.Close()
	var out []shelf.Copy
	for rows.Next() {
		c, err := scanCopy(rows)
		if err != nil {
			return nil, fmt.Errorf("copies at tables: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// sortedCounts returns the distinct counts in ascending order.
func sortedCounts(counts []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, n := range counts {
		if n > 0 && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}
