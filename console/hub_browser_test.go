package console_test

import (
	"context"
	"fmt"
	"github.com/tablee/tablee/proto/tlscert"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/db"
)

// The venue hub's console in Chromium at a laptop's size: the sign-in
// with the hub certificate's words, a wrong PIN then the right one, every
// page of the menu (axe-core on each in full runs, on the pages that
// differ most in -short), the venue's CSV downloaded, and another site's
// forged post refused.
func TestBrowserHubConsoleVisitsEveryPage(t *testing.T) {
	ctx := tab(t, 1280, 800)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	f := newHubFixture(t, 6, false)
	axe := axeSource(t)
	check := func(page string, short bool) {
		t.Helper()
		if short || !testing.Short() {
			accessibility(t, ctx, axe, "hub "+page)
		}
	}
	open(t, ctx, f, "/?lang=fr", "login")
	if got, want := eval(t, ctx, `document.getElementById('phrase').textContent`), tlscert.ShowPhrase(f.h.Phrase(), "fr"); got != want {
		t.Errorf("the sign-in page shows %q, the hub certificate's words are %q", got, want)
	}
	if page := signIn(t, ctx, f, "1111"); page != "login" || !strings.Contains(eval(t, ctx, `document.querySelector('.error').textContent`), "Code faux") {
		t.Fatalf("a wrong PIN: page %s", page)
	}
	if page := signIn(t, ctx, f, testPIN); page != "tables" {
		t.Fatalf("the right PIN: page %s", page)
	}
	menu(t, ctx, func(p string) { check(p, p == "tables") })
	if n := eval(t, ctx, `String(document.querySelectorAll('nav a').length)`); n != "7" {
		t.Errorf("the hub's menu has %s entries, want 7 (Appairage among them)", n)
	}
	// A table's sessions from its card on the tables page.
	open(t, ctx, f, "/tables", "tables")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`a[href="/sessions?table=`+kioskVeranda+`"]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "sessions")
	if n := eval(t, ctx, `String(document.querySelectorAll('table.sessions tbody tr').length)`); n != "2" {
		t.Errorf("the veranda's sessions: %s rows, want 2", n)
	}
	for _, p := range []struct{ path, page string }{
		{"/sessions/" + f.session + "?lang=de", "session"},
		{"/leaderboards?game=canoe&period=all&lang=en", "leaderboards"},
	} {
		open(t, ctx, f, p.path, p.page)
		check(p.path, p.page == "session")
		fits(t, ctx, p.path)
	}

	b := download(t, ctx, f, "/downloads?lang=fr", `a[href^="/export/sessions.csv"]`)
	if s := string(b); !strings.HasPrefix(s, db.CSVBOM+"session;started;") || !strings.Contains(s, ";Terrasse;") || !strings.Contains(s, ";Véranda;") {
		t.Errorf("the downloaded sessions: %q", b[:min(120, len(b))])
	}

	// Another site's page posts a PIN change to the hub's console while
	// the staff are signed in: refused, the PIN unchanged.
	forgedPostRefused(t, ctx, f, fmt.Sprintf(`<!doctype html><html lang="en"><body><form id="f" method="post" action="%s/settings/pin">
<input name="csrf" value="guessed"><input name="old" value="%s"><input name="new" value="9999"><input name="again" value="9999"></form>
<script>document.getElementById('f').submit();</script></body></html>`, f.url, testPIN))
	if err := f.d.CheckStaffPIN(context.Background(), testPIN); err != nil {
		t.Errorf("after the forged post the hub's PIN changed: %v", err)
	}
	open(t, ctx, f, "/players", "players")

	// A venue player renamed at the hub, from the players page: the name
	// cleaned as on the phones, the venue's boards at every table.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`table.venue-players a[href="/players/`+venuePlayerID(t, f, "Léa")+`"]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "player")
	check("player", false)
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#name", "  Léa Martin "), chromedp.Click(chromedp.CSS(`form[action$="/rename"] button[type=submit]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "player")
	if got := eval(t, ctx, `document.querySelector('main h2').textContent`); got != "Léa Martin" {
		t.Errorf("the renamed player's page shows %q", got)
	}
	if got := eval(t, ctx, `(document.querySelector('.notice') || {}).textContent || ''`); got != "Renommé dans les classements de la salle, à chaque table." {
		t.Errorf("the rename's notice: %q", got)
	}
	if !slices.ContainsFunc(venuePlayers(t, f), func(p db.VenuePlayer) bool { return p.Name == "Léa Martin" }) {
		t.Error("the hub's database does not name Léa Léa Martin")
	}
	open(t, ctx, f, "/players/"+venuePlayerID(t, f, "Léa Martin")+"/forget", "forget")
	check("forget", false)
}

