package journey

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/kiosk/window"
)

// uiQueue stands for Fyne's goroutine: the kiosk and the companion app
// queue their screen updates (as fyne.Do does) and the test runs them on
// its own goroutine, so every widget of both windows is only ever touched
// there, one change at a time.
type uiQueue struct {
	mu    sync.Mutex
	fs    []func()
	ready chan struct{} // a signal that something was queued
}

func newQueue() *uiQueue { return &uiQueue{ready: make(chan struct{}, 1)} }

func (q *uiQueue) do(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
	q.poke()
}

// poke wakes a wait without queueing anything (a web phone's news).
func (q *uiQueue) poke() {
	select {
	case q.ready <- struct{}{}:
	default: // a signal is pending already
	}
}

// settle runs the updates queued so far, and those they queue.
func (q *uiQueue) settle() {
	for {
		q.mu.Lock()
		fs := q.fs
		q.fs = nil
		q.mu.Unlock()
		if len(fs) == 0 {
			return
		}
		for _, f := range fs {
			f()
		}
	}
}

// errHung is a wait that never ended: reported just before the test
// binary's own deadline, so that the test names what it waited for.
var errHung = errors.New("nothing happened until the test's deadline")

// wait waits until something is queued or poked, then runs the queue.
func (q *uiQueue) wait(ctx context.Context) error {
	select {
	case <-q.ready:
	case <-ctx.Done():
		return errHung
	}
	q.settle()
	return nil
}

// pin is a staff.Verifier with a fixed PIN.
type pin string

func (p pin) CheckPIN(_ context.Context, s string) error {
	if s != string(p) {
		return staff.ErrWrong
	}
	return nil
}
func (p pin) HasPIN(context.Context) (bool, error) { return true, nil }

// kiosk is a real windowed kiosk on a real table, in Fyne's test driver.
type kiosk struct {
	ui  *window.UI
	tb  *table.Table
	w   fyne.Window
	q   *uiQueue
	ctx context.Context // ends just before the test binary's deadline
}

// openKiosk boots a kiosk as cmd/kiosk does, on a new database, and shows
// its first screen.
func openKiosk(t *testing.T) *kiosk {
	t.Helper()
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		t.Cleanup(cancel)
	}
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1920, 1080))
	q := newQueue()
	ui, err := window.New(ctx, window.Config{Win: w, Do: q.do, Staff: staff.NewGate(pin("2468"), nil)})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := table.Config{Name: "Table du parcours", DBPath: filepath.Join(dir, "t.db"), DataDir: dir,
		Addr: "127.0.0.1:0", Games: catalog.Registry(), OnChange: ui.Refresh}
	tb, err := table.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	q.settle()
	ui.Start(tb, cfg)
	q.settle()
	return &kiosk{ui: ui, tb: tb, w: w, q: q, ctx: ctx}
}

// until runs the UI queue until cond holds.
func (k *kiosk) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	k.q.settle()
	for !cond() {
		if err := k.q.wait(k.ctx); err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
	}
}

// children are the objects o shows: a container's, or a widget's renderer's.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch c := o.(type) {
	case *fyne.Container:
		return c.Objects
	case *container.Scroll:
		return []fyne.CanvasObject{c.Content}
	case fyne.Widget:
		return test.WidgetRenderer(c).Objects()
	}
	return nil
}

// all lists the objects under o of type W that match, in drawing order.
func all[W fyne.CanvasObject](o fyne.CanvasObject, match func(W) bool) []W {
	var out []W
	if w, ok := o.(W); ok && match(w) {
		out = append(out, w)
	}
	for _, c := range children(o) {
		out = append(out, all(c, match)...)
	}
	return out
}

// buttonIn is the first visible button under o whose text is label.
func buttonIn(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	bs := all(o, func(b *widget.Button) bool { return b.Text == label && b.Visible() })
	if len(bs) == 0 {
		t.Fatalf("no button %q on screen", label)
	}
	return bs[0]
}

// shows reports whether some text under o contains s.
func shows(o fyne.CanvasObject, s string) bool {
	return len(all(o, func(o fyne.CanvasObject) bool {
		switch x := o.(type) {
		case *canvas.Text:
			return strings.Contains(x.Text, s)
		case *widget.Label:
			return strings.Contains(x.Text, s)
		case *widget.Button:
			return strings.Contains(x.Text, s)
		}
		return false
	})) > 0
}
