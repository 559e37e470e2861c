package shelf

import (
	"errors"
	"testing"
)

func TestExact(t *testing.T) {
	titles := []Title{
		{ID: 1, Names: Names{FR: "Les Aventuriers du Rail", DE: "Zug um Zug", EN: "Ticket to Ride", Original: "Ticket to Ride"}},
		{ID: 2, Names: Names{FR: "Pandémie", EN: "Pandemic"}},
		{ID: 3, Names: Names{Original: "Carcassonne"}},
		{ID: 4, Names: Names{FR: "Carcassonne", DE: "Carcassonne (Neue Edition)"}},
		{ID: 5, Names: Names{Original: "1"}},
		{ID: 1830, Names: Names{Original: "Age of Steam"}},
		{ID: 7, Names: Names{Original: "1830"}},
	}
	for text, want := range map[string]int64{
		"1": 0, "#1": 1, " 2 ": 2, "#1830": 1830, "#7": 7,
		"Zug um Zug": 1, "zug  UM zug": 1, "les aventuriers-du-rail": 1, "TICKET TO RIDE": 1,
		"pandemie": 2, "Pandémie": 2, "PANDÉMIE": 2,
		"Carcassonne (Neue Edition)": 4,
	} {
		got, err := Exact(titles, text)
		if want == 0 {
			if !errors.Is(err, ErrAmbiguous) {
				t.Errorf("Exact(%q) = %d, %v: want ambiguous (title 1's id, title 5's name)", text, got.ID, err)
			}
			continue
		}
		if err != nil || got.ID != want {
			t.Errorf("Exact(%q) = %d, %v; want %d", text, got.ID, err, want)
		}
	}
	for _, text := range []string{"Carcassonne", "1830"} {
		if _, err := Exact(titles, text); !errors.Is(err, ErrAmbiguous) {
			t.Errorf("Exact(%q): %v, want ambiguous", text, err)
		}
	}
	for _, text := range []string{"", "   ", "#", "#99", "Zug", "Ticket", "Pandemic Legacy", "0"} {
		if got, err := Exact(titles, text); !errors.Is(err, ErrNoTitle) {
			t.Errorf("Exact(%q) = %d, %v: want no title (never a part of a name)", text, got.ID, err)
		}
	}
}
