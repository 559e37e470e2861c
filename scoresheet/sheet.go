// Package scoresheet holds score sheets as data: a game's scoring
// categories, its win rule, its teams, its tie-breakers and its rounds,
// the ready sheets of well-known titles (embedded JSON, docs/scoresheets.md)
// and the arithmetic of one play's sheet filled in (Card): sums typed as
// "3+6+2", limits, totals, ranks and winners by the sheet's own rule, and
// what is missing or cannot be decided. It knows nothing of seats' names,
// screens or texts: refusals and gaps come back as data (a rule id and its
// arguments) that the UIs turn into words through i18n.
package scoresheet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// Label is a text people read in the three languages the tables speak.
// Sheets carry their own labels (a title's categories are data, not
// catalogue texts), so each language is required.
type Label struct {
	FR string `json:"fr"`
	DE string `json:"de"`
	EN string `json:"en"`
}

// In returns the label in lang ("fr", "de", "en"), English otherwise.
func (l Label) In(lang string) string {
	switch lang {
	case "fr":
		return l.FR
	case "de":
		return l.DE
	}
	return l.EN
}

// Win is how a sheet decides who won.
type Win string

// The win rules a sheet may name.
const (
	// Highest: the highest total wins.
	Highest Win = "highest"
	// Lowest: the lowest total wins (6 nimmt!, golf).
	Lowest Win = "lowest"
	// Coop: everyone wins or loses together; the group says which
	// (Decision.Won). Categories, if any, are an optional score.
	Coop Win = "coop"
	// Ranks: no points; the group enters each seat's (or team's) place
	// (Decision.Ranks).
	Ranks Win = "ranks"
	// Named: no points; the group names the winners (Decision.Winners),
	// e.g. the team that found all its agents.
	Named Win = "named"
)

// Category is one line of a sheet.
type Category struct {
	// ID is stable within the sheet: entries and tie-breakers name it.
	ID    string `json:"id"`
	Label Label  `json:"label"`
	// PerRound: a value is entered each round; else once per play.
	PerRound bool `json:"per_round,omitempty"`
	// Negative: a value may be below zero (defeat tokens, failed tickets).
	Negative bool `json:"negative,omitempty"`
	// Multiplier turns what is entered into points (Azul's complete
	// columns are worth 7 each); 0 means 1. Tie-breakers compare what
	// was entered, not the points.
	Multiplier int `json:"multiplier,omitempty"`
	// Private: the value stays with its seat until the reveal (Skull
	// King's bids).
	Private bool `json:"private,omitempty"`
	// TieOnly: entered but not added to the total; only a tie-breaker
	// reads it (7 Wonders' coins left, Wingspan's unused food).
	TieOnly bool `json:"tie_only,omitempty"`
	// Optional: a play may end without it (a missing entry counts 0 and
	// is not named as missing).
	Optional bool `json:"optional,omitempty"`
}

// Points is what value entered in c is worth in the total.
func (c Category) Points(value int) int {
	if c.TieOnly {
		return 0
	}
	if c.Multiplier != 0 {
		return value * c.Multiplier
	}
	return value
}

// TieKind is how one tie-breaker decides.
type TieKind string

// The tie-breakers a sheet may name, tried in its order.
const (
	// Most: among the tied, the most entered in Category wins.
	Most TieKind = "most"
	// Fewest: among the tied, the fewest entered in Category wins.
	Fewest TieKind = "fewest"
	// Shared: the tied share the place; nothing after it is tried.
	Shared TieKind = "shared"
)

// TieBreak is one step of a sheet's tie-breaking.
type TieBreak struct {
	Kind     TieKind `json:"kind"`
	Category string  `json:"category,omitempty"`
}

// Team is one side of a team game.
type Team struct {
	ID    string `json:"id"`
	Label Label  `json:"label"`
}

// Sheet is one title's score sheet.
type Sheet struct {
	// ID is stable: the play's setup names it ("7wonders", "generic").
	ID string `json:"id"`
	// Name is the title the sheet is for, as the sheet's header says.
	Name       Label      `json:"name"`
	Categories []Category `json:"categories"`
	Win        Win        `json:"win"`
	// Rounds is the number of rounds of the per-round categories: 0 for
	// open (the group ends it), 1 for a sheet without rounds.
	Rounds   int        `json:"rounds"`
	TieBreak []TieBreak `json:"tie_break,omitempty"`
	// Teams, when given, make the seats play in teams: a team's total
	// is its members' sum, and ranks and winners are the teams'.
	Teams []Team `json:"teams,omitempty"`
	// Limit is the largest value one entry may have, in either
	// direction; 0 means DefaultLimit.
	Limit int `json:"limit,omitempty"`
}

