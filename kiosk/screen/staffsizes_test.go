package screen

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// staffTargets opens the staff screen with a venue section at
// 1920×1080 and walks every tab, every state of the venue section, the
// game list's menu and the leave-the-venue dialog, returning what is
// less than TouchSize high and how many targets it saw.
func staffTargets(t *testing.T) (small []string, seen int) {
	t.Helper()
	w := test.NewTempWindow(t, nil)
	desk := &fakeDesk{}
	rec := &fakeRecords{venue: VenueState{Paired: true}, sessions: []SessionSummary{{ID: "a", Game: "canoe", Status: "finished"}}}
	s := NewStaff(context.Background(), words(t, i18n.FR), w, rec, infos(), StaffActions{Venue: desk, Do: func(f func()) { f() }})
	t.Cleanup(s.Close)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	walk := func(name string) {
		for _, o := range []fyne.CanvasObject{w.Content(), w.Canvas().Overlays().Top()} {
			if o == nil {
				continue
			}
			sm, n := uitest.SmallTargets(o, TouchSize, name)
			small, seen = append(small, sm...), seen+n
		}
	}
	for i, tab := range []string{"leaderboards", "sessions", "figures", "settings", "venue, no venue yet"} {
		s.Select(i)
		walk(tab)
	}
	s.Select(0)
	test.Tap(s.game)
	walk("the game list")
	w.Canvas().Overlays().Top().Hide()
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	s.Select(4)
	s.showHubs([]VenueHub{{Name: "Tablée salle", Addr: "192.168.1.20:7460"}}, nil)
	walk("venue, the hubs found")
	s.askCode(VenueHub{Name: "Tablée salle"}, s.w.T("kiosk.venue.refused"))
	walk("venue, its code")
	s.showWords(VenueHub{Name: "Tablée salle", Words: "lune-castor-piano"}, "123456")
	walk("venue, its words")
	desk.set(VenueStatus{Paired: true, Linked: true, Tables: []VenueTable{{Name: "Terrasse", Behind: true}}})
	s.showVenue()
	walk("venue, paired")
	s.confirmUnpair()
	walk("venue, leave it?")
	return small, seen
}

// Every target of the staff screen — the tab headers, the boards' game
// list and its menu, the period and scope choices, the history's replay
// buttons, the settings' choices, every state of the venue section and
// its dialog — is at least TouchSize high in the kiosk's theme
// (DESIGN.md: ≥ 64 px for anything tapped). Under Fyne's own theme the
// tab headers are 36 px high: the walk must see them (a control that
// the walk missed would pass unseen).
func TestEveryStaffTargetIsLargeEnoughToTouch(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, theme.DefaultTheme())
	small, _ := staffTargets(t)
	tabs := 0
	for _, s := range small {
		if strings.Contains(s, "tabButton") {
			if tabs++; tabs == 1 {
				t.Logf("Fyne's own theme: %s", s)
			}
		}
	}
	if tabs == 0 {
		t.Fatalf("under Fyne's own theme the walk finds no small tab header: it does not see them (%q)", small)
	}

	test.ApplyTheme(t, NewTheme())
	small, seen := staffTargets(t)
	t.Logf("%d targets walked", seen)
	for _, s := range small {
		t.Errorf("too small to touch: %s", s)
	}
	if seen < 60 {
		t.Errorf("the walk saw %d targets over the staff screen's states, it should see more than 60", seen)
	}
}
