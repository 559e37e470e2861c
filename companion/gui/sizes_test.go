package gui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/proto/discovery"
)

func checkTargets(t *testing.T, p *phone, screen string) {
	t.Helper()
	p.u.do(func() {
		small, seen := uitest.SmallTargets(p.w.Content(), TouchSize, screen)
		for _, s := range small {
			t.Errorf("too small to touch: %s", s)
		}
		if seen == 0 {
			t.Errorf("%s: nothing to touch found", screen)
		}
	})
}

// Every button and field of the app's screens is at least 48 px tall in
// its 400 px-wide window, as Material asks of phone targets.
func TestEveryTargetOfTheAppIsLargeEnoughToTouch(t *testing.T) {
	app := test.NewTempApp(t)
	app.Settings().SetTheme(NewTheme())
	tb := kiosktest.Open(t, "canyon", 3)
	// The table is found at every look, as the app looks again on return.
	found := tableOf(tb, "canyon", 3)
	p := openPhone(t, app.Preferences(), Deps{Browse: func(context.Context) ([]discovery.Kiosk, error) {
		return []discovery.Kiosk{found}, nil
	}})
	p.u.until(t, "the table in the list", func() bool { return p.find != nil && len(p.find.tables) > 0 })
	checkTargets(t, p, "find")
	p.u.do(func() { test.Tap(p.find.typed) })
	checkTargets(t, p, "address")
	p.u.do(func() { p.showFind(nil) })
	p.u.until(t, "the table in the list", func() bool { return p.find != nil && len(p.find.tables) > 0 })
	p.u.do(func() { p.find.list.Select(0) })
	checkTargets(t, p, "join")
	p.u.do(func() {
		test.Type(p.join.code, tb.Code())
		test.Type(p.join.name, "Anja")
		test.Tap(p.join.submit)
	})
	p.seated(t)
	runBots(t, tb, 2)
	p.u.until(t, "a decision", p.ready)
	checkTargets(t, p, "canyon")
}
