package gui

import (
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
)

// TestTheAppNamesATableGuestInItsLanguage: the kiosk keeps an unnamed
// guest of its touch screen by their place ("#1"), or, for a game begun
// before, under the default name of that day's language; the app names
// them in its own language, and a chosen name as chosen.
func TestTheAppNamesATableGuestInItsLanguage(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	a := &App{texts: cat, names: []string{"#1", "Invité 2", "Léa"}}
	for lang, want := range map[i18n.Lang][]string{
		i18n.FR: {"Invité 1", "Invité 2", "Léa"},
		i18n.DE: {"Gast 1", "Gast 2", "Léa"},
		i18n.EN: {"Guest 1", "Guest 2", "Léa"},
	} {
		a.lang = lang
		for s, w := range want {
			if got := a.seatName(engine.Seat(s)); got != w {
				t.Errorf("%s: seat %d (kept as %q) is named %q, want %q", lang, s, a.names[s], got, w)
			}
		}
	}
}
