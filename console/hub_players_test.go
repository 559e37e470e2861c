package console_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tablee/tablee/db"
)

// venuePlayerID is the id of the hub's venue player called name.
func venuePlayerID(t *testing.T, f *fixture, name string) string {
	t.Helper()
	all, err := f.d.VenuePlayers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p.Name == name {
			return p.ID
		}
	}
	return ""
}

// The hub's console renames, merges and forgets the venue's players, as
// a table's console does its own (a PIN session, the CSRF token, a name
// cleaned as on the wire, a confirmation that says what is erased, at
// every table), through the hub's events (db.RenameVenuePlayer…).
func TestHubConsoleChangesTheVenuesPlayers(t *testing.T) {
	t.Parallel()
	f := newHubFixture(t, 6, false)
	b := f.browser(t)
	b.lang = "fr"
	b.login(testPIN)
	lea := venuePlayerID(t, f, "Léa")
	page := b.get("/players/" + lea)
	for _, want := range []string{"Léa", `action="/players/` + lea + `/rename"`, `action="/players/` + lea + `/merge"`,
		"gardent le nom que cette table connaît", "à toutes les tables de la salle"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("Léa's page lacks %q:\n%s", want, page.body)
		}
	}
	token := b.csrf()
	if r := b.post("/players/"+lea+"/rename", url.Values{"csrf": {"forged"}, "name": {"Mallory"}}); r.StatusCode < 400 {
		t.Errorf("a rename without the CSRF token: %d", r.StatusCode)
	}
	if r := b.post("/players/"+lea+"/rename", url.Values{"csrf": {token}, "name": {"\u202e"}}); r.StatusCode != http.StatusBadRequest || !strings.Contains(r.body, "Ce nom n") {
		t.Errorf("a name the phones refuse: %d\n%s", r.StatusCode, r.body)
	}
	if r := b.post("/players/"+lea+"/rename", url.Values{"csrf": {token}, "name": {"  Léa Martin "}}); r.StatusCode != http.StatusSeeOther ||
		r.Header.Get("Location") != "/players/"+lea+"?done=renamed_venue" {
		t.Fatalf("the rename: %d %v\n%s", r.StatusCode, r.Header, r.body)
	}
	if venuePlayerID(t, f, "Léa Martin") != lea {
		t.Errorf("Léa is not renamed Léa Martin on the venue's boards")
	}
	// The name she played under, and where.
	if page := b.get("/players/" + lea); !strings.Contains(page.body, "Aussi connu sous : Léa</p>") || !strings.Contains(page.body, "Tables fréquentées : ") {
		t.Errorf("Léa Martin's page lacks her other name or her tables:\n%s", page.body)
	}
	// Léa played every game: two people of one game are not merged.
	sami := venuePlayerID(t, f, "Sami")
	if r := b.post("/players/"+sami+"/merge", url.Values{"csrf": {token}, "into": {lea}}); r.StatusCode != http.StatusConflict {
		t.Errorf("merging Sami into Léa, of the same game: %d", r.StatusCode)
	}
	chloe := venuePlayerID(t, f, "Chloé")
	if r := b.post("/players/"+sami+"/merge", url.Values{"csrf": {token}, "into": {chloe}}); r.StatusCode != http.StatusSeeOther {
		t.Errorf("merging Sami into Chloé: %d\n%s", r.StatusCode, r.body)
	}
	if venuePlayerID(t, f, "Sami") != "" && venuePlayerID(t, f, "Chloé") != "" {
		t.Errorf("Sami and Chloé are still two venue players")
	}
	confirm := b.get("/players/" + lea + "/forget")
	for _, want := range []string{"Oublier Léa Martin", "à toutes les tables de la salle et ici", "chaque table qui le connaissait", "définitif"} {
		if !strings.Contains(confirm.body, want) {
			t.Errorf("the forget's confirmation lacks %q:\n%s", want, confirm.body)
		}
	}
	if r := b.post("/players/"+lea+"/forget", url.Values{"csrf": {token}}); r.StatusCode != http.StatusSeeOther ||
		!strings.HasPrefix(r.Header.Get("Location"), "/players?done=forgotten_venue") {
		t.Fatalf("the forget: %d %v", r.StatusCode, r.Header)
	}
	if r := b.get("/players"); strings.Contains(r.body, "Léa") {
		t.Errorf("Léa is still among the venue's players:\n%s", r.body)
	}
	if r := b.get("/players/" + lea); r.StatusCode != http.StatusNotFound {
		t.Errorf("the forgotten player's page: %d", r.StatusCode)
	}
}

// venuePlayers are the hub's venue players.
func venuePlayers(t *testing.T, f *fixture) []db.VenuePlayer {
	t.Helper()
	all, err := f.d.VenuePlayers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return all
}
