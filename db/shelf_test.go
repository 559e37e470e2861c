package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelfcsv"
)

// small is a catalogue of three titles: one with two copies, one with
// one, a wish.
func small() []shelf.Title {
	return []shelf.Title{
		{Names: shelf.Names{FR: "Carcassonne", Original: "Carcassonne"}, BGGID: 822, Year: 2000,
			MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{2}, MinMinutes: 30, MaxMinutes: 45, MinAge: 7, Kind: shelf.Competitive,
			Copies: []shelf.Copy{{Shelf: "C1", EAN: "4015566018150"}, {Shelf: "C2", Condition: "coin abîmé", Acquired: time.Date(2024, 5, 3, 0, 0, 0, 0, time.UTC)}}},
		{Names: shelf.Names{FR: "Pandémie", EN: "Pandemic"}, BGGID: 30549, MinPlayers: 2, MaxPlayers: 4, BestPlayers: []int{4},
			MinMinutes: 45, MaxMinutes: 45, MinAge: 8, Kind: shelf.Cooperative, Copies: []shelf.Copy{{Shelf: "P3"}}},
		{Names: shelf.Names{Original: "Brass: Birmingham"}, BGGID: 224517, MinPlayers: 2, MaxPlayers: 4},
	}
}

// imported opens a database holding small() and returns it with its
// titles by French-or-original name.
func imported(t *testing.T) (*DB, map[string]shelf.Title) {
	t.Helper()
	d := openEmptyShelf(t)
	if _, err := d.ImportCatalogue(context.Background(), small(), t0); err != nil {
		t.Fatal(err)
	}
	return d, byName(t, d)
}

// openEmptyShelf opens a database whose catalogue is empty: the demo
// shelf taken away.
func openEmptyShelf(t testing.TB) *DB {
	t.Helper()
	d := openTemp(t)
	if _, err := d.w.Exec(`DELETE FROM shelf_titles`); err != nil {
		t.Fatal(err)
	}
	return d
}

func byName(t *testing.T, d *DB) map[string]shelf.Title {
	t.Helper()
	ts, err := d.Titles(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]shelf.Title{}
	for _, ti := range ts {
		out[ti.Names.Name("fr")] = ti
	}
	return out
}

