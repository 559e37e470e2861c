package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/table"
)

// cardReasons is each unusable hand card's accessible description (the
// texts its aria-describedby names), one card a line.
const cardReasons = `[...document.querySelectorAll('#hand .cards .card[aria-disabled="true"]')].map((c) =>
  (c.getAttribute('aria-describedby') || '').split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || '').join(' ')).join('\n')`

// axDescriptions is each unusable hand card's description as Chromium's
// accessibility tree computes it for a screen reader, one card a line.
func axDescriptions(t *testing.T, ctx context.Context) string {
	t.Helper()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll(`#hand .cards .card[aria-disabled="true"]`)))
	if err != nil {
		t.Fatalf("the unusable cards: %v", err)
	}
	no := false
	var out []string
	for _, n := range nodes {
		tree, err := chromedp.Call(ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{BackendNodeID: n.BackendNodeID, FetchRelatives: &no})
		if err != nil || len(tree.Nodes) == 0 {
			t.Fatalf("the accessibility node of a card: %v", err)
		}
		var d string
		if v := tree.Nodes[0].Description; v != nil {
			if err := json.Unmarshal(v.Value, &d); err != nil {
				t.Fatalf("a card's description %s: %v", v.Value, err)
			}
		}
		out = append(out, d)
	}
	return strings.Join(out, "\n")
}

// everyLine says whether s has lines and each contains want and no
// unfilled parameter.
func everyLine(s, want string) bool {
	if s == "" {
		return false
	}
	for _, l := range strings.Split(s, "\n") {
		if !strings.Contains(l, want) || strings.Contains(l, "{{") {
			return false
		}
	}
	return true
}

// textStart is the catalogue's French text of key up to its first
// parameter.
func textStart(t *testing.T, key string) string {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := strings.Cut(cat.Export(i18n.FR, key)[key], "{{")
	if s == "" {
		t.Fatalf("no text %s", key)
	}
	return s
}

// TestBrowserSaysWhyEachCardIsUnusableBeforeItIsTouched: in Canyon, on
// the guest's turn, each card they may not play (the colour led must be
// followed) carries its own reason, from the table's rules, as its
// accessible description before anyone touches it; asking played nothing.
func TestBrowserSaysWhyEachCardIsUnusableBeforeItIsTouched(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	playUntil(t, ctx, "a card that cannot be played", func(s string) bool { return eval(t, ctx, hasUnusable) != "" })
	before := k.Session().Moves()
	want := textStart(t, "rule.why.canyon.follow-suit")
	var got string
	waitState(t, ctx, "each unusable card's reason", func(s string) bool {
		if s != "canyon-play" {
			t.Fatalf("the page left the turn (%s) before describing its cards: %q", s, got)
		}
		got = eval(t, ctx, cardReasons)
		return everyLine(got, want)
	})
	if k.Session().Moves() != before {
		t.Error("describing the cards played a move")
	}
	if ax := axDescriptions(t, ctx); !everyLine(ax, want) {
		t.Errorf("the accessibility tree describes the cards as %q", ax)
	}
	if p := axeProblems(t, ctx); p != "" {
		t.Errorf("axe-core: %s", p)
	}
	t.Logf("the unusable cards say:\n%s", got)
}

// TestBrowserSaysWhyEachPaleCardIsPale: in Canaille, a sentence begun
// with a point card (which only ends one) leaves every other card pale,
// and each says which rule the sentence would break, before it is
// touched.
func TestBrowserSaysWhyEachPaleCardIsPale(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	playUntil(t, ctx, "the first sentence", func(s string) bool { return s == "canaille-sentence" })
	tap(t, ctx, "#hand .cards .ca.point")
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := cat.Why(i18n.FR, "canaille", "point-not-last", map[string]any{"Kind": "kind-point"})
	var got string
	waitState(t, ctx, "each pale card's reason", func(string) bool {
		got = eval(t, ctx, cardReasons)
		return everyLine(got, want)
	})
	if n := eval(t, ctx, `String(document.querySelectorAll('#hand .cards .card.dim[aria-disabled="true"]').length)`); n == "0" {
		t.Errorf("no pale card after the point card; reasons %q", got)
	}
	if ax := axDescriptions(t, ctx); !everyLine(ax, want) {
		t.Errorf("the accessibility tree describes the pale cards as %q", ax)
	}
	if p := axeProblems(t, ctx); p != "" {
		t.Errorf("axe-core: %s", p)
	}
	t.Logf("the pale cards say:\n%s", got)
}

