package console_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// TestTheConsoleNamesATableGuestInItsLanguage: a game whose touch-screen
// guests are kept by their place (wire.TableGuest) or, begun before, as
// "Invité 1" is listed on a German console with "Gast 1" and "Gast 2",
// on an English one with "Guest 1" and "Guest 2".
func TestTheConsoleNamesATableGuestInItsLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	tb, err := f.d.EnsureTable(ctx, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.CreateSession(ctx, session.Record{TableID: tb.ID, Game: "canoe", Seed: 3, StartedAt: time.Now().Add(-time.Minute),
		Seats: []session.Seat{{Kind: session.Guest, Name: "Invité 1"}, {Kind: session.Guest, Name: wire.TableGuest(1)}}}); err != nil {
		t.Fatal(err)
	}
	for l, want := range map[string][]string{"de": {"Gast 1", "Gast 2"}, "en": {"Guest 1", "Guest 2"}} {
		b := f.browser(t)
		b.lang = l
		b.login(testPIN)
		r := b.get("/sessions")
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s: GET /sessions: %d", l, r.StatusCode)
		}
		for _, w := range want {
			if !strings.Contains(r.body, w) {
				t.Errorf("%s: the sessions page does not name %q", l, w)
			}
		}
		if strings.Contains(r.body, "Invité 1") || strings.Contains(r.body, ">#2") || strings.Contains(r.body, "#2<") {
			t.Errorf("%s: the sessions page shows a guest as stored (Invité 1 or #2)", l)
		}
	}
}
