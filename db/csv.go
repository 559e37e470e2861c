package db

import (
	"io"

	"github.com/tablee/tablee/internal/playcsv"
)

// CSVWriter writes rows whose cells a spreadsheet cannot run: nicknames
// and table names come from strangers' phones, and the staff open the
// exports in Excel or LibreOffice. Every CSV the staff get goes through
// it (tablee export, the kiosk's export); it is internal/playcsv's, which
// the phones write their own plays with too.
type CSVWriter = playcsv.Writer

// NewCSVWriter writes CSV to w, each cell made safe by SafeCell.
func NewCSVWriter(w io.Writer) *CSVWriter { return playcsv.NewWriter(w) }

// SafeCell neutralises a cell a spreadsheet would read as a formula or a
// command (playcsv.SafeCell).
func SafeCell(c string) string { return playcsv.SafeCell(c) }