// TestBrowserSaysWhoseTurnMakesACardUnusable: out of turn, each card says
// whose turn it is, by name, without asking the table.
func TestBrowserSaysWhoseTurnMakesACardUnusable(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	_, _ = seated(t, context.Background(), k, "Bernd") // seated, and never plays
	playUntil(t, ctx, "Bernd's turn", func(s string) bool { return s == "canaille-wait" })
	want := frText(t, "web.card.their_turn", map[string]any{"Name": "Bernd"})
	var got string
	waitState(t, ctx, "the cards' reason", func(string) bool {
		got = eval(t, ctx, cardReasons)
		return everyLine(got, want)
	})
	if ax := axDescriptions(t, ctx); !everyLine(ax, want) {
		t.Errorf("the accessibility tree describes the cards as %q", ax)
	}
	if p := axeProblems(t, ctx); p != "" {
		t.Errorf("axe-core: %s", p)
	}
}

// paleCardsSayWhy is TestBrowserSaysWhyEachPaleCardIsPale in a WebDriver
// browser: a sentence begun with a point card, each pale card describes
// the rule it would break, and axe-core finds nothing.
func paleCardsSayWhy(t *testing.T, p webPage, browser, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	pageJoin(t, ctx, p, browser, k, name)
	pagePlayUntil(t, ctx, p, browser, "the first sentence", func(s string) bool { return s == "canaille-sentence" })
	if _, err := p.eval(ctx, `(document.querySelector('#hand .cards .ca.point').click(), 'ok')`); err != nil {
		t.Fatalf("%s: tap the point card: %v", browser, err)
	}
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := cat.Why(i18n.FR, "canaille", "point-not-last", map[string]any{"Kind": "kind-point"})
	got := pageWait(t, ctx, p, browser, "each pale card's reason", cardReasons, func(s string) bool { return everyLine(s, want) })
	if pr := pageAxe(t, ctx, p, browser); pr != "" {
		t.Errorf("%s: axe-core: %s", browser, pr)
	}
	t.Logf("%s: the pale cards say:\n%s", browser, got)
}

// unusableCardsSayWhy is TestBrowserSaysWhyEachCardIsUnusableBeforeItIsTouched
// in a WebDriver browser, axe-core clean.
func unusableCardsSayWhy(t *testing.T, p webPage, browser, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}})
	pageJoin(t, ctx, p, browser, k, name)
	pagePlayUntil(t, ctx, p, browser, "a card that cannot be played", func(string) bool {
		v, err := p.eval(ctx, hasUnusable)
		return err == nil && v != ""
	})
	want := textStart(t, "rule.why.canyon.follow-suit")
	got := pageWait(t, ctx, p, browser, "each unusable card's reason", cardReasons, func(s string) bool { return everyLine(s, want) })
	if pr := pageAxe(t, ctx, p, browser); pr != "" {
		t.Errorf("%s: axe-core: %s", browser, pr)
	}
	t.Logf("%s: the unusable cards say:\n%s", browser, got)
}

// TestFirefoxSaysWhyEachCardIsUnusable: Canyon's unusable cards and
// Canaille's pale ones say their reasons in Firefox, axe-core clean (one
// browser for both).
func TestFirefoxSaysWhyEachCardIsUnusable(t *testing.T) {
	f := openFirefox(t)
	unusableCardsSayWhy(t, f, "Firefox", "Firmin")
	paleCardsSayWhy(t, f, "Firefox", "Firmin")
}

// TestWebKitSaysWhyEachCardIsUnusable: the same in WebKit.
func TestWebKitSaysWhyEachCardIsUnusable(t *testing.T) {
	w := openWebKit(t)
	unusableCardsSayWhy(t, w, "WebKit", "Safia")
	paleCardsSayWhy(t, w, "WebKit", "Safia")
}
