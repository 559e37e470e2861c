package db

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/tablee/tablee/shelf"
)

// ImportReport says what an import of the catalogue did (or, previewed,
// would do).
type ImportReport struct {
	// What the file holds: owned titles, their copies, wishes (titles
	// without a copy). Rows naming the same title count once.
	Titles, Copies, Wishes int
	// What changes in the catalogue.
	NewTitles, UpdatedTitles, UnchangedTitles int
	NewCopies, UpdatedCopies, RemovedCopies   int
	// KeptAtTable counts copies the file no longer lists but that are at
	// a table now: they stay until the staff set them otherwise.
	KeptAtTable int
	// DemoRemoved counts the demo shelf's titles the import took away.
	DemoRemoved int
	// Changes lists each title the import adds or changes, in file order.
	Changes []TitleChange
}

// Summary is the report's one line, as tablee catalogue import prints it.
func (r ImportReport) Summary() string {
	return fmt.Sprintf("imported titles=%d copies=%d wishes=%d", r.Titles, r.Copies, r.Wishes)
}

// TitleChange is one title an import adds or changes.
type TitleChange struct {
	Name string // the title's name, as the file gives it
	New  bool   // false: an update of a title the catalogue had
	// Copies before and after (equal when only the facts change).
	CopiesBefore, CopiesAfter int
}

// Origins of a title (shelf_titles.origin).
const (
	originDemo   = "demo"
	originImport = "import"
)

// ImportCatalogue imports titles (each with the copies the file lists; a
// title without copies is a wish) in one transaction: all or nothing. A
// title matches one the catalogue has by BGG id, else by a copy's EAN,
// else by a folded name, and is updated, never duplicated; titles naming
// the same game merge. An empty fact or name leaves the stored one; the
// copies are the file's (the first ones stored kept in order, so a copy
// keeps its id, status and notes). The first import takes away the demo
// shelf (the engine games stay).
func (d *DB) ImportCatalogue(ctx context.Context, titles []shelf.Title, at time.Time) (ImportReport, error) {
	var r ImportReport
	err := d.inTx(ctx, "import the catalogue", func(tx *sql.Tx) (err error) {
		r, err = importTitles(ctx, tx, titles, originImport, at)
		return err
	})
	return r, err
}

// PreviewImport reports what ImportCatalogue would do, changing nothing.
func (d *DB) PreviewImport(ctx context.Context, titles []shelf.Title, at time.Time) (ImportReport, error) {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return ImportReport{}, fmt.Errorf("preview the import: %w", err)
	}
	defer tx.Rollback() // the preview's writes are never kept
	r, err := importTitles(ctx, tx, titles, originImport, at)
	if err != nil {
		return r, fmt.Errorf("preview the import: %w", err)
	}
	return r, nil
}

// importer holds one import's statements and the catalogue's keys.
type importer struct {
	ctx                          context.Context
	tx                           *sql.Tx
	at                           string
	byBGG                        map[int]int64
	byEAN                        map[string]int64
	byKey                        map[string]int64
	had                          map[int64]*shelf.Title // the stored titles, by id
	seen                         map[int64]int          // titles the file matched: index in merged
	insT, updT, insC, updC, delC *sql.Stmt
}

func importTitles(ctx context.Context, tx *sql.Tx, titles []shelf.Title, origin string, at time.Time) (ImportReport, error) {
	var r ImportReport
	im, err := newImporter(ctx, tx, at)
	if err != nil {
		return r, err
	}
	defer im.close()
	merged := im.mergeFile(titles)
	for _, t := range merged {
		if len(t.Copies) > 0 {
			r.Titles++
			r.Copies += len(t.Copies)
		} else if t.Engine == "" {
			r.Wishes++
		}
		if err := im.apply(t, origin, &r); err != nil {
			return r, fmt.Errorf("%s: %w", t.Names.Name(""), err)
		}
	}
	if origin == originImport && len(merged) > 0 {
		if r.DemoRemoved, err = replaceDemo(ctx, tx); err != nil {
			return r, err
		}
	}
	return r, nil
}

