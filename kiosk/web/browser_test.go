package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
)

// Phone screen size the page is designed for.
const phoneW, phoneH = browsertest.PhoneWidth, browsertest.PhoneHeight

// chrome is the headless Chromium the tests share, a tab each.
var chrome browsertest.Browser

func TestMain(m *testing.M) {
	code := m.Run()
	chrome.Close()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// browser opens a tab of the shared headless Chromium, phone-sized, whose
// browser language is French (the page's default; tests switch with the
// page's own language buttons).
func browser(tb testing.TB) context.Context {
	tb.Helper()
	return chrome.Tab(tb)
}

// state is what the page says it shows (body data-state).
func state(ctx context.Context) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.state || ''`))
}

// waitState waits until the page's state satisfies ok, playing nothing.
func waitState(t *testing.T, ctx context.Context, what string, ok func(string) bool) string {
	t.Helper()
	for {
		s, err := state(ctx)
		if err != nil {
			t.Fatalf("waiting for %s (page state %q): %v", what, s, err)
		}
		if ok(s) {
			return s
		}
		pause(t, ctx, what, s)
	}
}

// tapOne is what a guest does on their turn (browsertest.GuestTap).
const tapOne = browsertest.GuestTap

// playUntil taps through the game until the page's state satisfies done,
// and returns how many taps it made.
func playUntil(t *testing.T, ctx context.Context, what string, done func(string) bool) int {
	t.Helper()
	taps := 0
	for {
		s, err := state(ctx)
		if err != nil {
			t.Fatalf("playing until %s (page state %q after %d taps): %v", what, s, taps, err)
		}
		if done(s) {
			return taps
		}
		tapped, err := chromedp.Run(ctx, chromedp.Evaluate[string](tapOne+"("+strconv.Quote(s)+")"))
		if err != nil {
			t.Fatalf("playing until %s: tap: %v", what, err)
		}
		if tapped != "" {
			taps++
			if os.Getenv("TABLEE_BROWSER_TRACE") != "" {
				info, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('notice').textContent + ' | ' + document.getElementById('app').textContent.slice(0, 200)`))
				t.Logf("%s: tapped %s (%s)", s, tapped, info)
			}
			continue
		}
		pause(t, ctx, what, s)
	}
}

// pause lets the page and the table work between two looks at the page;
// the caller's context bounds the whole wait.
func pause(t *testing.T, ctx context.Context, what, s string) {
	t.Helper()
	select {
	case <-ctx.Done():
		t.Fatalf("waiting for %s: page state %q: %v", what, s, ctx.Err())
	case <-time.After(15 * time.Millisecond):
	}
}

// joinInBrowser opens the QR code's URL and takes a seat as name.
func joinInBrowser(t *testing.T, ctx context.Context, k *kiosk, name string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(k.join.String()),
		chromedp.WaitVisible(chromedp.CSS("#nick")),
		chromedp.SendKeys(chromedp.CSS("#nick"), name),
		chromedp.Click(chromedp.CSS(".join button[type=submit]")),
	); err != nil {
		t.Fatalf("join: %v", err)
	}
	waitState(t, ctx, "the seat", func(s string) bool { return s != "join" && s != "joining" && s != "boot" })
}

// tap taps the element css selects once it is on the page and enabled,
// as a guest's finger would: the look and the tap are one script, so a
// view arriving between them (the page draws the seat anew, e.g. when a
// phone's presence changes) cannot leave the tap on a node gone from the
// page — chromedp.Click's query-then-click failed that way once in six
// runs ("Could not find node with given id").
func tap(t *testing.T, ctx context.Context, css string) {
	t.Helper()
	js := `((css) => { const e = document.querySelector(css); if (!e || e.disabled) return false; e.click(); return true })(` + strconv.Quote(css) + `)`
	for {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err != nil {
			t.Fatalf("tap %s: %v", css, err)
		}
		if done {
			return
		}
		s, _ := state(ctx)
		pause(t, ctx, "something to tap at "+css, s)
	}
}

