package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// The ludothèque's figures (issue 39, docs/catalogue.md): what each title
// of the shelf and each copy is used for, from the plays at the tables.
// A title's plays are the finished sessions of its engine game (the
// table's own four) or of the score sheet naming it (any of its names,
// shelf.PlayedKey). On a paired table, or the venue hub, the plays may be
// the venue's (every table's, from venue_sessions); the copies are always
// this table's shelf.

// TitleFigures is one title's line in the ludothèque's figures.
type TitleFigures struct {
	ID     int64
	Names  shelf.Names
	Engine string // the table's own game, else ""
	// Copies and AtTables count its boxes and those at a table now.
	Copies, AtTables int
	Sections         []string // the sections its boxes stand in (shelf.Section), sorted
	shelf.Counts
	// Taught counts its lessons on the table and the staff calls from a
	// table playing it.
	Taught int
	// Notes and OpenNotes count the notes on its returned boxes;
	// OpenDamage and OpenMissing the open ones about damage and missing
	// pieces (the rest of OpenNotes are shelf.NoteOther).
	Notes, OpenNotes        int
	OpenDamage, OpenMissing int
}

// Wish reports whether the title is wished for: no box, not one of the
// table's own games.
func (f TitleFigures) Wish() bool { return f.Copies == 0 && f.Engine == "" }

// titleKeys maps what plays name to the titles: the played name's key
// (shelf.PlayedKey of each of a title's names) and the engine games.
type titleKeys struct {
	byName   map[string]int
	byEngine map[string]int
}

func (k titleKeys) find(game, title string) (int, bool) {
	if game == SheetGame {
		i, ok := k.byName[shelf.PlayedKey(title)]
		return i, ok
	}
	i, ok := k.byEngine[game]
	return i, ok
}

func keysOf(figs []TitleFigures) titleKeys {
	k := titleKeys{byName: make(map[string]int, len(figs)*2), byEngine: map[string]int{}}
	for i, f := range figs {
		if f.Engine != "" {
			k.byEngine[f.Engine] = i
		}
		for _, n := range []string{f.Names.FR, f.Names.DE, f.Names.EN, f.Names.Original} {
			if key := shelf.PlayedKey(n); key != "" {
				if _, taken := k.byName[key]; !taken {
					k.byName[key] = i // two titles of one name: the first, by id
				}
			}
		}
	}
	return k
}

