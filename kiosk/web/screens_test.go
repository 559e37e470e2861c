//go:build shots

package web_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/kiosk/table"
)

// shots is where TestScreenshots writes docs/screenshots/web-*.png
// (scripts/web-screenshots).
var shots = flag.String("shots", "", "directory for the web companion's screenshots")

func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shootIf(t, ctx, name, "")
}

// shootIf takes the screenshot if the page still shows state want ("" for
// any) once its last render has settled, and reports whether it did.
func shootIf(t *testing.T, ctx context.Context, name, want string) bool {
	t.Helper()
	// Let the last render settle: two animation frames.
	chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`,
		chromedp.EvalAwaitPromise))
	if s, _ := state(ctx); want != "" && s != want {
		return false
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	path := filepath.Join(*shots, "web-"+name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
	return true
}

// botPace lets bots take a moment, as at a real table, so that the
// screens shown while others decide can be seen.
func botPace(c *table.Config) { c.BotDelay = 400 * time.Millisecond }

func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("no -shots directory")
	}
	t.Run("canaille", canailleShots)
	t.Run("canyon", canyonShots)
	t.Run("why", whyShots)
	t.Run("shelf", shelfShots)
	t.Run("sheet", sheetShots)
}

// whyShots: a Canyon guest touches a card they may not play and reads why
// (docs/screenshots/phone-why-not.png).
func whyShots(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	lang(t, ctx, "en")
	playUntil(t, ctx, "a card that cannot be played", func(s string) bool { return eval(t, ctx, hasUnusable) != "" })
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const r = document.querySelector('#hand .cards .card[aria-disabled="true"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
	if err != nil || len(box) != 2 {
		t.Fatalf("the unusable card: %v %v", box, err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(box[0], box[1])); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the answer", func(string) bool {
		return eval(t, ctx, `document.querySelector('.why a') ? 'y' : ''`) != ""
	})
	shoot(t, ctx, "why-not")
	if err := os.Rename(filepath.Join(*shots, "web-why-not.png"), filepath.Join(*shots, "phone-why-not.png")); err != nil {
		t.Fatal(err)
	}
}

func canailleShots(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}, {Bot: "default"}}, botPace)
	if err := chromedp.Do(ctx, chromedp.Navigate(strings.SplitN(k.join.String(), "#", 2)[0])); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "no QR", func(s string) bool { return s == "noqr" })
	shoot(t, ctx, "noqr")
	if err := chromedp.Do(ctx,
		chromedp.Navigate(k.join.String()),
		chromedp.WaitVisible(chromedp.CSS("#nick")),
		chromedp.SendKeys(chromedp.CSS("#nick"), "Anja"),
	); err != nil {
		t.Fatal(err)
	}
	shoot(t, ctx, "join")
	chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".join button[type=submit]")))
	waitState(t, ctx, "waiting", func(s string) bool { return s == "waiting" })
	shoot(t, ctx, "waiting")
	// A second phone joins; the staff then hand its seat to a bot, as they
	// would for a guest who left.
	seated(t, ctx, k, "Bernd")
	if err := k.Server().HandToBot(context.Background(), 1, "default"); err != nil {
		t.Fatal(err)
	}

	// The sentence: one card laid, then a card no sentence allows, which
	// the table names the rule of.
	taken := map[string]bool{}
	playUntil(t, ctx, "shots of a Canaille turn", func(s string) bool {
		if s == "canaille-sentence" && !taken["sentence"] {
			first := eval(t, ctx, `(() => { const c = [...document.querySelectorAll('#hand .cards .card')].find((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true' && !c.classList.contains('dim')); if (!c) return ''; c.click(); return 'ok'; })()`)
			dim := eval(t, ctx, `document.querySelector('#hand .cards .card.dim') ? 'yes' : ''`)
			if first != "" && dim != "" {
				waitState(t, ctx, "the verdict", func(string) bool { return eval(t, ctx, `document.querySelector('.verdict') ? 'y' : ''`) != "" })
				shoot(t, ctx, "canaille-sentence")
				eval(t, ctx, `(() => { document.querySelector('#hand .cards .card.dim').click(); return ''; })()`)
				waitState(t, ctx, "the table's rule", func(string) bool {
					return eval(t, ctx, `(document.querySelector('.verdict.bad') || {}).textContent || ''`) != "" &&
						!strings.Contains(eval(t, ctx, `document.querySelector('.verdict.bad').textContent`), "…")
				})
				shoot(t, ctx, "canaille-refused")
				taken["sentence"] = true
			}
			eval(t, ctx, `(() => { const b = [...document.querySelectorAll('#hand button')].find((b) => !b.classList.contains('card') && !b.classList.contains('primary')); if (b) b.click(); return ''; })()`)
		}
		if s == "canaille-draw-deck+take-row" && !taken["refill"] {
			lang(t, ctx, "de")
			shoot(t, ctx, "canaille-refill-de")
			lang(t, ctx, "fr")
			taken["refill"] = true
		}
		if s == "canaille-wait" && taken["sentence"] && !taken["wait"] {
			taken["wait"] = shootIf(t, ctx, "canaille-waiting", s)
		}
		return taken["sentence"] && taken["refill"] && taken["wait"]
	})
	playUntil(t, ctx, "the end", func(s string) bool { return s == "result" })
	// The table's record of the game follows the final view.
	waitState(t, ctx, "the record", func(string) bool { return recordText(ctx) != "" })
	shoot(t, ctx, "result")
	k.Close()
	waitState(t, ctx, "reconnecting", func(s string) bool { return s == "reconnecting" })
	shoot(t, ctx, "reconnecting")
}

func canyonShots(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}}, botPace)
	joinInBrowser(t, ctx, k, "Anja")
	lang(t, ctx, "en")
	taken := map[string]bool{}
	playUntil(t, ctx, "shots of a Canyon hand", func(s string) bool {
		switch {
		case s == "canyon-tempo" && !taken["tempo"]:
			taken["tempo"] = shootIf(t, ctx, "canyon-tempo", s)
		case s == "canyon-play" && !taken["trick"] && eval(t, ctx, `document.querySelector('.trick') ? 'y' : ''`) != "":
			eval(t, ctx, `(() => { const c = [...document.querySelectorAll('#hand .cards .card')].find((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true'); if (c) c.click(); return ''; })()`)
			waitState(t, ctx, "a picked card", func(string) bool {
				return eval(t, ctx, `document.querySelector('#hand .card.picked') ? 'y' : ''`) != ""
			})
			shoot(t, ctx, "canyon-trick")
			taken["trick"] = true
		case s == "canyon-move" && !taken["landing"]:
			taken["landing"] = shootIf(t, ctx, "canyon-landing", s)
		case s == "canyon-place" && !taken["start"] && eval(t, ctx, `document.querySelector('.map') ? 'y' : ''`) != "":
			taken["start"] = shootIf(t, ctx, "canyon-start", s)
		}
		return taken["tempo"] && taken["trick"] && (taken["landing"] || roundOf(k) >= 2)
	})
}
