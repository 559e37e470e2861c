package shelf

import "testing"

func demo() []Title {
	copy := func(id int64) []Copy { return []Copy{{ID: id, Shelf: "D5", Status: OnShelf}} }
	return []Title{
		{ID: 1, Names: Names{FR: "Carcassonne", Original: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, BestPlayers: []int{2}, MinMinutes: 30, MaxMinutes: 45, MinAge: 7, Kind: Competitive, Copies: copy(1)},
		{ID: 2, Names: Names{FR: "Les Loups-Garous de Thiercelieux", EN: "The Werewolves of Miller's Hollow"}, MinPlayers: 8, MaxPlayers: 18, MinMinutes: 30, MaxMinutes: 30, MinAge: 10, Copies: copy(2)},
		{ID: 3, Names: Names{FR: "Pandémie", EN: "Pandemic", Original: "Pandemic"}, MinPlayers: 2, MaxPlayers: 4, BestPlayers: []int{4}, MinMinutes: 45, MaxMinutes: 45, MinAge: 8, Kind: Cooperative, Copies: copy(3)},
		{ID: 4, Names: Names{FR: "Skull King"}, MinPlayers: 2, MaxPlayers: 8, BestPlayers: []int{4, 5, 6}, MinMinutes: 30, MaxMinutes: 30, MinAge: 8, Copies: copy(4)},
		{ID: 5, Names: Names{FR: "Brass: Birmingham"}, MinPlayers: 2, MaxPlayers: 4, MinMinutes: 60, MaxMinutes: 120, MinAge: 14}, // a wish
	}
}

func names(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Title.Names.Name("fr"))
	}
	return out
}

func TestSearchFindsNamesAsGuestsTypeThem(t *testing.T) {
	ix := NewIndex(demo())
	for typed, want := range map[string]string{
		"carcasonne":  "Carcassonne",
		"CARCASSONNE": "Carcassonne",
		"loup garou":  "Les Loups-Garous de Thiercelieux",
		"werewolves":  "Les Loups-Garous de Thiercelieux",
		"pandemie":    "Pandémie",
		"Pandemic":    "Pandémie",
		"skul":        "Skull King",
		"brass":       "Brass: Birmingham",
		"birmingahm":  "Brass: Birmingham",
	} {
		got := names(ix.Search(Query{Text: typed, Wishes: true}))
		if len(got) == 0 || got[0] != want {
			t.Errorf("%q found %q, want %q first", typed, got, want)
		}
	}
	if got := ix.Search(Query{Text: "zzz"}); len(got) != 0 {
		t.Errorf("zzz found %q", names(got))
	}
}

func TestAPickFiltersByTheGroup(t *testing.T) {
	ix := NewIndex(demo())
	got := names(ix.Search(Query{Players: 5, Minutes: 30}))
	// Skull King plays best at five and fits; Carcassonne takes up to 45
	// minutes; the werewolves need eight; Brass is not owned.
	if len(got) != 1 || got[0] != "Skull King" {
		t.Errorf("five for thirty minutes: %q", got)
	}
	if got := names(ix.Search(Query{Players: 4, Coop: true})); len(got) != 1 || got[0] != "Pandémie" {
		t.Errorf("coop for four: %q", got)
	}
	if got := names(ix.Search(Query{Players: 2, Age: 7})); len(got) != 1 || got[0] != "Carcassonne" {
		t.Errorf("two with a seven-year-old: %q", got)
	}
	if got := names(ix.Search(Query{Players: 4, Exclude: map[int64]bool{3: true, 4: true}})); len(got) != 1 || got[0] != "Carcassonne" {
		t.Errorf("four, nothing played: %q", got)
	}
}

func TestFold(t *testing.T) {
	if got := FoldKey("  Les Loups-Garous: Œuvre, Straße "); got != "les loups garous oeuvre strasse" {
		t.Errorf("FoldKey = %q", got)
	}
}

func TestAnEngineGameIsOwnedWithoutABox(t *testing.T) {
	titles := append(demo(), Title{ID: 6, Names: Names{FR: "Canoë"}, MinPlayers: 2, MaxPlayers: 2, MaxMinutes: 15, Engine: "canoe"})
	got := names(NewIndex(titles).Search(Query{Text: "canoe"}))
	if len(got) != 1 || got[0] != "Canoë" {
		t.Errorf("canoe found %q", got)
	}
	if _, free := titles[5].Free(); free {
		t.Errorf("an engine game has a free copy")
	}
}

// A game the table plays itself has no box, yet it is as ready as a box
// free on its shelf: a pick ranks it so.
func TestAPickRanksTheTablesOwnGamesAsReady(t *testing.T) {
	titles := []Title{
		{ID: 1, Names: Names{FR: "Boîte"}, MinPlayers: 3, MaxPlayers: 6, BestPlayers: []int{4}, MaxMinutes: 45, Copies: []Copy{{ID: 1, Status: OnShelf}}},
		{ID: 2, Names: Names{FR: "Canyon"}, MinPlayers: 3, MaxPlayers: 6, BestPlayers: []int{4}, MaxMinutes: 45, Engine: "canyon"},
		{ID: 3, Names: Names{FR: "Sortie"}, MinPlayers: 3, MaxPlayers: 6, BestPlayers: []int{4}, MaxMinutes: 45, Copies: []Copy{{ID: 3, Status: AtTable, Table: "Table 3"}}},
	}
	got := NewIndex(titles).Search(Query{Players: 4, Minutes: 60})
	if len(got) != 3 || got[0].Score != got[1].Score || got[2].Title.ID != 3 {
		t.Errorf("the table's own game against a free box and a box out: %v", names(got))
	}
}
