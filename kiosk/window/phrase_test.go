package window

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/proto/tlscert"
)

// TestAGermanTableShowsItsWordsInGermanWithTheNumbers: the seating screen
// of a table in German shows the certificate's verification words in
// German ("einhorn-biber-kajak", not the French "licorne-castor-kayak"),
// followed by the numbers every screen shows whatever its language, which
// a French phone (TestJoinByTypedAddress… in companion/gui) shows too.
func TestAGermanTableShowsItsWordsInGermanWithTheNumbers(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.lang = "de"
	k.startPhones(t)
	phrase := tlscert.Phrase(k.tb.Fingerprint())
	want := tlscert.ShowPhrase(phrase, "de")
	if !uitest.ShowsText(k.w, want) {
		t.Errorf("the German seating screen does not show %q", want)
	}
	if uitest.ShowsText(k.w, phrase) {
		t.Errorf("the German seating screen shows the French words %q", phrase)
	}
}
