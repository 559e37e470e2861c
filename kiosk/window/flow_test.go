package window

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/staff"
	"github.com/tablee/tablee/proto/joinurl"
)

// waitEnd returns once s has ended, then runs the screen updates it
// queued: the test waits for the session's own event, not for a clock.
func (k *testKiosk) waitEnd(t *testing.T, s *host.Session) {
	t.Helper()
	for !s.Status().Ended() {
		updates, stop := s.Subscribe(engine.Onlooker)
		for range updates {
		}
		stop()
	}
	k.q.Settle()
}

// botsPlay starts game from the lobby with two random bots in the
// seats and returns its session once it has ended (its results show).
func (k *testKiosk) botsPlay(t *testing.T, game string) *host.Session {
	t.Helper()
	test.Tap(k.ui.lobby.PlayButton(game))
	s := k.ui.seatingScreen
	for i := len(s.Plan()) - 1; i >= 0; i-- {
		s.Remove(i)
	}
	s.AddBot(engine.LevelRandom)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	played := k.tb.Session()
	k.waitEnd(t, played)
	return played
}

func TestAGroupPlaysFromTheAttractScreenToPlayAgain(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	if !uitest.ShowsText(k.w, "Touchez l'écran pour jouer") {
		t.Fatal("an idle table does not invite to play")
	}
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LanguageButton(i18n.EN))
	if !uitest.ShowsText(k.w, "Choose a game") {
		t.Fatal("the language switch did not reach the lobby")
	}
	test.Tap(k.ui.lobby.PlayButton("canoe"))
	s := k.ui.seatingScreen
	if s == nil || !uitest.ShowsText(k.w, "Canoe: who plays?") {
		t.Fatal("no English seating screen for Canoë")
	}
	s.AddPhone() // a third seat is not offered for Canoë
	s.Remove(1)
	if len(s.Plan()) != 1 || !s.StartButton().Disabled() {
		t.Errorf("start allowed with %d players for a 2-player game", len(s.Plan()))
	}
	s.Remove(0)
	s.AddBot(engine.LevelRandom)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	game := k.tb.Session()
	if game == nil {
		t.Fatal("no session after Start")
	}
	k.waitEnd(t, game)
	if k.ui.results == nil || k.ui.results.Headline() == "" || len(k.ui.results.Rows()) != 2 {
		t.Fatalf("no results after the game (%v)", game.Status())
	}
	if !uitest.ShowsText(k.w, "Play again") {
		t.Error("the results are not in English")
	}
	test.Tap(k.ui.results.Again())
	again := k.tb.Session()
	if again == nil || again.ID() == game.ID() || len(again.Record().Seats) != 2 || again.Record().Seats[1].BotLevel != engine.LevelRandom {
		t.Fatalf("play again: %+v", again)
	}
	k.waitEnd(t, again)
	test.Tap(k.ui.results.Lobby())
	if !uitest.ShowsText(k.w, "Choose a game") {
		t.Error("back to the games did not show the lobby")
	}
}

func TestTheQRCodeLetsAPhoneJoin(t *testing.T) {
	test.NewTempApp(t)
	k, s := seatingFor(t, "canoe")
	s.Remove(1)
	s.AddBot(engine.LevelRandom) // one phone, one bot
	test.Tap(s.StartButton())
	if k.ui.seating == nil || !uitest.ShowsText(k.w, "Scannez pour rejoindre") {
		t.Fatal("no QR code while the phone seat is free")
	}
	info, err := joinurl.Parse(uitest.DecodeQR(t, s.QR()))
	if err != nil {
		t.Fatal(err)
	}
	// The QR code carries the code's link form (server.LinkCode): the
	// digits shown, and a secret no guesser spends the table's budget on.
	if info.Code != k.tb.Server().LinkCode() || !strings.HasPrefix(info.Code, k.tb.Server().Code()+"-") || info.Fingerprint != k.tb.Fingerprint() {
		t.Errorf("QR code %+v, table code %s", info, k.tb.Server().Code())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, info.TLSAddr(), info.Fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Join(ctx, info.Code, "Anja"); err != nil {
		t.Fatalf("a phone could not join with the QR code's details: %v", err)
	}
	// The welcome reaches the phone before the table's announcement of the
	// seat taken reaches the screen: wait for the announcement.
	k.until(func() bool { return k.ui.board != nil })
	if k.w.Content() != k.ui.board.Content() {
		t.Fatal("the game did not begin once the phone joined")
	}
}

func TestStaffSeeBoardsAndReplayAFinishedGame(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.staff = staff.NewGate(pinStore{DB: k.tb.DB()}, nil) // the database's PIN, as runWindow wires it
	ctx := context.Background()
	if err := k.tb.DB().SetStaffPIN(ctx, "97531"); err != nil {
		t.Fatal(err)
	}
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.LanguageButton(i18n.DE))
	game := k.botsPlay(t, "canyonduel")
	test.Tap(k.ui.results.Lobby())

	test.Tap(button(t, k.w, "Personal"))
	for _, key := range []string{"1", "2", "3", "4", "OK"} {
		test.Tap(button(t, k.w, key))
	}
	if k.ui.staffScreen != nil || !uitest.ShowsText(k.w, "Falsche PIN") {
		t.Fatal("a wrong PIN was not refused in German")
	}
	for _, key := range []string{"9", "7", "5", "3", "1", "OK"} {
		test.Tap(button(t, k.w, key))
	}
	if k.ui.staffScreen == nil || !uitest.ShowsText(k.w, "Bestenlisten") {
		t.Fatal("the right PIN did not open the staff screen in German")
	}
	k.ui.staffScreen.Select(1)
	test.Tap(button(t, k.w, "Ansehen"))
	r := k.ui.replay
	if r == nil {
		t.Fatal("no replay")
	}
	for r.Position() < game.Moves() {
		r.Next()
	}
	if r.Hash() != game.Hash() || !r.Verified() {
		t.Errorf("the replay ends on %s, the game on %s", r.Hash(), game.Hash())
	}
}

// A game played to its end leaves its final board on screen, the
// reason it ended said on it, for the pause the kiosk gives, and only
// then shows the results.
func TestTheFinalBoardStaysBeforeTheResults(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	var endOfPause func()
	k.ui.endPause = time.Minute
	k.ui.after = func(d time.Duration, f func()) { endOfPause = f }
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canoe"))
	s := k.ui.seatingScreen
	for len(s.Plan()) > 0 {
		s.Remove(0)
	}
	s.AddBot(engine.LevelRandom)
	s.AddBot(engine.LevelRandom)
	test.Tap(s.StartButton())
	game := k.tb.Session()
	for !game.Status().Ended() {
		updates, stop := game.Subscribe(engine.Onlooker)
		for range updates {
		}
		stop()
	}
	// Run the queued updates one batch at a time until the game's end
	// reached the screen: the board shows how it ended, no results yet.
	for k.ui.ending != game.ID() {
		k.q.Wait(context.Background())
	}
	if k.ui.board == nil || k.ui.results != nil || k.w.Content() != k.ui.board.Content() {
		t.Fatal("the results replaced the final board at once")
	}
	// How the board draws the ending (winning canoes, the reason, turned
	// to each seat) is kiosk/board's TestCanoeShowsTheWinningCanoesAndWhy.
	endOfPause()
	k.q.Settle()
	if k.ui.results == nil {
		t.Fatal("no results after the pause")
	}
	if k.w.Content() != k.ui.results.Content() {
		t.Error("no results after the pause")
	}
}