// A table removed from the venue in Chromium, at a phone's size: its
// card's link opens a confirmation that says what follows (axe-core
// checks it in full runs), Annuler goes back and removes nothing, the confirmation's
// button removes it and the tables page says so without its card.
func TestBrowserHubConsoleRemovesATable(t *testing.T) {
	ctx := tab(t, phoneW, phoneH)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	f := newHubFixture(t, 3, false)
	open(t, ctx, f, "/login?lang=fr", "login")
	if page := signIn(t, ctx, f, testPIN); page != "tables" {
		t.Fatalf("sign in: %s", page)
	}
	link := `a[href="/tables/` + kioskVeranda + `/remove"]`
	confirm := func() {
		t.Helper()
		open(t, ctx, f, "/tables", "tables")
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(link)), chromedp.Click(chromedp.CSS(link))); err != nil {
			t.Fatal(err)
		}
		waitPage(t, ctx, "remove")
	}
	confirm()
	text := eval(t, ctx, `document.querySelector('main').innerText`)
	for _, want := range []string{"Retirer Véranda de la salle ?", "ne peut plus s'y connecter", "restent dans la salle", "nouveau code", kioskVeranda} {
		if !strings.Contains(text, want) {
			t.Errorf("the confirmation lacks %q:\n%s", want, text)
		}
	}
	if !testing.Short() {
		// axe-core takes seconds a page on a busy machine: full runs.
		accessibility(t, ctx, axeSource(t), "hub remove")
	}
	fits(t, ctx, "remove")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form a.button[href="/tables"]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "tables")
	if got := f.hub.removedTables(); len(got) != 0 {
		t.Fatalf("cancelled, yet removed %v", got)
	}
	confirm()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button.danger[type=submit]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "tables")
	if got := f.hub.removedTables(); len(got) != 1 || got[0] != kioskVeranda {
		t.Errorf("removed %v, want the veranda", got)
	}
	if notice := eval(t, ctx, `(document.querySelector('.notice') || {}).textContent || ''`); !strings.Contains(notice, "Table retirée de la salle") {
		t.Errorf("the notice after the removal: %q", notice)
	}
	if n := eval(t, ctx, `String(document.querySelectorAll('`+link+`').length)`); n != "0" {
		t.Errorf("the veranda's card is still there (%s links)", n)
	}
}

// TestHubConsoleScreenshots draws the README's screenshots of the venue
// hub's console (console-venue-*.png) into TABLEE_CONSOLE_SHOTS, at a
// laptop's and a phone's size. Skipped unless asked.
func TestHubConsoleScreenshots(t *testing.T) {
	dir := os.Getenv("TABLEE_CONSOLE_SHOTS")
	if dir == "" {
		t.Skip("set TABLEE_CONSOLE_SHOTS=docs/screenshots (absolute) to draw the console's screenshots")
	}
	f := newHubFixture(t, 14, false)
	shoot := func(w, h int64, size string, shots []struct{ path, page, name string }) {
		tctx := tab(t, w, h)
		tctx, cancel := context.WithTimeout(tctx, 2*time.Minute)
		defer cancel()
		open(t, tctx, f, "/login?lang=fr", "login")
		if page := signIn(t, tctx, f, testPIN); page != "tables" {
			t.Fatalf("sign in: %s", page)
		}
		for _, s := range shots {
			open(t, tctx, f, s.path, s.page)
			shot(t, tctx, filepath.Join(dir, "console-venue-"+s.name+"-"+size+".png"))
		}
	}
	shoot(1280, 800, "laptop", []struct{ path, page, name string }{
		{"/tables", "tables", "tables"},
		{"/sessions", "sessions", "sessions"},
		{"/leaderboards?game=canoe&period=all", "leaderboards", "leaderboard"},
		{"/players", "players", "players"},
		{"/players/" + venuePlayerID(t, f, "Léa"), "player", "player"},
		{"/tables/" + kioskVeranda + "/remove", "remove", "remove"},
	})
	shoot(phoneW, phoneH, "phone", []struct{ path, page, name string }{
		{"/tables", "tables", "tables"},
		{"/sessions", "sessions", "sessions"},
		{"/leaderboards?period=month", "leaderboards", "leaderboard"},
	})
}

func TestBrowserHubPhoneSizedPagesFitAndPassAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("the phone-sized pass: full runs only (the laptop pass covers the same pages in -short)")
	}
	f := newHubFixture(t, 14, true)
	phonePass(t, f, "hub ", []struct{ path, page string }{
		{"/tables", "tables"}, {"/leaderboards?game=canoe", "leaderboards"}, {"/sessions", "sessions"},
		{"/sessions/" + f.session, "session"}, {"/players", "players"}, {"/downloads", "downloads"}, {"/settings", "settings"},
		{"/players/" + venuePlayerID(t, f, "Léa"), "player"}, {"/players/" + venuePlayerID(t, f, "Léa") + "/forget", "forget"},
	})
}
