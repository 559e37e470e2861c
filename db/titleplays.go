package db

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tablee/tablee/shelf"
)

// keptPlays is one title's plays as read while shelf_plays stood at gen,
// the last play added then seq (shelf_plays_added).
type keptPlays struct {
	key      string // scope, engine game and the names played under
	gen, seq int64  // shelf_generation's plays, shelf_plays_added's last seq
	plays    []shelf.Play
}

// keptTitles is how many titles' plays are kept: the staff open a few
// titles' pages in turn (and print them); the most played title's 5,300
// plays took 20–40 ms of SQL a page to read again.
const keptTitles = 8

// keptTitlePlays is titlePlays, kept while no play of the title is
// added, and no play at all removed or changed (shelf_generation's
// plays, in q's transaction): a title's page read again — sorted,
// printed, its scope switched, or after another title's play finished —
// reads no play again. The plays returned are shared: the caller must
// not change them.
func (d *DB) keptTitlePlays(ctx context.Context, q querier, engine string, played []string, venue bool) ([]shelf.Play, error) {
	var gen, seq int64
	if err := q.QueryRowContext(ctx, `SELECT plays, (SELECT coalesce(max(seq), 0) FROM shelf_plays_added) FROM shelf_generation WHERE id = 1`).
		Scan(&gen, &seq); err != nil {
		return nil, fmt.Errorf("plays' generation: %w", err)
	}
	key := fmt.Sprintf("%v\x00%s\x00%s", venue, engine, strings.Join(played, "\x00"))
	c := &d.figures
	c.mu.Lock()
	var kept *keptPlays
	for i := range c.kept {
		if c.kept[i].key == key {
			k := c.kept[i]
			kept = &k
		}
	}
	c.mu.Unlock()
	if kept != nil && kept.gen == gen {
		return slices.Clip(kept.plays), nil
	}
	// Only plays added since, none of this title's: the same plays.
	if kept != nil && seq > kept.seq && seq-kept.seq == gen-kept.gen {
		ours, err := addedPlaysOf(ctx, q, kept.seq, seq, engine, played, venue)
		if err != nil {
			return nil, err
		}
		if !ours {
			d.keepTitlePlays(keptPlays{key: key, gen: gen, seq: seq, plays: kept.plays})
			return slices.Clip(kept.plays), nil
		}
	}
	plays, err := titlePlays(ctx, q, engine, played, venue)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.titleReads++
	c.mu.Unlock()
	d.keepTitlePlays(keptPlays{key: key, gen: gen, seq: seq, plays: plays})
	return slices.Clip(plays), nil
}

// addedPlaysOf reports whether a play added after seq from up to to is
// one titlePlays would read for the title (its game, and for the score
// sheet one of the names played), or whether some of those plays are no
// longer logged (the last 1,000 are): then it cannot tell, and says yes.
func addedPlaysOf(ctx context.Context, q querier, from, to int64, engine string, played []string, venue bool) (bool, error) {
	game := SheetGame
	if engine != "" {
		game, played = engine, []string{""}
	}
	rows, err := q.QueryContext(ctx, `SELECT seq, venue, game, title FROM shelf_plays_added WHERE seq > ? AND seq <= ? ORDER BY seq`, from, to)
	if err != nil {
		return false, fmt.Errorf("plays added: %w", err)
	}
	defer rows.Close()
	next := from + 1
	for rows.Next() {
		var n int64
		var v bool
		var g, title string
		if err := rows.Scan(&n, &v, &g, &title); err != nil {
			return false, fmt.Errorf("plays added: %w", err)
		}
		if n != next || v == venue && g == game && slices.Contains(played, title) {
			return true, nil
		}
		next++
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("plays added: %w", err)
	}
	return next != to+1, nil
}

// keepTitlePlays keeps k, the latest of keptTitles titles.
func (d *DB) keepTitlePlays(k keptPlays) {
	c := &d.figures
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept = slices.DeleteFunc(c.kept, func(o keptPlays) bool { return o.key == k.key })
	if len(c.kept) >= keptTitles {
		c.kept = slices.Delete(c.kept, 0, 1)
	}
	c.kept = append(c.kept, k)
}
