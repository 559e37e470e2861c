package db

// maxMemos bounds what one read of the figures keeps for its readers
// (sorted orders, lists): a sorted order of 9,000 titles is 72 kB.
const maxMemos = 64

// FiguresMemo returns make's value for key, made once per read of the
// figures when figs is the read ShelfFiguresShared gave (the same lines,
// not a copy) and kept until the next change of what they add up; for
// other lines it is make's value, made each time. The staff's pages sort
// and list the same 9,000 lines on every request: what they make of one
// read (an order by a column, the weeding list) is made once. The value
// is shared by every reader: never changed once made.
func (d *DB) FiguresMemo(figs []TitleFigures, key string, make func() any) any {
	r := d.figures.readOf(figs)
	if r == nil {
		return make()
	}
	r.memoMu.Lock()
	v, ok := r.memo[key]
	r.memoMu.Unlock()
	if ok {
		return v
	}
	v = make() // outside the lock: two readers may both make it, one is kept
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
