package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/internal/uitest"
)

// TestTheTempoIsInSight: in the phone's window (400 × 860), when the seat
// bids its tempo every tempo button lies whole inside the part of the
// seat screen that shows, without scrolling (tempos 4 to 7 lay below it),
// and inside the window's width.
func TestTheTempoIsInSight(t *testing.T) {
	tb, p := anjaSeatedAt(t, "canyon", 3)
	fyne.CurrentApp().Settings().SetTheme(NewTheme()) // the app's sizes, as cmd/companion's
	runBots(t, tb, 2)
	p.u.until(t, "this seat's tempo", func() bool {
		v := p.seat.view.(*canyon.View)
		if v.Phase == canyon.PhasePlace && p.ready() {
			p.tapFirst("Start ")
			return false
		}
		return v.Phase == canyon.PhaseTempo && p.ready()
	})
	p.u.do(func() {
		d := fyne.CurrentApp().Driver()
		scroll, ok := uitest.OnScreen(p.w, func(*container.Scroll) bool { return true })
		if !ok {
			t.Fatal("no scrolling column on the seat screen")
		}
		top := d.AbsolutePositionForObject(scroll).Y
		bottom := top + scroll.Size().Height
		tempos := 0
		for _, b := range uitest.All(scroll.Content, func(*widget.Button) bool { return true }) {
			if b.OnTapped == nil || b.Importance != widget.HighImportance {
				continue
			}
			tempos++
			at := d.AbsolutePositionForObject(b)
			if at.X < -0.5 || at.X+b.Size().Width > p.w.Canvas().Size().Width+0.5 {
				t.Errorf("%q lies at x %.0f–%.0f, past the window's %.0f px", b.Text, at.X, at.X+b.Size().Width, p.w.Canvas().Size().Width)
			}
			if at.Y < top-0.5 || at.Y+b.Size().Height > bottom+0.5 {
				t.Errorf("%q lies at %.0f–%.0f, the column shows %.0f–%.0f", b.Text, at.Y, at.Y+b.Size().Height, top, bottom)
			}
		}
		if tempos == 0 {
			t.Errorf("no tempo button:\n%s", p.labels())
		}
	})
}
