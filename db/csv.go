package db

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// CSVWriter writes rows whose cells a spreadsheet cannot run: nicknames
// and table names come from strangers' phones, and the staff open the
// exports in Excel or LibreOffice. Every CSV the staff get goes through
// it (tablee export, the kiosk's export).
type CSVWriter struct{ *csv.Writer }

// NewCSVWriter writes CSV to w, each cell made safe by SafeCell.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{csv.NewWriter(w)} }

// Write writes one row, each cell through SafeCell.
func (w *CSVWriter) Write(row []string) error {
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
