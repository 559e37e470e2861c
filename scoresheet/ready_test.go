package scoresheet

import (
	"reflect"
	"testing"
)

func TestReadySheets(t *testing.T) {
	lib := Ready()
	want := []string{"generic", "6nimmt", "7wonders", "azul", "carcassonne", "codenames", "pandemic", "skullking", "tickettoride", "wingspan"}
	if got := lib.IDs(); !reflect.DeepEqual(got, want) {
		t.Fatalf("ready sheets %v, want %v", got, want)
	}
	if g, _ := lib.Get(GenericID); g.Win != Highest || g.Rounds != 0 || len(g.Categories) != 1 || !g.Categories[0].PerRound {
		t.Errorf("the generic sheet is %+v, want points per round, open, highest wins", g)
	}
}

func TestForTitle(t *testing.T) {
	lib := Ready()
	for title, want := range map[string]string{
		"7 Wonders": "7wonders", "7wonders": "7wonders", "zug um zug": "tickettoride", "Les Aventuriers du Rail": "tickettoride",
		" Azul ": "azul", "Flügelschlag": "wingspan", "Terraforming Mars": GenericID, "": GenericID, "Score sheet": GenericID,
	} {
		if got := lib.ForTitle(title); got == nil || got.ID != want {
			t.Errorf("ForTitle(%q) = %v, want %s", title, got, want)
		}
	}
}

// entries is a play's values: seat → category → value (round 0), or
// "category/round" for per-round categories.
type values map[string]int

