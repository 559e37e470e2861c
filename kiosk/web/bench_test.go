package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/kiosk/table"
)

// BenchmarkHandInteractive measures, in Chromium with its CPU slowed 4×
// and its cache off (a guest's first visit), the time from opening the QR
// code's URL to the hand being on screen (the frame showing it laid out
// and painted) and tappable: page, scripts, texts, the channel's
// handshake, resume and the first view. It is the
// seat's turn throughout (the bot has played), so "tappable" means the
// page's mark found the hand's playable cards enabled; a run where it did
// not fails. It reports the median as ms-to-hand.
//
// Before each opening the page has been idle long enough to make its next
// connection's keys ahead, as a phone between two openings has. Openings
// alternate between using them (ms-to-hand) and deleting them first, so
// that the opening makes its keys (two X25519) as a phone whose storage
// was cleared does (ms-to-hand-new-keys); alternating keeps both figures
// under the same conditions.
//
// A third opening in each round is the floor: a static copy of the same
// hand (the page's own body once drawn, its stylesheet, and a script that
// only makes the same mark) served by a plain HTTP server, with no crypto,
// no socket and no view. It reports ms-static-floor, what this browser on
// this machine needs to paint that hand at all, and ratio-to-floor, the
// page's median over it, so that a machine's speed and the page's own cost
// can be told apart in one run.
//
//	go test -run '^$' -bench HandInteractive -benchtime 30x ./kiosk/web
func BenchmarkHandInteractive(b *testing.B) {
	ctx := browser(b)
	k := openKiosk(b, "canaille", []table.Seat{{}, {Bot: "default"}})
	url := k.join.String()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#nick")),
		chromedp.SendKeys(chromedp.CSS("#nick"), "Anja"),
		chromedp.Click(chromedp.CSS(".join button[type=submit]")),
	); err != nil {
		b.Fatal(err)
	}
	yourTurn(b, ctx)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		b.Fatal(err)
	}
	floor := staticHand(b, ctx)
	waitKeptKeys(b, ctx)
	var kept, fresh, static []float64
	for i := 0; b.Loop(); i++ {
		if i%3 == 2 {
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(floor)); err != nil {
				b.Fatal(err)
			}
			static = append(static, handMark(b, ctx))
			continue
		}
		keep := i%3 == 0
		if !keep {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](dropKeptKeys)); err != nil {
				b.Fatal(err)
			}
		}
		// about:blank first, so each open is a whole new page load.
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url)); err != nil {
			b.Fatal(err)
		}
		at := handMark(b, ctx)
		if keep {
			kept = append(kept, at)
		} else {
			fresh = append(fresh, at)
		}
		b.StopTimer()
		waitKeptKeys(b, ctx)
		b.StartTimer()
	}
	median := func(ms []float64) float64 {
		if len(ms) == 0 {
			return 0
		}
		ms = slices.Clone(ms)
		slices.Sort(ms)
		return ms[len(ms)/2]
	}
	report := func(ms []float64, unit string) {
		if len(ms) > 0 {
			b.ReportMetric(median(ms), unit)
		}
	}
	report(kept, "ms-to-hand")
	report(fresh, "ms-to-hand-new-keys")
	report(static, "ms-static-floor")
	if len(kept) > 0 && len(static) > 0 {
		b.ReportMetric(median(kept)/median(static), "ratio-to-floor")
	}
	b.ReportMetric(slices.Max(append(kept, fresh...)), "max-ms-to-hand")
}

// staticMark makes the page's "hand shown" mark as markHand does (once
// the frame showing the hand is painted), for the static copy.
const staticMark = `requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('tablee-hand',
  { detail: { enabled: [...document.querySelectorAll('#hand .cards .card')].filter((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true').length } })));`

// staticHand serves a static copy of the hand the tab shows now: its body
// as drawn, the page's stylesheet and head, and staticMark, from a plain
// local HTTP server closed with the benchmark. It returns its URL.
func staticHand(b *testing.B, tab context.Context) string {
	body, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.body.outerHTML`))
	if err != nil {
		b.Fatal(err)
	}
	css, err := os.ReadFile("assets/app.css")
	if err != nil {
		b.Fatal(err)
	}
	page := `<!doctype html><html lang="fr"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
		`<link rel="stylesheet" href="app.css"><script src="mark.js" defer></script></head>` + body + `</html>`
	files := map[string][2]string{
		"/":        {"text/html; charset=utf-8", page},
		"/app.css": {"text/css; charset=utf-8", string(css)},
		"/mark.js": {"text/javascript; charset=utf-8", staticMark},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", f[0])
		io.WriteString(w, f[1])
	}))
	b.Cleanup(srv.Close)
	return srv.URL + "/"
}

// dropKeptKeys deletes the keys the page made ahead for its next
// connection.
const dropKeptKeys = `Object.keys(localStorage).filter((k) => k.startsWith('tablee.next.')).forEach((k) => localStorage.removeItem(k)) || true`

// waitKeptKeys waits until the page has made and kept its next
// connection's keys.
func waitKeptKeys(b *testing.B, tab context.Context) {
	ctx, cancel := context.WithTimeout(tab, time.Minute)
	defer cancel()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Object.keys(localStorage).some((k) => k.startsWith('tablee.next.'))`))
		if err != nil {
			s, _ := state(tab)
			b.Fatalf("no keys made ahead (page state %q): %v", s, err)
		}
		if ok {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// yourTurn waits until the page asks the seat for a decision.
func yourTurn(b *testing.B, ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		s, err := state(ctx)
		if err != nil {
			b.Fatalf("waiting for the seat's turn (page state %q): %v", s, err)
		}
		if strings.HasPrefix(s, "canaille-") && !strings.HasSuffix(s, "-wait") {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// handMark waits for the page's "hand shown" mark and returns its time
// since the navigation started, in ms; it fails unless cards of the hand
// were enabled at that moment.
func handMark(b *testing.B, tab context.Context) float64 {
	ctx, cancel := context.WithTimeout(tab, time.Minute)
	defer cancel()
	type mark struct {
		At      float64 `json:"at"`
		Enabled int     `json:"enabled"`
	}
	for {
		m, err := chromedp.Run(ctx, chromedp.Evaluate[mark](
			`((m) => m ? {at: m.startTime, enabled: m.detail.enabled} : {at: -1, enabled: 0})(performance.getEntriesByName('tablee-hand')[0])`))
		if err != nil {
			s, _ := state(tab)
			b.Fatalf("the hand never showed (page state %q): %v", s, err)
		}
		if m.At >= 0 {
			if m.Enabled == 0 {
				b.Fatal("the hand showed with no card to tap on the seat's turn")
			}
			return m.At
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Millisecond):
		}
	}
}
