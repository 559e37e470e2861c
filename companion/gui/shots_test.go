//go:build shots

// The screenshots of docs/screenshots/companion-*.png, taken from a real
// window (Fyne's GLFW driver) under a virtual display against a real
// table: scripts/companion-screenshots runs
//
//	DISPLAY=:N go test -tags shots -run TestScreenshots ./companion/gui -args -shots DIR
//
// The app runs on the test binary's main thread, as GLFW requires; the
// test drives it through fyne.DoAndWait and captures the window with xwd.
// Waiting for a frame to be painted uses short sleeps: this is a camera,
// not a test of behaviour.
package gui

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

var shotsDir = flag.String("shots", "", "write the screenshots to this directory")

// shotsTitle names the window for xwd.
const shotsTitle = "tablee-companion-shots"

var shotsApp fyne.App

func TestMain(m *testing.M) {
	flag.Parse()
	shotsApp = app.NewWithID("fr.tablee.companion.shots")
	shotsApp.Settings().SetTheme(NewTheme()) // as cmd/companion does
	// The driver's loop ends when no window is left: one stays, hidden.
	keeper := shotsApp.NewWindow("keeper")
	keeper.Resize(fyne.NewSize(10, 10))
	keeper.Show()
	code := 0
	go func() {
		fyne.DoAndWait(keeper.Hide)
		code = m.Run()
		fyne.DoAndWait(shotsApp.Quit)
	}()
	shotsApp.Run()
	os.Exit(code)
}

// camera is one window of the app and the table it plays at.
type camera struct {
	t   *testing.T
	w   fyne.Window
	a   *App
	dir string
}

func newCamera(t *testing.T, lang string, deps Deps) *camera {
	c := &camera{t: t, dir: *shotsDir}
	fyne.DoAndWait(func() {
		c.w = shotsApp.NewWindow(shotsTitle)
		c.w.Resize(fyne.NewSize(400, 860))
		c.w.SetFixedSize(true)
		deps.Games, deps.Lang = catalog.Registry(), lang
		// Each window starts as a fresh install.
		deps.Prefs = shotsApp.Preferences()
		for _, k := range []string{prefSeat, prefLang, prefName} {
			deps.Prefs.RemoveValue(k)
		}
		if deps.Dial == nil {
			deps.Dial = client.Dial
		}
		if deps.Browse == nil {
			deps.Browse = func(ctx context.Context) ([]discovery.Kiosk, error) { <-ctx.Done(); return nil, ctx.Err() }
		}
		c.a = New(c.w, deps)
		c.w.Show()
	})
	t.Cleanup(c.close)
	return c
}

// close closes the window, once: a capture must never see two windows.
func (c *camera) close() {
	fyne.DoAndWait(func() {
		if c.w != nil {
			c.a.Close()
			c.w.Close()
			c.w = nil
		}
	})
}

// do runs f on Fyne's goroutine.
func (c *camera) do(f func()) { fyne.DoAndWait(f) }