// SeatTeams is the team of each of seats seats on a team sheet, nil on a
// sheet without teams: the seats take the teams in turn (seat 0 the
// first team, seat 1 the second, …), as a group sits around the table
// alternating sides. The play (engine/sheet) and the boards, which rate
// a team as a team, read the teams from here alone.
func (s *Sheet) SeatTeams(seats int) []int {
	if len(s.Teams) == 0 || seats < 1 {
		return nil
	}
	teams := make([]int, seats)
	for i := range teams {
		teams[i] = i % len(s.Teams)
	}
	return teams
}

// Limits that keep a sheet's arithmetic far from overflow and its values
// sensible: no board game scores a billion.
const (
	// DefaultLimit is the largest entry of a sheet that names none.
	DefaultLimit = 99_999
	// MaxLimit is the largest limit a sheet may name.
	MaxLimit = 999_999
	// MaxRounds is the most rounds a sheet, or an open play, may have.
	MaxRounds = 100
	// MaxCategories is the most categories a sheet may have.
	MaxCategories = 40
)

// EntryLimit is the largest value one entry of s may have.
func (s *Sheet) EntryLimit() int {
	if s.Limit == 0 {
		return DefaultLimit
	}
	return s.Limit
}

// Category returns the category with id.
func (s *Sheet) Category(id string) (Category, bool) {
	for _, c := range s.Categories {
		if c.ID == id {
			return c, true
		}
	}
	return Category{}, false
}

