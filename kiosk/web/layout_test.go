package web_test

import (
	"context"
	_ "embed"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/kiosk/table"
)

// layoutProblems lists what a guest at 360 × 740 could not tap or read on
// the page as it is: more or fewer than one <h1>; an enabled button
// smaller than 44 × 44 px, past the screen's edge (the Canyon map scrolls
// sideways, so its spots are exempt), or covered by something else once
// scrolled into view; a card whose value overflows it; text under 14 px;
// text of anything not disabled drawn at reduced opacity (its contrast
// falls below 4.5:1).
const layoutProblems = `(() => {
  const out = [];
  const say = (el) => (el.textContent || '').trim().slice(0, 24);
  const h1 = document.querySelectorAll('h1').length;
  if (h1 !== 1) out.push(h1 + ' h1');
  for (const b of document.querySelectorAll('button')) {
    if (b.disabled || !b.getClientRects().length) continue;
    const r = b.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.push('"' + say(b) + '" ' + Math.round(r.width) + '×' + Math.round(r.height) + ' px');
    if (r.right > innerWidth + 0.5 && !b.closest('.mapwrap')) out.push('"' + say(b) + '" past the edge');
    b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r2 = b.getBoundingClientRect();
    const at = document.elementFromPoint(r2.left + r2.width / 2, r2.top + r2.height / 2);
    if (!at || !b.contains(at)) out.push('"' + say(b) + '" covered by ' + (at ? at.tagName + '#' + at.id + '.' + at.className : 'nothing'));
  }
  for (const c of document.querySelectorAll('.card')) {
    if (c.scrollWidth > c.clientWidth + 1) out.push('card "' + say(c) + '" overflows');
  }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const n = walk.currentNode;
    const el = n.parentElement;
    if (!n.textContent.trim() || !el.getClientRects().length || el.closest('svg, template, [hidden]')) continue;
    const fs = parseFloat(getComputedStyle(el).fontSize);
    if (fs < 14) out.push('"' + n.textContent.trim() + '" ' + fs + ' px');
    if (el.closest('button:disabled')) continue;
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
    if (o < 0.99) out.push('"' + n.textContent.trim() + '" at opacity ' + o.toFixed(2));
  }
  return [...new Set(out)].join('; ');
})()`

// layoutCheck gathers the layout problems of every page state it is shown.
type layoutCheck struct {
	last string
	seen map[string]string // problem list -> first state it was seen in
	// looked and read count the states axe-core was run on and those it
	// read still: a game whose every state redrew under it was not checked.
	looked, read int
}

// look checks the page once per new state s: the layout, and axe-core's
// serious and critical accessibility violations.
func (l *layoutCheck) look(t *testing.T, ctx context.Context, s string) {
	t.Helper()
	if s == l.last {
		return
	}
	l.last = s
	if p, err := chromedp.Run(ctx, chromedp.Evaluate[string](layoutProblems)); err == nil && p != "" {
		l.note(p, s)
	}
	l.axe(axeRead(t, ctx))(s)
}

// axe returns the recorder of one axe-core read made in a state.
func (l *layoutCheck) axe(p string, read bool) func(s string) {
	return func(s string) {
		l.looked++
		if read {
			l.read++
		}
		if p != "" {
			l.note(p, s)
		}
	}
}

// axeSource is axe-core, vendored for the tests (testdata/axe/README.md).
//
//go:embed testdata/axe/axe.min.js
var axeSource string

// axeRun lists axe-core's serious and critical violations on the page as
// it is now, with the first elements of each, and those of two moderate
// rules a screen reader's user meets on every page: content outside any
// landmark (region) and a scrolling box no keyboard reaches
// (scrollable-region-focusable).
//
// axe-core reads the page over many tasks, and the page redraws its
// column and hand whole on each view (a bot's move arrives while axe
// reads): what it then judges are elements already taken out of the page
// — invisible, so a scrolling hand "has nothing focusable". A read during
// which an element was added or removed is thrown away and made again;
// after axeTries of them the promise fails with "still redrawing".
const axeRun = `(async () => {
  const report = (r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region' || v.id === 'scrollable-region-focusable')
    .map((v) => 'axe ' + v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))
    .join('; ');
  const redrawn = (ms) => ms.some((m) => [...m.addedNodes, ...m.removedNodes].some((n) => n.nodeType === 1));
  for (let i = 0; i < ` + axeTries + `; i++) {
    let moved = false;
    const watch = new MutationObserver((ms) => { moved = moved || redrawn(ms); });
    watch.observe(document.body, { childList: true, subtree: true });
    const r = await axe.run(document, { resultTypes: ['violations'] });
    moved = moved || redrawn(watch.takeRecords());
    watch.disconnect();
    if (!moved) return report(r);
  }
  throw new Error('still redrawing after ` + axeTries + ` reads');
})()`