// eval runs js in the page and returns its string value.
func eval(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return s
}

// lang switches the page's language with its own buttons and waits for
// the texts.
func lang(t *testing.T, ctx context.Context, l string) {
	t.Helper()
	eval(t, ctx, `(() => { [...document.querySelectorAll('#langs button')].find((b) => b.lang === '`+l+`').click(); return ''; })()`)
	waitState(t, ctx, "the texts in "+l, func(string) bool {
		return eval(t, ctx, `document.documentElement.lang`) == l
	})
}

// checkSentenceHeadings checks how the page headed the sentences it
// showed being carried out (said, the collected texts): the guest's own
// as "Votre phrase", another seat's never so. Whether the guest's own is
// ever shown depends on the deal: a sentence nobody must answer is carried
// out within one view, so a game may have none to check.
func checkSentenceHeadings(t *testing.T, said string, guest int) {
	t.Helper()
	var seen []string
	if err := json.Unmarshal([]byte(said), &seen); err != nil {
		t.Fatalf("the collected texts: %v", err)
	}
	own := 0
	for _, s := range seen {
		var of int
		var text string
		if _, err := fmt.Sscanf(s, "sentence of %d:", &of); err != nil {
			continue
		}
		text = strings.TrimSpace(s[strings.Index(s, ":")+1:])
		switch {
		case of == guest && text != "Votre phrase":
			t.Errorf("the guest's own sentence was headed %q, not \"Votre phrase\"", text)
		case of != guest && text == "Votre phrase":
			t.Errorf("seat %d's sentence was headed \"Votre phrase\" on the guest's phone", of)
		}
		if of == guest {
			own++
		}
	}
	if own == 0 {
		t.Logf("the deal never paused on the guest's own sentence; the other seats' headings were checked")
	}
}

func seatState(k *kiosk, seat int) server.SeatInfo { return k.Server().Seats()[seat] }

func TestBrowserPlaysAWholeCanailleGameAndResumesAfterReload(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	if st := seatState(k, 0); st.Name != "Anja" || st.State != server.SeatConnected {
		t.Fatalf("seat 0 after joining: %+v", st)
	}
	// Every heading and hint the page shows is kept, to check how it
	// speaks of the guest (in the tab's storage: it lasts the reload).
	collect := `(() => { const keep = () => { const seen = JSON.parse(sessionStorage.getItem('said') || '[]');
	  for (const e of document.querySelectorAll('#app h2, #app .hint, #app .warn')) {
	    const said = e.dataset.sentenceOf === undefined ? e.textContent : 'sentence of ' + e.dataset.sentenceOf + ': ' + e.textContent;
	    if (!seen.includes(said)) seen.push(said); }
	  sessionStorage.setItem('said', JSON.stringify(seen)); };
	  new MutationObserver(keep).observe(document.getElementById('app'), { childList: true, subtree: true }); keep(); return ''; })()`
	eval(t, ctx, collect)
	// Play a few decisions, then reload as a phone waking up would.
	before := k.Session().Moves()
	playUntil(t, ctx, "a few moves", func(string) bool { return k.Session().Moves() >= before+6 })
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	s := waitState(t, ctx, "the resumed seat", func(s string) bool { return strings.HasPrefix(s, "canaille-") || s == "result" })
	eval(t, ctx, collect)
	token, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem('tablee.seat.'+new URLSearchParams(location.hash.slice(1)).get('k')) || ''`))
	if err != nil || token == "" {
		t.Fatalf("no token kept after reload: %q %v", token, err)
	}
	if st := seatState(k, 0); st.Name != "Anja" || st.State != server.SeatConnected {
		t.Fatalf("seat 0 after reload (%s): %+v", s, st)
	}
	var layout layoutCheck
	taps := playUntil(t, ctx, "the end", func(s string) bool { layout.look(t, ctx, s); return s == "result" })
	layout.report(t)
	res, over := k.Session().Result()
	if !over {
		t.Fatal("the page shows a result but the table's game is not over")
	}
	// The guest is spoken to, never named "Vous" in a sentence about a
	// seat ("Phrase de Vous").
	said := eval(t, ctx, `sessionStorage.getItem('said') || ''`)
	if strings.Contains(said, "de Vous") || strings.Contains(said, "Vous a tiré") {
		t.Errorf("the page names the guest in the third person: %s", said)
	}
	checkSentenceHeadings(t, said, 0)
	t.Logf("a whole Canaille game: %d taps in the browser, %d moves, result %+v", taps, k.Session().Moves(), res)
	// One player key at the table (the other seat is a bot): the table
	// records the game unrated, and the page says so.
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := cat.T(i18n.FR, "web.record.unrated")
	waitState(t, ctx, "the record", func(string) bool { return recordText(ctx) == want })
}

// recordText is what the result screen says of the player's record.
func recordText(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#app .record') || {}).textContent || ''`))
	return s
}

