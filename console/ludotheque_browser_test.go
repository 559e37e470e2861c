package console_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The « Ludothèque » pages in Chromium: axe-core clean, the figures
// sorted by a header's link, a title reached by its link, its chart
// drawn without a script and printed without the menu.
func TestBrowserLudothequeSortsOpensATitleAndPrints(t *testing.T) {
	ctx := tab(t, laptopW, laptopH)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	f := newFixture(t)
	azul, _ := ludoShelf(t, f)
	axe := axeSource(t)
	open(t, ctx, f, "/?lang=fr", "login")
	signIn(t, ctx, f, testPIN)
	open(t, ctx, f, "/ludotheque", "ludotheque")
	accessibility(t, ctx, axe, "ludotheque")
	fits(t, ctx, "ludotheque")
	if got := eval(t, ctx, `document.querySelector('table.figures tbody tr td a').textContent`); got != "Azul" {
		t.Errorf("the most played first: %q", got)
	}
	// Sort by name: the header's link, then the other way.
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`table.figures th:first-child a`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "ludotheque")
	if got := eval(t, ctx, `document.querySelector('table.figures th:first-child').getAttribute('aria-sort') || ''`); got != "ascending" {
		t.Errorf("after a click on the name: aria-sort %q", got)
	}
	first := eval(t, ctx, `document.querySelector('table.figures tbody tr td a').textContent`)
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`table.figures th:first-child a`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "ludotheque")
	if again := eval(t, ctx, `document.querySelector('table.figures tbody tr td a').textContent`); again == first {
		t.Errorf("sorted both ways, %q comes first", first)
	}
	// Azul's page, by its link.
	open(t, ctx, f, "/ludotheque?sort=total", "ludotheque")
	eval(t, ctx, `document.body.dataset.page = 'submitted'; ''`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`a[href^="/ludotheque/titles/`+strconv.FormatInt(azul.ID, 10)+`?"]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, ctx, "ludotitle")
	accessibility(t, ctx, axe, "ludotitle")
	fits(t, ctx, "ludotitle")
	if got := eval(t, ctx, `String(document.querySelectorAll('svg.chart rect.bar').length) + ' ' + document.querySelector('svg.chart title').textContent`); got != "12 Parties de Azul par mois, les 12 derniers mois" {
		t.Errorf("the chart: %q", got)
	}
	// The last bar (this month: one play) is drawn, the tallest with the
	// month two months back (one play too).
	if h := eval(t, ctx, `String(document.querySelectorAll('svg.chart rect.bar')[11].getBBox().height)`); h != "120" {
		t.Errorf("this month's bar is %s high, want 120", h)
	}
	// Printed: the menu and the links away are left out, the chart stays.
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	if got := eval(t, ctx, `[getComputedStyle(document.querySelector('header')).display, getComputedStyle(document.querySelector('.noprint')).display, getComputedStyle(document.querySelector('svg.chart')).display].join(' ')`); got != "none none inline" {
		t.Errorf("printed, header, links and chart show as %q", got)
	}
}

func TestBrowserLudothequeOnAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("the phone-sized pass: full runs only (the laptop pass covers the same pages in -short)")
	}
	f := newFixture(t)
	azul, never := ludoShelf(t, f)
	phonePass(t, f, "", []struct{ path, page string }{
		{"/ludotheque", "ludotheque"},
		{"/ludotheque/titles/" + strconv.FormatInt(azul.ID, 10), "ludotitle"},
		{"/ludotheque/titles/" + strconv.FormatInt(never.ID, 10), "ludotitle"},
	})
}