// HasVenuePlays reports whether the database holds the venue's plays
// (a paired table's mirror, or the hub's): the figures can then cover
// every table.
func (d *DB) HasVenuePlays(ctx context.Context) (bool, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM venue_sessions)`).Scan(&n); err != nil {
		return false, fmt.Errorf("venue plays: %w", err)
	}
	return n == 1, nil
}

// ShelfFigures gives every title of the shelf its figures as seen at now,
// in id order: its boxes, plays per period, last play, times taught and
// notes. venue counts the venue's plays (every table's) instead of this
// table's. The counts are added up by SQL over indexes (9,000 titles and
// 100,000 plays: docs/performance.md); TitleFigures computes the same
// counts from one title's plays.
func (d *DB) ShelfFigures(ctx context.Context, now time.Time, venue bool) ([]TitleFigures, error) {
	r, err := d.readFigures(ctx, now, venue)
	if err != nil {
		return nil, err
	}
	return slices.Clone(r.figs), nil
}

// ShelfFiguresShared is ShelfFigures without the copy: the lines kept
// for every reader until the next change, which the caller must not
// change. The console's pages read them on every request: copying 9,000
// lines was a seventh of what a page allocated, and its garbage
// collections the slowest answers (docs/performance.md).
func (d *DB) ShelfFiguresShared(ctx context.Context, now time.Time, venue bool) ([]TitleFigures, error) {
	r, err := d.readFigures(ctx, now, venue)
	if err != nil {
		return nil, err
	}
	return slices.Clip(r.figs), nil
}

// figuresRead is one read of the figures, kept while nothing is written;
// never changed once made.
type figuresRead struct {
	figs []TitleFigures
	tb   *titleBase // the titles they are the lines of
	// played maps a played name's key (shelf.PlayedKey) to the names
	// the score sheet's plays were played under.
	played map[string][]string
	// memo keeps what the figures' readers make of these lines
	// (FiguresMemo), dropped with them.
	memoMu sync.Mutex
	memo   map[string]any
}

// readFigures reads the figures, or gives the last read when nothing they
// add up changed since.
func (d *DB) readFigures(ctx context.Context, now time.Time, venue bool) (*figuresRead, error) {
	return d.readFiguresFor(ctx, now, venue, false)
}

// readFiguresFor is readFigures; with names only, a read not kept gives
// the names played alone (figs nil, not kept): a title's page needs them
// and nothing else of the 9,000 lines, which a play finished would make
// it read again.
func (d *DB) readFiguresFor(ctx context.Context, now time.Time, venue, names bool) (*figuresRead, error) {
	p := shelf.PeriodsAt(now)
	key := figuresKey{venue: venue, periods: p}
	tx, err := d.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("shelf figures: %w", err)
	}
	defer tx.Rollback()
	// In the read's own transaction: the figures read are those of
	// this generation.
	pkey := playsKey{venue: venue, periods: p}
	// The last play added, the titles' and the boxes' changes (0014_figures_plays_added.sql).
	var seq, titlesGen, copiesGen int64
	if err := tx.QueryRowContext(ctx, `SELECT gen, plays, (SELECT gen FROM shelf_titles_generation WHERE id = 1),
		(SELECT gen FROM shelf_copies_generation WHERE id = 1),
		(SELECT coalesce(max(seq), 0) FROM shelf_plays_added) FROM shelf_generation WHERE id = 1`).Scan(&key.gen, &pkey.gen, &titlesGen, &copiesGen, &seq); err != nil {
		return nil, fmt.Errorf("shelf figures: %w", err)
	}
	if r, ok := d.figures.get(key); ok {
		return r, nil
	}
	pc, err := d.playCounts(ctx, tx, pkey, seq)
	if err != nil {
		return nil, fmt.Errorf("shelf figures: plays: %w", err)
	}
	tb, err := d.titleBase(ctx, tx, titlesGen)
	if err != nil {
		return nil, fmt.Errorf("shelf figures: %w", err)
	}
	pb := d.playedBase(tb, pc)
	if names {
		return &figuresRead{played: pb.played}, nil
	}
	r := &figuresRead{figs: slices.Clone(tb.figs), tb: tb, played: pb.played}
	for i := range r.figs {
		r.figs[i].Counts = pb.counts[i]
	}
	cb, err := d.copiesBase(ctx, tx, tb, copiesGen)
	if err != nil {
		return nil, fmt.Errorf("shelf figures: boxes: %w", err)
	}
	for i, c := range cb.lines {
		r.figs[i].Copies, r.figs[i].Sections = c.copies, c.sections
	}
	if err := addAtTables(ctx, tx, r.figs, tb.at); err != nil {
		return nil, fmt.Errorf("shelf figures: boxes at tables: %w", err)
	}
	if err := d.addTaughtKept(ctx, tx, r.figs, tb); err != nil {
		return nil, fmt.Errorf("shelf figures: taught: %w", err)
	}
	if err := addNoteCounts(ctx, tx, r.figs, tb.at); err != nil {
		return nil, fmt.Errorf("shelf figures: notes: %w", err)
	}
	d.figures.put(key, r)
	return r, nil
}

// titleBase is every title's names and engine game (the rest of its
// figures zero), in id order, as of titles generation gen
// (shelf_titles_generation), and what finds them; never changed once made.
type titleBase struct {
	gen  int64
	figs []TitleFigures
	keys titleKeys
	at   map[int64]int // index in figs by id
	// names are the titles' names folded (shelf.FoldKey) by language,
	// made when first asked (NameKeys).
	namesMu sync.Mutex
	names   map[string][]string
}

// titleBase gives the titles as of titles generation gen, read in q's
// transaction (or kept from the last read of the same generation).
func (d *DB) titleBase(ctx context.Context, q querier, gen int64) (*titleBase, error) {
	d.figures.mu.Lock()
	tb := d.figures.titles
	d.figures.mu.Unlock()
	if tb != nil && tb.gen == gen {
		return tb, nil
	}
	figs, err := readTitleNames(ctx, q)
	if err != nil {
		return nil, err
	}
	tb = &titleBase{gen: gen, figs: figs, keys: keysOf(figs), at: make(map[int64]int, len(figs))}
	for i, f := range figs {
		tb.at[f.ID] = i
	}
	d.figures.mu.Lock()
	d.figures.titles = tb
	d.figures.mu.Unlock()
	return tb, nil
}

// copiesBase is each title's count of boxes and their sections (lines
// in tb's order) as of boxes generation gen (shelf_copies_generation);
// never changed once made.
type copiesBase struct {
	titles *titleBase
	gen    int64
	lines  []copiesLine
}

type copiesLine struct {
	copies   int
	sections []string
}

// copiesBase gives the boxes' counts and sections of tb's titles as of
// boxes generation gen, read in q's transaction (or kept from the last
// read of the same).
func (d *DB) copiesBase(ctx context.Context, q querier, tb *titleBase, gen int64) (*copiesBase, error) {
	d.figures.mu.Lock()
	cb := d.figures.copies
	d.figures.mu.Unlock()
	if cb != nil && cb.titles == tb && cb.gen == gen {
		return cb, nil
	}
	cb = &copiesBase{titles: tb, gen: gen, lines: make([]copiesLine, len(tb.figs))}
	rows, err := q.QueryContext(ctx, `SELECT title_id, count(*), group_concat(shelf, char(10)) FROM shelf_copies GROUP BY title_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var copies int
		var shelves string
		if err := rows.Scan(&id, &copies, &shelves); err != nil {
			return nil, err
		}
		if i, ok := tb.at[id]; ok {
			cb.lines[i] = copiesLine{copies: copies, sections: sections(strings.Split(shelves, "\n"))}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	d.figures.mu.Lock()
	d.figures.copies = cb
	d.figures.mu.Unlock()
	return cb, nil
}

