package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
)

// frText is the French text of key with params, as the page shows it.
func frText(t *testing.T, key string, params map[string]any) string {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat.T(i18n.FR, key, params)
}

// TestBrowserShowsAnAwayPhoneToEveryone: when another guest's phone goes
// away, the page says so on that guest's turn rather than "Bernd is
// building a sentence" for as long as the phone is off.
func TestBrowserShowsAnAwayPhoneToEveryone(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	bernd, _ := seated(t, ctx, k, "Bernd")
	bernd.ws.CloseNow()
	// Anja plays until it is Bernd's turn, which then waits for his phone.
	playUntil(t, ctx, "Bernd's turn, his phone away", func(s string) bool { return s == "canaille-away" })
	want := frText(t, "web.away_turn", map[string]any{"Name": "Bernd"})
	if got := eval(t, ctx, `document.getElementById('status').textContent`); got != want {
		t.Errorf("status while Bernd's phone is away: %q, want %q", got, want)
	}
	if busy := eval(t, ctx, `document.getElementById('app').textContent`); strings.Contains(busy, "Bernd compose") || strings.Contains(busy, "Bernd est en train") {
		t.Errorf("the page says Bernd is busy while his phone is away: %q", busy)
	}
}

// TestBrowserOffersNoMoveBeforeTheGameStarts: while a seat is still free,
// the first seat's page shows its hand but asks nothing and lets nothing
// be tapped.
func TestBrowserOffersNoMoveBeforeTheGameStarts(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	// The first seat plays first: the game, once started, asks it a move.
	if _, err := k.Start(context.Background(), "canaille", map[string]string{canaille.OptFirst: "1"}, []table.Seat{{}, {}}); err != nil {
		t.Fatal(err)
	}
	k.join = k.JoinInfo("127.0.0.1") // the new game's code
	joinInBrowser(t, ctx, k, "Anja")
	waitState(t, ctx, "waiting for one more", func(s string) bool { return s == "waiting" })
	waitState(t, ctx, "the hand", func(string) bool {
		return eval(t, ctx, `String(document.querySelectorAll('#hand .card').length)`) != "0"
	})
	if n := eval(t, ctx, `String([...document.querySelectorAll('#app button, #hand button')].filter((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true').length)`); n != "0" {
		t.Errorf("%s controls may be tapped before the game starts", n)
	}
	if asked := eval(t, ctx, `[...document.querySelectorAll('#app h2')].map((e) => e.textContent).join(' | ')`); asked != "" {
		t.Errorf("the page asks for a move before the game starts: %q", asked)
	}
	seated(t, ctx, k, "Bernd")
	waitState(t, ctx, "Anja's first move", func(s string) bool { return strings.HasPrefix(s, "canaille-") && s != "canaille-wait" })
}

// TestBrowserSecondTabTakesOverCalmly: the QR opened a second time (a
// camera app opens a new tab) takes the seat; the first tab says the game
// moved to another tab and takes it back at a tap.
func TestBrowserSecondTabTakesOverCalmly(t *testing.T) {
	first := browser(t)
	first, cancel := context.WithTimeout(first, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, first, k, "Anja")
	inGame := func(s string) bool { return strings.HasPrefix(s, "canaille-") || s == "result" || s == "sending" }
	waitState(t, first, "the game", inGame)
	second := browser(t)
	second, cancel2 := context.WithTimeout(second, 2*time.Minute)
	defer cancel2()
	if err := chromedp.Do(second, chromedp.Navigate(k.join.String())); err != nil {
		t.Fatal(err)
	}
	waitState(t, second, "the game in the second tab", inGame)
	waitState(t, first, "the first tab told", func(s string) bool { return s == "moved" })
	if got, want := eval(t, first, `document.getElementById('status').textContent`), frText(t, "web.moved.title", nil); got != want {
		t.Errorf("first tab's status: %q, want %q", got, want)
	}
	if notice := eval(t, first, `document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent`); notice != "" {
		t.Errorf("first tab shows a notice: %q", notice)
	}
	eval(t, first, `(() => { document.querySelector('#app button.primary').click(); return ''; })()`)
	waitState(t, first, "the game back in the first tab", inGame)
	waitState(t, second, "the second tab told", func(s string) bool { return s == "moved" })
	if st := seatState(k, 0); st.Name != "Anja" || st.State != server.SeatConnected {
		t.Fatalf("seat 0 after taking it back: %+v", st)
	}
}

// TestBrowserJoinScreenNamesTheTableAndAnOldQRSaysSo: before a nickname is
// typed, the join screen names the table and the game of its QR code, and
// a previous game's QR code says at once that it is old, with no join
// form and no "your seat is no longer valid" first.
func TestBrowserJoinScreenNamesTheTableAndAnOldQRSaysSo(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	old := k.join.String()
	if err := chromedp.Do(ctx, chromedp.Navigate(old), chromedp.WaitVisible(chromedp.CSS("#nick"))); err != nil {
		t.Fatal(err)
	}
	want := frText(t, "web.join.at", map[string]any{"Game": "Canaille", "Table": "Table 1"})
	waitState(t, ctx, "the table and the game named", func(string) bool {
		return eval(t, ctx, `document.querySelector('.joinat').textContent`) == want
	})
	if got := eval(t, ctx, `document.getElementById('where').textContent`); got != "Table 1 · Canaille" {
		t.Errorf("the page's title on the join screen: %q", got)
	}
	// A new game: the QR code on screen changes, the old one is a
	// previous game's.
	if _, err := k.Start(context.Background(), "canoe", nil, []table.Seat{{}, {}}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(old)); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the old QR said", func(s string) bool { return s == "old" })
	if got, want := eval(t, ctx, `document.getElementById('app').textContent`), frText(t, "web.err.wrong-code", nil); got != want {
		t.Errorf("an old QR shows %q, want %q", got, want)
	}
	if n := eval(t, ctx, `String(document.querySelectorAll('#nick').length)`); n != "0" {
		t.Error("an old QR still offers to join")
	}
}
