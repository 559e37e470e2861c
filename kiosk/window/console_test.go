package window

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/console"
	"github.com/tablee/tablee/proto/tlscert"
)

// consoleClient is a staff member's browser on the table's console,
// signed in.
type consoleClient struct {
	base string
	c    *http.Client
	csrf string
}

// reply is a console's answer read whole.
type reply struct {
	status   int
	location string
	body     string
}

func (c *consoleClient) do(method, path string, form url.Values) (reply, error) {
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		return reply{}, err
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", c.base)
	}
	res, err := c.c.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return reply{res.StatusCode, res.Header.Get("Location"), string(b)}, err
}

// signInConsole sets the staff PIN pin and signs in to k's console with
// it, over TLS pinned to the table's certificate.
func signInConsole(t *testing.T, k *testKiosk, pin string) *consoleClient {
	t.Helper()
	if err := k.tb.DB().SetStaffPIN(context.Background(), pin); err != nil {
		t.Fatal(err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{TLSClientConfig: tlscert.PinnedConfig(k.tb.Fingerprint())}
	t.Cleanup(tr.CloseIdleConnections)
	c := &consoleClient{base: "https://" + k.tb.ConsoleAddr(), c: &http.Client{Transport: tr, Jar: jar, Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if r, err := c.do(http.MethodPost, "/login", url.Values{"pin": {pin}}); err != nil || r.status != http.StatusSeeOther || r.location != "/tables" {
		t.Fatalf("sign in to the console: %+v %v", r, err)
	}
	r, err := c.do(http.MethodGet, "/settings", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(r.body, `name="csrf" value="`)
	if !ok {
		t.Fatalf("no CSRF token on the settings page: %d", r.status)
	}
	c.csrf, _, _ = strings.Cut(rest, `"`)
	return c
}

// meanwhile runs f (the staff's browser) on its own goroutine and the
// screen updates it queues on the test's, until f is done: the console
// asks the table's screen through the UI goroutine.
func (k *testKiosk) meanwhile(t *testing.T, f func() (reply, error)) reply {
	t.Helper()
	type answer struct {
		r   reply
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := f()
		done <- answer{r, err}
		k.q.Poke()
	}()
	for {
		k.q.Settle()
		select {
		case a := <-done:
			k.q.Settle()
			if a.err != nil {
				t.Fatal(a.err)
			}
			return a.r
		default:
		}
		k.q.Wait(context.Background())
	}
}

// replayFromConsole posts the session page's "Revoir sur la table".
func (k *testKiosk) replayFromConsole(t *testing.T, c *consoleClient, id string) reply {
	t.Helper()
	return k.meanwhile(t, func() (reply, error) {
		return c.do(http.MethodPost, "/sessions/"+id+"/replay", url.Values{"csrf": {c.csrf}})
	})
}

// TestTheConsoleOpensAReplayOnTheTableOnlyWhenItIsFree: from a session's
// page on the console, the staff open its replay on the table's screen;
// a table with guests on it (their results, their seats being chosen)
// refuses and its screen stays; a free one shows the replay, which the
// guests leave with its back button (issue 31, item 4).
func TestTheConsoleOpensAReplayOnTheTableOnlyWhenItIsFree(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	fire, _ := k.holdTimers(t, ReplayIdleAfter, "replay")
	c := signInConsole(t, k, "97531")

	// Two bots play a Canyon duel to its end: its results show.
	k.ui.attract.Touch()
	game := k.botsPlay(t, "canyonduel")
	if k.ui.results == nil {
		t.Fatal("no results after the bots' game")
	}
	id := game.ID()

	r := k.replayFromConsole(t, c, id)
	if r.status != http.StatusConflict || !strings.Contains(r.body, "les joueurs regardent les résultats") || k.ui.results == nil || k.ui.replay != nil {
		t.Fatalf("replay over the results: %d, results shown %v, replay %v\n%s", r.status, k.ui.results != nil, k.ui.replay != nil, r.body)
	}
	test.Tap(k.ui.results.Lobby())
	test.Tap(k.ui.lobby.PlayButton("canoe"))
	seating := k.ui.seatingScreen
	if r := k.replayFromConsole(t, c, id); r.status != http.StatusConflict || k.ui.seatingScreen != seating || k.w.Content() != seating.Content() {
		t.Fatalf("replay while guests choose their seats: %d, the seating screen left: %v", r.status, k.w.Content() != seating.Content())
	}
	test.Tap(button(t, k.w, "Retour"))
	if k.ui.lobby == nil {
		t.Fatal("the seating screen's back did not lead to the lobby")
	}

	// The lobby is free: the page offers the replay, the table shows it.
	page := k.meanwhile(t, func() (reply, error) { return c.do(http.MethodGet, "/sessions/"+id, nil) })
	if !strings.Contains(page.body, `id="replay">`) {
		t.Fatalf("a free table's session page has no enabled replay button:\n%s", page.body)
	}
	r = k.replayFromConsole(t, c, id)
	if r.status != http.StatusSeeOther || k.ui.replay == nil || k.w.Content() != k.ui.replay.Content() {
		t.Fatalf("replay on a free table: %d %q, replay shown %v", r.status, r.location, k.ui.replay != nil)
	}
	rp := k.ui.replay
	for rp.Position() < game.Moves() {
		rp.Next()
	}
	if rp.Hash() != game.Hash() || !rp.Verified() {
		t.Errorf("the replay ends on %s, the game on %s", rp.Hash(), game.Hash())
	}
	// Guests stepping through it keep it on the table.
	fire()
	if k.ui.replay != rp {
		t.Fatal("a replay being watched went away")
	}
	// The guests leave it as any replay, without a PIN: back to the lobby
	// it replaced.
	test.Tap(button(t, k.w, "Retour"))
	if k.ui.replay != nil || k.ui.lobby == nil {
		t.Fatalf("the replay's back did not lead to the lobby (replay %v)", k.ui.replay != nil)
	}
	fire()
	if k.ui.lobby == nil {
		t.Fatal("the timer of a replay already left moved the lobby")
	}
	// A replay nobody watches gives the table back to its attract screen.
	if r := k.replayFromConsole(t, c, id); r.status != http.StatusSeeOther || k.ui.replay == nil {
		t.Fatalf("replay again: %d", r.status)
	}
	fire()
	if k.ui.attract == nil || k.w.Content() != k.ui.attract.Content() {
		t.Fatal("a replay left alone stays on the table")
	}
}

// TestTheLobbyStartsFromTheConsolesDefaultOptions: the options the staff
// save on the console's settings are those the lobby's set-up screen
// starts from (issue 31, item 7).
func TestTheLobbyStartsFromTheConsolesDefaultOptions(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	c := signInConsole(t, k, "97531")
	r, err := c.do(http.MethodPost, "/settings/options", url.Values{"csrf": {c.csrf},
		"option.canyon.less-luck": {"on"}, "option.canaille.first": {"2"}})
	if err != nil || r.status != http.StatusSeeOther {
		t.Fatalf("save the options on the console: %+v %v", r, err)
	}
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canyon"))
	if sel := k.ui.seatingScreen.Option("less-luck"); sel == nil || sel.Selected != "oui" || k.ui.seatingScreen.Options()["less-luck"] != "on" {
		t.Errorf("Canyon's set-up starts from %v, not the staff's less-luck=on", k.ui.seatingScreen.Options())
	}
	test.Tap(button(t, k.w, "Retour"))
	test.Tap(k.ui.lobby.PlayButton("canaille"))
	if sel := k.ui.seatingScreen.Option("first"); sel == nil || sel.Selected != "Place 2" {
		t.Errorf("Canaille's set-up starts from %v, not the staff's first=2", k.ui.seatingScreen.Options())
	}
}

// TestWhatKeepsTheTableBusyForTheConsole: the attract screen and the
// lobby are free for a replay from the console; a lesson, the staff's
// screen and an open dialog are not.
func TestWhatKeepsTheTableBusyForTheConsole(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	for _, c := range []struct {
		name string
		show func()
		want console.Busy
	}{
		{"attract", k.ui.showAttract, ""},
		{"lobby", k.ui.showLobby, ""},
		{"lesson", func() { test.Tap(k.ui.lobby.LearnButton("canoe")) }, console.BusyLesson},
		{"staff", k.ui.showStaff, console.BusyInUse},
		{"PIN pad", func() { k.ui.showLobby(); k.ui.AskPIN(func() {}) }, console.BusyInUse},
	} {
		c.show()
		k.q.Settle()
		if got := k.ui.busy(); got != c.want {
			t.Errorf("%s: busy %q, want %q", c.name, got, c.want)
		}
	}
}
