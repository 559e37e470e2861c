package window

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/proto/wire"
)

// TestATableGuestIsNamedInTheLanguageTheTableSpeaksNow: two guests seated
// on the touch screen of a French table are kept by their place, not as
// "Invité 1"; when the next group switches the table to German, the same
// game's panels say "Gast 1" and "Gast 2", never the French words.
func TestATableGuestIsNamedInTheLanguageTheTableSpeaksNow(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	game := k.seatGuests(t, "canoe", 2)
	if game == nil || k.ui.board == nil {
		t.Fatal("two guests on the table did not start the game")
	}
	for i, s := range game.Record().Seats {
		if s.Name != wire.TableGuest(i) {
			t.Errorf("seat %d is kept as %q, want its place %q", i, s.Name, wire.TableGuest(i))
		}
	}
	if !uitest.ShowsText(k.w, "Invité 1") || !uitest.ShowsText(k.w, "Invité 2") {
		t.Error("the French table does not name its guests Invité 1 and Invité 2")
	}
	k.ui.setLang(i18n.DE, func() { k.ui.showTable(game) })
	if !uitest.ShowsText(k.w, "Gast 1") || !uitest.ShowsText(k.w, "Gast 2") || uitest.ShowsText(k.w, "Invité") {
		t.Error("the table switched to German does not name its guests Gast 1 and Gast 2")
	}
}
