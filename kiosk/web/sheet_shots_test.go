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

// sheetShots: a guest keeps their own Skull King sheet on the page — the
// bid private, the round's points typed as a sum, a negative bid refused,
// the other's total with its bid hidden (docs/screenshots/sheet-phone.png);
// its totals further down, and both at 200 % (sheet-phone-totals.png,
// sheet-phone-zoom*.png: to look at, not kept).
func sheetShots(t *testing.T) {
	for _, shot := range []struct {
		name string
		zoom float64
		at   string // what is scrolled to the top, "" for the page's top
	}{{"sheet-phone.png", 1, ""}, {"sheet-phone-totals.png", 1, ".live"}, {"sheet-phone-zoom.png", 2, ".cat"}, {"sheet-phone-zoom-totals.png", 2, ".live"}} {
		ctx := chrome.TabAt(t, int64(float64(phoneW)/shot.zoom), int64(float64(phoneH)/shot.zoom))
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(float64(phoneW)/shot.zoom), int64(float64(phoneH)/shot.zoom), chromedp.EmulateScale(shot.zoom))); err != nil {
			t.Fatal(err)
		}
		sheetWritten(t, ctx)
		if shot.at != "" {
			eval(t, ctx, `(() => { document.querySelector('#app .sheet `+shot.at+`').scrollIntoView(); return ''; })()`)
		}
		chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`, chromedp.EvalAwaitPromise))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(*shots, shot.name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
	}
}
