package web_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/table"
)

// hasUnusable says whether the hand shows a card the seat may not play
// now although it is its turn to play one.
const hasUnusable = `(document.body.dataset.state === 'canyon-play' && document.querySelector('#hand .cards .card[aria-disabled="true"]')) ? 'y' : ''`

// TestBrowserSaysWhyACardCannotBePlayed: in Canyon, a guest touches a card
// they may not play (the colour led must be followed) and the page says
// why, from the table's rules, with the card that obliges them and a link
// to the rule's paragraph, which opens in the page with a way back;
// nothing is played. Then the guest asks for a hint, which picks a card
// for them to confirm.
func TestBrowserSaysWhyACardCannotBePlayed(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}})
	start := time.Now()
	joinInBrowser(t, ctx, k, "Anja")
	playUntil(t, ctx, "a card that cannot be played", func(s string) bool {
		return eval(t, ctx, hasUnusable) != ""
	})
	t.Logf("a card that cannot be played after %v", time.Since(start))
	before := k.Session().Moves()
	var x, y float64
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const r = document.querySelector('#hand .cards .card[aria-disabled="true"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
	if err != nil || len(box) != 2 {
		t.Fatalf("the unusable card: %v %v", box, err)
	}
	x, y = box[0], box[1]
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
		t.Fatal(err)
	}
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	// "Vous devez fournir du vert : vous avez le 3 vert. …": the start of
	// the French text before its first parameter.
	const key = "rule.why.canyon.follow-suit"
	want, _, _ := strings.Cut(cat.Export(i18n.FR, key)[key], "{{")
	if want == "" {
		t.Fatalf("no text %s", key)
	}
	var got string
	waitState(t, ctx, "the table's answer", func(string) bool {
		got = eval(t, ctx, `(document.querySelector('.why') || {}).textContent || ''`)
		if os.Getenv("TABLEE_BROWSER_TRACE") != "" {
			t.Logf("why: %q help: %q", got, eval(t, ctx, `document.getElementById('help').textContent`))
		}
		return strings.Contains(got, want) && !strings.Contains(got, "{{")
	})
	if href := eval(t, ctx, `document.querySelector('.why a').getAttribute('href')`); href != "rules/canyon.fr.html#rule-follow-suit" {
		t.Errorf("the rule links to %q", href)
	}
	if k.Session().Moves() != before {
		t.Error("asking why played a move")
	}
	t.Logf("why not? %s", got)
	// The rule's paragraph opens in the page, marked, with a way back
	// that finds the game as it was: no new tab, no navigation.
	url := eval(t, ctx, `location.href`)
	tap(t, ctx, ".why a")
	waitState(t, ctx, "the rule in the page", func(string) bool {
		return eval(t, ctx, `(() => { const r = document.querySelector('#rules:not([hidden]) #rule-follow-suit.at');
		  return r && r.textContent && r.getBoundingClientRect().top >= 0 && r.getBoundingClientRect().top < innerHeight ? 'y' : ''; })()`) == "y"
	})
	if now := eval(t, ctx, `location.href`); now != url {
		t.Errorf("the rules moved the page from %s to %s", url, now)
	}
	tap(t, ctx, "#rules button.primary")
	waitState(t, ctx, "the game again", func(s string) bool {
		return s == "canyon-play" && eval(t, ctx, `document.getElementById('rules').hidden && getComputedStyle(document.getElementById('app')).display !== 'none' ? 'y' : ''`) == "y"
	})
	tap(t, ctx, "button.hintbtn")
	waitState(t, ctx, "the hint", func(string) bool {
		return eval(t, ctx, `document.querySelector('.tip') && document.querySelector('#hand .card.picked') ? 'y' : ''`) != ""
	})
	if n := k.Session().Record().Seats[0].Hints; n != 1 {
		t.Errorf("the record counts %d hints", n)
	}
}

// TestBrowserNamesWhoseTurnItIsOutOfTurn: a guest touches a card while
// another guest is to play, and "why not?" names that guest, as every
// other line of the page does — never "la place 2".
func TestBrowserNamesWhoseTurnItIsOutOfTurn(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	// Bernd joins from a phone and never plays: once his turn comes, the
	// page's guest waits with cards in hand.
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	seated(t, ctx, k, "Bernd")
	const outOfTurn = `document.querySelector('#hand .cards .card[aria-disabled="true"]') ? 'y' : ''`
	playUntil(t, ctx, "Bernd's turn with cards in hand", func(s string) bool {
		return (s == "canaille-wait" || s == "canaille-away") && eval(t, ctx, outOfTurn) != ""
	})
	tap(t, ctx, `#hand .cards .card[aria-disabled="true"]`)
	var got string
	waitState(t, ctx, "the table's answer naming Bernd", func(string) bool {
		got = eval(t, ctx, `(document.querySelector('.why') || {}).textContent || ''`)
		return strings.Contains(got, "Bernd")
	})
	if strings.Contains(got, "place") || strings.Contains(got, "{{") || strings.Contains(got, "undefined") {
		t.Errorf("why not? out of turn: %q", got)
	}
	t.Logf("why not? %s", got)
}
