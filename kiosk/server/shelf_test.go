package server

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/shelf"
)

// fakeShelf answers searches from a fixed list, by a plain substring of
// the name (the real search is shelf.Index's, tested there), and keeps
// what was taken.
type fakeShelf struct {
	mu     sync.Mutex
	titles []wire.ShelfTitle
	asked  []ShelfQuery
	taken  []ShelfTake
}

func newFakeShelf() *fakeShelf {
	return &fakeShelf{titles: []wire.ShelfTitle{
		{ID: 1, Name: "Carcassonne", MinPlayers: 2, MaxPlayers: 5, MinMinutes: 35, MaxMinutes: 35, MinAge: 7,
			Copies: []wire.ShelfCopy{{ID: 11, Shelf: "D5", Status: "shelf"}}},
		{ID: 2, Name: "Les Loups-Garous de Thiercelieux", MinPlayers: 8, MaxPlayers: 18, MinMinutes: 30, MaxMinutes: 30,
			Copies: []wire.ShelfCopy{{ID: 21, Shelf: "A1", Status: "table", Table: "Table 3", Since: "19:40"}}},
		{ID: 3, Name: "Azul", Copies: []wire.ShelfCopy{{ID: 31, Shelf: "B2", Status: "shelf"}}},
		{ID: 4, Name: "Patchwork", Copies: []wire.ShelfCopy{{ID: 41, Shelf: "B2", Status: "shelf"}}},
	}}
}

// seen returns copies of what the shelf was asked and told.
func (f *fakeShelf) seen() ([]ShelfQuery, []ShelfTake) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]ShelfQuery(nil), f.asked...), append([]ShelfTake(nil), f.taken...)
}

func (f *fakeShelf) Search(_ context.Context, q ShelfQuery) ([]wire.ShelfTitle, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, q)
	var out []wire.ShelfTitle
	for _, t := range f.titles {
		if strings.Contains(strings.ToLower(t.Name), strings.ToLower(q.Text)) {
			out = append(out, t)
		}
	}
	return out, nil
}

func (f *fakeShelf) Take(_ context.Context, take ShelfTake) (wire.ShelfTitle, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var found []int
	for i, t := range f.titles {
		for _, c := range t.Copies {
			if c.ID == take.CopyID || c.Shelf == take.Box {
				found = append(found, i)
			}
		}
	}
	switch {
	case len(found) == 0:
		return wire.ShelfTitle{}, shelf.ErrNoCopy
	case len(found) > 1:
		return wire.ShelfTitle{}, ErrManyBoxes
	}
	t := f.titles[found[0]]
	if c := t.Copies[0]; c.Status == "table" {
		return wire.ShelfTitle{}, fmt.Errorf("%w: at %s since %s", shelf.ErrTaken, c.Table, c.Since)
	}
	t.Copies[0].Status, t.Copies[0].Table, t.Copies[0].Here = "table", "Table 1", true
	f.taken = append(f.taken, take)
	return t, nil
}

func TestAPhoneSeatedAtTheTableSearchesTheShelfAndTakesABox(t *testing.T) {
	sh := newFakeShelf()
	tb := newTableWith(t, "canoe", twoGuests(), Config{Shelf: sh})
	p := tb.dial(t)
	p.join(tb, "Anja")

	p.send(wire.Message{Type: wire.TypeShelfSearch, Ref: "s1", Text: "carcas", Lang: "de", Players: 5, Minutes: 30})
	m := p.expect(wire.TypeShelfFound)
	if m.Ref != "s1" || len(m.Found) != 1 || m.Found[0].Name != "Carcassonne" || m.Found[0].Copies[0].Shelf != "D5" {
		t.Fatalf("found %+v", m)
	}
	if asked, _ := sh.seen(); asked[0] != (ShelfQuery{Text: "carcas", Lang: "de", Players: 5, Minutes: 30}) {
		t.Errorf("the shelf was asked %+v", asked[0])
	}
	p.send(wire.Message{Type: wire.TypeShelfSearch, Ref: "s2", Text: "nothing like it"})
	if m := p.expect(wire.TypeShelfFound); len(m.Found) != 0 {
		t.Fatalf("an empty list: %+v", m)
	}

	p.sendRaw(`{"v":2,"type":"shelf-take","ref":"t1","box":" d5 ","lang":"fr"}`)
	m = p.expect(wire.TypeShelfTaken)
	if m.Ref != "t1" || len(m.Found) != 1 || !m.Found[0].Copies[0].Here {
		t.Fatalf("taken %+v", m)
	}
	if _, taken := sh.seen(); taken[0] != (ShelfTake{Box: "D5", Lang: "fr"}) {
		t.Errorf("the shelf was told %+v", taken[0])
	}

	for _, c := range []struct {
		take wire.Message
		code string
	}{
		{wire.Message{Type: wire.TypeShelfTake, CopyID: 21}, wire.CopyTaken},
		{wire.Message{Type: wire.TypeShelfTake, Box: "Z9"}, wire.NoCopy},
		{wire.Message{Type: wire.TypeShelfTake, Box: "B2"}, wire.ManyBoxes},
	} {
		p.send(c.take)
		e := p.expectError(c.code)
		if c.code == wire.CopyTaken && !strings.Contains(e.Message, "Table 3 since 19:40") {
			t.Errorf("copy-taken says %q, not where the box is", e.Message)
		}
		if e.Fatal {
			t.Errorf("%s is fatal", c.code)
		}
	}
	// Bad input is refused and the connection lives on.
	p.sendRaw(`{"v":2,"type":"shelf-search","text":"` + strings.Repeat("x", wire.MaxShelfText+1) + `"}`)
	p.expectError(wire.BadJSON)
	p.sendRaw(`{"v":2,"type":"shelf-take","box":"=HYPERLINK()"}`)
	p.expectError(wire.BadJSON)
	p.send(wire.Message{Type: wire.TypePing, Ref: "alive"})
	p.expect(wire.TypePong)
	if _, taken := sh.seen(); len(taken) != 1 {
		t.Errorf("the shelf was told of %d takes, want the one that succeeded: %+v", len(taken), taken)
	}
}

