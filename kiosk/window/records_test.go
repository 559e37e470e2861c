package window

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

// The kiosk's own export (the staff's button) writes nothing a
// spreadsheet would run (a guest's name is a stranger's text), and it is
// byte for byte db.WriteCSV's results.csv.
func TestTheKiosksExportRunsNoFormulaAndIsTheConsolesResults(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := db.Open(ctx, filepath.Join(dir, "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	tb, err := d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	hostile := `=HYPERLINK("http://x","Léa")`
	s, err := d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canoe", Seed: 1, StartedAt: time.Now(),
		Seats: []session.Seat{{Kind: session.Guest, Name: hostile}, {Kind: session.Bot, BotLevel: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	res := engine.Result{Scores: []int{2, 0}, Ranks: []int{1, 2}, Winners: []engine.Seat{0}}
	if err := d.Finish(ctx, s.ID, res, time.Now()); err != nil {
		t.Fatal(err)
	}
	path, err := records{d: d, games: catalog.Registry(), exportDir: dir}.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `'=HYPERLINK`) || strings.Contains(string(data), `;"=HYPERLINK`) {
		t.Errorf("the guest's name went out as a formula:\n%s", data)
	}
	// The staff screen's file is the console's and tablee export's
	// results.csv (issue 31): one writer, the same bytes.
	var want bytes.Buffer
	if err := d.WriteCSV(ctx, &want, "results", ';'); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want.Bytes()) {
		t.Errorf("the staff screen's export differs from db.WriteCSV's results.csv:\n%s\nwant:\n%s", data, want.Bytes())
	}
	if !strings.HasPrefix(string(data), db.CSVBOM+"session;ended;game;seat;") {
		t.Errorf("the export does not start with the BOM and the results' header: %q", data[:min(40, len(data))])
	}
}
