// Package playcsv writes plays as CSV with BoardGameGeek's play fields
// (its play log's date, quantity, length, incomplete and location, and per
// player name, startposition, color, score, new and win), every cell safe
// from a spreadsheet's formulas: tablee plays --csv writes the database's
// plays with it, a phone the one play it sat in, from the views it
// received. The web page writes the same file in JavaScript (sheet.js,
// playCSV), which kiosk/web's tests compare with this package's.
package playcsv

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// BOM starts every CSV file the staff and the guests get: spreadsheets
// read the file as UTF-8 only with it.
const BOM = "\ufeff"

// Columns are a plays file's columns, one row per player of each play:
// the play's number or id and the game played (a shelf title as played,
// else the table game's id) besides BoardGameGeek's fields.
var Columns = []string{"play", "date", "quantity", "length", "incomplete", "location", "game",
	"name", "startposition", "color", "score", "new", "win"}

// Writer writes rows whose cells a spreadsheet cannot run: nicknames and
// table names come from strangers' phones, and people open these files in
// Excel or LibreOffice.
type Writer struct{ *csv.Writer }

// NewWriter writes CSV to w, each cell made safe by SafeCell.
func NewWriter(w io.Writer) *Writer { return &Writer{csv.NewWriter(w)} }

// Write writes one row, each cell through SafeCell.
func (w *Writer) Write(row []string) error {
	safe := make([]string, len(row))
	for i, c := range row {
		safe[i] = SafeCell(c)
	}
	return w.Writer.Write(safe)
}

// SafeCell neutralises a cell a spreadsheet would read as a formula or a
// command (OWASP's CSV injection list: a leading =, +, -, @, tab or
// carriage return, also after leading spaces) with a leading apostrophe,
// which spreadsheets show as text and do not display. Numbers (-3, +2,
// 1.5e3) stay numbers.
func SafeCell(c string) string {
	t := strings.TrimLeft(c, " ")
	if t == "" || !strings.ContainsRune("=+-@\t\r", rune(t[0])) {
		return c
	}
	if _, err := strconv.ParseFloat(c, 64); err == nil && strings.Trim(c, "0123456789.eE+-") == "" {
		return c
	}
	return "'" + c
}

// Player is one player's line of a play.
type Player struct {
	Name string
	// Seat is the player's seat, from 0: BoardGameGeek's startposition
	// is Seat+1.
	Seat  int
	Color string
	Score int
	New   bool // the player's first play of this game
	Win   bool
}

// Play is one play as BoardGameGeek logs it.
type Play struct {
	ID   string // the play's id, or its number in the file
	Date time.Time
	// Minutes is how long it lasted, when Timed.
	Minutes    int
	Timed      bool
	Incomplete bool // stopped before its end
	Location   string
	Game       string
	Players    []Player
}

// Row is player's row of p, in Columns' order (cells not yet made safe:
// Writer does that).
func (p Play) Row(player Player) []string {
	length := ""
	if p.Timed {
		length = strconv.Itoa(p.Minutes)
	}
	return []string{p.ID, p.Date.Local().Format("2006-01-02"), "1", length, bit(p.Incomplete), p.Location, p.Game,
		player.Name, strconv.Itoa(player.Seat + 1), player.Color, strconv.Itoa(player.Score), bit(player.New), bit(player.Win)}
}

// bit is BoardGameGeek's 0 or 1.
func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// Frame writes one CSV file to out: the BOM, comma (',' or ';') between
// cells, every cell safe, the rows that rows writes.
func Frame(out io.Writer, comma rune, rows func(*Writer) error) error {
	if comma != ',' && comma != ';' {
		return fmt.Errorf("csv: separator %q: want ',' or ';'", comma)
	}
	buf := bufio.NewWriter(out)
	buf.WriteString(BOM)
	w := NewWriter(buf)
	w.Comma = comma
	if err := rows(w); err != nil {
		return err
	}
	w.Flush()
	return errors.Join(w.Error(), buf.Flush())
}

// Write writes plays to out as one file: the header, then each player of
// each play.
func Write(out io.Writer, comma rune, plays ...Play) error {
	return Frame(out, comma, func(w *Writer) error {
		if err := w.Write(Columns); err != nil {
			return err
		}
		for _, p := range plays {
			for _, pl := range p.Players {
				if err := w.Write(p.Row(pl)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