func play(t *testing.T, id string, teams []int, seats ...values) *Card {
	t.Helper()
	s, ok := Ready().Get(id)
	if !ok {
		t.Fatalf("no sheet %q", id)
	}
	c, err := NewCard(s, len(seats), teams)
	if err != nil {
		t.Fatal(err)
	}
	for seat, vs := range seats {
		for key, v := range vs {
			e := Entry{Seat: seat, Category: key, Value: v}
			for i := range key {
				if key[i] == '/' {
					e.Category = key[:i]
					for _, d := range key[i+1:] {
						e.Round = e.Round*10 + int(d-'0')
					}
				}
			}
			for e.Round > c.Rounds() {
				if err := c.NextRound(); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.Enter(e); err != nil {
				t.Fatalf("%s: seat %d %+v: %v", id, seat, e, err)
			}
		}
	}
	return c
}

// TestReadySheetsScoreAsTheRulebooks plays each ready sheet's end of game
// as its rulebook scores it: the categories, the multipliers, the
// tie-breakers.
func TestReadySheetsScoreAsTheRulebooks(t *testing.T) {
	for _, tc := range []struct {
		name string
		card func(t *testing.T) *Card
		want Standing
	}{
		{"7 Wonders: military may be negative; a tie goes to the most coins", func(t *testing.T) *Card {
			return play(t, "7wonders", nil,
				values{"military": -3, "treasury": 4, "wonder": 10, "civilian": 13, "science": 14, "commerce": 4, "guilds": 5, "coins": 14},
				values{"military": 6, "treasury": 2, "wonder": 7, "civilian": 20, "science": 4, "commerce": 2, "guilds": 6, "coins": 7})
		}, Standing{Totals: []int{47, 47}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"7 Wonders: a tie on coins is shared", func(t *testing.T) *Card {
			return play(t, "7wonders", nil,
				values{"military": 1, "treasury": 1, "wonder": 1, "civilian": 1, "science": 1, "commerce": 1, "guilds": 1, "coins": 3},
				values{"military": 0, "treasury": 1, "wonder": 2, "civilian": 1, "science": 1, "commerce": 1, "guilds": 1, "coins": 3})
		}, Standing{Totals: []int{7, 7}, Ranks: []int{1, 1}, Winners: []int{0, 1}}},
		{"Wingspan: a tie goes to the most unused food", func(t *testing.T) *Card {
			return play(t, "wingspan", nil,
				values{"birds": 40, "bonus": 8, "goals": 12, "eggs": 15, "cached": 3, "tucked": 6, "food": 1},
				values{"birds": 38, "bonus": 10, "goals": 14, "eggs": 12, "cached": 4, "tucked": 6, "food": 4})
		}, Standing{Totals: []int{84, 84}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"Ticket to Ride: failed tickets take off, the longest path is worth 10, a tie goes to the most tickets", func(t *testing.T) *Card {
			return play(t, "tickettoride", nil,
				values{"routes": 60, "tickets": -5, "longest": 1, "completed": 2},
				values{"routes": 50, "tickets": 15, "longest": 0, "completed": 4},
				values{"routes": 30, "tickets": 20, "longest": 0, "completed": 5})
		}, Standing{Totals: []int{65, 65, 50}, Ranks: []int{2, 1, 3}, Winners: []int{1}}},
		{"Carcassonne: the end's features on top of the track; ties shared", func(t *testing.T) *Card {
			return play(t, "carcassonne", nil,
				values{"track": 70, "roads": 3, "cities": 4, "monasteries": 5, "fields": 12},
				values{"track": 80, "roads": 2, "cities": 2, "monasteries": 0, "fields": 10})
		}, Standing{Totals: []int{94, 94}, Ranks: []int{1, 1}, Winners: []int{0, 1}}},
		{"Azul: rounds, rows ×2, columns ×7, colours ×10; a tie goes to the most complete rows", func(t *testing.T) *Card {
			return play(t, "azul", nil,
				values{"round/1": 5, "round/2": 12, "round/3": -1, "round/4": 20, "round/5": 22, "rows": 1, "columns": 2, "colours": 1},
				values{"round/1": 8, "round/2": 10, "round/3": 14, "round/4": 19, "round/5": 23, "rows": 2, "columns": 1, "colours": 1})
		}, Standing{Totals: []int{84, 95}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"Azul: the rows break a tie of points", func(t *testing.T) *Card {
			return play(t, "azul", nil,
				values{"round/1": 10, "rows": 2, "columns": 0, "colours": 0},
				values{"round/1": 7, "rows": 0, "columns": 1, "colours": 0})
		}, Standing{Totals: []int{14, 14}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"Skull King: ten rounds of points, negative allowed; the bids count nothing", func(t *testing.T) *Card {
			a, b := values{}, values{}
			for r := 1; r <= 10; r++ {
				key := "points/" + string(rune('0'+r%10))
				if r == 10 {
					key = "points/10"
				}
				a[key], b[key] = 20, -10
				a["bid/"+key[7:]], b["bid/"+key[7:]] = 1, 9
			}
			return play(t, "skullking", nil, a, b)
		}, Standing{Totals: []int{200, -100}, Ranks: []int{1, 2}, Winners: []int{0}}},
		{"6 nimmt!: the fewest bull heads win", func(t *testing.T) *Card {
			return play(t, "6nimmt", nil, values{"heads/1": 30, "heads/2": 40}, values{"heads/1": 10, "heads/2": 20}, values{"heads/1": 66})
		}, Standing{Totals: []int{70, 30, 66}, Ranks: []int{3, 1, 2}, Winners: []int{1}}},
		{"the generic sheet: points per round, highest wins, a tie left to the group", func(t *testing.T) *Card {
			return play(t, GenericID, nil, values{"points/1": 3, "points/2": 4}, values{"points/1": 7})
		}, Standing{Totals: []int{7, 7}, Ranks: []int{1, 1}, Undecided: UndecidedTie, Tied: []int{0, 1}}},
		{"Codenames: two teams, the group names the winner", func(t *testing.T) *Card {
			c := play(t, "codenames", []int{0, 1, 0, 1}, values{}, values{}, values{}, values{})
			if err := c.Decide(Decision{Winners: []int{1}}); err != nil {
				t.Fatal(err)
			}
			return c
		}, Standing{Totals: []int{0, 0}, Ranks: []int{2, 1}, Winners: []int{1}}},
		{"Pandemic: the group wins together, the cures an optional score", func(t *testing.T) *Card {
			c := play(t, "pandemic", nil, values{"cures": 4}, values{})
			if len(c.Missing()) != 0 {
				t.Errorf("an optional category is missing: %+v", c.Missing())
			}
			if err := c.Decide(Decision{Won: won(true)}); err != nil {
				t.Fatal(err)
			}
			return c
		}, Standing{Totals: []int{4, 0}, Ranks: []int{1, 1}, Winners: []int{0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.card(t).Standing(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("standing\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestTheStaffsSheetStandsForItsTitle: a sheet set for a title's names
// comes before the ready sheet of that name, whatever the case; cleared,
// the ready one is back and the staff's stays for the plays made on it.
// Plays read the library while the console adds to it (run with -race).
func TestTheStaffsSheetStandsForItsTitle(t *testing.T) {
	lib := Ready()
	mine := &Sheet{ID: "t7-1", Name: lbl, Win: Lowest, Rounds: 1, Categories: []Category{cat("a")}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 200 {
			lib.ForTitle("7 Wonders")
			lib.IDs()
		}
	}()
	if err := lib.SetTitle(mine, "7 Wonders", "Sieben Wunder"); err != nil {
		t.Fatal(err)
	}
	<-done
	for _, title := range []string{"7 wonders", " Sieben Wunder "} {
		if got := lib.ForTitle(title); got != mine {
			t.Errorf("ForTitle(%q) = %s, want the staff's", title, got.ID)
		}
	}
	if got := lib.ForTitle("7wonders"); got.ID != "7wonders" {
		t.Errorf("the ready sheet by its own id: %s", got.ID)
	}
	if err := lib.SetTitle(&Sheet{ID: "t7-1", Name: lbl, Win: Highest, Rounds: 1, Categories: []Category{cat("a")}}, "x"); err == nil {
		t.Error("another sheet took an id already in the library")
	}
	lib.ClearTitle("7 Wonders", "Sieben Wunder")
	if got := lib.ForTitle("7 Wonders"); got.ID != "7wonders" {
		t.Errorf("cleared: %s", got.ID)
	}
	if got, ok := lib.Get("t7-1"); !ok || got != mine {
		t.Error("cleared, the staff's sheet left the library")
	}
}
