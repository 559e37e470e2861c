package screen

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/shelf"
)

// The staff screen's short figures say the month's most played, the
// weeding count, the boxes to repair and the searches that found
// nothing, in the table's language, a typed search as plain text.
func TestTheStaffScreenShowsTheShelfInShort(t *testing.T) {
	test.NewTempApp(t)
	f := ShelfFigures{
		Top:      []TitlePlays{{Names: shelf.Names{FR: "Les Aventuriers du Rail", EN: "Ticket to Ride"}, Plays: 7}},
		Unplayed: 12, UnplayedMonths: 6, Repairs: 1, Incomplete: 1,
		Searched: []shelf.Searched{{Text: "<b>Dixit</b>", Count: 3, Last: time.Now()}},
	}
	for lang, want := range map[i18n.Lang][]string{
		i18n.FR: {"Les Aventuriers du Rail : 7 parties", "12 jeux en boîte pas joués depuis 6 mois.", "1 boîte à réparer ou compléter.", "Dont 0 abîmées, 1 avec des pièces manquantes.", "« <b>Dixit</b> » : 3 fois"},
		i18n.EN: {"Ticket to Ride: 7 plays", "12 boxed games not played for 6 months.", "1 box to repair or complete.", "Of which 0 damaged, 1 with missing pieces.", "“<b>Dixit</b>”: 3 times"},
	} {
		s := &Staff{w: words(t, lang)}
		o := s.shelfFigures(f)
		for _, w := range want {
			if !uitest.HasText(o, w) {
				t.Errorf("%s: the short figures lack %q", lang, w)
			}
		}
	}
	empty := (&Staff{w: words(t, i18n.DE)}).shelfFigures(ShelfFigures{UnplayedMonths: 6})
	if !uitest.HasText(empty, "Diesen Monat keine Partie") {
		t.Error("no play this month: not said")
	}
}
