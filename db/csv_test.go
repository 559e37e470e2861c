package db

import (
	"encoding/csv"
	"strings"
	"testing"
)

// TestExportCellsASpreadsheetCannotRun is issue 27's seventh finding:
// nicknames chosen on strangers' phones went verbatim into the exports the
// staff open in a spreadsheet. Every cell a spreadsheet would read as a
// formula gets a leading apostrophe; numbers stay numbers.
func TestExportCellsASpreadsheetCannotRun(t *testing.T) {
	var buf strings.Builder
	w := NewCSVWriter(&buf)
	hostile := []string{`=cmd|' /C calc'!A0`, `@SUM(1+1)`, `+1+cmd|x`, `-2+3`, "\t=1", "\r=1", `  =HYPERLINK("http://x")`, `-Inf`}
	plain := []string{"Léa", "-3", "+2", "1.5e3", "42", "", "Zoé = la reine", "a@b"}
	if err := w.Write(append(append([]string{}, hostile...), plain...)); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	rec, err := csv.NewReader(strings.NewReader(buf.String())).Read()
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range hostile {
		if rec[i] != "'"+c {
			t.Errorf("%q written as %q, want it behind an apostrophe", c, rec[i])
		}
	}
	for i, c := range plain {
		if got := rec[len(hostile)+i]; got != c {
			t.Errorf("%q written as %q, want it unchanged", c, got)
		}
	}
}
