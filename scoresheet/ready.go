package scoresheet

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

//go:embed sheets/*.json
var readyFiles embed.FS

// GenericID is the id of the generic sheet: points per round, open
// rounds, highest wins. Any title without a sheet of its own plays it.
const GenericID = "generic"

// Library is a set of sheets by id: the ready ones, and the staff's own,
// each staff sheet standing for the catalogue titles it was made for. It
// is safe for concurrent use: the staff console adds a sheet while the
// table's plays read theirs.
type Library struct {
	mu   sync.RWMutex
	byID map[string]*Sheet
	// titled maps a title's key (its catalogue id, its names, folded
	// by titleKey) to the id of the staff's sheet for it, which ForTitle
	// prefers to a ready sheet of the same name.
	titled map[string]string
	// shipped are the ids of the ready sheets (Ready): every build
	// knows them by id, so a play's views need not carry them.
	shipped map[string]bool
}

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
	lib := &Library{byID: map[string]*Sheet{}, titled: map[string]string{}, shipped: map[string]bool{}}
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
		lib.shipped[s.ID] = true
	}
	return lib, nil
}

// Add puts s in the library, refusing an id already there.
func (l *Library) Add(s *Sheet) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.add(s)
}

func (l *Library) add(s *Sheet) error {
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
	l.mu.RLock()
	defer l.mu.RUnlock()
	s, ok := l.byID[id]
	return s, ok
}

// IDs lists the sheets' ids, the generic sheet first, then in order.
func (l *Library) IDs() []string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.ids()
}

func (l *Library) ids() []string {
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

// Shipped reports whether id is one of the ready sheets every build
// ships, which a phone knows by its id alone; a staff's sheet is not.
func (l *Library) Shipped(id string) bool {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.shipped[id]
}

// SetTitle makes s the sheet of a catalogue title, named by keys (its
// catalogue id, its names in each language): ForTitle of any of them
// returns s, before any ready sheet of that name. s is added unless the
// library holds it already; a sheet once added stays, so a play begun on
// it resumes on it after the staff saved another.
func (l *Library) SetTitle(s *Sheet, keys ...string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if have, ok := l.byID[s.ID]; !ok {
		if err := l.add(s); err != nil {
			return err
		}
	} else if have != s {
		return fmt.Errorf("score sheet %q twice", s.ID)
	}
	for _, k := range keys {
		if k := titleKey(k); k != "" {
			l.titled[k] = s.ID
		}
	}
	return nil
}

// ClearTitle gives the titles named by keys back their ready sheet (or
// the generic one): the staff's sheets stay for the plays made on them.
func (l *Library) ClearTitle(keys ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range keys {
		delete(l.titled, titleKey(k))
	}
}

// titleKey is how SetTitle and ForTitle compare a title: trimmed, case
// folded.
func titleKey(title string) string { return strings.ToLower(strings.TrimSpace(title)) }

// ForTitle returns the sheet for a title: the staff's sheet for it
// (SetTitle), else a ready sheet named by its sheet id or by its name in
// any language, whatever the case; the generic sheet for any other title.
func (l *Library) ForTitle(title string) *Sheet {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if id, ok := l.titled[titleKey(title)]; ok {
		return l.byID[id]
	}
	t := strings.TrimSpace(title)
	for _, id := range l.ids() {
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