// addAtTables counts each title's boxes at a table now, from the index
// of those alone (shelf_copies_at_table).
func addAtTables(ctx context.Context, q querier, figs []TitleFigures, at map[int64]int) error {
	rows, err := q.QueryContext(ctx, `SELECT title_id, count(*) FROM shelf_copies WHERE status = 'table' GROUP BY title_id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			figs[i].AtTables = n
		}
	}
	return rows.Err()
}

// playedBase is the titles with their plays' counts added; never
// changed once made.
type playedBase struct {
	titles *titleBase
	plays  *playCounts
	// counts are the titles' (tb.figs's order): a quarter of their
	// lines, copied after a play instead of 9,000 whole lines.
	counts []shelf.Counts
	// played maps a played name's key (shelf.PlayedKey) to the names
	// the score sheet's plays were played under.
	played map[string][]string
}

// playedBase gives tb with pc's counts added (or kept from the last time
// of the same two).
func (d *DB) playedBase(tb *titleBase, pc *playCounts) *playedBase {
	i := btoi(pc.key.venue)
	d.figures.mu.Lock()
	pb := d.figures.played[i]
	d.figures.mu.Unlock()
	if pb != nil && pb.titles == tb && pb.plays == pc {
		return pb
	}
	if pb != nil && pb.titles == tb && pc.from != nil && pc.from == pb.plays {
		// The plays added alone, to the titles counted before.
		pb = &playedBase{titles: tb, plays: pc, counts: slices.Clone(pb.counts), played: pb.played}
		cloned := false
		for _, a := range pc.added {
			if a.fresh && a.game == SheetGame && !cloned {
				pb.played, cloned = maps.Clone(pb.played), true // the kept one is shared
			}
			addPlayCount(pb, tb.keys, a.playCount, a.fresh)
		}
	} else {
		pb = &playedBase{titles: tb, plays: pc, counts: make([]shelf.Counts, len(tb.figs)), played: map[string][]string{}}
		for _, c := range pc.counts {
			addPlayCount(pb, tb.keys, *c, true)
		}
	}
	d.figures.mu.Lock()
	d.figures.played[i] = pb
	d.figures.mu.Unlock()
	return pb
}

// figuresKey says which figures a read holds: the shelf's generation
// (shelf_generation: one more at each change of what they add up, by any
// process; a move or a search changes nothing), the plays' scope and the
// periods counted.
type figuresKey struct {
	gen     int64
	venue   bool
	periods shelf.Periods
}

// figuresCache keeps the last figures read for each scope: the staff's
// pages read them again on every sort, page, list and title, and adding
// up 100,000 plays is most of a page's time (docs/performance.md).
type figuresCache struct {
	mu    sync.Mutex
	keys  [2]figuresKey
	reads [2]*figuresRead
	// The plays' counts alone, kept while shelf_plays does not change
	// (a box taken, a note, a lesson read the rest again), and brought
	// up to date by the plays added since (playCounts).
	plays [2]*playCounts
	// The titles' names, and with each scope's plays counted, kept
	// while shelf_titles and the plays do not change.
	titles *titleBase
	played [2]*playedBase
	copies *copiesBase // the boxes' counts and sections
	// recounts counts the times every play was counted (the tests see
	// the plays added taken instead).
	recounts   int
	folds      map[string]string // fold's memory
	searches   *searchesRead     // the searches' figures (searchfigures.go)
	kept       []keptPlays       // the last titles' plays read, the latest last (keptTitlePlays)
	titleReads int               // the times a title's plays were read whole (for the tests)
	taught     *taughtKept       // the times each title was taught (taughtkept.go)
}

// playsKey says which plays a count holds: shelf_generation's plays,
// the scope and the periods.
type playsKey struct {
	gen     int64
	venue   bool
	periods shelf.Periods
}

// playCounts are the plays' counts of one scope and periods as of
// shelf_generation's plays key.gen and shelf_plays_added's seq; never
// changed once made.
type playCounts struct {
	key    playsKey
	seq    int64
	counts []*playCount      // shared between the counts made from one another: copied before a change
	at     map[gameTitle]int // index in counts
	// from is the counts these were made from by adding the plays
	// added (one count each, fresh when its game and title were not
	// in from's), nil when every play was counted.
	from  *playCounts
	added []addedPlay
}

// addedPlay is one play added to playCounts' from.
type addedPlay struct {
	playCount
	fresh bool
}

type gameTitle struct{ game, title string }

func newPlayCounts(key playsKey, seq int64, counts []playCount) *playCounts {
	pc := &playCounts{key: key, seq: seq, counts: make([]*playCount, len(counts)), at: make(map[gameTitle]int, len(counts))}
	for i := range counts {
		pc.counts[i] = &counts[i]
		pc.at[gameTitle{counts[i].game, counts[i].title}] = i
	}
	return pc
}

func (c *figuresCache) getPlays(venue bool) *playCounts {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.plays[btoi(venue)]
}

func (c *figuresCache) putPlays(pc *playCounts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plays[btoi(pc.key.venue)] = pc
}

// playCounts gives the plays' counts as of plays generation k.gen and
// the last play added seq, read in q's transaction: the kept ones if
// nothing changed; the kept ones and the plays added since when every
// change since was a play added (as many changes as plays added, each
// still in shelf_plays_added); else every play counted again.
func (d *DB) playCounts(ctx context.Context, q querier, k playsKey, seq int64) (*playCounts, error) {
	old := d.figures.getPlays(k.venue)
	if old != nil && old.key == k && old.seq == seq {
		return old, nil
	}
	if old != nil && old.key.periods == k.periods && seq > old.seq && seq-old.seq == k.gen-old.key.gen {
		pc, ok, err := old.withAdded(ctx, q, k, seq)
		if err != nil {
			return nil, err
		}
		if ok {
			d.figures.putPlays(pc)
			return pc, nil
		}
	}
	counts, err := readPlayCounts(ctx, q, k.periods, k.venue)
	if err != nil {
		return nil, err
	}
	pc := newPlayCounts(k, seq, counts)
	d.figures.putPlays(pc)
	d.figures.mu.Lock()
	d.figures.recounts++
	d.figures.mu.Unlock()
	return pc, nil
}

// withAdded is pc with the plays added after pc.seq up to seq (of
// either scope; those of pc's counted), as plays generation k.gen; not
// ok when some of them are no longer kept.
func (pc *playCounts) withAdded(ctx context.Context, q querier, k playsKey, seq int64) (*playCounts, bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT venue, game, title, ended_at FROM shelf_plays_added
		WHERE seq > ? AND seq <= ? ORDER BY seq`, pc.seq, seq)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	out := &playCounts{key: k, seq: seq, counts: slices.Clone(pc.counts), at: pc.at, from: pc}
	week, month, year := fmtTime(k.periods.Week), fmtTime(k.periods.Month), fmtTime(k.periods.Year)
	var n int64
	for rows.Next() {
		var venue bool
		var game, title, ended string
		if err := rows.Scan(&venue, &game, &title, &ended); err != nil {
			return nil, false, err
		}
		n++
		if venue != k.venue {
			continue
		}
		i, ok := out.at[gameTitle{game, title}]
		a := addedPlay{playCount: playCount{game: game, title: title, last: ended}, fresh: !ok}
		if a.Last, err = parseTime(ended); err != nil {
			return nil, false, err
		}
		// As readPlayCounts' SQL compares them: the stored texts.
		a.Total, a.Week, a.Month, a.Year = 1, btoi(ended >= week), btoi(ended >= month), btoi(ended >= year)
		out.added = append(out.added, a)
		if !ok {
			if len(out.at) == len(pc.at) {
				out.at = maps.Clone(pc.at) // pc's own is shared: copied once, when it grows
			}
			i = len(out.counts)
			out.at[gameTitle{game, title}] = i
			out.counts = append(out.counts, &playCount{game: game, title: title})
		}
		// Copied before it changes: pc's counts are shared.
		c := new(playCount)
		*c = *out.counts[i]
		out.counts[i] = c
		c.Total += a.Total
		c.Week += a.Week
		c.Month += a.Month
		c.Year += a.Year
		if ended > c.last {
			c.Last, c.last = a.Last, ended
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	return out, n == seq-pc.seq, nil
}

// maxFolds bounds the folded names remembered: a shelf's names and what
// guests type, a few tens of thousands; past it the memory starts again.
const maxFolds = 100_000

// fold is shelf.FoldKey, remembered: the figures' lists fold every search
// typed and every wish's names on each page.
func (c *figuresCache) fold(s string) string {
	c.mu.Lock()
	k, ok := c.folds[s]
	c.mu.Unlock()
	if ok {
		return k
	}
	k = shelf.FoldKey(s)
	c.mu.Lock()
	if c.folds == nil || len(c.folds) >= maxFolds {
		c.folds = map[string]string{}
	}
	c.folds[s] = k
	c.mu.Unlock()
	return k
}

func (c *figuresCache) get(k figuresKey) (*figuresRead, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := btoi(k.venue)
	return c.reads[i], c.reads[i] != nil && c.keys[i] == k
}

func (c *figuresCache) put(k figuresKey, r *figuresRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := btoi(k.venue)
	c.keys[i], c.reads[i] = k, r
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// readTitleNames reads every title's names and engine game, in id
// order, without the rest of its facts.
func readTitleNames(ctx context.Context, q querier) ([]TitleFigures, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name_fr, name_de, name_en, name_original, coalesce(engine, '')
		FROM shelf_titles ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TitleFigures
	for rows.Next() {
		var f TitleFigures
		if err := rows.Scan(&f.ID, &f.Names.FR, &f.Names.DE, &f.Names.EN, &f.Names.Original, &f.Engine); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// sections are the distinct sections of shelf codes, sorted.
func sections(codes []string) []string {
	var out []string
	for _, c := range codes {
		s := shelf.Section(c)
		if s == "" {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == s
		}
		if !dup {
			out = append(out, s)
		}
	}
	sort.Strings(out) // shelf codes' letters: no collation needed (one collator per title cost 15 ms a page)
	return out
}

// addPlayCounts adds up the finished plays of each title per period.
// playCount is the plays of one game under one title (a score-sheet
// title as played; ” for the table's own games).
type playCount struct {
	game, title string
	shelf.Counts
	last string // Last as stored
}

// readPlayCounts adds up the finished plays per game and title, per
// period: shelf_plays' covering index holds every column read
// (0013_figures.sql).
func readPlayCounts(ctx context.Context, q querier, p shelf.Periods, venue bool) ([]playCount, error) {
	rows, err := q.QueryContext(ctx, `SELECT game, title, count(*), max(ended_at),
			sum(ended_at >= ?), sum(ended_at >= ?), sum(ended_at >= ?)
		FROM shelf_plays WHERE venue = ? GROUP BY game, title`,
		fmtTime(p.Week), fmtTime(p.Month), fmtTime(p.Year), venue)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []playCount
	for rows.Next() {
		var c playCount
		if err := rows.Scan(&c.game, &c.title, &c.Total, &c.last, &c.Week, &c.Month, &c.Year); err != nil {
			return nil, err
		}
		if c.Last, err = parseTime(c.last); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// addPlayCount adds one game's and title's plays to its title, and,
// when the name is new to r (fresh), notes it among the names the score
// sheet's plays were played under.
func addPlayCount(r *playedBase, keys titleKeys, c playCount, fresh bool) {
	if c.game == SheetGame && fresh {
		k := shelf.PlayedKey(c.title)
		r.played[k] = append(slices.Clip(r.played[k]), c.title) // clipped: a kept read may share the array
	}
	i, ok := keys.find(c.game, c.title)
	if !ok {
		return // a play of a title the shelf does not hold
	}
	f := &r.counts[i]
	f.Week += c.Week
	f.Month += c.Month
	f.Year += c.Year
	f.Total += c.Total
	if c.Last.After(f.Last) {
		f.Last = c.Last
	}
}

func addTaught(ctx context.Context, q querier, figs []TitleFigures, keys titleKeys) error {
	rows, err := q.QueryContext(ctx, `SELECT game, title, count(*) FROM taught GROUP BY game, title`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var game, title string
		var n int
		if err := rows.Scan(&game, &title, &n); err != nil {
			return err
		}
		if i, ok := keys.find(game, title); ok {
			figs[i].Taught += n
		}
	}
	return rows.Err()
}

func addNoteCounts(ctx context.Context, q querier, figs []TitleFigures, at map[int64]int) error {
	rows, err := q.QueryContext(ctx, `SELECT c.title_id, count(*), sum(n.closed_at IS NULL),
			sum(n.closed_at IS NULL AND n.kind = 'damage'), sum(n.closed_at IS NULL AND n.kind = 'missing')
		FROM shelf_notes n JOIN shelf_copies c ON c.id = n.copy_id GROUP BY c.title_id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var all, open, damage, missing int
		if err := rows.Scan(&id, &all, &open, &damage, &missing); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			figs[i].Notes, figs[i].OpenNotes = all, open
			figs[i].OpenDamage, figs[i].OpenMissing = damage, missing
		}
	}
	return rows.Err()
}

// TitleDetail is one title's page of figures.
type TitleDetail struct {
	Title shelf.Title
	// Plays are its finished plays in the order they ended, kept for
	// the next reader while no play changes: not to be changed.
	Plays []shelf.Play
	shelf.Counts
	ByCount    []shelf.AtCount // plays and median length per player count
	NewPerPlay float64
	// Lessons counts the table's lessons of it (its own games only),
	// Calls the staff calls from a table playing it.
	Lessons, Calls int
	Copies         []CopyFigures
	Notes          []CopyNote // notes on its boxes, the latest first
}

// CopyFigures are one box's figures: the plays at the tables it stood
// at while it was there (shelf_loans, kept since 0013).
type CopyFigures struct {
	shelf.Copy
	shelf.Counts
	Notes, OpenNotes        int
	OpenDamage, OpenMissing int // open notes about damage, missing pieces
}

// TitleFigures reads one title's figures as seen at now (venue: the
// venue's plays); ErrNotFound when there is no such title.
func (d *DB) TitleFigures(ctx context.Context, id int64, now time.Time, venue bool) (TitleDetail, error) {
	var out TitleDetail
	// The names it was played under, from the figures' read (before this
	// read's transaction: holding a reader while asking for another could
	// wait for ever with every reader so held).
	fr, err := d.readFiguresFor(ctx, now, venue, true)
	if err != nil {
		return out, fmt.Errorf("figures of title %d: names played: %w", id, err)
	}
	tx, err := d.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return out, fmt.Errorf("figures of title %d: %w", id, err)
	}
	defer tx.Rollback()
	ts, err := readTitles(ctx, tx, "id = ?", id)
	if err != nil {
		return out, fmt.Errorf("figures of title %d: %w", id, err)
	}
	if len(ts) == 0 {
		return out, fmt.Errorf("title %d: %w", id, ErrNotFound)
	}
	out.Title = ts[0]
	fail := func(what string, err error) (TitleDetail, error) {
		return out, fmt.Errorf("figures of title %d: %s: %w", id, what, err)
	}
	played := fr.playedNames(out.Title)
	if out.Plays, err = d.keptTitlePlays(ctx, tx, out.Title.Engine, played, venue); err != nil {
		return fail("plays", err)
	}
	p := shelf.PeriodsAt(now)
	out.Counts = shelf.CountPlays(out.Plays, p)
	out.ByCount = shelf.ByPlayerCount(out.Plays)
	out.NewPerPlay = shelf.NewPerPlay(out.Plays)
	if out.Lessons, out.Calls, err = taughtOf(ctx, tx, out.Title); err != nil {
		return fail("taught", err)
	}
	loans, err := loansOf(ctx, tx, id)
	if err != nil {
		return fail("loans", err)
	}
	if out.Notes, err = notesOf(ctx, tx, id); err != nil {
		return fail("notes", err)
	}
	out.Copies = copyFigures(out.Title.Copies, out.Plays, loans, out.Notes, p)
	return out, nil
}

// copyFigures are each box's figures: the plays while it was at a table
// (its loans) and its notes.
func copyFigures(copies []shelf.Copy, plays []shelf.Play, loans map[int64][]shelf.Loan, notes []CopyNote, p shelf.Periods) []CopyFigures {
	var out []CopyFigures
	for _, c := range copies {
		cf := CopyFigures{Copy: c, Counts: shelf.CountPlays(shelf.DuringLoans(plays, loans[c.ID]), p)}
		for _, n := range notes {
			if n.CopyID != c.ID {
				continue
			}
			cf.Notes++
			if n.Closed {
				continue
			}
			cf.OpenNotes++
			switch n.Kind {
			case shelf.NoteDamage:
				cf.OpenDamage++
			case shelf.NoteMissing:
				cf.OpenMissing++
			}
		}
		out = append(out, cf)
	}
	return out
}

// playedNames are the names as played (the score sheet's title option)
// that name t: the shelf's names as the tables typed or showed them.
func (r *figuresRead) playedNames(t shelf.Title) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range t.Names.All() {
		k := shelf.PlayedKey(n)
		if !seen[k] {
			seen[k] = true
			out = append(out, r.played[k]...)
		}
	}
	return out
}

// inList is "?, ?, ?" for n values, at least one (a NULL matches nothing).
func inList(vals []string) (string, []any) {
	if len(vals) == 0 {
		return "NULL", nil
	}
	args := make([]any, len(vals))
	for i, v := range vals {
		args[i] = v
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", "), args
}

// titlePlays reads the finished plays of engine game (when not empty) or
// of the score sheet under the names played, in the order they ended.
func titlePlays(ctx context.Context, q querier, engine string, played []string, venue bool) ([]shelf.Play, error) {
	list, args := inList(played)
	game := SheetGame
	if engine != "" {
		game, list, args = engine, "''", nil
	}
	which := `SELECT session_id FROM shelf_plays WHERE venue = ? AND game = ? AND title IN (` + list + `)`
	args = append([]any{venue, game}, args...)
	if venue {
		return venuePlays(ctx, q, which, args)
	}
	// One row a play: its seats counted, its known players' ids joined
	// (an id is a UUID: no comma), in SQL rather than a row a seat.
	rows, err := q.QueryContext(ctx, `SELECT s.id, k.name, s.started_at, s.ended_at, count(*), coalesce(group_concat(st.player_id, ','), '')
		FROM sessions s JOIN kiosk_tables k ON k.id = s.table_id JOIN seats st ON st.session_id = s.id
		WHERE s.id IN (`+which+`) GROUP BY s.id ORDER BY s.ended_at, s.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shelf.Play
	for rows.Next() {
		var p shelf.Play
		var started, ended, people string
		if err := rows.Scan(&p.ID, &p.Table, &started, &ended, &p.Players, &people); err != nil {
			return nil, err
		}
		if p.Started, err = parseTime(started); err != nil {
			return nil, err
		}
		if p.Ended, err = parseTime(ended); err != nil {
			return nil, err
		}
		if people != "" {
			p.People = strings.Split(people, ",")
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// venuePlays reads the venue's plays, every table's, from their events.
func venuePlays(ctx context.Context, q querier, which string, args []any) ([]shelf.Play, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, table_name, started_at, ended_at, json_extract(body, '$.seats')
		FROM venue_sessions WHERE id IN (`+which+`) ORDER BY ended_at, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shelf.Play
	for rows.Next() {
		var p shelf.Play
		var started, ended string
		var seats sql.NullString
		if err := rows.Scan(&p.ID, &p.Table, &started, &ended, &seats); err != nil {
			return nil, err
		}
		if p.Started, err = parseTime(started); err != nil {
			return nil, err
		}
		if p.Ended, err = parseTime(ended); err != nil {
			return nil, err
		}
		var ss []EventSeat
		if seats.Valid {
			if err := json.Unmarshal([]byte(seats.String), &ss); err != nil {
				return nil, fmt.Errorf("venue session %s: seats: %w", p.ID, err)
			}
		}
		p.Players = len(ss)
		for _, s := range ss {
			// A player's id is the table's where they played: the same
			// person at two tables is two players here.
			if s.Kind == session.Person && s.PlayerID != "" {
				p.People = append(p.People, s.PlayerID)
			}
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// taughtOf counts a title's lessons and the staff calls during its plays:
// of its engine game, or of the score sheet under any of its names.
func taughtOf(ctx context.Context, q querier, t shelf.Title) (lessons, calls int, err error) {
	game := t.Engine
	want := map[string]bool{}
	if game == "" {
		game = SheetGame
		for _, n := range t.Names.All() {
			want[shelf.PlayedKey(n)] = true
		}
	}
	rows, err := q.QueryContext(ctx, `SELECT kind, title, count(*) FROM taught WHERE game = ? GROUP BY kind, title`, game)
	if err != nil {
		return 0, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, title string
		var n int
		if err := rows.Scan(&kind, &title, &n); err != nil {
			return 0, 0, err
		}
		if t.Engine == "" && !want[shelf.PlayedKey(title)] {
			continue
		}
		if kind == TaughtLesson {
			lessons += n
		} else {
			calls += n
		}
	}
	return lessons, calls, rows.Err()
}

// loansOf reads the stays at tables of a title's boxes, by box.
func loansOf(ctx context.Context, q querier, title int64) (map[int64][]shelf.Loan, error) {
	rows, err := q.QueryContext(ctx, `SELECT l.copy_id, l.table_name, l.taken_at, l.returned_at
		FROM shelf_loans l JOIN shelf_copies c ON c.id = l.copy_id WHERE c.title_id = ? ORDER BY l.taken_at, l.id`, title)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]shelf.Loan{}
	for rows.Next() {
		var l shelf.Loan
		var taken string
		var returned sql.NullString
		if err := rows.Scan(&l.CopyID, &l.Table, &taken, &returned); err != nil {
			return nil, err
		}
		if l.Taken, err = parseTime(taken); err != nil {
			return nil, err
		}
		if l.Returned, err = parseNullTime(returned); err != nil {
			return nil, err
		}
		out[l.CopyID] = append(out[l.CopyID], l)
	}
	return out, rows.Err()
}

// notesOf reads the notes on a title's boxes, the latest first.
func notesOf(ctx context.Context, q querier, title int64) ([]CopyNote, error) {
	rows, err := q.QueryContext(ctx, `SELECT n.id, n.copy_id, n.table_name, n.kind, n.text, n.at, n.closed_at IS NOT NULL, c.shelf
		FROM shelf_notes n JOIN shelf_copies c ON c.id = n.copy_id WHERE c.title_id = ? ORDER BY n.at DESC, n.id DESC`, title)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CopyNote
	for rows.Next() {
		var n CopyNote
		var at string
		if err := rows.Scan(&n.ID, &n.CopyID, &n.Table, &n.Kind, &n.Text, &at, &n.Closed, &n.Shelf); err != nil {
			return nil, err
		}
		if n.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Taught kinds: the table's own lesson, a staff call during a game.
const (
	TaughtLesson = "lesson"
	TaughtCall   = "call"
)

// RecordTaught logs that a game was taught at table: kind TaughtLesson
// (game the lesson's) or TaughtCall (the game being played, and a
// score-sheet play's title).
func (d *DB) RecordTaught(ctx context.Context, kind, table, game, title string, at time.Time) error {
	if kind != TaughtLesson && kind != TaughtCall {
		return fmt.Errorf("record taught: kind %q: want lesson or call", kind)
	}
	if game == "" {
		return fmt.Errorf("record taught: no game named")
	}
	return d.inTx(ctx, "record taught", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO taught (kind, table_name, game, title, at) VALUES (?, ?, ?, ?, ?)`,
			kind, table, game, strings.TrimSpace(title), fmtTime(at))
		return err
	})
}

// SearchedNotOwned lists what guests searched for at the tables since
// since and the shelf had nothing for (shelf.SearchedNotOwned).
func (d *DB) SearchedNotOwned(ctx context.Context, since time.Time) ([]shelf.Searched, error) {
	if since.IsZero() {
		s, err := d.searchFigures(ctx)
		if err != nil {
			return nil, fmt.Errorf("searches that found nothing: %w", err)
		}
		return slices.Clone(s.notOwned), nil
	}
	rows, err := d.r.QueryContext(ctx, `SELECT text, at FROM shelf_searches WHERE found = 0 AND at >= ? ORDER BY at, id`, fmtTime(since))
	if err != nil {
		return nil, fmt.Errorf("searches that found nothing: %w", err)
	}
	defer rows.Close()
	var typed []shelf.Typed
	for rows.Next() {
		var t shelf.Typed
		var at string
		if err := rows.Scan(&t.Text, &at); err != nil {
			return nil, fmt.Errorf("searches that found nothing: %w", err)
		}
		if t.At, err = parseTime(at); err != nil {
			return nil, err
		}
		typed = append(typed, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("searches that found nothing: %w", err)
	}
	return shelf.SearchedNotOwnedBy(typed, d.figures.fold), nil
}

// SearchCounts counts every search typed at the tables by its folded
// words (shelf.FoldKey): how often guests asked for a name.
func (d *DB) SearchCounts(ctx context.Context) (map[string]int, error) {
	s, err := d.searchFigures(ctx)
	if err != nil {
		return nil, fmt.Errorf("search counts: %w", err)
	}
	return maps.Clone(s.counts), nil
}

// FoldKey is shelf.FoldKey, remembered by the database handle (the
// figures' pages fold the same names on every request).
func (d *DB) FoldKey(s string) string { return d.figures.fold(s) }
