package db

import (
	"context"
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

func TestWriteCSVStartsWithBOMAndUsesTheSeparator(t *testing.T) {
	d := openTemp(t)
	ctx := context.Background()
	for _, name := range CSVExports() {
		var b strings.Builder
		if err := d.WriteCSV(ctx, &b, name, ';'); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.HasPrefix(b.String(), CSVBOM) || !strings.Contains(b.String(), ";") {
			t.Errorf("%s: %q", name, b.String())
		}
	}
	var b strings.Builder
	if err := d.WriteCSV(ctx, &b, "secrets", ','); err == nil {
		t.Error("an unknown export was written")
	}
}
