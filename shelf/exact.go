package shelf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The refusals of Exact.
var (
	// ErrNoTitle: no title of the catalogue has that id or name.
	ErrNoTitle = errors.New("shelf: no such title in the catalogue")
	// ErrAmbiguous: several titles have that name; their ids tell them apart.
	ErrAmbiguous = errors.New("shelf: several titles have that name")
)

// Exact finds the title text names, as staff and scripts name one (the
// kiosk's and tablee's --title): its id ("42", or "#42"), or exactly one
// of its four names with case, accents, punctuation and spaces folded
// (FoldKey), never a part of one. A name two titles share is refused
// with ErrAmbiguous, naming their ids; a text naming none with ErrNoTitle.
func Exact(titles []Title, text string) (Title, error) {
	t := strings.TrimSpace(text)
	var found []Title
	if id, err := strconv.ParseInt(strings.TrimPrefix(t, "#"), 10, 64); err == nil && id > 0 {
		for _, title := range titles {
			if title.ID == id {
				found = append(found, title)
			}
		}
		if strings.HasPrefix(t, "#") {
			t = "" // "#42" is an id only
		}
	}
	if key := FoldKey(t); key != "" {
		for _, title := range titles {
			if title.Named(key) && (len(found) == 0 || found[0].ID != title.ID) {
				found = append(found, title)
			}
		}
	}
	switch len(found) {
	case 0:
		return Title{}, fmt.Errorf("%q: %w", strings.TrimSpace(text), ErrNoTitle)
	case 1:
		return found[0], nil
	}
	// A name two titles share, or a number that is one title's id and
	// another's name (1830): the id, with "#", tells them apart.
	ids := make([]string, len(found))
	for i, f := range found {
		ids[i] = fmt.Sprintf("#%d %s", f.ID, f.Names.Name("en"))
	}
	return Title{}, fmt.Errorf("%q: %w: %s", strings.TrimSpace(text), ErrAmbiguous, strings.Join(ids, ", "))
}

// Named reports whether one of the title's names folds to key (a FoldKey).
func (t Title) Named(key string) bool {
	for _, n := range t.Names.All() {
		if FoldKey(n) == key {
			return true
		}
	}
	return false
}