// until waits for cond, checked on Fyne's goroutine.
func (c *camera) until(what string, cond func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var ok bool
		fyne.DoAndWait(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("never saw %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// shoot saves the window as docs/screenshots/companion-NAME.png.
func (c *camera) shoot(name string) {
	c.t.Helper()
	time.Sleep(700 * time.Millisecond) // a few frames, and animations settled
	out := filepath.Join(c.dir, "companion-"+name+".png")
	cmd := fmt.Sprintf("xwd -silent -name %s | xwdtopnm 2>/dev/null | pnmtopng > %s", shotsTitle, out)
	if b, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
		c.t.Fatalf("screenshot %s: %v\n%s", name, err, b)
	}
	c.t.Logf("wrote %s", out)
}

func TestScreenshots(t *testing.T) {
	if *shotsDir == "" {
		t.Skip("no -shots directory")
	}
	t.Run("find", shootFinding)
	t.Run("canyon", shootCanyon)
	t.Run("canaille", shootCanaille)
	t.Run("canoe", shootCanoe)
}

func shootFinding(t *testing.T) {
	tb := kiosktest.Open(t, "canyon", 4)
	other := discovery.Kiosk{Name: "Table 2 — terrasse", Proto: wire.Version, Game: "canaille", Free: 1,
		Fingerprint: tb.Fingerprint, Addrs: []string{"192.0.2.7:7443"}}
	c := newCamera(t, "fr_FR.UTF-8", Deps{Browse: browseOnce(tableOf(tb, "canyon", 4), other)})
	c.until("the tables", func() bool { return len(c.a.find.tables) == 2 })
	c.shoot("find")
	c.do(func() { c.a.find.list.Select(0) })
	c.do(func() { c.a.join.name.SetText("Anja") })
	c.shoot("join")
	c.do(func() { c.a.showAddress() })
	c.shoot("address")
	c.close()

	failing := func(context.Context) ([]discovery.Kiosk, error) {
		return nil, fmt.Errorf("route ip+net: netlinkrib: permission denied")
	}
	d := newCamera(t, "en_GB.UTF-8", Deps{Browse: failing})
	d.until("the fallback", func() bool { return d.a.find.state == browseFailed })
	d.shoot("no-mdns")
}

// seatAt opens a camera joined to tb as the first seat.
func seatAt(t *testing.T, tb *kiosktest.Table, game, lang string) *camera {
	c := newCamera(t, lang, Deps{Browse: browseOnce(tableOf(tb, game, 3))})
	c.until("the table", func() bool { return c.a.find != nil && len(c.a.find.tables) > 0 })
	c.do(func() { c.a.find.list.Select(0) })
	c.do(func() {
		c.a.join.code.SetText(tb.Code())
		c.a.join.name.SetText("Anja")
		c.a.join.start()
	})
	c.until("the seat", func() bool { return c.a.seat != nil && c.a.seat.view != nil })
	return c
}

func shootCanyon(t *testing.T) {
	tb := kiosktest.Open(t, "canyon", 3)
	c := seatAt(t, tb, "canyon", "fr_FR.UTF-8")
	c.shoot("canyon-waiting")
	runBots(t, tb, 2)
	view := func() *canyon.View { return c.a.seat.view.(*canyon.View) }
	c.until("the tempo", func() bool {
		if view().Phase == canyon.PhasePlace && c.a.seat.canAct() {
			m := view().Legal()[0]
			c.a.seat.play(m)
		}
		return view().Phase == canyon.PhaseTempo && c.a.seat.canAct()
	})
	c.shoot("canyon-tempo")
	c.do(func() { c.a.seat.play(view().Legal()[5]) })
	shotTrick := false
	c.until("a trick with a dimmed card", func() bool {
		v := view()
		if !c.a.seat.canAct() {
			return false
		}
		legal := v.Legal()
		if v.Phase != canyon.PhasePlay {
			c.a.seat.play(legal[0])
			return false
		}
		if len(v.Trick) > 0 && len(legal) < len(v.Hand) {
			shotTrick = true
			return true
		}
		c.a.seat.play(legal[0])
		return false
	})
	if shotTrick {
		c.shoot("canyon-trick")
	}
	// A refused card: the first dimmed one, tapped.
	c.do(func() {
		v := view()
		for _, card := range v.Hand {
			legal := false
			for _, m := range v.Legal() {
				legal = legal || m.(canyon.Move).Card == card
			}
			if !legal {
				c.a.seat.play(canyon.Play(card))
				return
			}
		}
	})
	c.until("the refusal", func() bool { return c.a.seat.refused != "" })
	c.shoot("canyon-refused")
	c.do(func() { c.a.seat.askLeave = true; c.a.seat.refresh() })
	c.shoot("leave")
	c.do(func() { c.a.seat.askLeave = false; c.a.seat.refresh() })
	restarted := make(chan struct{})
	go func() {
		defer close(restarted)
		tb.Restart(3 * time.Second)
	}()
	c.until("reconnecting", func() bool { return !c.a.seat.linkUp })
	c.shoot("reconnecting")
	<-restarted
}

func shootCanaille(t *testing.T) {
	tb := kiosktest.Open(t, "canaille", 3)
	c := seatAt(t, tb, "canaille", "fr_FR.UTF-8")
	runBots(t, tb, 2)
	view := func() *canaille.View { return c.a.seat.view.(*canaille.View) }
	shot := map[string]bool{}
	c.until("a sentence with a choice", func() bool {
		v := view()
		if !c.a.seat.canAct() {
			return false
		}
		switch v.Phase {
		case "sentence":
			if len(v.Hand) < 4 {
				c.a.seat.play(v.Moves[0])
				return false
			}
			return true
		case "refill", "target", "give", "bin", "release", "return", "swap":
			if !shot["question"] && (v.Phase == "target" || v.Phase == "refill") {
				return true
			}
		}
		c.a.seat.play(v.Moves[0])
		return false
	})
	if v := view(); v.Phase != "sentence" {
		shot["question"] = true
		c.shoot("canaille-question")
		c.do(func() { c.a.seat.play(view().Moves[0]) })
		c.until("the sentence", func() bool { return view().Phase == "sentence" && c.a.seat.canAct() })
	}
	// Build: first a card without a full stop (not finished), then a
	// whole legal sentence.
	c.do(func() {
		v := view()
		panel := c.a.seat.panel.(*canaillePanel)
		for _, card := range v.Hand {
			if !card.Face().Stop {
				panel.built = []canaille.Card{card}
				break
			}
		}
		c.a.seat.refresh()
	})
	c.shoot("canaille-unfinished")
	c.do(func() {
		v := view()
		panel := c.a.seat.panel.(*canaillePanel)
		longest := v.Moves[0].Cards
		for _, m := range v.Moves {
			if m.Kind == canaille.KindSentence && len(m.Cards) > len(longest) {
				longest = m.Cards
			}
		}
		panel.built = append([]canaille.Card(nil), longest...)
		c.a.seat.refresh()
	})
	c.shoot("canaille-sentence")
	c.do(func() {
		c.a.seat.play(canaille.Move{Kind: canaille.KindSentence, Cards: c.a.seat.panel.(*canaillePanel).built})
	})
	c.until("a question", func() bool {
		v := view()
		if !c.a.seat.canAct() {
			return false
		}
		if v.Phase == "refill" || v.Phase == "target" || v.Phase == "give" {
			return true
		}
		c.a.seat.play(v.Moves[0])
		return false
	})
	if !shot["question"] {
		c.shoot("canaille-question")
	}
}

func shootCanoe(t *testing.T) {
	tb := kiosktest.Open(t, canoe.ID, 2)
	c := seatAt(t, tb, canoe.ID, "en_GB.UTF-8")
	runBots(t, tb, 1)
	seat := engine0(c)
	c.until("this seat's turn", func() bool { return c.a.seat.canAct() })
	c.shoot("canoe")
	// The seat's moves are made on the table; here the first legal one,
	// until the game ends.
	c.until("the end", func() bool {
		if c.a.seat.over {
			return true
		}
		if c.a.seat.canAct() {
			v := tb.Session().View(seat)
			if legal := v.Legal(); len(legal) > 0 {
				go tb.Session().Play(context.Background(), seat, legal[0])
			}
		}
		return false
	})
	c.shoot("result")
}

func engine0(c *camera) (s engine.Seat) {
	fyne.DoAndWait(func() { s = c.a.seat.w.Seat })
	return s
}
