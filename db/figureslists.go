package db

import (
	"cmp"
	"slices"
	"sort"
	"time"

	"github.com/tablee/tablee/shelf"
)

// The lists that drive the staff's decisions (issue 39): what to weed,
// what each section's shelf is played for, what to buy, what to repair.
// Each is a pure function of ShelfFigures (and the searches and notes).

// Unplayed lists the titles with a box that nobody played since since:
// the candidates for weeding, never played first, then the longest
// unplayed; the table's own games and the wishes have no box to weed.
func Unplayed(figs []TitleFigures, since time.Time) []TitleFigures {
	idx := UnplayedIndex(figs, since)
	out := make([]TitleFigures, len(idx))
	for k, i := range idx {
		out[k] = figs[i]
	}
	return out
}

// UnplayedIndex is Unplayed as indexes into figs: sorting them, not the
// 200-byte lines, and copying none (a page shows twenty of thousands).
func UnplayedIndex(figs []TitleFigures, since time.Time) []int {
	var idx []int
	for i := range figs {
		if f := &figs[i]; f.Copies > 0 && f.Last.Before(since) {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := figs[a].Last.Compare(figs[b].Last); c != 0 {
			return c
		}
		return cmp.Compare(a, b) // the ids' order (figs is in id order)
	})
	return idx
}

// SectionTop is a shelf section's most played titles.
type SectionTop struct {
	Section string
	Titles  []TitleFigures
}

// MostPlayedBySection lists, for each section (shelf.Section of the
// boxes' shelf codes, in name order), its n titles played most this
// year, then in all; titles never played are left out. A title with boxes
// in two sections is in both.
func MostPlayedBySection(figs []TitleFigures, n int) []SectionTop {
	by := map[string][]int{} // indexes in figs: sorting them, not the 200-byte lines, took 9 ms a page to 1.5
	for i, f := range figs {
		if f.Total == 0 {
			continue
		}
		for _, s := range f.Sections {
			by[s] = append(by[s], i)
		}
	}
	var out []SectionTop
	for s, is := range by {
		slices.SortFunc(is, func(i, j int) int {
			a, b := &figs[i], &figs[j]
			if c := cmp.Compare(b.Year, a.Year); c != 0 {
				return c
			}
			if c := cmp.Compare(b.Total, a.Total); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		})
		top := SectionTop{Section: s}
		for _, i := range is[:min(n, len(is))] {
			top.Titles = append(top.Titles, figs[i])
		}
		out = append(out, top)
	}
	sortByName(out, func(s SectionTop) (string, string) { return s.Section, "" })
	return out
}

// WishFigures is a wish and how often guests searched for it by one of
// its names.
type WishFigures struct {
	TitleFigures
	Searches int
}

// Wishes lists the titles wished for, the most searched first (counts:
// SearchCounts, keyed by fold: shelf.FoldKey or DB.FoldKey), then by id.
func Wishes(figs []TitleFigures, counts map[string]int, fold func(string) string) []WishFigures {
	idx := WishesIndex(figs, counts, fold)
	out := make([]WishFigures, len(idx))
	for k, w := range idx {
		out[k] = WishFigures{TitleFigures: figs[w.Index], Searches: w.Searches}
	}
	return out
}

// WishIndex is a wish as an index into the figures and how often it was
// searched for.
type WishIndex struct{ Index, Searches int }

// WishesIndex is Wishes as indexes into figs: a page shows twenty wishes
// of hundreds, and copied none.
func WishesIndex(figs []TitleFigures, counts map[string]int, fold func(string) string) []WishIndex {
	var out []WishIndex
	for i := range figs {
		f := &figs[i]
		if !f.Wish() {
			continue
		}
		w := WishIndex{Index: i}
		seen := make([]string, 0, 4) // a title's four names at most: no map per wish
		for _, n := range f.Names.All() {
			if k := fold(n); !slices.Contains(seen, k) {
				seen = append(seen, k)
				w.Searches += counts[k]
			}
		}
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b WishIndex) int {
		if c := cmp.Compare(b.Searches, a.Searches); c != 0 {
			return c
		}
		return cmp.Compare(a.Index, b.Index)
	})
	return out
}

// Repair is a box with open notes: what to repair or complete.
type Repair struct {
	CopyID int64
	Shelf  string
	Title  shelf.Names
	Open   int // open notes
	// Damage, Missing and Other count the open notes of each kind: a
	// torn board goes to the repair shelf, missing pieces to the box of
	// spares.
	Damage, Missing, Other int
	Latest                 string         // the latest note's words
	LatestKind             shelf.NoteKind // and its kind
	Since                  time.Time      // the oldest open note's time
}

// Repairs groups the open notes (CopyNotes, the latest first) by box,
// the box waiting longest first.
func Repairs(notes []CopyNote) []Repair {
	at := map[int64]int{}
	var out []Repair
	for _, n := range notes {
		if n.Closed {
			continue
		}
		i, ok := at[n.CopyID]
		if !ok {
			i = len(out)
			at[n.CopyID] = i
			out = append(out, Repair{CopyID: n.CopyID, Shelf: n.Shelf, Title: n.Title, Latest: n.Text, LatestKind: n.Kind})
		}
		out[i].Open++
		switch n.Kind {
		case shelf.NoteDamage:
			out[i].Damage++
		case shelf.NoteMissing:
			out[i].Missing++
		default:
			out[i].Other++
		}
		out[i].Since = n.At // notes come latest first: the last seen is the oldest
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Since.Before(out[j].Since) })
	return out
}
