// Package uitest holds what the tests of the Fyne UIs (the kiosk's
// screens and window, the companion app, the journeys through both)
// share: a queue standing for the UI goroutine, walks of the widget tree
// that find widgets, texts and targets too small to touch, and reading a
// generated QR code back. It is for tests only: no production package
// imports it (architecture_test.go's never rules).
package uitest

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// Queue stands for the UI goroutine: other goroutines queue screen
// updates through Do (as fyne.Do does) and the test runs them on its own
// goroutine when it calls Settle, so widgets are only ever touched there,
// one change at a time.
type Queue struct {
	mu    sync.Mutex
	fs    []func()
	ready chan struct{} // a signal that something was queued or poked
}

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{ready: make(chan struct{}, 1)} }

// Do queues f for the next Settle; it is the UI's Do.
func (q *Queue) Do(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
	q.Poke()
}

// Poke wakes a Wait without queueing anything: news from elsewhere (a
// web phone's page) that the test wants to look at.
func (q *Queue) Poke() {
	select {
	case q.ready <- struct{}{}:
	default: // a signal is pending already
	}
}

// Settle runs the updates queued so far, and those they queue.
func (q *Queue) Settle() {
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

// ErrHung is a Wait that never ended: its context ended first (a test
// gives it a deadline just before the test binary's own, so that the test
// names what it waited for).
var ErrHung = errors.New("nothing happened until the test's deadline")

// Wait waits until something is queued or poked, then runs the queue: an
// event, never a clock.
func (q *Queue) Wait(ctx context.Context) error {
	select {
	case <-q.ready:
	case <-ctx.Done():
		return ErrHung
	}
	q.Settle()
	return nil
}

// Children are the objects o shows: a container's, a scroll's content, a
// widget's renderer's; for a widget that shows pictures of an upright
// content of its own (kiosk/board's turned Panel, which has a Content
// method), that content, where the buttons and texts are.
func Children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch c := o.(type) {
	case *fyne.Container:
		return c.Objects
	case *container.Scroll:
		return []fyne.CanvasObject{c.Content}
	case interface{ Content() fyne.CanvasObject }:
		return []fyne.CanvasObject{c.Content()}
	case fyne.Widget:
		return test.WidgetRenderer(c).Objects()
	}
	return nil
}

// All lists the objects under o (o included) of type W that match, in
// drawing order.
func All[W fyne.CanvasObject](o fyne.CanvasObject, match func(W) bool) []W {
	var out []W
	if w, ok := o.(W); ok && match(w) {
		out = append(out, w)
	}
	for _, c := range Children(o) {
		out = append(out, All(c, match)...)
	}
	return out
}

// Find returns the first object under o (o included) of type W that
// matches.
func Find[W fyne.CanvasObject](o fyne.CanvasObject, match func(W) bool) (W, bool) {
	if w, ok := o.(W); ok && match(w) {
		return w, true
	}
	for _, c := range Children(o) {
		if w, ok := Find(c, match); ok {
			return w, true
		}
	}
	var zero W
	return zero, false
}

// OnScreen is Find in the dialog on top of w, then in w's content.
func OnScreen[W fyne.CanvasObject](w fyne.Window, match func(W) bool) (W, bool) {
	if top := w.Canvas().Overlays().Top(); top != nil {
		if found, ok := Find(top, match); ok {
			return found, true
		}
	}
	return Find(w.Content(), match)
}

// Says reports whether o itself is a text, label or button whose text
// contains s.
func Says(o fyne.CanvasObject, s string) bool {
	switch x := o.(type) {
	case *canvas.Text:
		return strings.Contains(x.Text, s)
	case *widget.Label:
		return strings.Contains(x.Text, s)
	case *widget.Button:
		return strings.Contains(x.Text, s)
	}
	return false
}

// HasText reports whether some text, label or button under o contains s.
func HasText(o fyne.CanvasObject, s string) bool {
	_, ok := Find(o, func(o fyne.CanvasObject) bool { return Says(o, s) })
	return ok
}

// ShowsText reports whether some text in w's content or its top dialog
// contains s.
func ShowsText(w fyne.Window, s string) bool {
	_, ok := OnScreen(w, func(o fyne.CanvasObject) bool { return Says(o, s) })
	return ok
}

// SmallTargets walks o as laid out and returns what a guest may touch
// there (anything tappable or focusable: buttons, selects, entries, tab
// headers) that is less than min high, one line each under path, and how
// many targets it saw (a walk that sees none found nothing to check).
func SmallTargets(o fyne.CanvasObject, min float32, path string) (small []string, seen int) {
	if !o.Visible() {
		return nil, 0
	}
	name := strings.TrimPrefix(fmt.Sprintf("%T", o), "*")
	_, tappable := o.(fyne.Tappable)
	_, focusable := o.(fyne.Focusable)
	if tappable || focusable {
		seen++
		if o.Size().Height < min {
			label := ""
			switch w := o.(type) {
			case *widget.Button:
				label = w.Text
			case *widget.Select:
				label = w.Selected
			}
			small = append(small, fmt.Sprintf("%s/%s %q: %.0f px high", path, name, label, o.Size().Height))
		}
	}
	for _, k := range Children(o) {
		s, n := SmallTargets(k, min, path+"/"+name)
		small, seen = append(small, s...), seen+n
	}
	return small, seen
}

// pureBarcode tells the QR reader that the image is a generated code.
var pureBarcode = map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true}

// DecodeQR reads the QR code img draws, failing tb if it does not decode.
func DecodeQR(tb testing.TB, img image.Image) string {
	tb.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		tb.Fatal(err)
	}
	// The image is the generated code itself, not a photo of it:
	// gozxing's finder-pattern search, made for photos, misses some
	// valid codes that zbarimg and phones read (its pure-barcode mode
	// reads them all).
	res, err := qrcode.NewQRCodeReader().Decode(bmp, pureBarcode)
	if err != nil {
		tb.Fatalf("the QR code does not decode: %v", err)
	}
	return res.GetText()
}
