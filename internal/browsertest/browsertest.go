// Package browsertest shares one headless Chromium among the tests of a
// test binary (the web page's, and the journeys that seat a web phone):
// it takes seconds to start on a busy machine, so each test gets a tab of
// it instead. Browser tests run in the plain pass only: under the race
// detector they would only add minutes. It is for tests only.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// The phone screen the page is designed for, in CSS pixels: every tab's
// size.
const PhoneWidth, PhoneHeight = 360, 740

// Chromium finds Debian's browser (scripts/setup-debian installs it), or
// skips tb: under the race detector, or without a browser on PATH.
func Chromium(tb testing.TB) string {
	tb.Helper()
	if Race {
		tb.Skip("a browser test: browser tests run in the plain pass; under -race they only add minutes")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	tb.Skip("a browser test: no chromium on PATH (Debian: apt-get install chromium, or scripts/setup-debian)")
	return ""
}

// Browser is one headless Chromium whose browser language is French (the
// page's default; tests switch with the page's own buttons). A test
// binary keeps one in a variable of its own; its zero value is ready: the
// first Tab starts it, and TestMain calls Close after the tests.
type Browser struct {
	// SelfSigned makes the browser accept any certificate, as staff do
	// once for a kiosk's own (the console's tests); set it before the
	// first Tab.
	SelfSigned bool

	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

// Tab opens a tab of b, phone-sized, closed when tb ends; each kiosk a
// test starts has its own port, so its own origin and storage. It skips
// tb where Chromium does.
func (b *Browser) Tab(tb testing.TB) context.Context {
	tb.Helper()
	return b.TabAt(tb, PhoneWidth, PhoneHeight)
}

// TabAt is Tab at w×h CSS pixels.
func (b *Browser) TabAt(tb testing.TB, w, h int64) context.Context {
	tb.Helper()
	path := Chromium(tb)
	b.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.WindowSize(PhoneWidth, PhoneHeight),
			chromedp.Flag("lang", "fr-FR"),
			chromedp.Flag("accept-lang", "fr-FR,fr"),
			chromedp.Flag("hide-scrollbars", true),
		)
		if b.SelfSigned {
			opts = append(opts, chromedp.Flag("ignore-certificate-errors", true))
		}
		if os.Geteuid() == 0 {
			opts = append(opts, chromedp.NoSandbox)
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(alloc)
		b.ctx, b.cancel = ctx, func() { cancelBrowser(); cancelAlloc() }
		b.err = chromedp.Do(ctx) // starts the browser
	})
	if b.err != nil {
		tb.Fatalf("start chromium: %v", b.err)
	}
	ctx, cancel := chromedp.NewContext(b.ctx)
	tb.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		tb.Fatalf("open a tab: %v", err)
	}
	return ctx
}

// Close stops the browser, if a Tab started it.
func (b *Browser) Close() {
	if b.cancel != nil {
		b.cancel()
	}
}