// newImporter reads the stored catalogue's keys and prepares the
// import's statements; close them with close.
func newImporter(ctx context.Context, tx *sql.Tx, at time.Time) (*importer, error) {
	stored, err := readTitles(ctx, tx, "")
	if err != nil {
		return nil, err
	}
	im := &importer{ctx: ctx, tx: tx, at: fmtTime(at),
		byBGG: map[int]int64{}, byEAN: map[string]int64{}, byKey: map[string]int64{},
		had: map[int64]*shelf.Title{}, seen: map[int64]int{}}
	for i := range stored {
		im.remember(&stored[i])
		im.had[stored[i].ID] = &stored[i]
	}
	prepare := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var s *sql.Stmt
		s, err = tx.PrepareContext(ctx, q)
		return s
	}
	im.insT = prepare(`INSERT INTO shelf_titles (name_fr, name_de, name_en, name_original, name_key, bgg_id, year,
		min_players, max_players, best_players, min_minutes, max_minutes, min_age, kind, language_dependence,
		engine, origin, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	im.updT = prepare(`UPDATE shelf_titles SET name_fr = ?, name_de = ?, name_en = ?, name_original = ?, name_key = ?,
		bgg_id = ?, year = ?, min_players = ?, max_players = ?, best_players = ?, min_minutes = ?, max_minutes = ?,
		min_age = ?, kind = ?, language_dependence = ?, engine = ?, origin = ?, updated_at = ? WHERE id = ?`)
	im.insC = prepare(`INSERT INTO shelf_copies (title_id, shelf, ean, condition, acquired) VALUES (?, ?, ?, ?, ?)`)
	im.updC = prepare(`UPDATE shelf_copies SET shelf = ?, ean = ?, condition = ?, acquired = ? WHERE id = ?`)
	im.delC = prepare(`DELETE FROM shelf_copies WHERE id = ?`)
	if err != nil {
		im.close()
		return nil, err
	}
	return im, nil
}

// close closes the statements newImporter prepared.
func (im *importer) close() {
	for _, s := range []*sql.Stmt{im.insT, im.updT, im.insC, im.updC, im.delC} {
		if s != nil {
			s.Close()
		}
	}
}

// mergeFile merges the file's rows into titles, each matched to a stored
// title (its id) or new (id 0); rows naming a title an earlier row named
// join it.
func (im *importer) mergeFile(titles []shelf.Title) []shelf.Title {
	var merged []shelf.Title
	inFile := map[string]int{} // identities of the merged titles → index
	for _, t := range titles {
		i, ok := -1, false
		if id := im.match(t); id != 0 {
			i, ok = im.seen[id]
			if !ok {
				im.seen[id] = len(merged)
				nt := mergeTitle(*im.had[id], t)
				nt.Copies = t.Copies
				merged = append(merged, nt)
				for _, k := range identities(nt) {
					inFile[k] = len(merged) - 1
				}
				continue
			}
		} else {
			i, ok = fileMatch(inFile, merged, t)
		}
		if ok {
			merged[i] = mergeTitle(merged[i], t)
			merged[i].Copies = append(merged[i].Copies, t.Copies...)
			continue
		}
		for _, k := range identities(t) {
			if _, taken := inFile[k]; !taken {
				inFile[k] = len(merged)
			}
		}
		t.ID = 0
		merged = append(merged, t)
	}
	return merged
}

// replaceDemo takes the demo shelf away once the staff's catalogue is
// in: its titles the file did not name go, unless a copy is at a table.
// It returns how many went.
func replaceDemo(ctx context.Context, tx *sql.Tx) (int, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM shelf_titles WHERE origin = 'demo' AND engine IS NULL
		AND NOT EXISTS (SELECT 1 FROM shelf_copies c WHERE c.title_id = shelf_titles.id AND c.status = 'table')`)
	if err != nil {
		return 0, fmt.Errorf("take the demo shelf away: %w", err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, 'import')
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, keyShelfSeeded); err != nil {
		return 0, fmt.Errorf("remember the shelf imported: %w", err)
	}
	return int(n), nil
}

// identities are the keys a title is known by within one file.
func identities(t shelf.Title) []string {
	var out []string
	if t.BGGID > 0 {
		out = append(out, fmt.Sprint("bgg:", t.BGGID))
	}
	for _, c := range t.Copies {
		if c.EAN != "" {
			out = append(out, "ean:"+c.EAN)
		}
	}
	for _, n := range t.Names.All() {
		if k := shelf.FoldKey(n); k != "" {
			out = append(out, "name:"+k)
		}
	}
	return out
}

