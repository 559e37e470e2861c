// Package shelf holds the ludothèque's catalogue as data: the titles the
// house knows (owned or wished for), their copies on the shelves and where
// each copy is, and the search the table and the phones run over it
// ("Que jouer ?" and the name search). It knows no SQL and no screen: the
// database stores these types and implements Library; the screens ask
// Library and search an Index built in memory from it (9,000 titles fit
// in a few megabytes, and searching them in memory is what keeps a
// filtered search well under the table's frame time).
package shelf

import (
	"context"
	"time"
)

// Kind says how a title is played: against each other, together, or in
// teams.
type Kind string

// The kinds of title. Unknown is a title whose box says nothing the
// import could read.
const (
	Unknown     Kind = ""
	Competitive Kind = "competitive"
	Cooperative Kind = "cooperative"
	Teams       Kind = "teams"
)

// Names are a title's names: in the table's three languages and as
// published (Original). Any may be empty; Name picks the best one.
type Names struct {
	FR, DE, EN, Original string
}

// Name is the title's name for a reader of lang ("fr", "de", "en"): the
// name in that language, else the original, else any name it has.
func (n Names) Name(lang string) string {
	var own string
	switch lang {
	case "fr":
		own = n.FR
	case "de":
		own = n.DE
	case "en":
		own = n.EN
	}
	for _, s := range []string{own, n.Original, n.FR, n.EN, n.DE} {
		if s != "" {
			return s
		}
	}
	return ""
}

// All lists the distinct non-empty names, the search matches any of them.
func (n Names) All() []string {
	var out []string
	for _, s := range []string{n.FR, n.DE, n.EN, n.Original} {
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
	return out
}

// Title is one game the house knows. A title without a copy is not owned:
// it is on the wish list.
type Title struct {
	ID    int64 // the database's id; 0 before it is stored
	Names Names
	BGGID int // BoardGameGeek's object id, 0 when unknown
	Year  int // year published, 0 when unknown

	MinPlayers, MaxPlayers int
	BestPlayers            []int // the counts players vote best, ascending
	MinMinutes, MaxMinutes int   // play time on the box; equal when the box gives one figure
	MinAge                 int
	Kind                   Kind
	// LanguageDependence is BoardGameGeek's scale: 1 no text needed, up
	// to 5 unplayable in a language one does not read; 0 unknown.
	LanguageDependence int
	// Engine is the id of the engine game when the table plays this
	// title itself (canyon, canyonduel, canoe, canaille); empty otherwise.
	Engine string

	Copies []Copy
}

// Owned reports whether the house has at least one copy, or the table
// plays the title itself (an engine game has no box: it is never a wish).
func (t Title) Owned() bool { return len(t.Copies) > 0 || t.Engine != "" }

// Fits reports whether n players may play the title.
func (t Title) Fits(n int) bool {
	return n <= 0 || (t.MinPlayers <= n && (t.MaxPlayers == 0 || n <= t.MaxPlayers))
}

// Best reports whether n is one of the counts the title plays best at.
func (t Title) Best(n int) bool {
	for _, b := range t.BestPlayers {
		if b == n {
			return true
		}
	}
	return false
}

// Free is the first copy on its shelf, or false when every copy is taken,
// lent or missing.
func (t Title) Free() (Copy, bool) {
	for _, c := range t.Copies {
		if c.Status == OnShelf {
			return c, true
		}
	}
	return Copy{}, false
}

// Status is where a copy is.
type Status string

// The places a copy can be.
const (
	OnShelf Status = "shelf"
	AtTable Status = "table"
	Lent    Status = "lent"
	Missing Status = "missing"
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	switch s {
	case OnShelf, AtTable, Lent, Missing:
		return true
	}
	return false
}

// Copy is one box on the shelf.
type Copy struct {
	ID        int64
	TitleID   int64
	Shelf     string // the shelf code, such as "D5"
	EAN       string // the box's barcode, digits only
	Condition string // the staff's notes on the box's state
	Acquired  time.Time
	Status    Status
	// Table and Since say, for a copy at a table, which table (its name)
	// and since when.
	Table string
	Since time.Time
}

// Note is what a group said of a copy when it gave it back: a missing
// piece, a torn card. It reaches the staff with the copy and the table.
type Note struct {
	ID     int64
	CopyID int64
	Table  string
	Kind   NoteKind
	Text   string
	At     time.Time
	Closed bool // the staff dealt with it
}

// NoteKind sorts notes for the staff who repair and complete boxes:
// damage, missing pieces, or anything else. It is chosen where the note
// is written (the table's « Rendre », the console), never guessed from
// its words.
type NoteKind string

// The notes' kinds. The notes written before they had one are NoteOther.
const (
	NoteDamage  NoteKind = "damage"
	NoteMissing NoteKind = "missing"
	NoteOther   NoteKind = "other"
)

// NoteKinds lists the kinds in the order the staff read them.
var NoteKinds = []NoteKind{NoteDamage, NoteMissing, NoteOther}

// ParseNoteKind reads a kind as a form or a file spells it; "" is
// NoteOther, anything else unknown is refused.
func ParseNoteKind(s string) (NoteKind, bool) {
	switch k := NoteKind(s); k {
	case NoteDamage, NoteMissing, NoteOther:
		return k, true
	case "":
		return NoteOther, true
	}
	return "", false
}

// Library is what the table asks of the catalogue; the database
// implements it (and Memory, for tests). Every method is safe for
// concurrent use.
type Library interface {
	// Titles is the whole catalogue with each title's copies, for an Index.
	Titles(ctx context.Context) ([]Title, error)
	// Take marks a copy as at table since at. A copy already at another
	// table is refused with ErrTaken.
	Take(ctx context.Context, copyID int64, table string, at time.Time) error
	// Return puts a copy back on its shelf; a non-empty note reaches the
	// staff as a Note of that kind ("" is NoteOther).
	Return(ctx context.Context, copyID int64, table string, kind NoteKind, note string, at time.Time) error
	// AtTable lists the copies at table now.
	AtTable(ctx context.Context, table string) ([]Copy, error)
	// Searched records a search typed at a table and how many titles it
	// found, so the staff see what guests looked for and the house lacks.
	Searched(ctx context.Context, text string, found int, at time.Time) error
}
