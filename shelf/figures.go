package shelf

import (
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
)

// The ludothèque's figures (issue 39): what each title and each copy is
// used for, from the plays at the tables. Pure functions over plays the
// database reads, so that each figure is tested on plays whose answer is
// known; the database only adds up the ones its pages list by the
// thousand (DB.ShelfFigures), and its tests check it agrees with these.

// Play is one finished play of a title, as the figures count it.
type Play struct {
	ID      string
	Table   string    // the table's name
	Started time.Time // when the play began
	Ended   time.Time // when it ended: the date it counts on
	// Players is the number of seats played, bots included: the count
	// the title was played at.
	Players int
	// People are the ids of the known players (persons) who sat at it; a
	// guest or a bot has none, and is never a new player.
	People []string
}

// Loan is a copy's stay at a table: taken then, given back then (zero
// while it is still there).
type Loan struct {
	CopyID   int64
	Table    string
	Taken    time.Time
	Returned time.Time
}

// Periods are when this week, this month and this year began, local
// time: the calendar periods the staff speak of (a week from Monday).
type Periods struct{ Week, Month, Year time.Time }

// PeriodsAt gives the periods as seen at now, in now's location.
func PeriodsAt(now time.Time) Periods {
	y, m, d := now.Date()
	back := (int(now.Weekday()) + 6) % 7 // days since Monday
	loc := now.Location()
	return Periods{
		Week:  time.Date(y, m, d-back, 0, 0, 0, 0, loc),
		Month: time.Date(y, m, 1, 0, 0, 0, 0, loc),
		Year:  time.Date(y, 1, 1, 0, 0, 0, 0, loc),
	}
}

// Counts are a title's (or a copy's) plays this week, month, year and in
// all, and when it was last played (zero: never).
type Counts struct {
	Week, Month, Year, Total int
	Last                     time.Time
}

// CountPlays counts plays by the period they ended in.
func CountPlays(plays []Play, p Periods) Counts {
	var c Counts
	for _, pl := range plays {
		c.Total++
		if !pl.Ended.Before(p.Week) {
			c.Week++
		}
		if !pl.Ended.Before(p.Month) {
			c.Month++
		}
		if !pl.Ended.Before(p.Year) {
			c.Year++
		}
		if pl.Ended.After(c.Last) {
			c.Last = pl.Ended
		}
	}
	return c
}

// AtCount is what the plays at one player count say: how many plays,
// and their median length, measured from start to end.
type AtCount struct {
	Players int
	Plays   int
	Median  time.Duration
}

// ByPlayerCount groups plays by their player count, ascending: the
// counts a title is really played at, and how long it takes at each.
func ByPlayerCount(plays []Play) []AtCount {
	lengths := map[int][]time.Duration{}
	for _, p := range plays {
		lengths[p.Players] = append(lengths[p.Players], p.Length())
	}
	out := make([]AtCount, 0, len(lengths))
	for n, ls := range lengths {
		out = append(out, AtCount{Players: n, Plays: len(ls), Median: Median(ls)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Players < out[j].Players })
	return out
}

// Length is how long a play took; zero when its times say nothing.
func (p Play) Length() time.Duration {
	if p.Started.IsZero() || p.Ended.Before(p.Started) {
		return 0
	}
	return p.Ended.Sub(p.Started)
}

// Median is the middle length (the mean of the two middle ones for an
// even count); zero for none.
func Median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// NewPlayers counts, for each play in the order given, the known players
// who had never played the title before it (plays in the order they
// ended).
func NewPlayers(plays []Play) []int {
	seen := map[string]bool{}
	out := make([]int, len(plays))
	for i, p := range plays {
		for _, id := range p.People {
			if !seen[id] {
				seen[id] = true
				out[i]++
			}
		}
	}
	return out
}

// NewPerPlay is the mean number of new players a play brings (plays in
// the order they ended); zero without plays.
func NewPerPlay(plays []Play) float64 {
	if len(plays) == 0 {
		return 0
	}
	sum := 0
	for _, n := range NewPlayers(plays) {
		sum += n
	}
	return float64(sum) / float64(len(plays))
}

// MonthCount is the plays of one month.
type MonthCount struct {
	Start time.Time // the month's first day, 00:00 local
	Plays int
}

// PerMonth counts the plays of the last months months, the current one
// last; plays before or after them are left out.
func PerMonth(plays []Play, now time.Time, months int) []MonthCount {
	if months <= 0 {
		return nil
	}
	first := PeriodsAt(now).Month.AddDate(0, -(months - 1), 0)
	out := make([]MonthCount, months)
	for i := range out {
		out[i].Start = first.AddDate(0, i, 0)
	}
	for _, p := range plays {
		e := p.Ended.In(now.Location())
		i := (e.Year()-first.Year())*12 + int(e.Month()) - int(first.Month())
		if i >= 0 && i < months {
			out[i].Plays++
		}
	}
	return out
}

// DuringLoans keeps the plays a copy was at: those started at the table
// it was at while it was there (a loan still open lasts until now).
func DuringLoans(plays []Play, loans []Loan) []Play {
	var out []Play
	for _, p := range plays {
		for _, l := range loans {
			if p.Table == l.Table && !p.Started.Before(l.Taken) && (l.Returned.IsZero() || !p.Started.After(l.Returned)) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// Section is the part of the shelf a shelf code names: its leading
// letters ("B" of "B3", "Jeux" of "Jeux-12"), or the code itself when it
// has none; "" for no code.
func Section(code string) string {
	code = strings.TrimSpace(code)
	end := strings.IndexFunc(code, func(r rune) bool { return !unicode.IsLetter(r) })
	if end <= 0 {
		return code
	}
	return code[:end]
}

// PlayedKey is the key a play's title is matched to the shelf's names
// by: trimmed, case folded (the score sheet keeps the name as the table
// showed it).
func PlayedKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// Typed is one search typed at a table that found nothing.
type Typed struct {
	Text string
	At   time.Time
}

// Searched is what guests looked for and the shelf lacks: the latest way
// it was typed, how often, and when last.
type Searched struct {
	Text  string
	Count int
	Last  time.Time
}

// SearchedNotOwned groups searches that found nothing (in the order they
// were typed) by their folded words ("Dixit", "dixit " and "DIXIT" are
// one), the most searched first, then the latest.
func SearchedNotOwned(typed []Typed) []Searched { return SearchedNotOwnedBy(typed, FoldKey) }

// SearchedNotOwnedBy is SearchedNotOwned with fold in place of FoldKey
// (the same function, remembered: folding thousands of searches on every
// page of figures is most of its time).
func SearchedNotOwnedBy(typed []Typed, fold func(string) string) []Searched {
	at := map[string]int{}
	var out []Searched
	for _, t := range typed {
		key := fold(t.Text)
		if key == "" {
			continue
		}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, Searched{})
		}
		s := &out[i]
		s.Count++
		if s.Text == "" || !t.At.Before(s.Last) { // the latest, or the later of equal times
			s.Text, s.Last = strings.TrimSpace(t.Text), t.At
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Last.After(out[j].Last)
	})
	return out
}
