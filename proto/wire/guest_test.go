package wire

import "testing"

// TestTableGuestNamesAreAPlaceReadInAnyLanguage: the key a table guest
// is stored under, and the three languages' default names stored before
// it, all read as the place; a guest's own name, or a number in a name,
// never does.
func TestTableGuestNamesAreAPlaceReadInAnyLanguage(t *testing.T) {
	if got := TableGuest(1); got != "#2" {
		t.Errorf("TableGuest(1) = %q", got)
	}
	for name, want := range map[string]int{"#2": 2, "Invité 3": 3, "Gast 1": 1, "Guest 12": 12, TableGuest(5): 6} {
		if n, ok := TableGuestPlace(name); !ok || n != want {
			t.Errorf("TableGuestPlace(%q) = %d, %v; want %d", name, n, ok, want)
		}
	}
	for _, name := range []string{"", "#", "#0", "#02", "#x", "Anja", "Invité", "Invité 1a", "Gast 1 ", "guest 1", "Team #1", "Guest -1", "#1000"} {
		if n, ok := TableGuestPlace(name); ok {
			t.Errorf("TableGuestPlace(%q) = %d, a guest's place", name, n)
		}
	}
}
