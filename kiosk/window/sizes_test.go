package window

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/staff"
)

// smallTargets lists what can be tapped under o and is less than
// screen.TouchSize high as laid out: buttons, selects, radio items, tab
// headers, entries — anything tappable.
func smallTargets(o fyne.CanvasObject, path string, seen *int) []string {
	if !o.Visible() {
		return nil
	}
	var out []string
	name := strings.TrimPrefix(fmt.Sprintf("%T", o), "*")
	_, tappable := o.(fyne.Tappable)
	if tappable {
		*seen++
	}
	if tappable && o.Size().Height < screen.TouchSize {
		label := ""
		switch w := o.(type) {
		case *widget.Button:
			label = w.Text
		case *widget.Select:
			label = w.Selected
		}
		out = append(out, fmt.Sprintf("%s/%s %q: %.0f px high", path, name, label, o.Size().Height))
	}
	for _, k := range children(o) {
		out = append(out, smallTargets(k, path+"/"+name, seen)...)
	}
	return out
}

// checkTargets fails t for every small target of the screen on display,
// dialog included, at 1920×1080.
func checkTargets(t *testing.T, k *testKiosk, screenName string) {
	t.Helper()
	if s := k.w.Canvas().Size(); s.Width < 1900 || s.Height < 1000 {
		t.Fatalf("the window is %v, not 1920×1080", s)
	}
	objs := []fyne.CanvasObject{k.w.Content()}
	if top := k.w.Canvas().Overlays().Top(); top != nil {
		objs = append(objs, top)
	}
	seen := 0
	for _, o := range objs {
		for _, small := range smallTargets(o, screenName, &seen) {
			t.Errorf("too small to touch: %s", small)
		}
	}
	if seen == 0 {
		t.Errorf("%s: nothing to touch found", screenName)
	}
	t.Logf("%s: %d targets", screenName, seen)
}

// TestEveryControlIsLargeEnoughToTouch walks the kiosk's own screens at
// 1920×1080 (attract, lobby, seating before and while phones join, the
// staff's menu over a game, results, PIN pad, staff screens with their
// tabs, replay) and fails on any tappable under screen.TouchSize.
func TestEveryControlIsLargeEnoughToTouch(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, screen.NewTheme())
	k := openKiosk(t, tableConfig(t))
	k.ui.staff = staff.NewGate(pinStore{DB: k.tb.DB()}, nil)
	if err := k.tb.DB().SetStaffPIN(context.Background(), "97531"); err != nil {
		t.Fatal(err)
	}
	checkTargets(t, k, "attract")
	k.ui.attract.Touch()
	checkTargets(t, k, "lobby")
	for _, g := range []string{"canyon", "canaille", "canoe"} {
		test.Tap(k.ui.lobby.PlayButton(g))
		checkTargets(t, k, "seating "+g)
		test.Tap(button(t, k.w, "Retour"))
	}
	test.Tap(k.ui.lobby.PlayButton("canyonduel"))
	s := k.ui.seatingScreen
	phones(s, 2)
	s.Remove(1)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	checkTargets(t, k, "seating, a phone joining")
	// A phone takes the seat; the game waits for its first move.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k.join(ctx, t, "Anja")
	k.q.settle()
	test.Tap(button(t, k.w, "Personnel"))
	checkTargets(t, k, "PIN pad")
	for _, key := range []string{"9", "7", "5", "3", "1", "OK"} {
		test.Tap(button(t, k.w, key))
	}
	checkTargets(t, k, "staff's menu over a game")
	test.Tap(k.ui.gameStaff.BotButton(0)) // bots finish the game
	game := k.tb.Session()
	k.waitEnd(t, game)
	checkTargets(t, k, "results")
	test.Tap(k.ui.results.Lobby())

	test.Tap(button(t, k.w, "Personnel"))
	for _, key := range []string{"9", "7", "5", "3", "1", "OK"} {
		test.Tap(button(t, k.w, key))
	}
	for i, tab := range []string{"leaderboards", "sessions", "figures", "settings"} {
		k.ui.staffScreen.Select(i)
		checkTargets(t, k, "staff "+tab)
	}
	k.ui.staffScreen.Select(1)
	test.Tap(button(t, k.w, "Revoir"))
	if k.ui.replay == nil {
		t.Fatal("no replay")
	}
	checkTargets(t, k, "replay")
}

// A guessing attack, or the staff, change the table code while phones
// join: the seating screen shows the new code and a QR code holding it.
func TestTheSeatingScreenFollowsANewCode(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.startPhones(t)
	old, oldURL := k.tb.Server().Code(), k.ui.seating.QRURL()
	if err := k.tb.Server().NewCode(); err != nil {
		t.Fatal(err)
	}
	k.q.wait() // the table's announcement of the change
	code := k.tb.Server().Code()
	if code == old || !onScreenText(k.w, code) || onScreenText(k.w, old) {
		t.Errorf("the screen does not show the new code %s instead of %s", code, old)
	}
	url := decodeQR(t, k.ui.seatingScreen.QR())
	if url == oldURL || url != k.ui.seating.QRURL() || !strings.Contains(url, "c="+k.tb.Server().LinkCode()) {
		t.Errorf("the QR code holds %s, want the new code %s", url, k.tb.Server().LinkCode())
	}
}