func TestAPhoneNotSeatedSearchesOnlyAfterTheQRCodeAndNeverTakes(t *testing.T) {
	sh := newFakeShelf()
	tb := newTableWith(t, "canoe", twoGuests(), Config{Shelf: sh})
	p := tb.dial(t)
	p.send(wire.Message{Type: wire.TypeShelfSearch, Ref: "s", Text: "azul"})
	p.expectError(wire.NotJoined)
	// An old QR code proves nothing.
	old := tb.srv.LinkCode()
	if err := tb.srv.NewCode(); err != nil {
		t.Fatal(err)
	}
	p.send(wire.Message{Type: wire.TypeInfo, Code: old})
	if m := p.expect(wire.TypeInfo); *m.Current {
		t.Fatal("the old code is current")
	}
	p.send(wire.Message{Type: wire.TypeShelfSearch, Text: "azul"})
	p.expectError(wire.NotJoined)

	p.send(wire.Message{Type: wire.TypeInfo, Code: tb.srv.LinkCode()})
	if m := p.expect(wire.TypeInfo); !*m.Current {
		t.Fatal("the current code is not")
	}
	p.send(wire.Message{Type: wire.TypeShelfSearch, Text: "azul"})
	if m := p.expect(wire.TypeShelfFound); len(m.Found) != 1 || m.Found[0].Name != "Azul" {
		t.Fatalf("found %+v", m.Found)
	}
	p.send(wire.Message{Type: wire.TypeShelfTake, CopyID: 31})
	p.expectError(wire.NotJoined)
	if _, taken := sh.seen(); len(taken) != 0 {
		t.Errorf("a phone not seated took %+v", taken)
	}
}

func TestATableWithoutAShelfSaysSo(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	p := tb.dial(t)
	p.join(tb, "Anja")
	p.send(wire.Message{Type: wire.TypeShelfSearch, Text: "azul"})
	p.expectError(wire.NoShelf)
	p.send(wire.Message{Type: wire.TypeShelfTake, Box: "D5"})
	p.expectError(wire.NoShelf)
}

func TestShelfRequestsAreBudgetedPerConnection(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
	sh := newFakeShelf()
	tb := newTableWith(t, "canoe", twoGuests(), Config{Shelf: sh, Now: clk.Now, ShelfRate: rate.Every(time.Second), ShelfBurst: 3})
	p, q := tb.dial(t), tb.dial(t)
	p.join(tb, "Anja")
	q.join(tb, "Ben")
	p.expectSeats(0, nil) // Ben's seat reached Anja
	for i := range 3 {
		p.send(wire.Message{Type: wire.TypeShelfSearch, Ref: fmt.Sprint(i), Text: "a"})
		p.expect(wire.TypeShelfFound)
	}
	p.send(wire.Message{Type: wire.TypeShelfSearch, Ref: "over", Text: "a"})
	if e := p.expectError(wire.RateLimited); e.Fatal {
		t.Error("rate-limited is fatal")
	}
	p.send(wire.Message{Type: wire.TypeShelfTake, Box: "D5"})
	p.expectError(wire.RateLimited)
	// The other phone has its own budget.
	q.send(wire.Message{Type: wire.TypeShelfSearch, Text: "a"})
	q.expect(wire.TypeShelfFound)
	// A second later, one more.
	clk.add(time.Second)
	p.send(wire.Message{Type: wire.TypeShelfSearch, Text: "a"})
	p.expect(wire.TypeShelfFound)
	p.send(wire.Message{Type: wire.TypeShelfSearch, Text: "a"})
	p.expectError(wire.RateLimited)
	if asked, _ := sh.seen(); len(asked) != 5 {
		t.Errorf("the shelf was asked %d times, want the 5 within budget", len(asked))
	}
}
