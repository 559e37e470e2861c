package window

import (
	"context"
	"math"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/kiosk/staff/stafftest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/tlscert"
)

func button(t *testing.T, w fyne.Window, prefix string) *widget.Button {
	t.Helper()
	b, ok := uitest.OnScreen(w, func(b *widget.Button) bool { return strings.HasPrefix(b.Text, prefix) })
	if !ok {
		t.Fatalf("no button %q on screen", prefix)
	}
	return b
}

// until runs the queued screen updates until cond holds, waiting for the
// next update each time it does not: an event, never a clock (the test's
// own timeout names a screen that never comes).
func (k *testKiosk) until(cond func() bool) {
	for k.q.Settle(); !cond(); {
		k.q.Wait(context.Background())
	}
}

// testKiosk is a kiosk window on a real table, in fyne's test driver.
type testKiosk struct {
	ui  *UI
	tb  *table.Table
	w   fyne.Window
	cfg table.Config
	q   *uitest.Queue
}

func openKiosk(t *testing.T, cfg table.Config) *testKiosk {
	t.Helper()
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1920, 1080))
	q := uitest.NewQueue()
	ui := &UI{ctx: context.Background(), win: w, lang: "fr", cat: cat,
		staff: staff.NewGate(stafftest.PIN("2468"), nil), do: q.Do}
	// As runWindow does: the table announces changes while it resumes,
	// and brings back the results nobody dismissed.
	cfg.OnChange = func() { ui.do(ui.refresh) }
	cfg.KeepResults = true
	cfg.Screen = ui.ConsoleScreen()
	tb, err := table.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	q.Settle() // the resumed session's announcements: ui.t is still nil
	ui.wire(tb, cfg)
	ui.staff = staff.NewGate(stafftest.PIN("2468"), nil)
	ui.start(tb)
	q.Settle()
	return &testKiosk{ui: ui, tb: tb, w: w, cfg: cfg, q: q}
}

func tableConfig(t *testing.T) table.Config {
	return table.Config{Name: "Table test", DBPath: filepath.Join(t.TempDir(), "t.db"),
		Addr: "127.0.0.1:0", Games: catalog.Registry(), PhoneRate: unthrottled}
}

// unthrottled is rate.Inf as a PhoneRate: the phones of these tests are
// bots that answer each view at once, a move every few milliseconds, and
// past its burst the throttle (kiosk/server's tests check it) set their
// pace, not the table: TestPlayAgainKeepsThePhones waited 8 s on it.
const unthrottled = math.MaxFloat64

// startPhones starts a Canoë for two phones from the lobby, as guests do.
func (k *testKiosk) startPhones(t *testing.T) {
	t.Helper()
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canoe"))
	phones(k.ui.seatingScreen, 2)
	test.Tap(k.ui.seatingScreen.StartButton())
}

func TestKioskGoesFromTheLobbyToSeatingWithACode(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.startPhones(t)
	s := k.tb.Session()
	if s == nil || s.Game().Info().ID != "canoe" {
		t.Fatal("no Canoë session after tapping Commencer")
	}
	code := k.tb.Server().Code()
	if k.ui.seating == nil || !uitest.ShowsText(k.w, code) || !uitest.ShowsText(k.w, "En attente de 2 téléphones") {
		t.Errorf("the seating screen does not show the code %s and the two free seats", code)
	}
	// Without discovery or a camera, a guest types the address in the app.
	if addr := "Adresse pour l’app : 127.0.0.1:" + port(t, k.tb.Addr()); !uitest.ShowsText(k.w, addr) {
		t.Errorf("the seating screen does not show %q", addr)
	}
}

// A kiosk restarted with a game in progress used to panic: the table
// announced the resumed session before the window held the table.
func TestARestartedWindowResumesTheGame(t *testing.T) {
	test.NewTempApp(t)
	restarted(t)
}

// restarted starts a game (Canoë for two guests on the table, the
// lobby's default), restarts the kiosk and returns the new one, showing
// the resumed game.
func restarted(t *testing.T) *testKiosk {
	t.Helper()
	cfg := tableConfig(t)
	first := openKiosk(t, cfg)
	first.ui.attract.Touch()
	test.Tap(first.ui.lobby.PlayButton("canoe"))
	test.Tap(first.ui.seatingScreen.StartButton())
	id := first.tb.Session().ID()
	first.tb.Close()

	again := openKiosk(t, cfg)
	s := again.tb.Session()
	if s == nil || s.ID() != id {
		t.Fatalf("resumed %v, want session %s", s, id)
	}
	if again.ui.board == nil || again.w.Content() != again.ui.board.Content() {
		t.Fatal("the restarted kiosk does not show the resumed game")
	}
	return again
}