// fileMatch finds, among the file's titles so far, the one t names
// again: by BGG id, else EAN, else name, never across two BGG ids.
func fileMatch(inFile map[string]int, merged []shelf.Title, t shelf.Title) (int, bool) {
	if t.BGGID > 0 {
		if i, ok := inFile[fmt.Sprint("bgg:", t.BGGID)]; ok {
			return i, true
		}
	}
	for _, k := range identities(t) {
		if i, ok := inFile[k]; ok && (t.BGGID == 0 || merged[i].BGGID == 0 || merged[i].BGGID == t.BGGID) {
			return i, true
		}
	}
	return 0, false
}

// remember files a stored (or new) title under its keys.
func (im *importer) remember(t *shelf.Title) {
	if t.BGGID > 0 {
		im.byBGG[t.BGGID] = t.ID
	}
	for _, c := range t.Copies {
		if c.EAN != "" {
			if _, ok := im.byEAN[c.EAN]; !ok {
				im.byEAN[c.EAN] = t.ID
			}
		}
	}
	for _, n := range t.Names.All() {
		if k := shelf.FoldKey(n); k != "" {
			if _, ok := im.byKey[k]; !ok {
				im.byKey[k] = t.ID
			}
		}
	}
}

// match finds the stored title t is: by BGG id, else by a copy's EAN,
// else by a folded name, never one with another BGG id or engine.
func (im *importer) match(t shelf.Title) int64 {
	ok := func(id int64) bool {
		h := im.had[id]
		return h != nil && (t.BGGID == 0 || h.BGGID == 0 || h.BGGID == t.BGGID) &&
			(t.Engine == "" || h.Engine == "" || h.Engine == t.Engine)
	}
	if id, found := im.byBGG[t.BGGID]; t.BGGID > 0 && found {
		return id
	}
	for _, c := range t.Copies {
		if id, found := im.byEAN[c.EAN]; c.EAN != "" && found && ok(id) {
			return id
		}
	}
	for _, n := range t.Names.All() {
		if id, found := im.byKey[shelf.FoldKey(n)]; found && ok(id) {
			return id
		}
	}
	return 0
}

// mergeTitle is have with what t says: t's non-empty names and non-zero
// facts replace have's; copies are left to the caller.
func mergeTitle(have, t shelf.Title) shelf.Title {
	str := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	num := func(dst *int, v int) {
		if v != 0 {
			*dst = v
		}
	}
	str(&have.Names.FR, t.Names.FR)
	str(&have.Names.DE, t.Names.DE)
	str(&have.Names.EN, t.Names.EN)
	str(&have.Names.Original, t.Names.Original)
	num(&have.BGGID, t.BGGID)
	num(&have.Year, t.Year)
	num(&have.MinPlayers, t.MinPlayers)
	num(&have.MaxPlayers, t.MaxPlayers)
	num(&have.MinMinutes, t.MinMinutes)
	num(&have.MaxMinutes, t.MaxMinutes)
	num(&have.MinAge, t.MinAge)
	num(&have.LanguageDependence, t.LanguageDependence)
	if len(t.BestPlayers) > 0 {
		have.BestPlayers = t.BestPlayers
	}
	if t.Kind != shelf.Unknown {
		have.Kind = t.Kind
	}
	str(&have.Engine, t.Engine)
	return have
}

// titleKey is the folded name shelf_titles.name_key holds.
func titleKey(n shelf.Names) string {
	for _, s := range []string{n.Original, n.EN, n.FR, n.DE} {
		if k := shelf.FoldKey(s); k != "" {
			return k
		}
	}
	return ""
}

func nullInt(n int) sql.NullInt64 { return sql.NullInt64{Int64: int64(n), Valid: n != 0} }

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// titleArgs are the stored columns of t, in insT's order up to engine.
func titleArgs(t shelf.Title) []any {
	return []any{t.Names.FR, t.Names.DE, t.Names.EN, t.Names.Original, titleKey(t.Names), nullInt(t.BGGID), t.Year,
		t.MinPlayers, t.MaxPlayers, fmtCounts(sortedCounts(t.BestPlayers)), t.MinMinutes, t.MaxMinutes, t.MinAge,
		string(t.Kind), t.LanguageDependence, nullString(t.Engine)}
}

