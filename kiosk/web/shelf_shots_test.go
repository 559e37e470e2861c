//go:build shots

package web_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// shelfShots: a guest waiting for the others noted the box they took by
// its shelf code and searched the shelf with a slip in the name
// (docs/screenshots/shelf-phone.png).
func shelfShots(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	shelfKiosk(t, ctx, pageLibrary())
	waitFor(t, ctx, "the « Que jouer ? » button", `String(document.getElementById('shelfopen').hidden)`, "false")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	typeInto(t, ctx, "#shelfcode", "b7")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelftake button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the box noted", shelfSaid, frText(t, "web.shelf.taken", map[string]any{"Name": "Azul", "Shelf": "B7"}))
	eval(t, ctx, `(() => { document.getElementById('shelfcode').value = ''; return ''; })()`)
	typeInto(t, ctx, "#shelfq", "carcasonne")
	waitFor(t, ctx, "Carcassonne", firstTitle, "Carcassonne")
	waitFor(t, ctx, "the list", `String(document.querySelectorAll('#shelflist li.title').length)`, "2")
	eval(t, ctx, `(() => { document.activeElement.blur(); document.getElementById('shelf').scrollTop = 0; return ''; })()`)
	chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`, chromedp.EvalAwaitPromise))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(*shots, "shelf-phone.png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}