func TestLibraryTakesAndReturnsCopies(t *testing.T) {
	ctx := context.Background()
	d, ts := imported(t)
	carc := ts["Carcassonne"]
	if len(carc.Copies) != 2 || carc.Copies[0].Shelf != "C1" || carc.Copies[1].Condition != "coin abîmé" ||
		!carc.Copies[1].Acquired.Equal(time.Date(2024, 5, 3, 0, 0, 0, 0, time.UTC)) || carc.BGGID != 822 ||
		fmt.Sprint(carc.BestPlayers) != "[2]" || carc.Kind != shelf.Competitive {
		t.Fatalf("Carcassonne stored as %+v", carc)
	}
	if ts["Brass: Birmingham"].Owned() {
		t.Errorf("the wish has copies: %+v", ts["Brass: Birmingham"])
	}
	c := carc.Copies[0].ID
	if err := d.Take(ctx, c, "Table 1", t0); err != nil {
		t.Fatal(err)
	}
	if err := d.Take(ctx, c, "Table 1", t0.Add(time.Minute)); err != nil {
		t.Errorf("taking it again at the same table: %v", err)
	}
	if err := d.Take(ctx, c, "Table 2", t0); !errors.Is(err, shelf.ErrTaken) {
		t.Errorf("taken at another table: %v, want ErrTaken", err)
	}
	if err := d.Return(ctx, c, "Table 2", "", "", t0); !errors.Is(err, shelf.ErrTaken) {
		t.Errorf("returned by another table: %v, want ErrTaken", err)
	}
	if err := d.Take(ctx, 9999, "Table 1", t0); !errors.Is(err, shelf.ErrNoCopy) {
		t.Errorf("no such copy: %v, want ErrNoCopy", err)
	}
	at, err := d.AtTable(ctx, "Table 1")
	if err != nil || len(at) != 1 || at[0].ID != c || at[0].Status != shelf.AtTable || at[0].Table != "Table 1" || !at[0].Since.Equal(t0) {
		t.Fatalf("at table 1: %+v (%v)", at, err)
	}
	if other, _ := d.AtTable(ctx, "Table 2"); len(other) != 0 {
		t.Errorf("at table 2: %+v", other)
	}
	if free, ok := byName(t, d)["Carcassonne"].Free(); !ok || free.Shelf != "C2" {
		t.Errorf("free copy while C1 is out: %+v %v", free, ok)
	}

	if err := d.Return(ctx, c, "Table 1", "", "  il manque un meeple  ", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if at, _ := d.AtTable(ctx, "Table 1"); len(at) != 0 {
		t.Errorf("after return, at table 1: %+v", at)
	}
	notes, err := d.CopyNotes(ctx, false)
	if err != nil || len(notes) != 1 || notes[0].Text != "il manque un meeple" || notes[0].Table != "Table 1" ||
		notes[0].CopyID != c || notes[0].Shelf != "C1" || notes[0].Title.FR != "Carcassonne" || notes[0].Closed {
		t.Fatalf("open notes: %+v (%v)", notes, err)
	}
	// A return without a note leaves none.
	d.Take(ctx, c, "Table 3", t0.Add(2*time.Hour))
	d.Return(ctx, c, "Table 3", "", " ", t0.Add(3*time.Hour))
	if err := d.CloseNote(ctx, notes[0].ID, t0.Add(4*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if open, _ := d.CopyNotes(ctx, false); len(open) != 0 {
		t.Errorf("open notes after closing: %+v", open)
	}
	if all, _ := d.CopyNotes(ctx, true); len(all) != 1 || !all[0].Closed {
		t.Errorf("all notes: %+v", all)
	}
	if err := d.CloseNote(ctx, 9999, t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("closing no note: %v", err)
	}
}

func TestStaffSetCopyStatus(t *testing.T) {
	ctx := context.Background()
	d, ts := imported(t)
	c := ts["Pandémie"].Copies[0].ID
	d.Take(ctx, c, "Table 1", t0)
	if err := d.SetCopyStatus(ctx, c, shelf.Missing); err != nil {
		t.Fatal(err)
	}
	got, err := d.Copy(ctx, c)
	if err != nil || got.Status != shelf.Missing || got.Table != "" {
		t.Errorf("after missing: %+v (%v)", got, err)
	}
	if err := d.SetCopyStatus(ctx, c, shelf.AtTable); err == nil {
		t.Errorf("the staff set a copy at a table")
	}
	if err := d.SetCopyStatus(ctx, c, "stolen"); err == nil {
		t.Errorf("status stolen accepted")
	}
	if err := d.SetCopyStatus(ctx, 9999, shelf.Lent); !errors.Is(err, shelf.ErrNoCopy) {
		t.Errorf("no such copy: %v", err)
	}
	// A group holding a missing copy has found it.
	if err := d.Take(ctx, c, "Table 2", t0); err != nil {
		t.Errorf("taking a missing copy: %v", err)
	}
}

func TestACopyAtATableSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	d, ts := imported(t)
	c := ts["Pandémie"].Copies[0].ID
	if err := d.Take(ctx, c, "Table 4", t0); err != nil {
		t.Fatal(err)
	}
	path := d.Path()
	d.Close()
	d2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	at, err := d2.AtTable(ctx, "Table 4")
	if err != nil || len(at) != 1 || at[0].ID != c || !at[0].Since.Equal(t0) {
		t.Fatalf("after reopen, at table 4: %+v (%v)", at, err)
	}
	if err := d2.Take(ctx, c, "Table 5", t0); !errors.Is(err, shelf.ErrTaken) {
		t.Errorf("after reopen, taken elsewhere: %v", err)
	}
}

func TestSearchesAreRecorded(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	d.Searched(ctx, "carcasonne", 1, t0)
	d.Searched(ctx, "Gloomhaven", 0, t0.Add(time.Minute))
	got, err := d.Searches(ctx, t0, 0)
	if err != nil || len(got) != 2 || got[0].Text != "Gloomhaven" || got[0].Found != 0 || got[1].Found != 1 {
		t.Errorf("searches: %+v (%v)", got, err)
	}
}

func TestReimportUpdatesNeverDuplicates(t *testing.T) {
	ctx := context.Background()
	d, _ := imported(t)
	again, err := d.ImportCatalogue(ctx, small(), t0)
	if err != nil {
		t.Fatal(err)
	}
	if again.NewTitles != 0 || again.UpdatedTitles != 0 || again.UnchangedTitles != 3 || again.NewCopies != 0 ||
		again.Summary() != "imported titles=2 copies=3 wishes=1" {
		t.Errorf("second import: %+v", again)
	}
	before := byName(t, d)
	// Names change, matched by BGG id; a copy goes; a barcode finds a
	// title without a BGG id; a folded name finds the wish.
	changed := small()
	changed[0].Names.DE = "Carcassonne (DE)"
	changed[0].MaxMinutes = 40
	changed[0].Copies = changed[0].Copies[:1]
	changed[1].BGGID = 0
	changed[1].Names = shelf.Names{EN: "PANDEMIC"}
	changed[1].Copies = []shelf.Copy{{Shelf: "P4"}}
	changed[2].BGGID = 0
	changed[2].Names = shelf.Names{FR: "brass birmingham"}
	changed[2].Copies = []shelf.Copy{{Shelf: "B1"}}
	r, err := d.ImportCatalogue(ctx, changed, t0)
	if err != nil {
		t.Fatal(err)
	}
	if r.NewTitles != 0 || r.UpdatedTitles != 3 || r.RemovedCopies != 1 || r.NewCopies != 1 || r.UpdatedCopies != 1 {
		t.Errorf("changed import: %+v", r)
	}
	after := byName(t, d)
	if len(after) != 3 {
		t.Fatalf("titles after: %v", after)
	}
	carc := after["Carcassonne"]
	if carc.Names.DE != "Carcassonne (DE)" || carc.MaxMinutes != 40 || len(carc.Copies) != 1 || carc.Copies[0].ID != before["Carcassonne"].Copies[0].ID {
		t.Errorf("Carcassonne after: %+v", carc)
	}
	if p := after["Pandémie"]; p.Names.EN != "PANDEMIC" || p.BGGID != 30549 || len(p.Copies) != 1 || p.Copies[0].Shelf != "P4" {
		t.Errorf("Pandemic after: %+v", p)
	}
	if b := after["brass birmingham"]; b.Names.Original != "Brass: Birmingham" || len(b.Copies) != 1 {
		t.Errorf("Brass after: %+v", b)
	}
}

func TestImportKeepsACopyAtATable(t *testing.T) {
	ctx := context.Background()
	d, ts := imported(t)
	c := ts["Carcassonne"].Copies[1].ID
	d.Take(ctx, c, "Table 1", t0)
	changed := small()
	changed[0].Copies = changed[0].Copies[:1]
	r, err := d.ImportCatalogue(ctx, changed, t0)
	if err != nil || r.KeptAtTable != 1 || r.RemovedCopies != 0 {
		t.Errorf("import dropping a copy at a table: %+v (%v)", r, err)
	}
	if at, _ := d.AtTable(ctx, "Table 1"); len(at) != 1 || at[0].ID != c {
		t.Errorf("the copy at the table: %+v", at)
	}
}

func TestPreviewChangesNothing(t *testing.T) {
	ctx := context.Background()
	d := openEmptyShelf(t)
	before, _ := d.Titles(ctx)
	r, err := d.PreviewImport(ctx, small(), t0)
	if err != nil || r.NewTitles != 3 || r.NewCopies != 3 || len(r.Changes) != 3 || !r.Changes[0].New {
		t.Fatalf("preview: %+v (%v)", r, err)
	}
	after, _ := d.Titles(ctx)
	if len(after) != len(before) {
		t.Errorf("the preview wrote: %d titles, %d before", len(after), len(before))
	}
}

func TestImportWithinAFileMerges(t *testing.T) {
	ctx := context.Background()
	d := openEmptyShelf(t)
	two := []shelf.Title{
		{Names: shelf.Names{FR: "Azul"}, BGGID: 230802, Copies: []shelf.Copy{{Shelf: "A1"}}},
		{Names: shelf.Names{FR: "Azul"}, BGGID: 230802, Copies: []shelf.Copy{{Shelf: "A2"}}},
		{Names: shelf.Names{FR: "Dixit"}, Copies: []shelf.Copy{{Shelf: "D1", EAN: "3760"}}},
		{Names: shelf.Names{EN: "Dixit (2008)"}, Copies: []shelf.Copy{{Shelf: "D2", EAN: "3760"}}},
	}
	r, err := d.ImportCatalogue(ctx, two, t0)
	if err != nil || r.Titles != 2 || r.Copies != 4 || r.NewTitles != 2 {
		t.Fatalf("import: %+v (%v)", r, err)
	}
	ts := byName(t, d)
	if len(ts["Azul"].Copies) != 2 || len(ts["Dixit"].Copies) != 2 || ts["Dixit"].Names.EN != "Dixit (2008)" {
		t.Errorf("merged: %+v", ts)
	}
}

func TestAFreshDatabaseHasTheDemoShelfUntilTheFirstImport(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	ts := byName(t, d)
	for _, g := range catalog.Games() {
		info := g.Info()
		var found shelf.Title
		for _, ti := range ts {
			if ti.Engine == info.ID {
				found = ti
			}
		}
		if found.ID == 0 || found.MinPlayers != info.MinSeats || found.MaxPlayers != info.MaxSeats || found.MaxMinutes != info.Minutes {
			t.Errorf("engine game %s on the demo shelf: %+v, engine says %d–%d seats, %d min", info.ID, found, info.MinSeats, info.MaxSeats, info.Minutes)
		}
	}
	if len(ts) < 44 || !ts["Carcassonne"].Owned() {
		t.Fatalf("demo shelf: %d titles", len(ts))
	}
	// Reopened, the demo is not loaded again, even emptied.
	d.w.Exec(`DELETE FROM shelf_titles`)
	path := d.Path()
	d.Close()
	d2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if again, _ := d2.Titles(ctx); len(again) != 0 {
		t.Errorf("the demo came back: %d titles", len(again))
	}

	// The staff's import replaces the demo: Carcassonne (the demo's BGG id)
	// is updated, the rest of the demo goes, the engine games stay.
	d3 := openTemp(t)
	demoCarc := byName(t, d3)["Carcassonne"]
	r, err := d3.ImportCatalogue(ctx, small(), t0)
	if err != nil {
		t.Fatal(err)
	}
	after := byName(t, d3)
	if r.DemoRemoved < 40 || len(after) != 3+4 || after["Carcassonne"].ID != demoCarc.ID || len(after["Carcassonne"].Copies) != 2 ||
		r.Summary() != "imported titles=2 copies=3 wishes=1" {
		t.Errorf("import over the demo: %+v; titles %d", r, len(after))
	}
	if _, ok := after["Canoë"]; !ok {
		t.Errorf("the engine games went with the demo: %v", after)
	}
}

func TestCatalogueExportReadsBack(t *testing.T) {
	ctx := context.Background()
	d, _ := imported(t)
	d.w.Exec(`UPDATE shelf_copies SET condition = '=HYPERLINK("x")' WHERE shelf = 'C2'`)
	var b strings.Builder
	if err := d.WriteCatalogueCSV(ctx, &b, ';'); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, CSVBOM+"name_fr;") || !strings.Contains(out, `"'=HYPERLINK(""x"")"`) {
		t.Errorf("export:\n%s", out)
	}
	res, err := shelfcsv.ReadStaff(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	d2 := openEmptyShelf(t)
	if _, err := d2.ImportCatalogue(ctx, res.Titles, t0); err != nil {
		t.Fatal(err)
	}
	a, b2 := byName(t, d), byName(t, d2)
	for name, ti := range a {
		back := b2[name]
		if back.Names != ti.Names || back.BGGID != ti.BGGID || len(back.Copies) != len(ti.Copies) || fmt.Sprint(back.BestPlayers) != fmt.Sprint(ti.BestPlayers) {
			t.Errorf("%s back: %+v, was %+v", name, back, ti)
		}
	}
	// Imported again into the first: nothing changes but the formula's
	// apostrophe, which a spreadsheet hides.
	r, err := d.ImportCatalogue(ctx, res.Titles, t0)
	if err != nil || r.NewTitles != 0 || r.NewCopies != 0 || r.RemovedCopies != 0 {
		t.Errorf("re-import of the export: %+v (%v)", r, err)
	}
}

func TestTablesTakingOneCopyAtOnceGetItOnce(t *testing.T) {
	ctx := context.Background()
	d, ts := imported(t)
	c := ts["Pandémie"].Copies[0].ID
	errs := make(chan error)
	for i := range 8 {
		go func() { errs <- d.Take(ctx, c, fmt.Sprint("Table ", i), t0) }()
	}
	won, taken := 0, 0
	for range 8 {
		switch err := <-errs; {
		case err == nil:
			won++
		case errors.Is(err, shelf.ErrTaken):
			taken++
		default:
			t.Errorf("take: %v", err)
		}
	}
	if won != 1 || taken != 7 {
		t.Errorf("%d tables got the copy, %d were refused", won, taken)
	}
}