// TestGuestsCallTheStaffWithoutThePIN: the corner's staff button lets
// guests call the staff (issue 31); the call waits on the staff console
// until answered, and the game goes on.
func TestGuestsCallTheStaffWithoutThePIN(t *testing.T) {
	test.NewTempApp(t)
	k := restarted(t)
	test.Tap(button(t, k.w, "Personnel"))
	test.Tap(button(t, k.w, "Appeler le personnel"))
	calls := k.tb.Console().Calls()
	if len(calls) != 1 || calls[0].Table != "Table test" {
		t.Fatalf("calls on the console: %+v", calls)
	}
	if _, ok := uitest.OnScreen(k.w, func(b *widget.Button) bool { return b.Text == "Abandonner la partie" }); ok {
		t.Fatal("calling the staff opened the staff's menu")
	}
	test.Tap(button(t, k.w, "Annuler"))
	if k.tb.Session().Status().Ended() || k.w.Content() != k.ui.board.Content() {
		t.Fatal("calling the staff left the game")
	}
	// The staff screen's settings show where the console is and the
	// words its first page shows.
	k.ui.ShowStaff()
	k.ui.Staff().Select(3)
	_, port, _ := net.SplitHostPort(k.tb.ConsoleAddr())
	if phrase := tlscert.Phrase(k.tb.Fingerprint()); phrase == "" || !uitest.ShowsText(k.w, phrase) || !uitest.ShowsText(k.w, ":"+port+"/") {
		t.Errorf("the staff settings do not show the console's address and words %q", phrase)
	}
}

func TestLeavingARunningGameNeedsThePINAndAConfirmation(t *testing.T) {
	test.NewTempApp(t)
	k := restarted(t)
	s := k.tb.Session()

	press := func(keys ...string) {
		for _, key := range keys {
			test.Tap(button(t, k.w, key))
		}
	}
	test.Tap(button(t, k.w, "Personnel"))
	press("1", "1", "1", "1", "OK")
	if _, ok := uitest.OnScreen(k.w, func(b *widget.Button) bool { return b.Text == "Oui, abandonner" }); ok {
		t.Fatal("a wrong PIN reached the confirmation")
	}
	test.Tap(button(t, k.w, "Annuler"))
	if s.Status().Ended() || k.w.Content() != k.ui.board.Content() {
		t.Fatal("cancelling the PIN left the game")
	}

	test.Tap(button(t, k.w, "Personnel"))
	press("2", "4", "6", "8", "OK")
	test.Tap(button(t, k.w, "Abandonner la partie")) // in the staff's menu
	test.Tap(button(t, k.w, "Annuler"))              // the confirmation's
	if s.Status().Ended() {
		t.Fatal("the game was abandoned without confirmation")
	}

	test.Tap(button(t, k.w, "Personnel"))
	press("2", "4", "6", "8", "OK")
	test.Tap(button(t, k.w, "Abandonner la partie"))
	test.Tap(button(t, k.w, "Oui, abandonner"))
	if s.Status() != "abandoned" || k.tb.Session() != nil || k.ui.board != nil {
		t.Fatalf("after confirming: session %s, table session %v", s.Status(), k.tb.Session())
	}
	if k.ui.lobby == nil {
		t.Error("not back in the lobby")
	}
}

// dial connects a phone to the kiosk's table, closed when the test ends.
func (k *testKiosk) dial(ctx context.Context, t *testing.T) *client.Client {
	t.Helper()
	c, err := client.Dial(ctx, k.tb.Addr(), k.tb.Fingerprint())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// join connects a phone and takes a seat with the table's code as name.
func (k *testKiosk) join(ctx context.Context, t *testing.T, name string) (*client.Client, client.Welcome) {
	t.Helper()
	c := k.dial(ctx, t)
	w, err := c.Join(ctx, k.tb.Server().Code(), name)
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

// seatingFor opens a kiosk and goes from the attract screen through the
// lobby to game's seating screen, as a group sitting down does.
func seatingFor(t *testing.T, game string) (*testKiosk, *screen.Seating) {
	t.Helper()
	k := openKiosk(t, tableConfig(t))
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton(game))
	s := k.ui.seatingScreen
	phones(s, len(s.Plan()))
	return k, s
}

// phones plans n phone seats on s, whatever s planned by default (guests
// on the table for a board game).
func phones(s *screen.Seating, n int) {
	for len(s.Plan()) > 0 {
		s.Remove(0)
	}
	for range n {
		s.AddPhone()
	}
}

func port(t *testing.T, addr string) string {
	t.Helper()
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
