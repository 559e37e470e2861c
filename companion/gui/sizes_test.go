package gui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
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

// The join screen does not jump with the table: a long name, a short one,
// a table between games, the fields stand in the same place.
func TestJoinScreenDoesNotJumpWithTheTableName(t *testing.T) {
	app := test.NewTempApp(t)
	app.Settings().SetTheme(NewTheme())
	var at []fyne.Position
	for _, tb := range []discovery.Kiosk{
		{Name: "Bar", Game: "canoe"},
		{Name: "La grande table ronde du fond, près de la fenêtre sur la cour", Game: "canaille"},
		{Name: "Table 3"},
	} {
		tb.Proto, tb.Fingerprint, tb.Addrs = 2, strings.Repeat("ab", 32), []string{"127.0.0.1:1"}
		p := openPhone(t, app.Preferences(), Deps{Browse: browseOnce(tb)})
		p.u.until(t, "the table in the list", func() bool { return p.find != nil && len(p.find.tables) > 0 })
		p.u.do(func() { p.find.list.Select(0) })
		p.u.do(func() {
			at = append(at, fyne.CurrentApp().Driver().AbsolutePositionForObject(p.join.name))
		})
	}
	for i, p := range at[1:] {
		if p != at[0] {
			t.Errorf("the nickname field moves with the table: at %v for table %d, %v for the first", p, i+2, at[0])
		}
	}
}
