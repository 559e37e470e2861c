package journey

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/gui"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/proto/wire"
)

// takeBackGroup seats a Canoë with seats (web, app, touch) at a new kiosk.
func takeBackGroup(t *testing.T, seats ...string) (*group, *host.Session) {
	t.Helper()
	prefs := make([]fyne.Preferences, len(seats))
	for i := range prefs {
		prefs[i] = test.NewTempApp(t).Preferences()
	}
	test.NewTempApp(t)
	g := &group{j: journey{game: canoe.ID, seats: seats}, k: openKiosk(t), rng: rand.New(rand.NewPCG(29, 0x70)),
		apps: map[int]*appPhone{}, webs: map[int]*webPhone{}}
	g.appOnTable, g.webOnTable = said(t, "companion.move_on_table"), said(t, "web.board.your_move")
	s := g.seat(t, prefs)
	return g, s
}

// sayFR is the catalogue's French text of key with params.
func sayFR(t *testing.T, key string, params map[string]any) string {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat.T(i18n.FR, key, params)
}

// moveOnTable makes the move of the seat to play on the table's board and
// waits until the host has it.
func (g *group) moveOnTable(t *testing.T, s *host.Session) {
	t.Helper()
	n := s.Moves()
	if !g.tapBoard(t, s) {
		t.Fatal("no move to tap on the board")
	}
	g.k.until(t, "the move on the table", func() bool { return s.Moves() > n })
}

// fullSupplies counts the seat panels of the table that show a seat's
// whole supply of pegs: two at the start, one after the first peg placed.
func (g *group) fullSupplies(t *testing.T, s *host.Session) int {
	t.Helper()
	text := sayFR(t, "board.canoe.progress", map[string]any{"Supply": canoe.Pegs, "Canoes": 0})
	return len(uitest.All(g.k.ui.Game().Content(), func(c *canvas.Text) bool { return c.Text == text }))
}

// webClick taps the page's element sel once it is shown.
func (p *webPhone) click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	cctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	if err := chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("tap %s on the page: %v (state %q)", sel, err, p.state())
	}
}

