package db

import (
	"context"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
)

// A note has the kind chosen where it was written; the figures and the
// repair list count each kind of the open notes.
func TestNotesHaveKinds(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t) // P3 given back with a note of no kind: other
	c1, c2 := ts["Carcassonne"].Copies[0].ID, ts["Carcassonne"].Copies[1].ID
	must(t, f.d.Return(ctx, c1, "Table 1", shelf.NoteDamage, "boîte déchirée", t0.Add(time.Minute)))
	must(t, f.d.AddNote(ctx, c1, "staff", shelf.NoteMissing, "  deux meeples  ", t0.Add(2*time.Minute)))
	must(t, f.d.AddNote(ctx, c2, "staff", shelf.NoteMissing, "une tuile", t0.Add(3*time.Minute)))
	if err := f.d.AddNote(ctx, c2, "staff", "lost", "une tuile", t0); err == nil {
		t.Error("a note of an unknown kind was written")
	}
	if err := f.d.AddNote(ctx, c2, "staff", shelf.NoteOther, "   ", t0); err == nil {
		t.Error("a note of no words was written")
	}
	if err := f.d.AddNote(ctx, 999999, "staff", shelf.NoteOther, "x", t0); err == nil {
		t.Error("a note on no box was written")
	}

	figs, err := f.d.ShelfFigures(ctx, t0.Add(time.Hour), false)
	if err != nil {
		t.Fatal(err)
	}
	by := figuresByName(t, figs)
	if c := by["Carcassonne"]; c.OpenNotes != 3 || c.OpenDamage != 1 || c.OpenMissing != 2 {
		t.Errorf("Carcassonne's open notes: %d (damage %d, missing %d), want 3 (1, 2)", c.OpenNotes, c.OpenDamage, c.OpenMissing)
	}
	if p := by["Pandémie"]; p.OpenNotes != 1 || p.OpenDamage != 0 || p.OpenMissing != 0 {
		t.Errorf("Pandémie's open note of no kind: %d (damage %d, missing %d), want 1 other", p.OpenNotes, p.OpenDamage, p.OpenMissing)
	}
	d, err := f.d.TitleFigures(ctx, ts["Carcassonne"].ID, t0.Add(time.Hour), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Copies) != 2 || d.Copies[0].OpenDamage != 1 || d.Copies[0].OpenMissing != 1 || d.Copies[1].OpenMissing != 1 || d.Copies[1].OpenDamage != 0 {
		t.Errorf("Carcassonne's boxes: %+v", d.Copies)
	}
	if len(d.Notes) != 3 || d.Notes[0].Kind != shelf.NoteMissing || d.Notes[0].Text != "une tuile" || d.Notes[2].Kind != shelf.NoteDamage || d.Notes[1].Text != "deux meeples" {
		t.Errorf("Carcassonne's notes, the latest first: %+v", d.Notes)
	}

	notes, err := f.d.CopyNotes(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Repair{}
	for _, r := range Repairs(notes) {
		got[r.Shelf] = r
	}
	want := map[string]Repair{
		"C1": {Open: 2, Damage: 1, Missing: 1, LatestKind: shelf.NoteMissing, Latest: "deux meeples"},
		"C2": {Open: 1, Missing: 1, LatestKind: shelf.NoteMissing, Latest: "une tuile"},
		"P3": {Open: 1, Other: 1, LatestKind: shelf.NoteOther, Latest: "il manque un pion"},
	}
	for shelfCode, w := range want {
		g := got[shelfCode]
		if g.Open != w.Open || g.Damage != w.Damage || g.Missing != w.Missing || g.Other != w.Other || g.LatestKind != w.LatestKind || g.Latest != w.Latest {
			t.Errorf("repair of %s: %+v, want %+v", shelfCode, g, w)
		}
	}
}

// The notes written before they had a kind become "other" when the
// database is brought to the schema that has kinds.
func TestMigratedNotesAreOther(t *testing.T) {
	ctx := context.Background()
	f, ts := figuresFixture(t)
	p3 := ts["Pandémie"].Copies[0].ID
	// Back to the schema before the kinds, with a note written then.
	if _, err := f.d.w.Exec(`DELETE FROM shelf_notes; ALTER TABLE shelf_notes DROP COLUMN kind;
		INSERT INTO shelf_notes (copy_id, table_name, text, at) VALUES (?, 'Table 1', 'une carte pliée', '2026-01-01T10:00:00.000Z');
		PRAGMA user_version = `+itoa(int64(SchemaVersion()-1)), p3); err != nil {
		t.Fatal(err)
	}
	path := f.d.Path()
	f.d.Close()
	d, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	notes, err := d.CopyNotes(ctx, true)
	if err != nil || len(notes) != 1 || notes[0].Kind != shelf.NoteOther || notes[0].Text != "une carte pliée" {
		t.Fatalf("the old note after migrating: %+v (%v), want one of kind other", notes, err)
	}
	if _, err := d.w.Exec(`INSERT INTO shelf_notes (copy_id, table_name, kind, text, at) VALUES (?, 'x', 'lost', 'y', 'z')`, p3); err == nil {
		t.Error("the schema took a note of an unknown kind")
	}
}
