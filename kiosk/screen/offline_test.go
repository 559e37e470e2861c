package screen

import (
	"context"
	"testing"

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
