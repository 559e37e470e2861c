package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/shelf/shelftest"
)

// waitSearches waits until the table recorded n searches in lib, and
// returns them.
func waitSearches(t *testing.T, ctx context.Context, lib *shelftest.Memory, n int) []shelftest.Search {
	t.Helper()
	for {
		got := lib.Searches()
		if len(got) >= n {
			return got
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %d recorded searches: the table has %+v", n, got)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// A guest types « Terraforming Mars » on the page, a few keys at a time,
// each burst searched as typed; the table records the search once, when
// the guest stops typing — not "T", "Te", … — with nothing found, and
// leaving the panel then records nothing more. A title picked (Azul,
// taken) records its search when the box is taken.
func TestBrowserRecordsAFinishedSearchOnce(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	lib := pageLibrary()
	shelfKiosk(t, ctx, lib)
	waitFor(t, ctx, "the « Que jouer ? » button", `String(document.getElementById('shelfopen').hidden)`, "false")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the panel", `document.body.dataset.shelf`, "open")
	typeInto(t, ctx, "#shelfq", "T")
	for _, keys := range []string{"erra", "forming", " Mars"} {
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#shelfq"), keys)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, ctx, "nothing found", `(document.querySelector('#shelflist .hint') || {}).textContent || ''`, frText(t, "web.shelf.none", nil))
	got := waitSearches(t, ctx, lib, 1)
	if len(got) != 1 || got[0].Text != "Terraforming Mars" || got[0].Found != 0 {
		t.Fatalf("recorded %+v, want « Terraforming Mars » once, found nothing", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfclose"))); err != nil {
		t.Fatal(err)
	}
	// Open again and pick a title: its search is recorded at the take,
	// which is answered after it; nothing of the first is recorded again.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelfopen"))); err != nil {
		t.Fatal(err)
	}
	typeInto(t, ctx, "#shelfq", "azul")
	waitFor(t, ctx, "Azul", firstTitle, "Azul")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#shelflist li.title button"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "Azul taken", shelfSaid+` ? 'said' : ''`, "said")
	got = waitSearches(t, ctx, lib, 2)
	if len(got) != 2 || got[0].Text != "Terraforming Mars" || got[1].Text != "azul" || got[1].Found != 1 {
		t.Errorf("recorded %+v, want « Terraforming Mars », then azul (found) once", got)
	}
}