// TestBrowserShowsTheRatingAfterARatedGame: two players with keys (the
// browser and a phone the game's bot plays) make a rated game; after it
// the page shows the rating before and after and the place on the board,
// in the page's language.
func TestBrowserShowsTheRatingAfterARatedGame(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	other := make(chan error, 1)
	go func() {
		_, err := webBot(ctx, t, k.WebAddr(), k, "Bernd", "playerkeyBerndBBBBBBBBBBB", 7)
		other <- err
	}()
	playUntil(t, ctx, "the end", func(s string) bool { return s == "result" })
	if err := <-other; err != nil {
		t.Fatal(err)
	}
	place := regexp.MustCompile(`[-−]?\d+,\d → [-−]?\d+,\d [+−±]\d+,\d.*[12] sur 2 au classement Canaille`)
	got := waitState(t, ctx, "the rating", func(string) bool { return place.MatchString(recordText(ctx)) })
	lang(t, ctx, "de")
	de := regexp.MustCompile(`Platz [12] von 2 in der Rangliste`)
	waitState(t, ctx, "the rating in German", func(string) bool { return de.MatchString(recordText(ctx)) })
	t.Logf("page state %s, record: %s", got, recordText(ctx))
}

func TestBrowserPlaysACanyonHand(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}})
	var layout layoutCheck
	if err := chromedp.Do(ctx, chromedp.Navigate(k.join.String()), chromedp.WaitVisible(chromedp.CSS("#nick"))); err != nil {
		t.Fatal(err)
	}
	layout.look(t, ctx, "join")
	joinInBrowser(t, ctx, k, "Anja")
	sawTempo, sawPlay := false, false
	playUntil(t, ctx, "the second round", func(s string) bool {
		layout.look(t, ctx, s)
		sawTempo = sawTempo || s == "canyon-tempo"
		sawPlay = sawPlay || s == "canyon-play"
		return roundOf(k) >= 2 || s == "result"
	})
	layout.report(t)
	if !sawTempo || !sawPlay {
		t.Errorf("a whole hand without a tempo (%v) or a card (%v) asked of the browser", sawTempo, sawPlay)
	}
}

// roundOf reads the Canyon round from the table's public view.
func roundOf(k *kiosk) int {
	var v struct {
		Round int `json:"round"`
	}
	data, err := json.Marshal(k.Session().View(engine.Onlooker))
	if err != nil || json.Unmarshal(data, &v) != nil {
		return 0
	}
	return v.Round
}

// TestBrowserWaitsForPlayersThenPlays: the page says how many players it
// waits for, and goes on once they are seated.
func TestBrowserWaitsForPlayersThenPlays(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {}})
	joinInBrowser(t, ctx, k, "Anja")
	waitState(t, ctx, "waiting for one more", func(s string) bool { return s == "waiting" })
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#status")))
	if err != nil || !strings.Contains(status, "1") {
		t.Errorf("status while waiting: %q", status)
	}
	seated(t, ctx, k, "Bernd")
	waitState(t, ctx, "the game", func(s string) bool { return strings.HasPrefix(s, "canaille-") })
}

