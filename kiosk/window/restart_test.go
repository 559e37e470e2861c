package window

import (
	"context"
	"net"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/joinurl"
)

// A crash is the table closing under the screen: the next kiosk opens the
// same database (and, where phones must find it again, the same port).

// crash closes k's table as a crash would leave it (the sessions stay in
// the database) and opens a new kiosk on the same database.
func (k *testKiosk) crash(t *testing.T) *testKiosk {
	t.Helper()
	k.tb.Close()
	return openKiosk(t, k.cfg)
}

// fixedPort is tableConfig on a port that stays the same across restarts,
// as the kiosk's is, so that phones reconnect to the restarted table.
func fixedPort(t *testing.T) table.Config {
	t.Helper()
	cfg := tableConfig(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Addr = ln.Addr().String()
	ln.Close()
	// With Addr's port fixed, the web page and the console would take
	// their default ports on every interface, which another kiosk or test
	// on this machine may hold: on loopback, any port, as the phones here
	// only need the table's own.
	cfg.WebAddr, cfg.ConsoleAddr = "127.0.0.1:0", "127.0.0.1:0"
	return cfg
}

func TestACrashDuringSeatingComesBackToTheSeatingScreen(t *testing.T) {
	test.NewTempApp(t)
	k, s := seatingFor(t, "canoe") // two phone seats
	test.Tap(s.StartButton())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k.join(ctx, t, "Anja")
	k.q.Settle()
	id := k.tb.Session().ID()

	again := k.crash(t)
	seating := again.ui.seating
	if seating == nil || again.w.Content() != seating.Content() || again.tb.Session().ID() != id {
		t.Fatal("the restarted kiosk does not show the seating screen of the game being set up")
	}
	info, err := joinurl.Parse(uitest.DecodeQR(t, seating.QR()))
	if err != nil || info.Code != again.tb.Server().LinkCode() || info.TLSAddr() != again.tb.Addr() {
		t.Fatalf("the QR code after the restart: %+v, %v; table %s at %s", info, err, again.tb.Server().LinkCode(), again.tb.Addr())
	}
	if !uitest.ShowsText(again.w, again.tb.Server().Code()) || !uitest.ShowsText(again.w, "Scannez pour rejoindre") {
		t.Error("the code or the invitation to scan is missing")
	}
	if len(seating.BotInButtons()) != 1 || !uitest.ShowsText(again.w, "Anja") {
		t.Errorf("%d robot buttons, Anja's seat shown %v; want one free seat and Anja's", len(seating.BotInButtons()), uitest.ShowsText(again.w, "Anja"))
	}
	button(t, again.w, "Annuler la partie")
	if again.ui.board != nil {
		t.Error("the board is up while a seat waits for its phone")
	}

	// The QR code works: the second phone joins and the game begins.
	c, err := client.Dial(ctx, info.TLSAddr(), info.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Join(ctx, info.Code, "Bernd"); err != nil {
		t.Fatalf("a phone could not join with the restarted table's QR code: %v", err)
	}
	// The join's welcome reaches the phone before the table's announcement
	// reaches the screen: wait for the announcement (the test's own
	// timeout names a game that never begins).
	again.until(func() bool { return again.ui.board != nil })
	if again.w.Content() != again.ui.board.Content() {
		t.Error("the game did not begin once the last phone joined")
	}
}

func TestACrashOnTheResultsComesBackToThemAndPlayAgainKeepsThePhone(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, fixedPort(t))
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LanguageButton(i18n.EN))
	test.Tap(k.ui.lobby.PlayButton("canyonduel"))
	s := k.ui.seatingScreen
	phones(s, 1)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	first := k.tb.Session()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := client.DialWith(ctx, k.tb.Addr(), k.tb.Fingerprint(), client.Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	w, err := c.Join(ctx, k.tb.Server().Code(), "Anja")
	if err != nil {
		t.Fatal(err)
	}
	played := make(chan error, 1)
	go func() {
		_, err := playPhone(ctx, c, canyonduel.New(), 1)
		played <- err
	}()
	k.waitEnd(t, first)
	if err := <-played; err != nil {
		t.Fatalf("the phone: %v", err)
	}
	if k.ui.results == nil {
		t.Fatal("no results")
	}
	headline := k.ui.results.Headline()

	again := k.crash(t)
	r := again.ui.results
	if r == nil || again.w.Content() != r.Content() || again.tb.Session().ID() != first.ID() {
		t.Fatal("the restarted kiosk does not show the results of the finished game")
	}
	if r.Headline() != headline || len(r.Rows()) != 2 || !uitest.ShowsText(again.w, "Play again") {
		t.Errorf("the results after the restart: %q, %d rows, in English %v; before %q",
			r.Headline(), len(r.Rows()), uitest.ShowsText(again.w, "Play again"), headline)
	}
	// The phone comes back to its seat of the finished game with its token.
	for again.tb.Server().Seats()[w.Seat].State != server.SeatConnected {
		again.q.Wait(context.Background())
	}
	test.Tap(r.Again())
	second := again.tb.Session()
	if second == nil || second.ID() == first.ID() {
		t.Fatal("play again after the restart started no new game")
	}
	again.q.Settle()
	if again.ui.board == nil || again.w.Content() != again.ui.board.Content() {
		t.Fatal("play again with the phone kept did not go straight to the game")
	}
	if st := again.tb.Server().Seats()[w.Seat]; st.Name != "Anja" {
		t.Errorf("the next game's seat %v is %+v, want Anja's", w.Seat, st)
	}
	// The phone is told of the next game on its connection.
	for u := range c.Updates() {
		if u.NewGame {
			if u.Over || c.Welcome().Seat != w.Seat {
				t.Errorf("the next game reached the phone over %v at %v", u.Over, c.Welcome().Seat)
			}
			break
		}
	}
	if c.Err() != nil {
		t.Fatalf("the phone stopped: %v", c.Err())
	}
	// Once the next game began, a crash comes back to it, not to the
	// results before it.
	third := again.crash(t)
	if third.tb.Session().ID() != second.ID() || third.ui.board == nil {
		t.Error("a crash after play again did not come back to the next game")
	}
}

func TestACrashKeepsTheTablesLanguage(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	test.Tap(k.ui.attract.LanguageButton(i18n.DE))
	again := k.crash(t)
	if again.ui.attract == nil || !uitest.ShowsText(again.w, "Bildschirm berühren zum Spielen") {
		t.Fatal("the restarted table does not speak German")
	}
	again.ui.attract.Touch()
	test.Tap(again.ui.lobby.LanguageButton(i18n.EN))
	test.Tap(again.ui.lobby.PlayButton("canoe"))
	test.Tap(again.ui.seatingScreen.StartButton())
	third := again.crash(t)
	if third.ui.board == nil || !uitest.ShowsText(third.w, "Staff") {
		t.Error("the game after a restart is not in English")
	}
}
