package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/table"
)

// TestBrowserNamesATableGuestInThePagesLanguage: a guest plays on the
// touch screen without a name, the kiosk keeps their place ("#1"), and a
// phone at the same table names them in its own language — "Invité 1" in
// French, "Gast 1" in German, "Guest 1" in English — never the key.
func TestBrowserNamesATableGuestInThePagesLanguage(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, canoe.ID, []table.Seat{{Touch: true}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	for l, want := range map[string]string{"fr": "Invité 1", "de": "Gast 1", "en": "Guest 1"} {
		lang(t, ctx, l)
		var text string
		waitState(t, ctx, want+" on the page", func(string) bool {
			text = eval(t, ctx, `document.getElementById('app').textContent`)
			return strings.Contains(text, want)
		})
		if strings.Contains(text, "#1") {
			t.Errorf("%s: the page shows the key #1: %q", l, text)
		}
	}
}
