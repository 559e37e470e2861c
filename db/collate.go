package db

import (
	"sort"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// newCollator sorts names as French and German readers expect: accents
// and case matter only after the letters ("Élodie" beside "Elise", not
// after "Zoë"). French and German share this order for names.
func newCollator() *collate.Collator {
	return collate.New(language.French)
}

// sortByName sorts xs by the name key gives, collated, then by its id so
// equal names keep one order.
func sortByName[T any](xs []T, key func(T) (name, id string)) {
	c := newCollator()
	sort.SliceStable(xs, func(i, j int) bool {
		ni, ii := key(xs[i])
		nj, ij := key(xs[j])
		if r := c.CompareString(ni, nj); r != 0 {
			return r < 0
		}
		return ii < ij
	})
}
