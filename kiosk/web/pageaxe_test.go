package web_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// pageAxeStart runs axe-core (axeRun's rules) in a WebDriver tab, which
// awaits no promise: the answer is left in window.__tableeAxe, "!" and
// the error when axe failed (the page moved on, or kept redrawing).
const pageAxeStart = `(() => { window.__tableeAxe = null; ` + axeRun + `.then((p) => { window.__tableeAxe = p; }, (e) => { window.__tableeAxe = '!' + e; }); return 'started'; })()`

// pageAxeRead runs axe-core in p as axeRead does in Chromium: injected
// once per page load as the test's own script (wrapped in a function, so
// that a driver taking only an expression runs it too), then its serious
// and critical violations and those of the region and
// scrollable-region-focusable rules ("" when none), and whether it read
// the page still (axeRun).
func pageAxeRead(t *testing.T, ctx context.Context, p webPage, browser string) (string, bool) {
	t.Helper()
	loaded, err := p.eval(ctx, `typeof axe !== 'undefined' ? 'yes' : ''`)
	if err != nil {
		return "", false
	}
	if loaded != "yes" {
		if _, err := p.eval(ctx, "(function () {\n"+axeSource+"\n;return 'ok'; }).call(window)"); err != nil {
			t.Fatalf("%s: inject axe-core: %v", browser, err)
		}
		if ok, _ := p.eval(ctx, `typeof axe !== 'undefined' ? 'yes' : ''`); ok != "yes" {
			t.Fatalf("%s: axe-core injected but not defined", browser)
		}
	}
	if _, err := p.eval(ctx, pageAxeStart); err != nil {
		t.Fatalf("%s: run axe-core: %v", browser, err)
	}
	wait, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	out := pageWait(t, wait, p, browser, "axe-core's answer", `window.__tableeAxe === null ? 'wait' : 'done:' + window.__tableeAxe`,
		func(v string) bool { return strings.HasPrefix(v, "done:") })
	out = strings.TrimPrefix(out, "done:")
	if strings.HasPrefix(out, "!") {
		t.Logf("%s: axe-core: %s", browser, out[1:])
		return "", false
	}
	return out, true
}

// pageAxe is pageAxeRead on a page that has settled (one screen, checked
// once): one axe-core never read still fails t.
func pageAxe(t *testing.T, ctx context.Context, p webPage, browser string) string {
	t.Helper()
	out, read := pageAxeRead(t, ctx, p, browser)
	if !read {
		t.Errorf("%s: axe-core could not read the page still", browser)
	}
	return out
}
