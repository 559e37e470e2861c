package db

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tablee/tablee/shelf"
)

// keptPlays is one title's plays as read while shelf_plays stood at gen.
type keptPlays struct {
	key   string // scope, engine game and the names played under
	gen   int64  // shelf_generation's plays
	plays []shelf.Play
}

// keptTitles is how many titles' plays are kept: the staff open a few
// titles' pages in turn (and print them); the most played title's 5,300
// plays took 20–40 ms of SQL a page to read again.
const keptTitles = 8

// keptTitlePlays is titlePlays, kept while no play is added, removed or
// changed (shelf_generation's plays, in q's transaction): a title's page
// read again — sorted, printed, its scope switched — reads no play
// again. The plays returned are shared: the caller must not change them.
func (d *DB) keptTitlePlays(ctx context.Context, q querier, engine string, played []string, venue bool) ([]shelf.Play, error) {
	var gen int64
	if err := q.QueryRowContext(ctx, `SELECT plays FROM shelf_generation WHERE id = 1`).Scan(&gen); err != nil {
		return nil, fmt.Errorf("plays' generation: %w", err)
	}
	key := fmt.Sprintf("%v\x00%s\x00%s", venue, engine, strings.Join(played, "\x00"))
	c := &d.figures
	c.mu.Lock()
	for _, k := range c.kept {
		if k.key == key && k.gen == gen {
			c.mu.Unlock()
			return slices.Clip(k.plays), nil
		}
	}
	c.mu.Unlock()
	plays, err := titlePlays(ctx, q, engine, played, venue)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept = slices.DeleteFunc(c.kept, func(k keptPlays) bool { return k.key == key || k.gen != gen })
	if len(c.kept) >= keptTitles {
		c.kept = slices.Delete(c.kept, 0, 1)
	}
	c.kept = append(c.kept, keptPlays{key: key, gen: gen, plays: plays})
	return slices.Clip(plays), nil
}
