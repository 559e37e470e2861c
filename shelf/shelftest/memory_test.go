package shelftest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
)

func TestMemoryKeepsTheDatabasesRules(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 12, 4, 19, 40, 0, 0, time.UTC)
	m := NewMemory([]shelf.Title{{Names: shelf.Names{FR: "Dixit"}, Copies: []shelf.Copy{{Shelf: "B2"}, {Shelf: "B3", Status: shelf.Lent}}}})
	titles, _ := m.Titles(ctx)
	b2, b3 := titles[0].Copies[0], titles[0].Copies[1]
	if b2.ID == 0 || b2.TitleID != titles[0].ID || b2.Status != shelf.OnShelf {
		t.Fatalf("copy %+v", b2)
	}
	if err := m.Take(ctx, b2.ID, "Table 1", at); err != nil {
		t.Fatal(err)
	}
	if err := m.Take(ctx, b2.ID, "Table 1", at.Add(time.Hour)); err != nil {
		t.Errorf("taking it again at the same table: %v", err)
	}
	for _, c := range []struct {
		what string
		err  error
		want error
	}{
		{"another table takes it", m.Take(ctx, b2.ID, "Table 3", at), shelf.ErrTaken},
		{"a lent copy", m.Take(ctx, b3.ID, "Table 3", at), shelf.ErrTaken},
		{"no such copy", m.Take(ctx, 99, "Table 3", at), shelf.ErrNoCopy},
		{"another table gives it back", m.Return(ctx, b2.ID, "Table 3", "", "", at), shelf.ErrTaken},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, c.err, c.want)
		}
	}
	if here, _ := m.AtTable(ctx, "Table 1"); len(here) != 1 || !here[0].Since.Equal(at) {
		t.Errorf("at Table 1: %+v (since the first take)", here)
	}
	if err := m.Return(ctx, b2.ID, "Table 1", "", "une carte pliée", at); err != nil {
		t.Fatal(err)
	}
	notes, _ := m.Notes(ctx, true)
	if len(notes) != 1 || notes[0].CopyID != b2.ID || notes[0].Table != "Table 1" || notes[0].Text != "une carte pliée" {
		t.Errorf("notes %+v", notes)
	}
	if here, _ := m.AtTable(ctx, "Table 1"); len(here) != 0 {
		t.Errorf("still at Table 1: %+v", here)
	}
}
