package screen

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// fakeDesk is a venue the table belongs to, as its desk tells it.
type fakeDesk struct{ st VenueStatus }

func (f *fakeDesk) FindHubs(context.Context) ([]VenueHub, error) { return nil, nil }
func (f *fakeDesk) Pair(context.Context, VenueHub, string) error { return nil }
func (f *fakeDesk) Unpair(context.Context) error                 { f.st = VenueStatus{}; return nil }
func (f *fakeDesk) Refresh(context.Context)                      {}
func (f *fakeDesk) Status(context.Context) (VenueStatus, error)  { return f.st, nil }

// The venue section lists the venue's tables with when each was last
// heard from, marks those behind, and the venue's boards name them in
// their provisional note; in each language.
func TestStaffVenueSectionShowsTheTablesBehind(t *testing.T) {
	test.NewTempApp(t)
	seen := time.Date(2026, 11, 26, 21, 4, 5, 0, time.Local)
	desk := &fakeDesk{st: VenueStatus{Paired: true, Addr: "192.168.1.20:7460", Words: "lune-castor-piano", Linked: true, Answered: seen,
		Tables: []VenueTable{
			{Name: "Table du fond", This: true, LastSeen: seen},
			{Name: "Terrasse", LastSeen: seen.Add(-3 * time.Minute), Behind: true},
			{Name: "Mezzanine", LastSeen: seen},
		}}}
	rec := &fakeRecords{venue: VenueState{Paired: true, Linked: true, Behind: []string{"Terrasse"}},
		boards: map[string][]Standing{"venue:canoe/all": {{Place: 1, Name: "Anouk", Games: 4, Wins: 3}}}}
	for lang, want := range map[i18n.Lang][]string{
		i18n.FR: {"Table du fond (cette table) | à jour", "Terrasse | en retard", "Mezzanine | à jour"},
		i18n.DE: {"Table du fond (dieser Tisch) | aktuell", "Terrasse | hängt hinterher", "Mezzanine | aktuell"},
		i18n.EN: {"Table du fond (this table) | up to date", "Terrasse | behind", "Mezzanine | up to date"},
	} {
		w := test.NewTempWindow(t, nil)
		s := NewStaff(context.Background(), words(t, lang), w, rec, infos(), StaffActions{Venue: desk, Do: func(f func()) { f() }})
		w.SetContent(s.Content())
		w.Resize(fyne.NewSize(1920, 1080))
		s.Select(4)
		if got := s.VenueLines(); !slices.Equal(got, want) {
			t.Errorf("%s: tables %q, want %q", lang, got, want)
		}
		for _, text := range []string{"21:01:05", "21:04:05", "lune-castor-piano"} {
			if !uitest.HasText(s.Content(), text) {
				t.Errorf("%s: the venue section lacks %q", lang, text)
			}
		}
		board := s.ShowVenueBoard("canoe", AllTime)
		if len(board) != 2 || !strings.Contains(board[0], "Terrasse") {
			t.Errorf("%s: the venue board %q does not say Terrasse is behind", lang, board)
		}
	}
}
