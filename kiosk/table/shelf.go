package table

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/shelf"
)

// phoneShelf is the shelf as the phones ask it (server.Shelf) over the
// catalogue's Library: one in-memory Index, rebuilt when it is older than
// indexFresh or after this table took a box, so that a guest typing a
// name costs the database nothing per key.
type phoneShelf struct {
	lib   shelf.Library
	table string // this table's name: where a box taken here is
	now   func() time.Time

	mu    sync.Mutex
	ix    *shelf.Index
	built time.Time
}

// indexFresh is how long the phones' Index is trusted: a box another
// table took shows as taken a few seconds later at most (a take here
// shows at once).
const indexFresh = 5 * time.Second

func newPhoneShelf(lib shelf.Library, table string, now func() time.Time) *phoneShelf {
	if now == nil {
		now = time.Now
	}
	return &phoneShelf{lib: lib, table: table, now: now}
}

// index returns a fresh enough Index.
func (p *phoneShelf) index(ctx context.Context) (*shelf.Index, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ix != nil && p.now().Sub(p.built) < indexFresh {
		return p.ix, nil
	}
	titles, err := p.lib.Titles(ctx)
	if err != nil {
		return nil, fmt.Errorf("shelf for the phones: %w", err)
	}
	p.ix, p.built = shelf.NewIndex(titles), p.now()
	return p.ix, nil
}

// stale makes the next request read the catalogue again.
func (p *phoneShelf) stale() {
	p.mu.Lock()
	p.ix = nil
	p.mu.Unlock()
}

// Search implements server.Shelf: the Index's search, titles the house
// only wishes for included when a name was typed. A phone's finished
// search (q.Final) with words is recorded as the table's screen records
// its own (Library.Searched, with every title it finds), so the staff's
// « searched but not owned » counts a guest's search once, not each
// prefix sent as they typed.
func (p *phoneShelf) Search(ctx context.Context, q server.ShelfQuery) ([]wire.ShelfTitle, error) {
	ix, err := p.index(ctx)
	if err != nil {
		return nil, err
	}
	if text := strings.TrimSpace(q.Text); q.Final && text != "" {
		all := len(ix.Search(shelf.Query{Text: text, Wishes: true, Limit: ix.Len()}))
		if err := p.lib.Searched(ctx, text, all, p.now()); err != nil {
			return nil, fmt.Errorf("record a phone's search: %w", err)
		}
	}
	found := ix.Search(shelf.Query{Text: q.Text, Players: q.Players, Minutes: q.Minutes, Wishes: q.Text != "", Limit: shelf.DefaultLimit})
	out := make([]wire.ShelfTitle, len(found))
	for i, m := range found {
		out[i] = p.wireTitle(m.Title, q.Lang)
	}
	return out, nil
}

// Take implements server.Shelf: the copy of that id, else the copies of
// that EAN or shelf code (the first free one of a single title).
func (p *phoneShelf) Take(ctx context.Context, t server.ShelfTake) (wire.ShelfTitle, error) {
	p.stale() // the take must see where each box is now
	ix, err := p.index(ctx)
	if err != nil {
		return wire.ShelfTitle{}, err
	}
	title, c, err := pick(ix, t)
	if err != nil {
		return wire.ShelfTitle{}, err
	}
	if c.Status == shelf.AtTable && c.Table == p.table {
		return p.wireTitle(title, t.Lang), nil // already here: saying it twice changes nothing
	}
	if c.Status == shelf.AtTable {
		return wire.ShelfTitle{}, fmt.Errorf("%w: at %s since %s", shelf.ErrTaken, c.Table, clock(c.Since))
	}
	now := p.now()
	if err := p.lib.Take(ctx, c.ID, p.table, now); err != nil {
		return wire.ShelfTitle{}, fmt.Errorf("take copy %d: %w", c.ID, err)
	}
	p.stale()
	for i := range title.Copies {
		if title.Copies[i].ID == c.ID {
			title.Copies[i].Status, title.Copies[i].Table, title.Copies[i].Since = shelf.AtTable, p.table, now
		}
	}
	return p.wireTitle(title, t.Lang), nil
}

// pick finds the copy a take names. Of several copies of one title (an
// EAN, a shelf code) it picks one on its shelf, else one already here,
// else the first; copies of several titles are server.ErrManyBoxes.
func pick(ix *shelf.Index, t server.ShelfTake) (shelf.Title, shelf.Copy, error) {
	var title shelf.Title
	var copies []shelf.Copy
	for _, m := range ix.Search(shelf.Query{Wishes: false, Limit: ix.Len() + 1}) {
		for _, c := range m.Title.Copies {
			hit := t.CopyID != 0 && c.ID == t.CopyID ||
				t.Box != "" && (c.EAN == t.Box || wire.SameBox(c.Shelf, t.Box))
			if !hit {
				continue
			}
			if len(copies) > 0 && title.ID != m.Title.ID {
				return shelf.Title{}, shelf.Copy{}, server.ErrManyBoxes
			}
			title, copies = m.Title, append(copies, c)
		}
	}
	if len(copies) == 0 {
		return shelf.Title{}, shelf.Copy{}, shelf.ErrNoCopy
	}
	for _, c := range copies {
		if c.Status == shelf.OnShelf {
			return title, c, nil
		}
	}
	return title, copies[0], nil
}

// wireTitle is a title as a phone shows it, named for lang.
func (p *phoneShelf) wireTitle(t shelf.Title, lang string) wire.ShelfTitle {
	w := wire.ShelfTitle{ID: t.ID, Name: t.Names.Name(lang), Year: t.Year, MinPlayers: t.MinPlayers, MaxPlayers: t.MaxPlayers,
		Best: t.BestPlayers, MinMinutes: t.MinMinutes, MaxMinutes: t.MaxMinutes, MinAge: t.MinAge, Kind: string(t.Kind)}
	for _, c := range t.Copies {
		wc := wire.ShelfCopy{ID: c.ID, Shelf: c.Shelf, Status: string(c.Status)}
		if c.Status == shelf.AtTable {
			wc.Table, wc.Since, wc.Here = c.Table, clock(c.Since), c.Table == p.table
		}
		w.Copies = append(w.Copies, wc)
	}
	return w
}

// clock is a time as the venue's clocks show it.
func clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("15:04")
}