// Scored reports whether the sheet adds points (Highest, Lowest, and
// Coop with an optional score).
func (s *Sheet) Scored() bool { return s.Win == Highest || s.Win == Lowest }

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// Parse reads a sheet from JSON strictly (unknown fields and trailing data
// are refused) and checks it.
func Parse(data []byte) (*Sheet, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Sheet
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("score sheet: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("score sheet %q: data after the sheet", s.ID)
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Invalid is why a sheet is refused: Rule is a stable id the UIs
// translate (texts "sheet.invalid.<Rule>" in i18n, the staff console's
// editor) and Args the numbers and names those texts fill in; Error says
// it in English, for the ready files' tests and logs.
type Invalid struct {
	Sheet string // the sheet's id
	Rule  string
	Args  map[string]any
	text  string
}

func (e *Invalid) Error() string { return fmt.Sprintf("score sheet %q: %s", e.Sheet, e.text) }

// The rules an Invalid names.
const (
	InvalidID            = "id"             // the sheet's id is not 1 to 32 lower-case letters, digits or dashes
	InvalidLabel         = "label"          // Args Item ("name", a category's or a team's id), Lang, Max: a label empty or too long
	InvalidWin           = "win"            // Args Win: no such win rule
	InvalidRounds        = "rounds"         // Args Max, Value: rounds beyond 0 to MaxRounds
	InvalidLimit         = "limit"          // Args Max, Value: a limit beyond 0 to MaxLimit
	InvalidCategories    = "categories"     // Args Max, Value: too many categories
	InvalidNoCategory    = "no-category"    // a points sheet without a category
	InvalidCategoryID    = "category-id"    // Args Item: a category id not in the id pattern
	InvalidCategoryTwice = "category-twice" // Args Item: two categories with one id
	InvalidMultiplier    = "multiplier"     // Args Item, Max, Value: a multiplier beyond 0 to MaxMultiplier
	InvalidTieOnly       = "tie-only"       // every category of a points sheet is tie-only
	InvalidTieCategory   = "tie-category"   // Args N: a tie-breaker names no category of the sheet
	InvalidTieShared     = "tie-shared"     // Args N: a shared place names a category
	InvalidTieLast       = "tie-last"       // Args N: a tie-breaker after a shared place
	InvalidTieKind       = "tie-kind"       // Args N: no such tie-breaker
	InvalidOneTeam       = "one-team"       // a single team
	InvalidTeamID        = "team-id"        // Args Item: a team id not in the pattern, or twice
)

// MaxMultiplier is the largest multiplier of a category.
const MaxMultiplier = 1000

// MaxLabel is the longest label, in characters.
const MaxLabel = 80

// Check returns an *Invalid naming the first thing wrong with s.
func (s *Sheet) Check() error {
	fail := func(rule string, args map[string]any, format string, a ...any) error {
		return &Invalid{Sheet: s.ID, Rule: rule, Args: args, text: fmt.Sprintf(format, a...)}
	}
	label := func(item string, l Label) error {
		for _, lang := range []string{"fr", "de", "en"} {
			if text := l.In(lang); text == "" || utf8.RuneCountInString(text) > MaxLabel || !utf8.ValidString(text) {
				return fail(InvalidLabel, map[string]any{"Item": item, "Lang": lang, "Max": MaxLabel},
					"%s: the %s label must be 1 to %d characters", item, lang, MaxLabel)
			}
		}
		return nil
	}
	if !idPattern.MatchString(s.ID) {
		return fail(InvalidID, nil, "the id must be 1 to 32 lower-case letters, digits or dashes")
	}
	if err := label("name", s.Name); err != nil {
		return err
	}
	switch s.Win {
	case Highest, Lowest, Coop, Ranks, Named:
	default:
		return fail(InvalidWin, map[string]any{"Win": string(s.Win)}, "unknown win rule %q", s.Win)
	}
	if s.Rounds < 0 || s.Rounds > MaxRounds {
		return fail(InvalidRounds, map[string]any{"Max": MaxRounds, "Value": s.Rounds},
			"rounds must be 0 (open) to %d, not %d", MaxRounds, s.Rounds)
	}
	if s.Limit < 0 || s.Limit > MaxLimit {
		return fail(InvalidLimit, map[string]any{"Max": MaxLimit, "Value": s.Limit},
			"the limit must be 1 to %d, not %d", MaxLimit, s.Limit)
	}
	if len(s.Categories) > MaxCategories {
		return fail(InvalidCategories, map[string]any{"Max": MaxCategories, "Value": len(s.Categories)},
			"%d categories, more than %d", len(s.Categories), MaxCategories)
	}
	if s.Scored() && len(s.Categories) == 0 {
		return fail(InvalidNoCategory, nil, "a %s sheet needs a category", s.Win)
	}
	seen := map[string]bool{}
	counted := 0
	for _, c := range s.Categories {
		if !idPattern.MatchString(c.ID) {
			return fail(InvalidCategoryID, map[string]any{"Item": c.ID},
				"category id %q must be 1 to 32 lower-case letters, digits or dashes", c.ID)
		}
		if seen[c.ID] {
			return fail(InvalidCategoryTwice, map[string]any{"Item": c.ID}, "category %q twice", c.ID)
		}
		seen[c.ID] = true
		if err := label(c.ID, c.Label); err != nil {
			return err
		}
		if c.Multiplier < 0 || c.Multiplier > MaxMultiplier {
			return fail(InvalidMultiplier, map[string]any{"Item": c.ID, "Max": MaxMultiplier, "Value": c.Multiplier},
				"category %q: multiplier %d is not 0 to %d", c.ID, c.Multiplier, MaxMultiplier)
		}
		if !c.TieOnly {
			counted++
		}
	}
	if s.Scored() && counted == 0 {
		return fail(InvalidTieOnly, nil, "every category is tie-only: nothing makes a total")
	}
	for i, tb := range s.TieBreak {
		n := map[string]any{"N": i + 1}
		switch tb.Kind {
		case Most, Fewest:
			if !seen[tb.Category] {
				return fail(InvalidTieCategory, n, "tie-breaker %d names no category of the sheet (%q)", i+1, tb.Category)
			}
		case Shared:
			if tb.Category != "" {
				return fail(InvalidTieShared, n, "tie-breaker %d: a shared place names no category", i+1)
			}
			if i != len(s.TieBreak)-1 {
				return fail(InvalidTieLast, n, "tie-breaker %d: nothing after a shared place is ever tried", i+1)
			}
		default:
			return fail(InvalidTieKind, n, "tie-breaker %d: unknown kind %q", i+1, tb.Kind)
		}
	}
	if len(s.Teams) == 1 {
		return fail(InvalidOneTeam, nil, "one team is no team game")
	}
	teams := map[string]bool{}
	for _, t := range s.Teams {
		if !idPattern.MatchString(t.ID) || teams[t.ID] {
			return fail(InvalidTeamID, map[string]any{"Item": t.ID}, "team id %q is not a new lower-case id", t.ID)
		}
		teams[t.ID] = true
		if err := label(t.ID, t.Label); err != nil {
			return err
		}
	}
	return nil
}
