package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

func pageLibrary() *shelftest.Memory {
	evening := time.Date(2026, 12, 1, 19, 40, 0, 0, time.Local)
	return shelftest.NewMemory([]shelf.Title{
		{ID: 1, Names: shelf.Names{Original: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, MinMinutes: 35, MaxMinutes: 35, MinAge: 7, Kind: shelf.Competitive,
			Copies: []shelf.Copy{{ID: 11, Shelf: "D5", EAN: "4015566018853", Status: shelf.OnShelf}}},
		{ID: 2, Names: shelf.Names{FR: "Les Loups-Garous de Thiercelieux", DE: "Die Werwölfe vom Düsterwald", Original: "Les Loups-Garous de Thiercelieux"},
			MinPlayers: 8, MaxPlayers: 18, MaxMinutes: 30, MinAge: 10, Kind: shelf.Teams,
			Copies: []shelf.Copy{{ID: 21, Shelf: "A1", Status: shelf.AtTable, Table: "Table 3", Since: evening}}},
		{ID: 3, Names: shelf.Names{Original: "Azul"}, MinPlayers: 2, MaxPlayers: 4, MinMinutes: 30, MaxMinutes: 45, MinAge: 8, Kind: shelf.Competitive,
			Copies: []shelf.Copy{{ID: 31, Shelf: "B7", EAN: "3760175513145", Status: shelf.OnShelf}}},
		{ID: 4, Names: shelf.Names{FR: "Les Aventuriers du Rail", EN: "Ticket to Ride"}, MinPlayers: 2, MaxPlayers: 5, MinMinutes: 30, MaxMinutes: 60, MinAge: 8,
			Copies: []shelf.Copy{{ID: 41, Shelf: "C2", EAN: "0824968717912", Status: shelf.OnShelf}}},
		{ID: 5, Names: shelf.Names{Original: "Carcassonne: Jäger und Sammler"}},
	})
}

// shelfKiosk is a Canoë table of two phone seats over lib, and a guest
// seated at it waiting for the other.
func shelfKiosk(t *testing.T, ctx context.Context, lib shelf.Library) *kiosk {
	t.Helper()
	k := openKiosk(t, "canoe", []table.Seat{{}, {}}, func(c *table.Config) { c.Shelf = lib })
	joinInBrowser(t, ctx, k, "Anja")
	waitState(t, ctx, "waiting for the other guest", func(s string) bool { return s == "waiting" })
	return k
}

// waitFor waits until js, evaluated in the page, returns want.
func waitFor(t *testing.T, ctx context.Context, what, js, want string) {
	t.Helper()
	var last string
	for {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("waiting for %s (last %q): %v", what, last, err)
		}
		if s == want {
			return
		}
		last = s
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: the page shows %q, want %q", what, last, want)
		case <-time.After(15 * time.Millisecond):
		}
	}
}

// typeInto replaces the text of the input sel with text, key by key.
func typeInto(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	eval(t, ctx, `(() => { const i = document.querySelector('`+sel+`'); i.value = ''; i.focus(); return ''; })()`)
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(sel), text)); err != nil {
		t.Fatalf("type %q into %s: %v", text, sel, err)
	}
}

const (
	firstTitle = `(document.querySelector('#shelflist .tname') || {}).textContent || ''`
	firstWhere = `(document.querySelector('#shelflist .copy') || {}).textContent || ''`
	shelfSaid  = `document.getElementById('shelfsaid').textContent`
)

func TestBrowserSearchesTheShelfAndTakesABoxByItsCode(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	lib := pageLibrary()
	shelfKiosk(t, ctx, lib)
	var layout layoutCheck

	waitFor(t, ctx, "the « Que jouer ? » button", `document.getElementById('shelfopen').hidden ? '' : document.getElementById('shelfopen').textContent`, frText(t, "web.shelf.open", nil))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the panel", `document.body.dataset.shelf`, "open")
	// Scanning needs BarcodeDetector, which headless Chromium lacks: the
	// guest types the code.
	if eval(t, ctx, `String(document.getElementById('shelfscan').hidden)`) != "true" {
		t.Error("a scan button without BarcodeDetector")
	}

	typeInto(t, ctx, "#shelfq", "carcasonne")
	waitFor(t, ctx, "Carcassonne", firstTitle, "Carcassonne")
	if w := eval(t, ctx, firstWhere); w != "D5 "+frText(t, "web.shelf.free", nil) {
		t.Errorf("Carcassonne's copy reads %q", w)
	}
	if f := eval(t, ctx, `document.querySelector('#shelflist .facts').textContent`); f != "2 à 5 joueurs · 35 min · dès 7 ans · compétitif" {
		t.Errorf("Carcassonne's facts read %q", f)
	}
	layout.look(t, ctx, "shelf carcasonne")

	typeInto(t, ctx, "#shelfq", "loup garou")
	waitFor(t, ctx, "the werewolves", firstTitle, "Les Loups-Garous de Thiercelieux")
	if w := eval(t, ctx, firstWhere); w != "A1 à la Table 3 depuis 19:40" {
		t.Errorf("the werewolves' copy reads %q", w)
	}
	if n := eval(t, ctx, `String(document.querySelectorAll('#shelflist li.title button').length)`); n != "0" {
		t.Errorf("%s take buttons for a box at another table", n)
	}

	// The box taken from shelf B7, its code typed in small letters.
	typeInto(t, ctx, "#shelfcode", "b7")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelftake button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the box noted", shelfSaid, frText(t, "web.shelf.taken", map[string]any{"Name": "Azul", "Shelf": "B7"}))
	if c, _ := lib.Copy(31); c.Table != "Table 1" {
		t.Errorf("Azul's copy is at %q, want Table 1", c.Table)
	}
	layout.look(t, ctx, "shelf taken")

	// A code no box has is said in words.
	typeInto(t, ctx, "#shelfcode", "Z9")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelftake button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the refusal", shelfSaid, frText(t, "web.shelf.err.no-copy", nil))

	// In German, the German name; the list's take button takes the free copy.
	lang(t, ctx, "de")
	typeInto(t, ctx, "#shelfq", "aventuriers")
	waitFor(t, ctx, "Ticket to Ride found by its French name", firstTitle, "Les Aventuriers du Rail")
	typeInto(t, ctx, "#shelfq", "loup garou")
	waitFor(t, ctx, "the werewolves in German", firstTitle, "Die Werwölfe vom Düsterwald")

	// Back: the seat's screen again, as it was.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfclose"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the panel closed", `document.body.dataset.shelf + '|' + document.body.dataset.state`, "|waiting")
	layout.report(t)
}

