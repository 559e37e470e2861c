package gui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// ui stands for Fyne's goroutine: the app's callbacks and the test's taps
// run one at a time under its lock, and each one wakes the test's waits.
type ui struct {
	mu      sync.Mutex
	changed chan struct{}
}

func newUI() *ui { return &ui{changed: make(chan struct{}, 1)} }

// do runs f as on Fyne's goroutine; it is the app's Deps.Do.
func (u *ui) do(f func()) {
	u.mu.Lock()
	f()
	u.mu.Unlock()
	select {
	case u.changed <- struct{}{}:
	default:
	}
}

// until evaluates cond under the lock each time the app changes something,
// until it holds. It waits for events, not for a clock: a wait that never
// ends is reported just before the test binary's own deadline.
func (u *ui) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	var expire <-chan time.Time
	if d, ok := t.Deadline(); ok {
		timer := time.NewTimer(time.Until(d) - 5*time.Second)
		defer timer.Stop()
		expire = timer.C
	}
	for {
		var ok bool
		// Unlocked even if cond fails the test, so the cleanup can run.
		func() {
			u.mu.Lock()
			defer u.mu.Unlock()
			ok = cond()
		}()
		if ok {
			return
		}
		select {
		case <-u.changed:
		case <-expire:
			t.Fatalf("never saw %s", what)
		}
	}
}

// phone is the app under test with what it runs on.
type phone struct {
	*App
	u     *ui
	w     fyne.Window
	prefs fyne.Preferences
}

// browseOnce lists tables once, then waits until the screen goes: a live
// browse that has nothing new to say.
func browseOnce(tables ...discovery.Kiosk) func(context.Context) ([]discovery.Kiosk, error) {
	var once sync.Once
	return func(ctx context.Context) ([]discovery.Kiosk, error) {
		first := false
		once.Do(func() { first = true })
		if !first {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return tables, nil
	}
}

// tableOf is what mDNS would publish about tb.
func tableOf(tb *kiosktest.Table, game string, free int) discovery.Kiosk {
	return discovery.Kiosk{Name: tb.Name, Proto: wire.Version, Game: game, Free: free, Fingerprint: tb.Fingerprint, Addrs: []string{tb.Addr}}
}

// openPhone starts the app in English with deps completed for tests.
func openPhone(t *testing.T, prefs fyne.Preferences, deps Deps) *phone {
	t.Helper()
	if prefs == nil {
		prefs = test.NewTempApp(t).Preferences()
	}
	w := test.NewWindow(nil)
	w.Resize(fyne.NewSize(400, 860))
	t.Cleanup(w.Close)
	u := newUI()
	deps.Do, deps.Prefs, deps.Games = u.do, prefs, catalog.Plays()
	if deps.Dial == nil {
		deps.Dial = func(ctx context.Context, addr, fp string) (*client.Client, error) {
			// Fast redials: a kiosk restarted in a test is back at once.
			return client.DialWith(ctx, addr, fp, client.Options{Backoff: 10 * time.Millisecond, MaxBackoff: 80 * time.Millisecond})
		}
	}
	if deps.Browse == nil {
		deps.Browse = browseOnce()
	}
	if deps.Lang == "" {
		deps.Lang = "en_GB.UTF-8"
	}
	p := &phone{u: u, w: w, prefs: prefs}
	u.do(func() { p.App = New(w, deps) })
	t.Cleanup(func() { u.do(p.Close) })
	return p
}

// joinFromList taps the first table listed and joins it as name.
func (p *phone) joinFromList(t *testing.T, code, name string) {
	t.Helper()
	p.u.until(t, "the table in the list", func() bool { return p.find != nil && len(p.find.tables) > 0 })
	p.u.do(func() { p.find.list.Select(0) })
	p.u.do(func() {
		test.Type(p.join.code, code)
		p.join.name.SetText(name)
		test.Tap(p.join.submit)
	})
}

// seated waits for the seat's first view.
func (p *phone) seated(t *testing.T) {
	t.Helper()
	p.u.until(t, "the seat's first view", func() bool {
		return p.current == p.seat && p.seat != nil && p.seat.view != nil
	})
}

// stateLine is the seat screen's state line.
func (p *phone) stateLine() string { return p.seat.state.Text }

// runBots seats n bots at tb; they stop when the test ends. The phone
// learns when every seat is taken from the table (Update.Waiting).
func runBots(t *testing.T, tb *kiosktest.Table, n int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := headless.Run(ctx, headless.Config{Addr: tb.Addr, Fingerprint: tb.Fingerprint, Code: tb.Code(),
				Name: fmt.Sprintf("Bot%d", i+1), Bot: "default", Seed: uint64(i + 1), Games: catalog.Registry()})
			if err != nil && ctx.Err() == nil {
				t.Errorf("bot %d: %v", i+1, err)
			}
		}()
	}
}

// objects lists every object under o, o included, in drawing order.
func objects(o fyne.CanvasObject) []fyne.CanvasObject {
	out := []fyne.CanvasObject{o}
	switch o := o.(type) {
	case *fyne.Container:
		for _, c := range o.Objects {
			out = append(out, objects(c)...)
		}
	case *container.Scroll:
		out = append(out, objects(o.Content)...)
	}
	return out
}

// buttons are the window's buttons whose text contains part.
func (p *phone) buttons(part string) []*widget.Button {
	var out []*widget.Button
	for _, o := range objects(p.w.Content()) {
		if b, ok := o.(*widget.Button); ok && strings.Contains(b.Text, part) {
			out = append(out, b)
		}
	}
	return out
}

// cards are the window's cards, in order.
func (p *phone) cards() []*card {
	var out []*card
	for _, o := range objects(p.w.Content()) {
		if c, ok := o.(*card); ok {
			out = append(out, c)
		}
	}
	return out
}

// labels is every label's text in the window.
func (p *phone) labels() string {
	var b strings.Builder
	for _, o := range objects(p.w.Content()) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}
