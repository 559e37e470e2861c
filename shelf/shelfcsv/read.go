// Package shelfcsv reads and writes the catalogue's spreadsheets
// (docs/catalogue.md): BoardGameGeek's collection export as it comes, and
// the staff's own spreadsheet, which the export writes back. It knows no
// SQL: it turns files into shelf.Titles, each bad line named.
package shelfcsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tablee/tablee/shelf"
	"golang.org/x/text/encoding/charmap"
)

// LineError is one bad line of a file.
type LineError struct {
	Line int // the file's line, the header being line 1
	Msg  string
}

func (e LineError) String() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Error is a file that cannot be imported: every bad line, in order. A
// file with one bad line imports nothing.
type Error struct{ Lines []LineError }

func (e *Error) Error() string {
	s := make([]string, len(e.Lines))
	for i, l := range e.Lines {
		s[i] = l.String()
	}
	return strings.Join(s, "\n")
}

// Result is a file read: its titles in file order (a title without a
// copy is a wish; rows naming the same game are merged by the import),
// and what was left aside.
type Result struct {
	Titles []shelf.Title
	// Expansions counts the BGG rows left aside because they are
	// expansions (played with their base game, never picked alone).
	Expansions int
}

// table is a CSV file read whole: its header's columns by folded name
// and its rows with their line numbers.
type table struct {
	cols  map[string]int
	rows  [][]string
	lines []int
}

// readTable reads a CSV file: UTF-8 with or without a BOM (a file that
// is not UTF-8 is read as Windows-1252, what Excel's "CSV" writes),
// cells separated by ';', ',' or tabs, whichever the header uses.
func readTable(r io.Reader) (*table, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if !utf8.Valid(b) {
		if b, err = charmap.Windows1252.NewDecoder().Bytes(b); err != nil {
			return nil, fmt.Errorf("read: neither UTF-8 nor Windows-1252: %w", err)
		}
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, &Error{Lines: []LineError{{Line: 1, Msg: "the file is empty: no header"}}}
	}
	cr := csv.NewReader(bytes.NewReader(b))
	cr.Comma = separator(b)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, csvError(err)
	}
	t := &table{cols: map[string]int{}}
	for i, h := range header {
		if k := column(h); k != "" {
			if _, dup := t.cols[k]; !dup {
				t.cols[k] = i
			}
		}
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvError(err)
		}
		line, _ := cr.FieldPos(0)
		if blank(rec) {
			continue
		}
		t.rows = append(t.rows, rec)
		t.lines = append(t.lines, line)
	}
	return t, nil
}

func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &Error{Lines: []LineError{{Line: pe.Line, Msg: fmt.Sprintf("not CSV a spreadsheet writes (%v)", pe.Err)}}}
	}
	return fmt.Errorf("read: %w", err)
}

func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// separator is the header line's most frequent of ';', ',' and tab,
// outside quotes: French spreadsheets write ';', others ','.
func separator(b []byte) rune {
	counts := map[rune]int{}
	quoted := false
	for _, c := range string(b) {
		if c == '"' {
			quoted = !quoted
		}
		if quoted {
			continue
		}
		if c == '\n' {
			break
		}
		counts[c]++
	}
	best := ','
	for _, c := range []rune{';', '\t'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}

// column folds a header cell: "Joueurs min" and "joueurs_min" are the
// same column.
func column(h string) string { return strings.Join(shelf.Fold(h), "_") }

// cell is a row's cell for a column, trimmed; "" when the file lacks it.
func (t *table) cell(row []string, col string) string {
	i, ok := t.cols[col]
	if !ok || i >= len(row) {
		return ""
	}
	return strings.TrimSpace(row[i])
}

// has reports whether the header names col.
func (t *table) has(col string) bool { _, ok := t.cols[col]; return ok }

// lineErrors gathers a file's bad lines.
type lineErrors struct{ lines []LineError }

func (e *lineErrors) add(line int, format string, args ...any) {
	e.lines = append(e.lines, LineError{Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (e *lineErrors) err() error {
	if len(e.lines) == 0 {
		return nil
	}
	return &Error{Lines: e.lines}
}

// number reads a whole number as spreadsheets write it: "30", "30,0",
// "30.0", "1 200" (a French thousands space, also no-break); "" is 0. A
// negative number, a fraction or anything else is refused, naming col.
func number(s, col string) (int, error) {
	if s == "" {
		return 0, nil
	}
	t := strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "").Replace(s)
	if i := strings.IndexAny(t, ",."); i >= 0 && strings.Trim(t[i+1:], "0") == "" {
		t = t[:i]
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s %q is not a number", col, s)
	}
	return n, nil
}

// counts reads player counts: "3,4", "3;4", "3 4", "3/4", a range
// "3-5", BGG's "4+" (read as 4); "" is none.
func counts(s, col string) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;/ ", r) }) {
		f = strings.TrimSuffix(f, "+")
		if lo, hi, ok := strings.Cut(f, "-"); ok {
			a, errA := strconv.Atoi(lo)
			b, errB := strconv.Atoi(hi)
			if errA != nil || errB != nil || a < 1 || b < a || b > 100 {
				return nil, fmt.Errorf("%s %q is not a list of player counts", col, s)
			}
			for n := a; n <= b; n++ {
				out = append(out, n)
			}
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 100 {
			return nil, fmt.Errorf("%s %q is not a list of player counts", col, s)
		}
		out = append(out, n)
	}
	return out, nil
}

// date reads a day: ISO "2024-03-05" (BGG's), French "05/03/2024" or
// "05.03.2024" (German); "" and BGG's "0000-00-00" are none.
func date(s, col string) (time.Time, error) {
	if s == "" || strings.Trim(s, "0-") == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{"2006-01-02", "02/01/2006", "2/1/2006", "02.01.2006", "2.1.2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%s %q is not a date (2024-03-05 or 05/03/2024)", col, s)
}

// ean reads a barcode: digits, spaces and dashes dropped.
func ean(s, col string) (string, error) {
	d := strings.NewReplacer(" ", "", "-", "").Replace(s)
	for _, r := range d {
		if r < '0' || r > '9' {
			return "", fmt.Errorf("%s %q is not a barcode (digits)", col, s)
		}
	}
	if d != "" && (len(d) < 8 || len(d) > 14) {
		return "", fmt.Errorf("%s %q is not a barcode (8 to 14 digits)", col, s)
	}
	return d, nil
}

// checkTitle refuses what a box cannot say.
func checkTitle(t shelf.Title) error {
	switch {
	case t.MaxPlayers > 0 && t.MinPlayers > t.MaxPlayers:
		return fmt.Errorf("min players %d is more than max players %d", t.MinPlayers, t.MaxPlayers)
	case t.MaxMinutes > 0 && t.MinMinutes > t.MaxMinutes:
		return fmt.Errorf("min minutes %d is more than max minutes %d", t.MinMinutes, t.MaxMinutes)
	case t.LanguageDependence > 5:
		return fmt.Errorf("language dependence %d is not 1 to 5", t.LanguageDependence)
	case t.Year > 3000:
		return fmt.Errorf("year %d is not a year", t.Year)
	}
	return nil
}