// apply stores one merged title and its copies.
func (im *importer) apply(t shelf.Title, origin string, r *ImportReport) error {
	if titleKey(t.Names) == "" {
		return fmt.Errorf("a title needs a name")
	}
	change := TitleChange{Name: t.Names.Name(""), New: t.ID == 0, CopiesAfter: len(t.Copies)}
	if t.ID == 0 {
		if err := im.insertNew(t, origin, r); err != nil {
			return err
		}
		r.Changes = append(r.Changes, change)
		return nil
	}
	have := im.had[t.ID]
	change.CopiesBefore = len(have.Copies)
	factsChanged := !sameFacts(*have, t)
	if factsChanged || origin == originImport {
		// An imported title is the staff's from now on, even unchanged.
		if _, err := im.updT.ExecContext(im.ctx, append(titleArgs(t), origin, im.at, t.ID)...); err != nil {
			return err
		}
	}
	copiesChanged, err := im.syncCopies(t, have.Copies, r, &change)
	if err != nil {
		return err
	}
	if factsChanged || copiesChanged {
		r.UpdatedTitles++
		r.Changes = append(r.Changes, change)
	} else {
		r.UnchangedTitles++
	}
	return nil
}

// insertNew stores a title the catalogue did not hold, and its copies.
func (im *importer) insertNew(t shelf.Title, origin string, r *ImportReport) error {
	res, err := im.insT.ExecContext(im.ctx, append(titleArgs(t), origin, im.at)...)
	if err != nil {
		return err
	}
	if t.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	r.NewTitles++
	for _, c := range t.Copies {
		if err := im.insertCopy(t.ID, c); err != nil {
			return err
		}
		r.NewCopies++
	}
	return nil
}

// syncCopies makes a stored title's boxes (had) the file's, in order:
// changed ones updated, new ones added, missing ones removed unless at a
// table. It reports whether any box changed.
func (im *importer) syncCopies(t shelf.Title, had []shelf.Copy, r *ImportReport, change *TitleChange) (bool, error) {
	changed := false
	for i, c := range t.Copies {
		if i < len(had) {
			old := had[i]
			if old.Shelf == c.Shelf && old.EAN == c.EAN && old.Condition == c.Condition && old.Acquired.Equal(c.Acquired) {
				continue
			}
			if _, err := im.updC.ExecContext(im.ctx, c.Shelf, c.EAN, c.Condition, fmtDate(c.Acquired), old.ID); err != nil {
				return changed, err
			}
			r.UpdatedCopies++
			changed = true
			continue
		}
		if err := im.insertCopy(t.ID, c); err != nil {
			return changed, err
		}
		r.NewCopies++
		changed = true
	}
	for _, old := range had[min(len(t.Copies), len(had)):] {
		if old.Status == shelf.AtTable {
			r.KeptAtTable++
			change.CopiesAfter++
			continue
		}
		if _, err := im.delC.ExecContext(im.ctx, old.ID); err != nil {
			return changed, err
		}
		r.RemovedCopies++
		changed = true
	}
	return changed, nil
}

func (im *importer) insertCopy(titleID int64, c shelf.Copy) error {
	_, err := im.insC.ExecContext(im.ctx, titleID, c.Shelf, c.EAN, c.Condition, fmtDate(c.Acquired))
	return err
}

// sameFacts reports whether two titles store the same row.
func sameFacts(a, b shelf.Title) bool {
	a.BestPlayers, b.BestPlayers = sortedCounts(a.BestPlayers), sortedCounts(b.BestPlayers)
	return a.Names == b.Names && a.BGGID == b.BGGID && a.Year == b.Year &&
		a.MinPlayers == b.MinPlayers && a.MaxPlayers == b.MaxPlayers && slices.Equal(a.BestPlayers, b.BestPlayers) &&
		a.MinMinutes == b.MinMinutes && a.MaxMinutes == b.MaxMinutes && a.MinAge == b.MinAge &&
		a.Kind == b.Kind && a.LanguageDependence == b.LanguageDependence && a.Engine == b.Engine
}
