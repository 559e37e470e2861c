package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
)

// webPage is a tab of a browser the tests drive by WebDriver: Firefox
// through BiDi (firefox_test.go), WebKit through the classic protocol
// (webkit_test.go). The two protocols stay apart; what a test does with a
// tab (wait, join, play) is written once here over these three commands.
type webPage interface {
	// navigate opens url and returns once the page has loaded.
	navigate(ctx context.Context, url string) error
	// reload reloads the page, as a phone waking up may.
	reload(ctx context.Context) error
	// eval runs a JavaScript expression in the page and returns its value
	// as a string.
	eval(ctx context.Context, js string) (string, error)
}

const stateJS = `document.body ? (document.body.dataset.state || '') : ''`

// jsValue is a script's value, as the driver decoded it from JSON, as a
// string: "" for null, a string as it is, a number or boolean printed.
func jsValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pageWait evaluates js until ok accepts its value; the caller's context
// bounds the wait. browser names the browser in a failure.
func pageWait(t *testing.T, ctx context.Context, p webPage, browser, what, js string, ok func(string) bool) string {
	t.Helper()
	for {
		v, err := p.eval(ctx, js)
		if err == nil && ok(v) {
			return v
		}
		if ctx.Err() != nil {
			t.Fatalf("%s: waiting for %s: last value %q, %v", browser, what, v, err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(15 * time.Millisecond):
		}
	}
}

// pagePlayUntil taps through the game as the Chromium tests do (tapOne)
// until done accepts the page's state; it returns the taps made.
func pagePlayUntil(t *testing.T, ctx context.Context, p webPage, browser, what string, done func(string) bool) int {
	t.Helper()
	taps := 0
	for {
		s, err := p.eval(ctx, stateJS)
		if err != nil {
			t.Fatalf("%s: playing until %s (state %q after %d taps): %v", browser, what, s, taps, err)
		}
		if done(s) {
			return taps
		}
		tapped, err := p.eval(ctx, tapOne+"("+jsString(s)+")")
		if err != nil {
			t.Fatalf("%s: playing until %s: tap: %v", browser, what, err)
		}
		if tapped != "" {
			taps++
			continue
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s: playing until %s: state %q after %d taps: %v", browser, what, s, taps, ctx.Err())
		case <-time.After(15 * time.Millisecond):
		}
	}
}

// pageJoin opens the QR code's URL and takes a seat as name.
func pageJoin(t *testing.T, ctx context.Context, p webPage, browser string, k *kiosk, name string) {
	t.Helper()
	if err := p.navigate(ctx, k.join.String()); err != nil {
		t.Fatal(err)
	}
	pageWait(t, ctx, p, browser, "the join form", `document.getElementById('nick') ? 'yes' : ''`, func(v string) bool { return v == "yes" })
	if _, err := p.eval(ctx, `((name) => { document.getElementById('nick').value = name;
		document.querySelector('.join button[type=submit]').click(); return 'ok'; })(`+jsString(name)+`)`); err != nil {
		t.Fatal(err)
	}
	pageWait(t, ctx, p, browser, "the seat", stateJS, func(s string) bool { return s != "join" && s != "joining" && s != "boot" && s != "" })
}

// playAWholeCanailleGame opens the page from the QR code's URL in p, takes
// a seat as name, plays, resumes after a reload and plays to the end
// against the real kiosk with a bot, the layout and axe-core's rules
// checked at every state (layout_test.go).
func playAWholeCanailleGame(t *testing.T, p webPage, browser, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	k := openKiosk(t, "canaille", []table.Seat{{}, {Bot: "default"}})
	pageJoin(t, ctx, p, browser, k, name)
	pageWait(t, ctx, p, browser, "the game", stateJS, func(s string) bool { return strings.HasPrefix(s, "canaille-") })
	if st := seatState(k, 0); st.Name != name || st.State != server.SeatConnected {
		t.Fatalf("seat 0 after joining in %s: %+v", browser, st)
	}
	before := k.Session().Moves()
	pagePlayUntil(t, ctx, p, browser, "a few moves", func(string) bool { return k.Session().Moves() >= before+4 })
	if err := p.reload(ctx); err != nil {
		t.Fatal(err)
	}
	pageWait(t, ctx, p, browser, "the resumed seat", stateJS, func(s string) bool { return strings.HasPrefix(s, "canaille-") || s == "result" })
	var layout layoutCheck
	taps := pagePlayUntil(t, ctx, p, browser, "the end", func(s string) bool {
		if s != layout.last {
			layout.last = s
			if pr, err := p.eval(ctx, layoutProblems); err == nil && pr != "" {
				layout.note(pr, s)
			}
			layout.axe(pageAxeRead(t, ctx, p, browser))(s)
		}
		return s == "result"
	})
	layout.report(t)
	if _, over := k.Session().Result(); !over {
		t.Fatalf("%s shows a result but the table's game is not over", browser)
	}
	t.Logf("a whole Canaille game in %s: %d taps after the reload, %d moves", browser, taps, k.Session().Moves())
}
