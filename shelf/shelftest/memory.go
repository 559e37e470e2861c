// Package shelftest holds what the shelf's tests share: Memory, a Library
// kept in memory with the database's rules, for the screens' and the
// phones' tests that need a catalogue but no database.
package shelftest

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/tablee/tablee/shelf"
)

// Search is one search Memory recorded through Searched.
type Search struct {
	Text  string
	Found int
	At    time.Time
}

// Memory is a Library in memory. It keeps the database's rules: a copy
// at another table (or lent, or missing) is refused with ErrTaken, an
// unknown copy with ErrNoCopy, taking a copy already at this table again
// changes nothing, and only the table a copy is at gives it back. Safe
// for concurrent use.
type Memory struct {
	mu       sync.Mutex
	titles   []shelf.Title
	notes    []shelf.Note
	searches []Search
}

// NewMemory holds titles (their copies included); titles and copies
// without an id get one.
func NewMemory(titles []shelf.Title) *Memory {
	m := &Memory{}
	var tid, cid int64
	for _, t := range titles {
		tid = max(tid, t.ID)
		for _, c := range t.Copies {
			cid = max(cid, c.ID)
		}
	}
	for _, t := range titles {
		if t.ID == 0 {
			tid++
			t.ID = tid
		}
		cs := make([]shelf.Copy, len(t.Copies))
		for i, c := range t.Copies {
			if c.ID == 0 {
				cid++
				c.ID = cid
			}
			if c.Status == "" {
				c.Status = shelf.OnShelf
			}
			c.TitleID = t.ID
			cs[i] = c
		}
		t.Copies = cs
		m.titles = append(m.titles, t)
	}
	return m
}

// Titles is the catalogue, each title with its copies as they are now.
func (m *Memory) Titles(ctx context.Context) ([]shelf.Title, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]shelf.Title, len(m.titles))
	for i, t := range m.titles {
		t.Copies = append([]shelf.Copy(nil), t.Copies...)
		out[i] = t
	}
	return out, ctx.Err()
}

// Copy is copy id as it is now, for a test that looks where a box went.
func (m *Memory) Copy(id int64) (shelf.Copy, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.find(id)
	if !ok {
		return shelf.Copy{}, false
	}
	return *c, true
}

// find is the copy id, under m.mu.
func (m *Memory) find(id int64) (*shelf.Copy, bool) {
	for i := range m.titles {
		for j := range m.titles[i].Copies {
			if c := &m.titles[i].Copies[j]; c.ID == id {
				return c, true
			}
		}
	}
	return nil, false
}

// Take puts copy id at table since at.
func (m *Memory) Take(ctx context.Context, id int64, table string, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.find(id)
	switch {
	case !ok:
		return fmt.Errorf("take copy %d: %w", id, shelf.ErrNoCopy)
	case c.Status == shelf.AtTable && c.Table == table:
		return nil
	case c.Status != shelf.OnShelf:
		return fmt.Errorf("take copy %d at %s: %w", id, table, shelf.ErrTaken)
	}
	c.Status, c.Table, c.Since = shelf.AtTable, table, at
	return nil
}

// Return puts copy id back on its shelf; a note reaches the staff.
func (m *Memory) Return(ctx context.Context, id int64, table string, kind shelf.NoteKind, note string, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.find(id)
	switch {
	case !ok:
		return fmt.Errorf("return copy %d: %w", id, shelf.ErrNoCopy)
	case c.Status == shelf.AtTable && c.Table != table, c.Status == shelf.Lent, c.Status == shelf.Missing:
		return fmt.Errorf("return copy %d from %s: %w", id, table, shelf.ErrTaken)
	}
	c.Status, c.Table, c.Since = shelf.OnShelf, "", time.Time{}
	if note != "" {
		if k, ok := shelf.ParseNoteKind(string(kind)); ok {
			kind = k
		} else {
			return fmt.Errorf("return copy %d: note kind %q: want damage, missing or other", id, kind)
		}
		m.notes = append(m.notes, shelf.Note{ID: int64(len(m.notes) + 1), CopyID: id, Table: table, Kind: kind, Text: note, At: at})
	}
	return nil
}

