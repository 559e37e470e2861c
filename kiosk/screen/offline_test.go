package screen

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// A table without a network says on its staff screen, in the staff's
// language, that phones cannot join and why; with one it says nothing.
func TestStaffSaysPhonesCannotJoinWithoutANetwork(t *testing.T) {
	test.NewTempApp(t)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		w := words(t, lang)
		want := w.T("network.offline")
		if want == "network.offline" {
			t.Fatalf("%s: no text for network.offline", lang)
		}
		for _, offline := range []bool{true, false} {
			win := test.NewTempWindow(t, nil)
			s := NewStaff(context.Background(), w, win, &fakeRecords{}, infos(), StaffActions{Offline: func() bool { return offline }})
			win.SetContent(s.Content())
			win.Resize(fyne.NewSize(1920, 1080))
			if got := uitest.HasText(s.Content(), want); got != offline {
				t.Errorf("%s, offline %t: the staff screen shows %q: %t", lang, offline, want, got)
			}
		}
	}
}

// A table whose venue store cannot be written (a full disk) says so in
// its staff screen's venue section, in the staff's language.
func TestStaffVenueSectionSaysTheDiskIsFull(t *testing.T) {
	test.NewTempApp(t)
	since := time.Date(2026, 12, 1, 21, 4, 0, 0, time.Local)
	desk := &fakeDesk{st: VenueStatus{Paired: true, Addr: "192.168.1.20:7460", Words: "lune-castor-piano", Linked: true, Answered: since,
		StoreFull: true, StoreSince: since}}
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		w := words(t, lang)
		want := w.T("venuehealth.table_store_full", "Time", "21:04")
		win := test.NewTempWindow(t, nil)
		s := NewStaff(context.Background(), w, win, &fakeRecords{venue: VenueState{Paired: true, Linked: true}}, infos(),
			StaffActions{Venue: desk, Do: func(f func()) { f() }})
		t.Cleanup(s.Close)
		win.SetContent(s.Content())
		win.Resize(fyne.NewSize(1920, 1080))
		s.Select(4)
		if !strings.Contains(want, "21:04") || !uitest.HasText(s.Content(), want) {
			t.Errorf("%s: the venue section lacks %q", lang, want)
		}
	}
}

// A table whose own database refuses writes (its disk is full) says on its
// staff screen, in the staff's language, since when, that the game goes on
// and what to do; with room it says nothing.
func TestStaffSaysTheTablesDiskIsFull(t *testing.T) {
	test.NewTempApp(t)
	since := time.Date(2026, 12, 1, 21, 4, 0, 0, time.Local)
	for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
		w := words(t, lang)
		want := w.T("diskfull.table", "Since", "21:04")
		if !strings.Contains(want, "21:04") {
			t.Fatalf("%s: no text for diskfull.table: %q", lang, want)
		}
		for _, full := range []bool{true, false} {
			win := test.NewTempWindow(t, nil)
			s := NewStaff(context.Background(), w, win, &fakeRecords{}, infos(),
				StaffActions{DiskFull: func() (time.Time, bool) { return since, full }})
			win.SetContent(s.Content())
			win.Resize(fyne.NewSize(1920, 1080))
			if got := uitest.HasText(s.Content(), want); got != full {
				t.Errorf("%s, full %t: the staff screen shows %q: %t", lang, full, want, got)
			}
		}
	}
}
