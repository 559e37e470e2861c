package db

import (
	"context"
	"fmt"
)

// taughtKept is the times each title was taught, as counted from the
// taught rows there were then (n, the last maxID) over titles tb: taught
// only grows (a lesson begun, a call for the rules), and a box taken or
// a note written reads the figures again without a lesson more.
type taughtKept struct {
	tb       *titleBase
	n, maxID int64
	lines    []taughtLine // the titles taught, by index in tb.figs
}

type taughtLine struct{ i, n int }

// addTaughtKept adds the times taught to figs (tb's lines), counted again
// only when a lesson or a call was added or removed since the last count.
func (d *DB) addTaughtKept(ctx context.Context, q querier, figs []TitleFigures, tb *titleBase) error {
	var n, maxID int64
	if err := q.QueryRowContext(ctx, `SELECT count(*), coalesce(max(id), 0) FROM taught`).Scan(&n, &maxID); err != nil {
		return fmt.Errorf("taught: %w", err)
	}
	d.figures.mu.Lock()
	k := d.figures.taught
	d.figures.mu.Unlock()
	if k == nil || k.tb != tb || k.n != n || k.maxID != maxID {
		counts := make([]TitleFigures, len(tb.figs)) // only Taught is set
		if err := addTaught(ctx, q, counts, tb.keys); err != nil {
			return err
		}
		k = &taughtKept{tb: tb, n: n, maxID: maxID}
		for i := range counts {
			if counts[i].Taught != 0 {
				k.lines = append(k.lines, taughtLine{i, counts[i].Taught})
			}
		}
		d.figures.mu.Lock()
		d.figures.taught = k
		d.figures.mu.Unlock()
	}
	for _, l := range k.lines {
		figs[l.i].Taught += l.n
	}
	return nil
}