// AtTable lists the copies at table, the longest there first.
func (m *Memory) AtTable(ctx context.Context, table string) ([]shelf.Copy, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []shelf.Copy
	for _, t := range m.titles {
		for _, c := range t.Copies {
			if c.Status == shelf.AtTable && c.Table == table {
				out = append(out, c)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Since.Before(out[j].Since) })
	return out, ctx.Err()
}

// Searched records a search.
func (m *Memory) Searched(ctx context.Context, text string, found int, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.searches = append(m.searches, Search{Text: text, Found: found, At: at})
	return ctx.Err()
}

// Notes are the notes left on returned copies; open only: those the
// staff have not closed.
func (m *Memory) Notes(ctx context.Context, open bool) ([]shelf.Note, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []shelf.Note
	for _, n := range m.notes {
		if !open || !n.Closed {
			out = append(out, n)
		}
	}
	return out, ctx.Err()
}

// Searches are the searches recorded so far.
func (m *Memory) Searches() []Search {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Search(nil), m.searches...)
}

// Demo is a small catalogue for tests: the table's four games and a few
// boxes with their public facts, some with two copies, one a wish.
func Demo() []shelf.Title {
	box := func(code string) []shelf.Copy { return []shelf.Copy{{Shelf: code}} }
	return []shelf.Title{
		{Names: shelf.Names{FR: "Canyon", Original: "Canyon"}, MinPlayers: 2, MaxPlayers: 4, MinMinutes: 30, MaxMinutes: 30, MinAge: 8, Kind: shelf.Competitive, Engine: "canyon", Copies: box("T1")},
		{Names: shelf.Names{FR: "Canoë", Original: "Canoë"}, MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{4, 5}, MinMinutes: 20, MaxMinutes: 20, MinAge: 8, Kind: shelf.Competitive, Engine: "canoe", Copies: box("T2")},
		{Names: shelf.Names{FR: "Carcassonne", Original: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{2}, MinMinutes: 30, MaxMinutes: 45, MinAge: 7, Kind: shelf.Competitive, Copies: box("D5")},
		{Names: shelf.Names{FR: "Les Loups-Garous de Thiercelieux", EN: "The Werewolves of Miller's Hollow"}, MinPlayers: 8, MaxPlayers: 18, MinMinutes: 30, MaxMinutes: 30, MinAge: 10, Kind: shelf.Teams, Copies: box("A2")},
		{Names: shelf.Names{FR: "Pandémie", EN: "Pandemic", DE: "Pandemie", Original: "Pandemic"}, MinPlayers: 2, MaxPlayers: 4, BestPlayers: []int{4}, MinMinutes: 45, MaxMinutes: 45, MinAge: 8, Kind: shelf.Cooperative, Copies: box("C3")},
		{Names: shelf.Names{FR: "Skull King", Original: "Skull King"}, MinPlayers: 2, MaxPlayers: 8, BestPlayers: []int{4, 5, 6}, MinMinutes: 30, MaxMinutes: 30, MinAge: 8, Kind: shelf.Competitive, Copies: box("B7")},
		{Names: shelf.Names{FR: "Time's Up! Party", Original: "Time's Up! Party"}, MinPlayers: 4, MaxPlayers: 12, BestPlayers: []int{6, 8}, MinMinutes: 30, MaxMinutes: 30, MinAge: 12, Kind: shelf.Teams, Copies: box("A4")},
		{Names: shelf.Names{FR: "Dixit", Original: "Dixit"}, MinPlayers: 3, MaxPlayers: 8, BestPlayers: []int{5, 6}, MinMinutes: 30, MaxMinutes: 30, MinAge: 8, Kind: shelf.Competitive, Copies: []shelf.Copy{{Shelf: "B2"}, {Shelf: "B3"}}},
		{Names: shelf.Names{FR: "Hanabi", Original: "Hanabi"}, MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{3, 4}, MinMinutes: 25, MaxMinutes: 25, MinAge: 8, Kind: shelf.Cooperative, Copies: box("E1")},
		{Names: shelf.Names{FR: "6 qui prend !", DE: "6 nimmt!", EN: "Category 5", Original: "6 nimmt!"}, MinPlayers: 2, MaxPlayers: 10, BestPlayers: []int{5, 6}, MinMinutes: 45, MaxMinutes: 45, MinAge: 8, Kind: shelf.Competitive, Copies: box("B1")},
		{Names: shelf.Names{FR: "Les Aventuriers du Rail", DE: "Zug um Zug", EN: "Ticket to Ride"}, MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{4}, MinMinutes: 30, MaxMinutes: 60, MinAge: 8, Kind: shelf.Competitive, Copies: box("D2")},
		{Names: shelf.Names{FR: "Brass: Birmingham", Original: "Brass: Birmingham"}, MinPlayers: 2, MaxPlayers: 4, MinMinutes: 60, MaxMinutes: 120, MinAge: 14, Kind: shelf.Competitive}, // a wish
	}
}

var _ shelf.Library = (*Memory)(nil)
