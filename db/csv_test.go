package db

import (
	"context"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
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

// TestExportNamesATableGuestByTheirPlace: a guest who played on the touch
// screen unnamed is kept by their place ("#1", wire.TableGuest) or, in a
// game stored before, under the default name of that day's language;
// seats.csv and results.csv name them all the same way, "Guest N", and
// leave a chosen name as it is.
func TestExportNamesATableGuestByTheirPlace(t *testing.T) {
	f := newFixture(t, 0)
	ctx := context.Background()
	seats := []session.Seat{
		{Kind: session.Guest, Name: wire.TableGuest(0)},
		{Kind: session.Guest, Name: "Gast 2"},
		{Kind: session.Guest, Name: "Invité 3"},
		{Kind: session.Guest, Name: "Léa"},
	}
	f.play(t, "canaille", seats, []int{4, 3, 2, 1}, time.Now())
	want := []string{"Guest 1", "Guest 2", "Guest 3", "Léa"}
	for _, name := range []string{"seats", "results"} {
		var b strings.Builder
		if err := f.d.WriteCSV(ctx, &b, name, ','); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), CSVBOM))).ReadAll()
		if err != nil || len(rows) != 1+len(seats) {
			t.Fatalf("%s.csv: %d rows, %v:\n%s", name, len(rows), err, b.String())
		}
		col := slices.Index(rows[0], "name")
		seat := slices.Index(rows[0], "seat")
		for _, r := range rows[1:] {
			i, _ := strconv.Atoi(r[seat])
			if r[col] != want[i] {
				t.Errorf("%s.csv: seat %d is named %q, want %q", name, i, r[col], want[i])
			}
		}
	}
}