// TestBrowserCountsPointsInTheTablesWord: the page words a duel's scores
// as the table's board does (common.points, whose one form the page picks
// by the language's plural rule), in each language.
func TestBrowserCountsPointsInTheTablesWord(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canyonduel", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		lang(t, ctx, string(l))
		var want []string
		waitState(t, ctx, "the scores in "+string(l), func(string) bool {
			want = want[:0]
			for _, sc := range k.Session().View(engine.Onlooker).(*canyonduel.View).Scores {
				want = append(want, cat.T(l, "common.points", map[string]any{"N": sc}))
			}
			return eval(t, ctx, `[...document.querySelectorAll('table.seats td')].map((e) => e.textContent).join('|')`) == strings.Join(want, "|")
		})
		t.Logf("%s: %q", l, want)
	}
}

// TestBrowserNamesTheRuleASentenceBreaks: a sentence no legal sentence
// starts with is marked impossible, and the table names the broken rule in
// the page's language. Every hand starts with a point card, which may only
// end a sentence.
func TestBrowserNamesTheRuleASentenceBreaks(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	playUntil(t, ctx, "the first sentence", func(s string) bool { return s == "canaille-sentence" })
	before := k.Session().Moves()
	tap(t, ctx, "#hand .cards .ca.point")
	tap(t, ctx, "#hand .cards .card:not(.laid)")
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	// The table's "why not?" for the sentence, from the engine's rule.
	want := cat.Why(i18n.FR, "canaille", "point-not-last", map[string]any{"Kind": "kind-point"})
	var got string
	waitState(t, ctx, "the table's verdict", func(string) bool {
		got, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('.verdict.bad') || {}).textContent || ''`))
		return strings.Contains(got, want)
	})
	if lay, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll('#hand button.primary')].every((b) => b.disabled)`)); !lay {
		t.Errorf("an impossible sentence may be laid (verdict %q)", got)
	}
	if k.Session().Moves() != before {
		t.Error("checking a sentence changed the game")
	}
}

// keptKeys is what the page keeps for its next connection ("" if nothing).
func keptKeys(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](
		`(Object.entries(localStorage).find(([k]) => k.startsWith('tablee.next.')) || ['', ''])[1]`))
	return s
}

// TestBrowserMakesItsNextKeysAheadAndNeverReusesThem: the page keeps keys
// made ahead for its next connection, uses them once on a reload, and,
// offered keys already used (two tabs taking the same kept keys), still
// gets a channel of its own: the kiosk's fresh key makes it new.
func TestBrowserMakesItsNextKeysAheadAndNeverReusesThem(t *testing.T) {
	ctx := browser(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	joinInBrowser(t, ctx, k, "Anja")
	inGame := func(s string) bool { return strings.HasPrefix(s, "canaille-") || s == "result" }
	waitState(t, ctx, "the game", inGame)
	var first string
	waitState(t, ctx, "keys made ahead", func(string) bool { first = keptKeys(ctx); return first != "" })
	// Keys kept for another table's kiosk are forgotten on opening.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.setItem('tablee.next.anotherKiosk', 'x.y') || true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the resumed game", inGame)
	if other, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.getItem('tablee.next.anotherKiosk') !== null`)); other {
		t.Error("keys kept for another kiosk are still there")
	}
	var second string
	waitState(t, ctx, "new keys made ahead", func(string) bool { second = keptKeys(ctx); return second != "" && second != first })
	// Put the used keys back, as a second tab that read them at the same
	// moment would use them.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`((v) => { const k = Object.keys(localStorage).find((k) => k.startsWith('tablee.next.')); localStorage.setItem(k, v); return true; })(`+strconv.Quote(first)+`)`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, "the game with keys used before", inGame)
	if st := seatState(k, 0); st.Name != "Anja" || st.State != server.SeatConnected {
		t.Fatalf("seat 0 after coming back with keys used before: %+v", st)
	}
	if kioskLog(t).has("bad-frame") || kioskLog(t).has("does not decrypt") {
		t.Error("the kiosk refused a frame of a page that reused kept keys")
	}
}