// scanStub stands for a phone's camera and barcode reader: getUserMedia
// gives a canvas's stream and BarcodeDetector reads ean from any frame.
const scanStub = `(() => {
  window.BarcodeDetector = class {
    constructor(o) { window.scanFormats = (o && o.formats || []).join(','); }
    static async getSupportedFormats() { return ['ean_13']; }
    async detect(src) { window.scanned = (window.scanned || 0) + 1; return window.scanned < 3 ? [] : [{ rawValue: '0824968717912', format: 'ean_13' }]; }
  };
  navigator.mediaDevices.getUserMedia = async () => document.createElement('canvas').captureStream(5);
  return '';
})()`

func TestBrowserTakesABoxByScanningItsBarcode(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	lib := pageLibrary()
	shelfKiosk(t, ctx, lib)
	eval(t, ctx, scanStub)
	waitFor(t, ctx, "the « Que jouer ? » button", `String(document.getElementById('shelfopen').hidden)`, "false")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the scan button", `document.getElementById('shelfscan').hidden ? '' : document.getElementById('shelfscan').textContent`, frText(t, "web.shelf.scan", nil))
	var layout layoutCheck
	layout.look(t, ctx, "shelf with a camera")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfscan"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the box scanned and noted", shelfSaid, frText(t, "web.shelf.taken", map[string]any{"Name": "Les Aventuriers du Rail", "Shelf": "C2"}))
	if c, _ := lib.Copy(41); c.Table != "Table 1" {
		t.Errorf("the scanned copy is at %q, want Table 1", c.Table)
	}
	if f := eval(t, ctx, `window.scanFormats`); !strings.Contains(f, "ean_13") || !strings.Contains(f, "ean_8") {
		t.Errorf("the detector was asked for %q, not the boxes' EANs", f)
	}
	// The camera is off once the box is read.
	waitFor(t, ctx, "the camera off", `String(document.getElementById('shelfvideo').hidden) + String(!!document.getElementById('shelfvideo').srcObject)`, "truefalse")
	layout.report(t)
}

// TestBrowserShelfFitsAtDoubleZoom: at 200 % zoom a 360 px phone is 180
// CSS pixels wide; the panel still fits, nothing sideways, every target
// 44 px.
func TestBrowserShelfFitsAtDoubleZoom(t *testing.T) {
	ctx := chrome.TabAt(t, phoneW/2, phoneH/2)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	shelfKiosk(t, ctx, pageLibrary())
	waitFor(t, ctx, "the « Que jouer ? » button", `String(document.getElementById('shelfopen').hidden)`, "false")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	typeInto(t, ctx, "#shelfq", "loup garou")
	waitFor(t, ctx, "the werewolves", firstTitle, "Les Loups-Garous de Thiercelieux")
	if w := eval(t, ctx, `String(document.documentElement.scrollWidth) + ' ' + String(innerWidth)`); w != "180 180" {
		t.Errorf("at 200 %% the page is %s CSS px wide for the screen's", w)
	}
	if p := eval(t, ctx, layoutProblems); p != "" {
		t.Errorf("at 200 %%: %s", p)
	}
}

// TestBrowserSearchesTheShelfBeforeJoining: on the join screen, once the
// kiosk said the QR code is the current game's, the guest may search the
// shelf; nothing offers to take a box before they sit down.
func TestBrowserSearchesTheShelfBeforeJoining(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	k := openKiosk(t, "canoe", []table.Seat{{}, {}}, func(c *table.Config) { c.Shelf = pageLibrary() })
	if err := chromedp.Do(ctx, chromedp.Navigate(k.join.String()), chromedp.WaitVisible(chromedp.CSS("#nick"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the « Que jouer ? » button", `String(document.getElementById('shelfopen').hidden)`, "false")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	typeInto(t, ctx, "#shelfq", "azul")
	waitFor(t, ctx, "Azul", firstTitle, "Azul")
	if got := eval(t, ctx, `String(document.getElementById('shelftake').hidden) + ' ' + document.querySelectorAll('#shelflist button').length`); got != "true 0" {
		t.Errorf("before joining: take form hidden, take buttons = %q, want \"true 0\"", got)
	}
	var layout layoutCheck
	layout.look(t, ctx, "shelf before joining")
	layout.report(t)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfclose"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the join form again", `String(document.getElementById('nick').getClientRects().length > 0)`, "true")
}
