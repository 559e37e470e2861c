package table

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// memLibrary is shelftest's Memory counting how often the catalogue is
// read: the phones' searches share one index, read again only when stale.
type memLibrary struct {
	*shelftest.Memory
	reads atomic.Int32
}

func (l *memLibrary) Titles(ctx context.Context) ([]shelf.Title, error) {
	l.reads.Add(1)
	return l.Memory.Titles(ctx)
}

func demoLibrary() *memLibrary {
	evening := time.Date(2026, 12, 1, 19, 40, 0, 0, time.Local)
	return &memLibrary{Memory: shelftest.NewMemory([]shelf.Title{
		{ID: 1, Names: shelf.Names{Original: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, MinMinutes: 35, MaxMinutes: 35, MinAge: 7, Kind: shelf.Competitive,
			Copies: []shelf.Copy{
				{ID: 11, TitleID: 1, Shelf: "D5", EAN: "4015566018853", Status: shelf.AtTable, Table: "Table 3", Since: evening},
				{ID: 12, TitleID: 1, Shelf: "D5", EAN: "4015566018853", Status: shelf.OnShelf},
			}},
		{ID: 2, Names: shelf.Names{FR: "Les Loups-Garous de Thiercelieux", DE: "Die Werwölfe vom Düsterwald", Original: "Les Loups-Garous de Thiercelieux"},
			MinPlayers: 8, MaxPlayers: 18, MaxMinutes: 30, MinAge: 10, Kind: shelf.Teams,
			Copies: []shelf.Copy{{ID: 21, TitleID: 2, Shelf: "a1", Status: shelf.AtTable, Table: "Table 3", Since: evening}}},
		{ID: 3, Names: shelf.Names{Original: "Azul"}, MinPlayers: 2, MaxPlayers: 4, MaxMinutes: 45, Copies: []shelf.Copy{{ID: 31, TitleID: 3, Shelf: "B2", Status: shelf.OnShelf}}},
		{ID: 4, Names: shelf.Names{Original: "Patchwork"}, MinPlayers: 2, MaxPlayers: 2, MaxMinutes: 30, Copies: []shelf.Copy{{ID: 41, TitleID: 4, Shelf: "B2", Status: shelf.OnShelf}}},
		{ID: 5, Names: shelf.Names{Original: "Carcassonne: Jäger und Sammler"}}, // wished for
	})}
}

type tick struct{ now time.Time }

func (k *tick) Now() time.Time { return k.now }

func TestThePhonesShelfFindsByAnyNameInTheReadersLanguage(t *testing.T) {
	ctx := context.Background()
	p := newPhoneShelf(demoLibrary(), "Table 1", nil)
	found, err := p.Search(ctx, server.ShelfQuery{Text: "carcasonne", Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || found[0].Name != "Carcassonne" || found[1].Name != "Carcassonne: Jäger und Sammler" || len(found[1].Copies) != 0 {
		t.Fatalf("carcasonne found %+v", found)
	}
	c := found[0].Copies[0]
	if c.Status != "table" || c.Table != "Table 3" || c.Since != "19:40" || c.Here || found[0].MinAge != 7 || found[0].Kind != "competitive" {
		t.Errorf("Carcassonne's facts: %+v", found[0])
	}
	found, err = p.Search(ctx, server.ShelfQuery{Text: "loup garou", Lang: "de"})
	if err != nil || len(found) != 1 || found[0].Name != "Die Werwölfe vom Düsterwald" {
		t.Fatalf("loup garou, read in German: %+v, %v", found, err)
	}
	// Without a name, the count and the time; no wishes.
	found, err = p.Search(ctx, server.ShelfQuery{Players: 9, Minutes: 30})
	if err != nil || len(found) != 1 || found[0].ID != 2 {
		t.Fatalf("nine for half an hour: %+v, %v", found, err)
	}
}

func TestThePhonesShelfTakesAFreeCopyByEANOrShelfCode(t *testing.T) {
	ctx := context.Background()
	lib := demoLibrary()
	clk := &tick{now: time.Date(2026, 12, 1, 20, 5, 0, 0, time.Local)}
	p := newPhoneShelf(lib, "Table 1", clk.Now)

	got, err := p.Take(ctx, server.ShelfTake{Box: "4015566018853"})
	if err != nil {
		t.Fatal(err)
	}
	var here []string
	for _, c := range got.Copies {
		if c.Here {
			here = append(here, c.Since)
		}
	}
	if got.ID != 1 || len(here) != 1 || here[0] != "20:05" {
		t.Fatalf("the EAN took %+v; want the free copy 12 here since 20:05", got)
	}
	if c11, _ := lib.Copy(11); c11.Table != "Table 3" {
		t.Errorf("copy 11 is at %q, want Table 3", c11.Table)
	}
	if c12, _ := lib.Copy(12); c12.Table != "Table 1" {
		t.Errorf("copy 12 is at %q, want Table 1", c12.Table)
	}
	// The next search sees it at once, though the index was fresh.
	found, _ := p.Search(ctx, server.ShelfQuery{Text: "carcassonne"})
	if !found[0].Copies[1].Here {
		t.Errorf("after the take the phones read %+v", found[0].Copies)
	}
	// The same box again: nothing changes; both copies away now.
	if _, err := p.Take(ctx, server.ShelfTake{CopyID: 12}); err != nil {
		t.Errorf("taking our own box again: %v", err)
	}
	_, err = p.Take(ctx, server.ShelfTake{Box: "A1"}) // a1 in the catalogue
	if !errors.Is(err, shelf.ErrTaken) || !strings.Contains(err.Error(), "at Table 3 since 19:40") {
		t.Errorf("a box at another table: %v", err)
	}
	if _, err := p.Take(ctx, server.ShelfTake{Box: "B2"}); !errors.Is(err, server.ErrManyBoxes) {
		t.Errorf("a shelf code of two titles: %v", err)
	}
	if _, err := p.Take(ctx, server.ShelfTake{Box: "Z9"}); !errors.Is(err, shelf.ErrNoCopy) {
		t.Errorf("no such box: %v", err)
	}
	if _, err := p.Take(ctx, server.ShelfTake{CopyID: 999}); !errors.Is(err, shelf.ErrNoCopy) {
		t.Errorf("no such copy: %v", err)
	}
}

func TestThePhonesShelfReadsTheCatalogueOnlyWhenItsIndexIsOld(t *testing.T) {
	ctx := context.Background()
	lib := demoLibrary()
	clk := &tick{now: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
	p := newPhoneShelf(lib, "Table 1", clk.Now)
	for _, text := range []string{"a", "az", "azu", "azul"} {
		if _, err := p.Search(ctx, server.ShelfQuery{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	if lib.reads.Load() != 1 {
		t.Errorf("four keys read the catalogue %d times, want once", lib.reads.Load())
	}
	clk.now = clk.now.Add(indexFresh)
	if _, err := p.Search(ctx, server.ShelfQuery{Text: "azul"}); err != nil {
		t.Fatal(err)
	}
	if lib.reads.Load() != 2 {
		t.Errorf("after %v the catalogue was read %d times, want twice", indexFresh, lib.reads.Load())
	}
}

// A table on its own database (no Config.Shelf) answers the phones from
// the database's shelf: the demo shelf on a fresh one.
func TestATableAnswersThePhonesFromItsDatabasesShelf(t *testing.T) {
	ctx := context.Background()
	cfg := Config{Name: "Table 1", DBPath: filepath.Join(t.TempDir(), "t.db"), Addr: "127.0.0.1:0", Games: catalog.Registry()}
	tb, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if tb.phones == nil {
		t.Fatal("the table gave its phones no shelf")
	}
	found, err := tb.phones.Search(ctx, server.ShelfQuery{Text: "carcasonne", Lang: "fr"})
	if err != nil || len(found) == 0 || found[0].Name != "Carcassonne" || len(found[0].Copies) != 2 {
		t.Fatalf("carcasonne on the demo shelf: %+v, %v", found, err)
	}
	found, err = tb.phones.Search(ctx, server.ShelfQuery{Text: "loup garou", Lang: "de"})
	if err != nil || len(found) == 0 || found[0].Name != "Die Werwölfe von Düsterwald" {
		t.Fatalf("loup garou in German: %+v, %v", found, err)
	}
	got, err := tb.phones.Take(ctx, server.ShelfTake{Box: "C3"})
	if err != nil || got.Copies[0].Table != "Table 1" || !got.Copies[0].Here {
		t.Fatalf("take C3: %+v, %v", got, err)
	}
	at, err := tb.db.AtTable(ctx, "Table 1")
	if err != nil || len(at) != 1 || at[0].Shelf != "C3" {
		t.Fatalf("the database has at Table 1: %+v, %v", at, err)
	}
}
