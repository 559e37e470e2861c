package screen

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
)

// A table holding the venue's certificate authority offers it to the
// staff's devices in its settings: a QR code to its download from the
// console, which decodes to that address, and the fingerprint and words
// the device must show; a table without one offers nothing.
func TestStaffSettingsOfferTheVenueCA(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	url := "https://192.168.1.20:7459/venue-ca.crt"
	fp := strings.Repeat("ab", 32)
	s := NewStaff(context.Background(), words(t, i18n.FR), w, &fakeRecords{}, infos(), StaffActions{
		ConsoleURL: "https://192.168.1.20:7459/", ConsolePhrase: "abeille-acier-ancre",
		CAURL: url, CAWords: "corbeau-lama-poire", CAFingerprint: fp})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	s.Select(3)
	for _, want := range []string{"Certificat de la salle", fp, "corbeau-lama-poire", url} {
		if !uitest.HasText(s.Content(), want) {
			t.Errorf("the settings do not show %q", want)
		}
	}
	qr, ok := uitest.Find(s.Content(), func(i *canvas.Image) bool { return i.Image != nil && i.Image.Bounds().Dx() > 100 })
	if !ok {
		t.Fatal("no QR code in the settings")
	}
	if got := uitest.DecodeQR(t, qr.Image); got != url {
		t.Errorf("the QR code holds %q, want %q", got, url)
	}
	none := NewStaff(context.Background(), words(t, i18n.FR), w, &fakeRecords{}, infos(), StaffActions{ConsoleURL: "https://192.168.1.20:7459/"})
	if uitest.HasText(none.Content(), "Certificat de la salle") {
		t.Error("a table without the venue's authority offers it")
	}
}
