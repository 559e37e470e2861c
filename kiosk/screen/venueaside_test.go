package screen

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// The venue sessions this table's copy kept aside are on its staff
// screen's venue section, in the staff's language: how many, the latest
// with their table, game, time and why (the move refused), how many more
// the console lists; none, nothing.
func TestStaffVenueSectionShowsTheSessionsKeptAside(t *testing.T) {
	test.NewTempApp(t)
	ended := time.Date(2026, 12, 1, 21, 4, 0, 0, time.Local)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		w := words(t, lang)
		for _, count := range []int{0, 5} {
			st := VenueStatus{Paired: true, Addr: "192.168.1.20:7460", Words: "lune-castor-piano", Linked: true, Answered: ended}
			if count > 0 {
				st.AsideCount = count
				st.Aside = []VenueAside{{Table: "Terrasse", Game: "canoe", Ended: ended, Refusal: "illegal-move", Move: 3},
					{Table: "Salon", Game: "canyon", Ended: ended, Refusal: "wrong-result"}}
			}
			win := test.NewTempWindow(t, nil)
			s := NewStaff(context.Background(), w, win, &fakeRecords{venue: VenueState{Paired: true, Linked: true}}, infos(),
				StaffActions{Venue: &fakeDesk{st: st}, Do: func(f func()) { f() }})
			t.Cleanup(s.Close)
			win.SetContent(s.Content())
			win.Resize(fyne.NewSize(1920, 1080))
			s.Select(4)
			for _, want := range []string{
				w.T("aside.link", "N", 5),
				w.T("aside.screen.line", "Table", "Terrasse", "Game", w.T("game.canoe.name"), "Time", "01/12 21:04",
					"Why", w.T("aside.at_move", "Why", w.T("aside.refusal.illegal-move"), "N", 3)),
				w.T("aside.screen.line", "Table", "Salon", "Game", w.T("game.canyon.name"), "Time", "01/12 21:04", "Why", w.T("aside.refusal.wrong-result")),
				w.T("aside.screen.more", "N", 3),
			} {
				if got := uitest.HasText(s.Content(), want); got != (count > 0) {
					t.Errorf("%s, %d aside: the venue section shows %q: %t", lang, count, want, got)
				}
			}
		}
	}
}
