package shelf

import (
	"slices"
	"testing"
	"time"
)

// now is a Friday: its week began on Monday the 12th.
var now = time.Date(2026, 10, 16, 18, 0, 0, 0, time.UTC)

func at(day, hour int) time.Time { return time.Date(2026, 10, day, hour, 0, 0, 0, time.UTC) }

func play(id string, start time.Time, minutes, players int, people ...string) Play {
	return Play{ID: id, Table: "Table 1", Started: start, Ended: start.Add(time.Duration(minutes) * time.Minute),
		Players: players, People: people}
}

func TestPeriodsStartOnMondayTheFirstAndNewYear(t *testing.T) {
	p := PeriodsAt(now)
	if !p.Week.Equal(at(12, 0)) || !p.Month.Equal(at(1, 0)) || !p.Year.Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("periods at %v: %+v", now, p)
	}
	if sunday := PeriodsAt(at(18, 23)); !sunday.Week.Equal(at(12, 0)) {
		t.Errorf("a Sunday's week began %v", sunday.Week)
	}
}

func TestCountPlaysByPeriod(t *testing.T) {
	plays := []Play{
		play("this-week", at(13, 20), 30, 2),
		play("this-month", at(3, 20), 30, 2),
		play("this-year", time.Date(2026, 2, 1, 20, 0, 0, 0, time.UTC), 30, 2),
		play("last-year", time.Date(2025, 12, 31, 20, 0, 0, 0, time.UTC), 30, 2),
		// Ended on Monday at 00:10: this week, though it began on Sunday.
		play("midnight", at(11, 23).Add(50*time.Minute), 20, 3),
	}
	got := CountPlays(plays, PeriodsAt(now))
	want := Counts{Week: 2, Month: 3, Year: 4, Total: 5, Last: at(13, 20).Add(30 * time.Minute)}
	if got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	if never := CountPlays(nil, PeriodsAt(now)); never != (Counts{}) || !never.Last.IsZero() {
		t.Errorf("a title never played: %+v", never)
	}
}

func TestByPlayerCountGivesTheMedianAtEachCount(t *testing.T) {
	plays := []Play{
		play("a", at(1, 20), 40, 4), play("b", at(2, 20), 60, 4), play("c", at(3, 20), 90, 4),
		play("d", at(4, 20), 30, 2), play("e", at(5, 20), 50, 2),
		play("f", at(6, 20), 0, 5),
	}
	got := ByPlayerCount(plays)
	want := []AtCount{{2, 2, 40 * time.Minute}, {4, 3, 60 * time.Minute}, {5, 1, 0}}
	if !slices.Equal(got, want) {
		t.Errorf("by count %+v, want %+v", got, want)
	}
	if got := ByPlayerCount(nil); len(got) != 0 {
		t.Errorf("no plays: %+v", got)
	}
}

func TestNewPlayersCountsFirstPlaysOnly(t *testing.T) {
	plays := []Play{
		play("1", at(1, 20), 30, 3, "lea", "max"), // a guest too: never new
		play("2", at(2, 20), 30, 2, "lea", "zoe"),
		play("3", at(3, 20), 30, 2, "max", "zoe"),
		play("4", at(4, 20), 30, 4, "ana", "bob", "lea"),
	}
	if got := NewPlayers(plays); !slices.Equal(got, []int{2, 1, 0, 2}) {
		t.Errorf("new players %v", got)
	}
	if got := NewPerPlay(plays); got != 5.0/4 {
		t.Errorf("new per play %v", got)
	}
	if got := NewPerPlay(nil); got != 0 {
		t.Errorf("never played: %v new per play", got)
	}
}

func TestPerMonthCountsTheLastMonths(t *testing.T) {
	plays := []Play{
		play("oct", at(3, 20), 30, 2), play("oct2", at(15, 20), 30, 2),
		play("aug", time.Date(2026, 8, 31, 20, 0, 0, 0, time.UTC), 30, 2),
		play("too-old", time.Date(2026, 7, 31, 20, 0, 0, 0, time.UTC), 30, 2),
	}
	got := PerMonth(plays, now, 3)
	if len(got) != 3 || !got[0].Start.Equal(time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)) ||
		got[0].Plays != 1 || got[1].Plays != 0 || got[2].Plays != 2 {
		t.Errorf("per month %+v", got)
	}
}

func TestDuringLoansKeepsThePlaysAtTheCopysTable(t *testing.T) {
	plays := []Play{
		play("before", at(1, 19), 30, 2),
		play("during", at(1, 21), 30, 2),
		{ID: "other-table", Table: "Table 2", Started: at(1, 21), Ended: at(1, 22)},
		play("after", at(2, 20), 30, 2),
		play("now", at(15, 20), 30, 2),
	}
	loans := []Loan{
		{CopyID: 1, Table: "Table 1", Taken: at(1, 20), Returned: at(1, 23)},
		{CopyID: 1, Table: "Table 1", Taken: at(15, 19)}, // at the table now
	}
	var ids []string
	for _, p := range DuringLoans(plays, loans) {
		ids = append(ids, p.ID)
	}
	if !slices.Equal(ids, []string{"during", "now"}) {
		t.Errorf("plays during the loans: %v", ids)
	}
}

func TestSection(t *testing.T) {
	for code, want := range map[string]string{"B3": "B", "Jeux-12": "Jeux", "Étagère 2": "Étagère", "12": "12", "": "", " C ": "C"} {
		if got := Section(code); got != want {
			t.Errorf("Section(%q) = %q, want %q", code, got, want)
		}
	}
}

func TestSearchedNotOwnedGroupsTheWaysItWasTyped(t *testing.T) {
	typed := []Typed{
		{"Dixit", at(1, 20)}, {"dixit ", at(3, 20)}, {"DIXÎT", at(2, 20)},
		{"Les Loups-Garous", at(4, 20)}, {"   ", at(5, 20)}, {"Terraforming", at(6, 20)}, {"terraforming", at(7, 20)},
	}
	got := SearchedNotOwned(typed)
	want := []Searched{{"dixit", 3, at(3, 20)}, {"terraforming", 2, at(7, 20)}, {"Les Loups-Garous", 1, at(4, 20)}}
	if !slices.Equal(got, want) {
		t.Errorf("searched not owned:\n got %+v\nwant %+v", got, want)
	}
}