// axeTries is how many reads axeRun makes of a page that redraws under
// it before it gives up.
const axeTries = "6"

// axeRead runs axe-core in the page (injected once per page load, as the
// tests' own script: the page never loads it) and returns its serious and
// critical violations ("" when none), and whether it read the page still:
// false when the page kept redrawing or moved on (a reload, the result).
func axeRead(t *testing.T, ctx context.Context) (string, bool) {
	t.Helper()
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof axe !== 'undefined'`))
	if err != nil {
		return "", false
	}
	if !loaded {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](axeSource+";0")); err != nil {
			t.Fatalf("inject axe-core: %v", err)
		}
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[string](axeRun, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Logf("axe-core: %v", err)
		return "", false
	}
	return p, true
}

// axeProblems is axeRead on a page that has settled (one screen, checked
// once): one axe-core never read still fails t.
func axeProblems(t *testing.T, ctx context.Context) string {
	t.Helper()
	p, read := axeRead(t, ctx)
	if !read {
		t.Errorf("axe-core could not read the page still")
	}
	return p
}

// note keeps problem list p, first seen in state s.
func (l *layoutCheck) note(p, s string) {
	if l.seen == nil {
		l.seen = map[string]string{}
	}
	if _, ok := l.seen[p]; !ok {
		l.seen[p] = s
	}
}

// report fails t with every problem seen.
func (l *layoutCheck) report(t *testing.T) {
	t.Helper()
	var all []string
	for p, s := range l.seen {
		all = append(all, s+": "+p)
	}
	sort.Strings(all)
	if l.looked > 0 {
		t.Logf("axe-core read %d of %d states still", l.read, l.looked)
	}
	if l.looked > 0 && l.read == 0 {
		all = append(all, fmt.Sprintf("axe-core read none of the %d states still", l.looked))
	}
	if len(all) > 0 {
		t.Errorf("a guest at %d × %d cannot tap or read everything:\n%s", phoneW, phoneH, strings.Join(all, "\n"))
	}
}

// TestBrowserSaysWhatItCouldNotLoad: the card faces refused on every try
// (a dropped Wi-Fi), the page says so in words rather than showing "?"
// cards silently; the texts refused, it says so in its three languages.
func TestBrowserSaysWhatItCouldNotLoad(t *testing.T) {
	ctx := browser(t)
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	block(t, ctx, "*://*:*/cards/canaille.json")
	joinInBrowser(t, ctx, k, "Anja")
	want := frText(t, "web.err.load", nil)
	waitState(t, ctx, "the words for the missing cards", func(string) bool {
		return eval(t, ctx, `document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`) == want
	})
	block(t, ctx, "*://*:*/texts/*")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the words for the missing texts", func(string) bool {
		return strings.Contains(eval(t, ctx, `document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`), "could not load its texts")
	})
}

// block makes every request of the tab to pattern (URLPattern syntax) fail.
func block(t *testing.T, ctx context.Context, pattern string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: pattern, Block: true}},
	}); err != nil {
		t.Fatal(err)
	}
}

// TestAxeReadsOnlyAStillPage: axe-core's read of a page that redraws
// under it (an element replaced every millisecond, as a bot's moves
// redraw the hand) is not taken: axeRead says it could not read it; the
// same page still, it reads it and finds its problem (a button without
// a name).
func TestAxeReadsOnlyAStillPage(t *testing.T) {
	ctx := browser(t)
	page := `<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><div id="box"><button></button></div></main>` +
		`<script>window.redraw = setInterval(() => document.getElementById('box').replaceChildren(document.createElement('button')), 1)</script>`
	if _, err := chromedp.Run(ctx, chromedp.Navigate("data:text/html,"+url.PathEscape(page))); err != nil {
		t.Fatal(err)
	}
	if p, read := axeRead(t, ctx); read {
		t.Errorf("axe-core read a page redrawn every millisecond as still: %q", p)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`clearInterval(window.redraw)`)); err != nil {
		t.Fatal(err)
	}
	p, read := axeRead(t, ctx)
	if !read || !strings.Contains(p, "button-name") {
		t.Errorf("axe-core on the still page: read %v, %q; want its button without a name", read, p)
	}
}
