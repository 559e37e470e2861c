package console_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/db"
)

// TestConsoleScreenshots draws the README's console screenshots into the
// folder TABLEE_CONSOLE_SHOTS names (docs/screenshots), at laptop and
// phone sizes, over a café's worth of games. Skipped unless asked.
func TestConsoleScreenshots(t *testing.T) {
	dir := os.Getenv("TABLEE_CONSOLE_SHOTS")
	if dir == "" {
		t.Skip("set TABLEE_CONSOLE_SHOTS=docs/screenshots (absolute) to draw the console's screenshots")
	}
	f := newFixture(t)
	ctx := context.Background()
	if err := f.d.RenamePlayer(ctx, f.formula.ID, "Max"); err != nil {
		t.Fatal(err)
	}
	ids := []string{f.lea.ID, f.formula.ID}
	for i, name := range []string{"Sami", "Chloé", "Jonas", "Anja"} {
		p, err := f.d.IdentifyPlayer(ctx, strings.Repeat(fmt.Sprint(i), db.MinKeyLen), name, f.clock.Now().Add(-48*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	for g := range 14 {
		a, b := ids[g%len(ids)], ids[(g*5+1)%len(ids)]
		if a == b {
			b = ids[(g+1)%len(ids)]
		}
		f.playCanoe(t, f.clock.Now().Add(-time.Duration(40-2*g)*time.Hour), uint64(100+g), a, b)
	}
	f.h.CallStaff("Table 1")
	azul := ludoShots(t, f)
	f.clock.add(2 * time.Minute)
	// A shot of a long page starts at its element scroll (a CSS selector)
	// when given: the settings' default options are below the table's.
	type shotOf struct{ path, page, name, scroll string }
	shoot := func(w, h int64, size string, shots []shotOf) {
		tctx := tab(t, w, h)
		tctx, cancel := context.WithTimeout(tctx, 2*time.Minute)
		defer cancel()
		open(t, tctx, f, "/login?lang=fr", "login")
		if size == "laptop" {
			shot(t, tctx, filepath.Join(dir, "console-login-"+size+".png"))
		}
		if page := signIn(t, tctx, f, testPIN); page != "tables" {
			t.Fatalf("sign in: %s", page)
		}
		for _, s := range shots {
			open(t, tctx, f, s.path, s.page)
			if s.scroll != "" {
				eval(t, tctx, `document.querySelector('`+s.scroll+`').scrollIntoView(); ''`)
			}
			shot(t, tctx, filepath.Join(dir, "console-"+s.name+"-"+size+".png"))
		}
	}
	options := `form[action="/settings/options"]`
	var wonders string // 7 Wonders' sheet in the editor
	titles, err := f.d.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range titles {
		if ti.Names.EN == "7 Wonders" {
			wonders = fmt.Sprintf("/sheets/%d?lang=fr", ti.ID)
		}
	}
	shoot(laptopW, laptopH, "laptop", []shotOf{
		{"/tables", "tables", "tables", ""},
		{"/leaderboards?game=canoe&period=all", "leaderboards", "leaderboard", ""},
		{"/sessions/" + f.session, "session", "session", ""},
		{"/players", "players", "players", ""},
		{"/settings", "settings", "settings", options},
		{wonders, "sheet", "sheet", "ol.lines"},
		{"/ludotheque", "ludotheque", "ludotheque", ""},
		{"/ludotheque/titles/" + azul, "ludotitle", "title", ""},
		{"/ludotheque/titles/" + azul, "ludotitle", "title-note", "#write-note"},
	})
	shoot(phoneW, phoneH, "phone", []shotOf{
		{"/ludotheque", "ludotheque", "ludotheque", ""},
		{"/tables", "tables", "tables", ""},
		{"/leaderboards?period=month", "leaderboards", "leaderboard", ""},
		{"/players/" + f.lea.ID + "/forget", "forget", "forget", ""},
		{"/settings", "settings", "settings", options},
		{wonders, "sheet", "sheet", "#sheet-preview"},
	})
}

func shot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}