// shows waits until the page's element sel says text.
func (p *webPhone) shows(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	cctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	js := `(document.querySelector(` + strconv.Quote(sel) + `) || {}).textContent === ` + strconv.Quote(text)
	if _, err := chromedp.Run(cctx, chromedp.Poll[bool](js, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(0))); err != nil {
		got, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(document.querySelector(`+strconv.Quote(sel)+`) || {}).textContent || ''`))
		t.Fatalf("the page's %s says %q, want %q: %v", sel, got, text, err)
	}
}

// gone waits until the page shows no element sel.
func (p *webPhone) gone(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	cctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	js := `!document.querySelector(` + strconv.Quote(sel) + `)`
	if _, err := chromedp.Run(cctx, chromedp.Poll[bool](js, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(0))); err != nil {
		t.Fatalf("the page still shows %s: %v", sel, err)
	}
}

// TestAWebSeatTakesBackAndTheAppAnswers: Anja plays on the table from a
// web seat and asks, on her page, to take her peg back; Bernd's app shows
// the request and he agrees: the peg leaves the table, and the app and the
// page say it is Anja's turn again. Asked again after her next peg, Bernd
// refuses: the peg stays, and her page says so. Asked a third time, an
// answer forged with Anja's own seat token is refused (the request is
// hers); Bernd's agreement still counts.
func TestAWebSeatTakesBackAndTheAppAnswers(t *testing.T) {
	g, s := takeBackGroup(t, web, app)
	k, page, phone := g.k, g.webs[0], g.apps[1]
	ask, agree, refuse := said(t, "common.takeback.ask"), said(t, "common.takeback.agree"), said(t, "common.takeback.refuse")
	start := s.Hash()
	if n := g.fullSupplies(t, s); n != 2 {
		t.Fatalf("%d panels show a full supply at the start", n)
	}

	// Anja places a peg on the table; her page offers to take it back.
	g.moveOnTable(t, s)
	page.shows(t, k.ctx, "#app button.takeback", ask)
	k.until(t, "Anja's peg on the table", func() bool { return g.fullSupplies(t, s) == 1 })
	if uitest.HasText(phone.w.Content(), ask) {
		t.Error("Bernd's app offers to take back Anja's move")
	}
	move := sayFR(t, "common.takeback.move.place", map[string]any{"To": lastPlaced(t, s)})
	page.click(t, k.ctx, "#app button.takeback")
	page.shows(t, k.ctx, "#app .takeback-line", sayFR(t, "common.takeback.asking", map[string]any{"Name": "Bernd", "Move": move}))
	asked := sayFR(t, "common.takeback.asked", map[string]any{"Name": "Anja", "Move": move})
	k.until(t, "the request on Bernd's app", func() bool { return uitest.HasText(phone.w.Content(), asked) })
	k.until(t, "the request in Bernd's panel", func() bool {
		return k.ui.Game().PanelSays(sayFR(t, "board.takeback.asked", map[string]any{"Name": "Anja"}))
	})
	test.Tap(buttonIn(t, phone.w.Content(), agree))

	// Back to the start everywhere: the table, the app, the page.
	k.until(t, "the position before Anja's peg on the table", func() bool { return g.fullSupplies(t, s) == 2 })
	if s.Hash() != start || s.Moves() != 2 || s.View(engine.Onlooker).Turn() != 0 {
		t.Fatalf("after the take-back: %d entries, turn %v", s.Moves(), s.View(engine.Onlooker).Turn())
	}
	k.until(t, "the app back at the start", func() bool {
		v, _, ok := phone.app.SeatView()
		return ok && v.Turn() == 0 && !uitest.HasText(phone.w.Content(), asked)
	})
	if err := page.showsYourMove(k.ctx, g.webOnTable); err != nil {
		t.Fatalf("Anja's page after the take-back: %v", err)
	}
	page.gone(t, k.ctx, "#app .takeback-line")

	// Refused: the peg stays, Anja's page says so.
	g.moveOnTable(t, s)
	page.click(t, k.ctx, "#app button.takeback")
	k.until(t, "the second request on Bernd's app", func() bool { return uitest.HasText(phone.w.Content(), refuse) })
	test.Tap(buttonIn(t, phone.w.Content(), refuse))
	page.shows(t, k.ctx, "#app .takeback-line", sayFR(t, "common.takeback.refused_you", map[string]any{"Name": "Bernd"}))
	k.until(t, "the refusal in Anja's panel", func() bool {
		return k.ui.Game().PanelSays(said(t, "board.takeback.refused"))
	})
	if s.Moves() != 3 || g.fullSupplies(t, s) != 1 {
		t.Fatalf("a refused take-back changed the game: %d entries", s.Moves())
	}
	// Bernd's app drops the answered request once the refusal reaches it
	// (until then it shows the request's buttons, disabled): only then
	// does an "agree" on it mean the next request.
	k.until(t, "the refusal on Bernd's app", func() bool { return !uitest.HasText(phone.w.Content(), agree) })

	// A forged answer: a program holding Anja's seat token answers her
	// own request. The table acts for the token's seat: refused.
	page.click(t, k.ctx, "#app button.takeback")
	k.until(t, "the third request on Bernd's app", func() bool { return uitest.HasText(phone.w.Content(), agree) })
	token, err := chromedp.Run(page.ctx, chromedp.Evaluate[string](`Object.keys(localStorage).filter((k) => k.startsWith('tablee.seat.')).map((k) => localStorage.getItem(k))[0] || ''`))
	if err != nil || token == "" {
		t.Fatalf("Anja's seat token on her page: %q, %v", token, err)
	}
	forged := forgeAnswer(t, k, token, int64(s.Moves()))
	var we *wire.Error
	if !errors.As(forged, &we) || we.Rule != engine.RuleTakeBackNotAsked {
		t.Fatalf("an answer with the asker's own token: %v, want rule %s", forged, engine.RuleTakeBackNotAsked)
	}
	test.Tap(buttonIn(t, phone.w.Content(), agree))
	k.until(t, "Anja's second peg gone", func() bool { return g.fullSupplies(t, s) == 2 })
	if s.Moves() != 4 {
		t.Errorf("%d entries, want 4: move, take-back, move, take-back", s.Moves())
	}
}

// forgeAnswer resumes the seat of token with a program of its own and
// answers, for that seat, a take-back of the move that made version.
func forgeAnswer(t *testing.T, k *kiosk, token string, version int64) error {
	t.Helper()
	c, err := client.Dial(k.ctx, k.tb.Addr(), k.tb.Fingerprint())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Resume(k.ctx, token); err != nil {
		t.Fatalf("resume with Anja's token: %v", err)
	}
	// Sent at once: the resumed seat's view, which may come after it, is
	// not its answer (the client's settleMoves).
	return c.AnswerTakeBack(k.ctx, version, true)
}

// lastPlaced is the hole of the last peg placed, as the phones name it.
func lastPlaced(t *testing.T, s *host.Session) string {
	t.Helper()
	v, ok := s.View(engine.Onlooker).(*canoe.View)
	if !ok {
		t.Fatal("not a Canoë view")
	}
	for r, row := range v.Board {
		for c, cell := range row {
			if cell == 'L' {
				return canoe.Hole{Row: r, Col: c}.String()
			}
		}
	}
	t.Fatal("no light peg on the board")
	return ""
}

// TestATableSeatAsksAndAnAppAnswers: Anja plays on the table's touch
// screen and asks there to take her peg back; Bernd, on his app, agrees.
func TestATableSeatAsksAndAnAppAnswers(t *testing.T) {
	g, s := takeBackGroup(t, touch, app)
	k, phone := g.k, g.apps[1]
	start := s.Hash()
	g.moveOnTable(t, s)
	k.until(t, "the table's take-back button", func() bool {
		return uitest.HasText(k.ui.Game().Content(), said(t, "board.takeback.ask"))
	})
	g.tapPanel(t, said(t, "board.takeback.ask"))
	agree := said(t, "common.takeback.agree")
	k.until(t, "the request on Bernd's app", func() bool { return uitest.HasText(phone.w.Content(), agree) })
	test.Tap(buttonIn(t, phone.w.Content(), agree))
	k.until(t, "the take-back on the table", func() bool { return s.Moves() == 2 && g.fullSupplies(t, s) == 2 })
	if s.Hash() != start {
		t.Error("the table is not back at the start")
	}
	k.until(t, "the app without the request", func() bool { return !uitest.HasText(phone.w.Content(), agree) })
}

// TestScreenshotsTakeBack takes a take-back on the phones, side by side:
// side-takeback-web-asks-{table,app,web}.png (Anja asked on her page,
// Bernd's app offers to agree or refuse) and
// side-takeback-app-asks-{table,app,web}.png (Bernd asked on his app,
// Anja's page offers to agree or refuse). Only with -shots
// (scripts/screenshots-side).
func TestScreenshotsTakeBack(t *testing.T) {
	if *sideShots == "" {
		t.Skip("screenshots: run with -shots DIR (scripts/screenshots-side)")
	}
	g, s := takeBackGroup(t, web, app)
	k, page, phone := g.k, g.webs[0], g.apps[1]
	g.moveOnTable(t, s)
	page.click(t, k.ctx, "#app button.takeback")
	agree, refuse := said(t, "common.takeback.agree"), said(t, "common.takeback.refuse")
	k.until(t, "the request on Bernd's app", func() bool { return uitest.HasText(phone.w.Content(), agree) })
	page.shows(t, k.ctx, "#app .takeback-line b", sayFR(t, "common.takeback.asking", map[string]any{"Name": "Bernd",
		"Move": sayFR(t, "common.takeback.move.place", map[string]any{"To": lastPlaced(t, s)})}))
	g.shootThree(t, "takeback-web-asks", phone, page)

	test.Tap(buttonIn(t, phone.w.Content(), refuse))
	page.shows(t, k.ctx, "#app .takeback-line", sayFR(t, "common.takeback.refused_you", map[string]any{"Name": "Bernd"}))
	g.moveOnTable(t, s) // Bernd's peg, on the table
	ask := said(t, "common.takeback.ask")
	k.until(t, "Bernd's app offering to take his peg back", func() bool { return uitest.HasText(phone.w.Content(), ask) })
	test.Tap(buttonIn(t, phone.w.Content(), ask))
	page.shows(t, k.ctx, "#app .takeback-answer button.primary", agree)
	k.until(t, "Bernd's app waiting", func() bool { return !uitest.HasText(phone.w.Content(), ask) })
	g.shootThree(t, "takeback-app-asks", phone, page)
}

// shootThree writes side-<name>-table.png, -app.png and -web.png: the
// table, the app p and the page w as they are now.
func (g *group) shootThree(t *testing.T, name string, p *appPhone, w *webPhone) {
	t.Helper()
	k := g.k
	a := fyne.CurrentApp()
	old := a.Settings().Theme()
	defer a.Settings().SetTheme(old)
	a.Settings().SetTheme(screen.NewTheme())
	k.ui.Refresh()
	k.q.Settle()
	save(t, "side-"+name+"-table.png", k.w.Canvas().Capture())
	a.Settings().SetTheme(gui.NewTheme())
	k.q.Settle()
	save(t, "side-"+name+"-app.png", p.w.Canvas().Capture())
	shot, err := chromedp.Run(w.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("the page's picture: %v", err)
	}
	if err := os.WriteFile(filepath.Join(*sideShots, "side-"+name+"-web.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
