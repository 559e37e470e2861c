package table

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/scoresheet"
)

// TestAPlayOnTheStaffsSheetResumesOnItAfterTheyChangeIt: a title's next
// play is made on the sheet the staff saved (the table's library has it
// from the database), and after a restart the play comes back on that
// version even though the staff saved another in between.
func TestAPlayOnTheStaffsSheetResumesOnItAfterTheyChangeIt(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	titles, err := d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var azul int64
	for _, ti := range titles {
		if ti.Names.EN == "Azul" {
			azul = ti.ID
		}
	}
	l := scoresheet.Label{FR: "Tuiles", DE: "Fliesen", EN: "Tiles"}
	mine := &scoresheet.Sheet{ID: "x", Name: l, Win: scoresheet.Highest, Rounds: 1, Categories: []scoresheet.Category{{ID: "tiles", Label: l}}}
	v1, err := d.SaveTitleSheet(ctx, azul, mine, time.Now())
	if err != nil || azul == 0 {
		t.Fatalf("save Azul's (%d) sheet: %v", azul, err)
	}
	d.Close()

	open := func() (*Table, *scoresheet.Library) {
		lib := scoresheet.Ready()
		tb, err := Open(ctx, Config{Name: "Table 1", DBPath: path, Addr: "127.0.0.1:0", Games: catalog.PlaysWith(lib), Sheets: lib})
		if err != nil {
			t.Fatal(err)
		}
		return tb, lib
	}
	tb, lib := open()
	opts := sheet.WithLibrary(lib).OptionsFor("Azul")
	if opts[sheet.OptionSheet] != v1.ID {
		t.Fatalf("a new play of Azul is set up as %v, want the staff's %s", opts, v1.ID)
	}
	s, err := tb.Start(ctx, sheet.ID, opts, []Seat{{}, {}})
	if err != nil {
		t.Fatal(err)
	}
	second := *mine
	second.Win = scoresheet.Lowest
	if _, err := tb.db.SaveTitleSheet(ctx, azul, &second, time.Now()); err != nil {
		t.Fatal(err)
	}
	tb.Close()

	again, lib := open()
	defer again.Close()
	r := again.Session()
	if r == nil || r.ID() != s.ID() || r.Record().Options[sheet.OptionSheet] != v1.ID {
		t.Fatalf("resumed %v, want session %s on %s", r, s.ID(), v1.ID)
	}
	if got := lib.ForTitle("azul").ID; got != db.TitleSheetID(azul, 2) {
		t.Errorf("the next play of Azul gets %s, want the second version", got)
	}
}
