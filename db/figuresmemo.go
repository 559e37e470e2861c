package db

// maxMemos bounds what one read of the figures keeps for its readers
// (sorted orders, lists): a sorted order of 9,000 titles is 72 kB.
const maxMemos = 64

// FiguresMemo returns build's value for key, made once per read of the
// figures when figs is the read ShelfFiguresShared gave (the same lines,
// not a copy) and kept until the next change of what they add up; for
// other lines it is build's value, made each time. The staff's pages sort
// and list the same 9,000 lines on every request: what they make of one
// read (an order by a column, the weeding list) is made once. The value
// is shared by every reader: never changed once made.
func (d *DB) FiguresMemo(figs []TitleFigures, key string, build func() any) any {
	r := d.figures.readOf(figs)
	if r == nil {
		return build()
	}
	r.memoMu.Lock()
	v, ok := r.memo[key]
	r.memoMu.Unlock()
	if ok {
		return v
	}
	v = build() // outside the lock: two readers may both make it, one is kept
	r.memoMu.Lock()
	defer r.memoMu.Unlock()
	if old, ok := r.memo[key]; ok {
		return old
	}
	if r.memo == nil || len(r.memo) >= maxMemos {
		r.memo = map[string]any{}
	}
	r.memo[key] = v
	return v
}

// readOf is the kept read whose lines figs are, or nil.
func (c *figuresCache) readOf(figs []TitleFigures) *figuresRead {
	if len(figs) == 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range c.reads {
		if r != nil && len(r.figs) == len(figs) && &r.figs[0] == &figs[0] {
			return r
		}
	}
	return nil
}

// NameKeys are the names of figs's titles in lang folded (shelf.FoldKey),
// line by line: what the staff's pages sort names by. For the kept
// figures (ShelfFiguresShared's) they are made once while no title
// changes, across boxes taken and plays; for other lines, each time.
// Shared: never to be changed.
func (d *DB) NameKeys(figs []TitleFigures, lang string) []string {
	build := func(figs []TitleFigures) []string {
		keys := make([]string, len(figs))
		for i := range figs {
			keys[i] = d.figures.fold(figs[i].Names.Name(lang))
		}
		return keys
	}
	r := d.figures.readOf(figs)
	if r == nil || r.tb == nil {
		return build(figs)
	}
	tb := r.tb
	tb.namesMu.Lock()
	defer tb.namesMu.Unlock()
	if keys, ok := tb.names[lang]; ok {
		return keys
	}
	if tb.names == nil {
		tb.names = map[string][]string{}
	}
	tb.names[lang] = build(tb.figs) // the same titles in the same order as r.figs
	return tb.names[lang]
}
