package journey

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/gui"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/browsertest"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// appPhone is the native companion's window, on the kiosk's UI queue.
type appPhone struct {
	app *gui.App
	w   fyne.Window
}

// openApp starts the companion app in French, as a phone at the café
// would: the kiosk's table is what mDNS lists nearby. prefs are the
// phone's own (its nickname and seat).
func openApp(t *testing.T, k *kiosk, prefs fyne.Preferences) *appPhone {
	t.Helper()
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(400, 860))
	near := discovery.Kiosk{Name: "Table du parcours", Proto: wire.Version, Fingerprint: k.tb.Fingerprint(), Addrs: []string{k.tb.Addr()}}
	if s := k.tb.Session(); s != nil {
		near.Game, near.Free = s.Game().Info().ID, k.tb.Server().FreeCount()
	}
	var once sync.Once
	browse := func(ctx context.Context) ([]discovery.Kiosk, error) {
		first := false
		once.Do(func() { first = true })
		if !first { // nothing new nearby: wait until the list goes
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return []discovery.Kiosk{near}, nil
	}
	p := &appPhone{w: w}
	// The app's signing key, in its own folder as cmd/companion keeps it.
	signer, err := client.LoadSigner(filepath.Join(t.TempDir(), "sign.key"))
	if err != nil {
		t.Fatal(err)
	}
	dial := func(ctx context.Context, addr, fp string) (*client.Client, error) {
		return client.DialWith(ctx, addr, fp, client.Options{Signer: signer})
	}
	p.app = gui.New(w, gui.Deps{Browse: browse, Dial: dial, Games: catalog.Plays(), Do: k.q.Do, Lang: "fr_FR.UTF-8", Prefs: prefs})
	t.Cleanup(p.app.Close)
	return p
}

// join taps the table in the list, types the code and the nickname, and
// taps "Rejoindre la table".
func (p *appPhone) join(t *testing.T, k *kiosk, code, name string) {
	t.Helper()
	var list *widget.List
	k.until(t, "the table in the app's list", func() bool {
		lists := uitest.All(p.w.Content(), func(l *widget.List) bool { return l.Length != nil && l.Length() > 0 })
		if len(lists) > 0 {
			list = lists[0]
		}
		return list != nil
	})
	rows := uitest.All(list, func(o fyne.CanvasObject) bool {
		_, ok := o.(fyne.Tappable)
		return ok && o != fyne.CanvasObject(list) && o.Visible()
	})
	if len(rows) == 0 {
		t.Fatal("the app lists the table but shows no row to tap")
	}
	test.Tap(rows[0].(fyne.Tappable))
	k.q.Settle()
	entries := uitest.All(p.w.Content(), func(*widget.Entry) bool { return true })
	if len(entries) != 2 {
		t.Fatalf("the join screen shows %d entries, want the code and the nickname", len(entries))
	}
	test.Type(entries[0], code)
	entries[1].SetText("")
	test.Type(entries[1], name)
	test.Tap(buttonIn(t, p.w.Content(), "Rejoindre la table"))
}

// chrome is the headless Chromium the journeys share: each web phone is
// a tab of it, each kiosk on its own port, so its own origin and storage.
var chrome browsertest.Browser

func TestMain(m *testing.M) {
	code := m.Run()
	chrome.Close()
	os.Exit(code)
}

// webPhone is a tab of the shared headless Chromium, phone-sized and in
// French.
type webPhone struct {
	ctx context.Context
}

// openTab opens a web phone; it skips the journey under -race or without
// a browser (browsertest.Chromium).
func openTab(t *testing.T) *webPhone {
	t.Helper()
	return &webPhone{ctx: chrome.Tab(t)}
}

// join opens the QR code's URL and takes a seat as name.
func (p *webPhone) join(t *testing.T, url, name string) {
	t.Helper()
	if err := chromedp.Do(p.ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#nick")),
		chromedp.SendKeys(chromedp.CSS("#nick"), name),
		chromedp.Click(chromedp.CSS(".join button[type=submit]")),
	); err != nil {
		t.Fatalf("join in the browser: %v", err)
	}
}

// step is one look at the page, as a guest's: the page's state if it
// satisfies done; else, with play, a tap on one of the things the page
// offers now, chosen by r in [0, 1); else it waits for the page to change
// (a mutation of its document), and says "changed". The look and the wait
// run in one turn of the page's event loop, so no change is missed.
const step = `(async (r, play, done) => {
  const state = () => document.body.dataset.state || '';
  if (done(state())) return state();
  if (play && state() !== 'sending' && document.getElementById('status').className === 'go') {
    const ok = (el) => el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
    const offers = [
      ...document.querySelectorAll('#hand button.primary, #app button'),
      ...document.querySelectorAll('#hand .cards .card'),
    ].filter((el) => ok(el) && !el.classList.contains('dim') && !el.classList.contains('laid') && !el.classList.contains('picked'));
    if (offers.length > 0) {
      offers[Math.floor(r * offers.length)].click();
      return 'tapped';
    }
  }
  await new Promise((res) => {
    const o = new MutationObserver(() => { o.disconnect(); res(); });
    o.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return 'changed';
})`

// until plays (when play) or watches the page until its state satisfies
// done, a JavaScript predicate; it returns that state. r draws the taps.
func (p *webPhone) until(ctx context.Context, play bool, done string, r func() float64) (string, error) {
	cctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	for {
		js := step + "(" + strconv.FormatFloat(r(), 'f', -1, 64) + ", " + strconv.FormatBool(play) + ", " + done + ")"
		got, err := chromedp.Run(cctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if ctx.Err() != nil {
			return got, uitest.ErrHung
		}
		if err != nil {
			return got, fmt.Errorf("the page, until %s: %w", done, err)
		}
		if got != "tapped" && got != "changed" {
			return got, nil
		}
	}
}

// showsYourMove waits until the page says, as its seat's turn in a board
// game, text (to move on the table's board); it waits on the page's
// changes, not on a clock.
func (p *webPhone) showsYourMove(ctx context.Context, text string) error {
	cctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	js := `(document.querySelector('#app p.big.go') || {}).textContent === ` + strconv.Quote(text)
	_, err := chromedp.Run(cctx, chromedp.Poll[bool](js, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(0)))
	if ctx.Err() != nil {
		return uitest.ErrHung
	}
	return err
}

// state is what the page says it shows.
func (p *webPhone) state() string {
	s, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body.dataset.state || ''`))
	return s
}

// decodeQR reads the QR code as a phone's camera does.
func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	if img == nil {
		t.Fatal("no QR code on the seating screen")
	}
	return uitest.DecodeQR(t, img)
}
