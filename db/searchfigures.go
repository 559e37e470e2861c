package db

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/tablee/tablee/shelf"
)

// searchesRead is what the figures make of the searches typed at the
// tables, as of the last one read; never changed once made. A search
// is typed far more often than the staff read a page (every guest's
// finished search), and reading all of them again, folded and grouped,
// was a fifth of a figures page's time: a read takes the searches added
// since the last one instead (shelf_searches only grows; anything else
// reads them all again).
type searchesRead struct {
	maxID, n int64            // the last search's id and how many there were
	typed    []shelf.Typed    // the searches that found nothing, in the order typed
	counts   map[string]int   // every search by folded words (SearchCounts)
	notOwned []shelf.Searched // typed grouped (shelf.SearchedNotOwnedBy)
}

// searchFigures reads the searches' figures, taking only the searches
// typed since the last read when nothing else changed.
func (d *DB) searchFigures(ctx context.Context) (*searchesRead, error) {
	c := d.figures.getSearches()
	var since int64
	if c != nil {
		since = c.maxID
	}
	var maxID, n, newer int64
	if err := d.r.QueryRowContext(ctx, `SELECT coalesce(max(id), 0), count(*), count(*) FILTER (WHERE id > ?) FROM shelf_searches`, since).
		Scan(&maxID, &n, &newer); err != nil {
		return nil, fmt.Errorf("searches: %w", err)
	}
	if c != nil && c.maxID == maxID && c.n == n {
		return c, nil
	}
	from := c
	if c == nil || maxID < c.maxID || n-c.n != newer {
		from, since = &searchesRead{}, 0 // a search removed: all of them again
	}
	rows, err := d.r.QueryContext(ctx, `SELECT id, text, found, at FROM shelf_searches WHERE id > ? ORDER BY id`, since)
	if err != nil {
		return nil, fmt.Errorf("searches: %w", err)
	}
	defer rows.Close()
	// Clipped: appending copies, so the read others hold never changes.
	next := &searchesRead{typed: slices.Clip(from.typed), counts: maps.Clone(from.counts)}
	if next.counts == nil {
		next.counts = map[string]int{}
	}
	for rows.Next() {
		var id int64
		var text, at string
		var found int
		if err := rows.Scan(&id, &text, &found, &at); err != nil {
			return nil, fmt.Errorf("searches: %w", err)
		}
		next.maxID, next.n = max(next.maxID, id), next.n+1
		if k := d.figures.fold(text); k != "" {
			next.counts[k]++
		}
		if found != 0 {
			continue
		}
		t := shelf.Typed{Text: text}
		if t.At, err = parseTime(at); err != nil {
			return nil, err
		}
		next.typed = append(next.typed, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("searches: %w", err)
	}
	next.maxID, next.n = max(next.maxID, from.maxID), next.n+from.n
	next.notOwned = shelf.SearchedNotOwnedBy(next.typed, d.figures.fold)
	d.figures.putSearches(next)
	return next, nil
}

// SearchFiguresShared is what guests searched for and the shelf had
// nothing for (SearchedNotOwned since ever) and every search's count by
// its folded words (SearchCounts), shared with every reader until the
// next search: the caller must not change them.
func (d *DB) SearchFiguresShared(ctx context.Context) ([]shelf.Searched, map[string]int, error) {
	s, err := d.searchFigures(ctx)
	if err != nil {
		return nil, nil, err
	}
	return slices.Clip(s.notOwned), s.counts, nil
}

func (c *figuresCache) getSearches() *searchesRead {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.searches
}

func (c *figuresCache) putSearches(s *searchesRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.searches = s // a read overtaken by another only makes the next read take more rows
}
