package scoresheet

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed sheets/*.json
var readyFiles embed.FS

// GenericID is the id of the generic sheet: points per round, open
// rounds, highest wins. Any title without a sheet of its own plays it.
const GenericID = "generic"

// Library is a set of sheets by id: the ready ones, and the staff's own.
type Library struct{ byID map[string]*Sheet }

// Ready returns the sheets shipped with Tablée (sheets/*.json), each
// checked; a bad file is a programming error that the tests catch.
func Ready() *Library {
	lib, err := load(readyFiles)
	if err != nil {
		panic(err)
	}
	return lib
}

func load(files fs.FS) (*Library, error) {
	names, err := fs.Glob(files, "sheets/*.json")
	if err != nil {
		return nil, err
	}
	lib := &Library{byID: map[string]*Sheet{}}
	for _, name := range names {
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		s, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := lib.Add(s); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return lib, nil
}

// Add puts s in the library, refusing an id already there.
func (l *Library) Add(s *Sheet) error {
	if _, dup := l.byID[s.ID]; dup {
		return fmt.Errorf("score sheet %q twice", s.ID)
	}
	if err := s.Check(); err != nil {
		return err
	}
	l.byID[s.ID] = s
	return nil
}

// Get returns the sheet with id.
func (l *Library) Get(id string) (*Sheet, bool) {
	s, ok := l.byID[id]
	return s, ok
}

// IDs lists the sheets' ids, the generic sheet first, then in order.
func (l *Library) IDs() []string {
	ids := make([]string, 0, len(l.byID))
	for id := range l.byID {
		if id != GenericID {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	if _, ok := l.byID[GenericID]; ok {
		ids = append([]string{GenericID}, ids...)
	}
	return ids
}

// ForTitle returns the sheet for a title named by its sheet id or by its
// name in any language, whatever the case; the generic sheet for any
// other title.
func (l *Library) ForTitle(title string) *Sheet {
	t := strings.TrimSpace(title)
	for _, id := range l.IDs() {
		s := l.byID[id]
		if strings.EqualFold(t, s.ID) {
			return s
		}
		if id == GenericID {
			continue
		}
		for _, name := range []string{s.Name.FR, s.Name.DE, s.Name.EN} {
			if strings.EqualFold(t, name) {
				return s
			}
		}
	}
	return l.byID[GenericID]
}
