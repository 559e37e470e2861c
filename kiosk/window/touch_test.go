package window

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/board/boardtest"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/proto/wire"
)

// seatGuests sets up game from the lobby with a guest on the touch screen
// in each seat, tapping the seating screen's buttons, and starts it.
func (k *testKiosk) seatGuests(t *testing.T, game string, guests int) *host.Session {
	t.Helper()
	if k.ui.attract != nil {
		k.ui.attract.Touch()
	}
	test.Tap(k.ui.lobby.PlayButton(game))
	s := k.ui.seatingScreen
	for len(s.Plan()) > 0 {
		s.Remove(0)
	}
	add := s.AddTouchButton()
	if add == nil || !uitest.ShowsText(k.w, "+ Invité sur la table") {
		t.Fatalf("no button to seat a guest on the table for %s", game)
	}
	for range guests {
		test.Tap(add)
	}
	test.Tap(s.StartButton())
	return k.tb.Session()
}

// panelAction runs the button labelled label that the board puts in the
// panel of the seat to move.
func (k *testKiosk) panelAction(t *testing.T, label string) {
	t.Helper()
	for _, a := range k.ui.board.Board().Actions() {
		if a.Label == label {
			a.Do()
			return
		}
	}
	t.Fatalf("no %q button for the seat to move", label)
}

// playByTouch taps moves for whoever is to move until the game ends or
// plies moves were made (plies < 0: to the end); it waits for each move
// to be played by the session, then shows it as the UI goroutine would.
func (k *testKiosk) playByTouch(t *testing.T, s *host.Session, rng *rand.Rand, plies int) {
	t.Helper()
	for n := 0; n != plies; n++ {
		k.q.Settle()
		if _, over := s.Result(); over || k.ui.board == nil {
			return
		}
		turn := s.View(engine.Onlooker).Turn()
		legal := s.View(turn).Legal()
		m := legal[rng.IntN(len(legal))]
		before := s.Moves()
		boardtest.Tap(k.ui.board.Board(), m, legal, func(label string) { k.panelAction(t, label) })
		for s.Moves() == before {
			k.q.Wait(context.Background()) // the move's refresh, queued by the session's update
		}
		k.ui.refresh()
	}
}

func TestAGroupPlaysCanoeOnTheTableWithoutPhones(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canaille"))
	if k.ui.seatingScreen.AddTouchButton() != nil || uitest.ShowsText(k.w, "Invité sur la table") {
		t.Error("Canaille, a game of hidden hands, offers a guest on the table")
	}
	test.Tap(button(t, k.w, "Retour"))

	game := k.seatGuests(t, "canoe", 2)
	if game == nil || k.ui.board == nil || k.w.Content() != k.ui.board.Content() {
		t.Fatal("two guests on the table did not start the game at once")
	}
	for i, st := range k.tb.Server().Seats() {
		// Kept by their place, shown in the table's language.
		if st.State != server.SeatTable || st.Name != wire.TableGuest(i) || game.Record().Seats[i].Name != wire.TableGuest(i) {
			t.Errorf("seat %d is %+v, kept as %q; want a guest on the table kept as %q", i, st, game.Record().Seats[i].Name, wire.TableGuest(i))
		}
	}
	k.playByTouch(t, game, rand.New(rand.NewPCG(5, 6)), -1)
	k.waitEnd(t, game)
	if k.ui.results == nil || len(k.ui.results.Rows()) != 2 || !uitest.ShowsText(k.w, "Invité 1") {
		t.Fatalf("no results naming the guests after the game (%v, %d moves)", game.Status(), game.Moves())
	}
	t.Logf("%d moves tapped, %s", game.Moves(), k.ui.results.Headline())
}

func TestTouchSeatsStayPlayableAfterTheKioskIsReopened(t *testing.T) {
	test.NewTempApp(t)
	cfg := tableConfig(t)
	first := openKiosk(t, cfg)
	game := first.seatGuests(t, "canyonduel", 2)
	rng := rand.New(rand.NewPCG(7, 8))
	first.playByTouch(t, game, rng, 3)
	first.tb.Close()

	again := openKiosk(t, cfg)
	s := again.tb.Session()
	if s == nil || s.ID() != game.ID() || s.Moves() != 3 {
		t.Fatalf("resumed %v, want session %s at move 3", s, game.ID())
	}
	if again.ui.board == nil || again.w.Content() != again.ui.board.Content() {
		t.Fatal("the reopened kiosk does not show the game")
	}
	for i, st := range again.tb.Server().Seats() {
		if st.State != server.SeatTable {
			t.Errorf("after reopening, seat %d is %+v", i, st)
		}
	}
	again.playByTouch(t, s, rng, -1)
	again.waitEnd(t, s)
	if again.ui.results == nil {
		t.Fatalf("the resumed game was not tapped to its end (%v after %d moves)", s.Status(), s.Moves())
	}
}

func TestAPhoneCannotTakeATouchSeat(t *testing.T) {
	test.NewTempApp(t)
	k, s := seatingFor(t, "canyonduel")
	s.Remove(1)
	test.Tap(s.AddTouchButton()) // seat 1 on the table, seat 0 a phone
	test.Tap(s.StartButton())
	if k.ui.seating == nil || !uitest.ShowsText(k.w, "En attente de 1 téléphone") {
		t.Fatal("the seating screen does not wait for the one phone")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	join := func(name string) (client.Welcome, error) {
		return k.dial(ctx, t).Join(ctx, k.tb.Server().Code(), name)
	}
	if w, err := join("Anja"); err != nil || w.Seat != 0 {
		t.Fatalf("Anja's phone: seat %v, %v", w.Seat, err)
	}
	var we *wire.Error
	if _, err := join("Eve"); !errors.As(err, &we) || we.Code != wire.TableFull {
		t.Fatalf("a second phone joined a seat played on the table: %v", err)
	}
	k.q.Settle()
	if k.ui.board == nil || k.w.Content() != k.ui.board.Content() {
		t.Fatal("the game did not begin once the phone joined")
	}
	if st := k.tb.Server().Seats()[1]; st.State != server.SeatTable {
		t.Errorf("the touch seat became %+v", st)
	}
}

// TestStaffMoveASeatToAnotherPhoneOrABot: behind the PIN, the staff give a
// playing phone's seat to a new phone (the code and QR code show until it
// joins, the old phone is told) and another seat to a bot.
func TestStaffMoveASeatToAnotherPhoneOrABot(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.startPhones(t) // Canoë, two phones
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	phones := map[string]*client.Client{}
	for _, name := range []string{"Anja", "Bernd", "Carola"} {
		phones[name] = k.dial(ctx, t)
	}
	for _, name := range []string{"Anja", "Bernd"} {
		if _, err := phones[name].Join(ctx, k.tb.Server().Code(), name); err != nil {
			t.Fatal(err)
		}
	}
	k.until(func() bool { return k.ui.board != nil }) // the game begins
	game := k.tb.Session()
	anja := phones["Anja"].Welcome().Seat
	press := func(keys ...string) {
		for _, key := range keys {
			test.Tap(button(t, k.w, key))
		}
	}
	test.Tap(button(t, k.w, "Personnel"))
	press("1", "3", "5", "7", "OK")
	if uitest.ShowsText(k.w, "Autre téléphone") {
		t.Fatal("a wrong PIN opened the staff's menu")
	}
	test.Tap(button(t, k.w, "Annuler"))

	test.Tap(button(t, k.w, "Personnel"))
	press("2", "4", "6", "8", "OK")
	if !uitest.ShowsText(k.w, "Personnel : partie en cours") {
		t.Fatal("the right PIN did not open the staff's menu over the game")
	}
	test.Tap(k.ui.gameStaff.MoveButton(anja))
	var we *wire.Error
	for range phones["Anja"].Updates() { // until the client stops
	}
	if err := phones["Anja"].Err(); !errors.Is(err, client.ErrRemoved) || !errors.As(err, &we) || we.Code != wire.BadToken {
		t.Fatalf("Anja's phone was not told it lost the seat: %v", err)
	}
	k.q.Settle()
	if k.ui.seating == nil || k.ui.seating.QR() == nil || !uitest.ShowsText(k.w, k.tb.Server().Code()) ||
		!uitest.ShowsText(k.w, "En attente de 1 téléphone") || !uitest.ShowsText(k.w, "Retour à la partie") {
		t.Fatal("the freed seat is not shown with the code and QR code")
	}
	w, err := phones["Carola"].Join(ctx, k.tb.Server().Code(), "Carola")
	if err != nil || w.Seat != anja {
		t.Fatalf("Carola's phone took %v (%v), want Anja's seat %v", w.Seat, err, anja)
	}
	// The join's welcome reaches the phone before the table's announcement
	// reaches the screen: wait for the announcement, not for the welcome.
	k.until(func() bool { return k.ui.board != nil })
	if k.w.Content() != k.ui.board.Content() || k.tb.Session() != game {
		t.Fatal("the game did not come back once the new phone joined")
	}

	test.Tap(button(t, k.w, "Personnel"))
	press("2", "4", "6", "8", "OK")
	bernd := 1 - anja
	test.Tap(k.ui.gameStaff.BotButton(bernd))
	for range phones["Bernd"].Updates() {
	}
	if err := phones["Bernd"].Err(); !errors.Is(err, client.ErrRemoved) {
		t.Fatalf("Bernd's phone was not told a bot plays his seat: %v", err)
	}
	if st := k.tb.Server().Seats()[bernd]; st.State != server.SeatBot || game.Record().Seats[bernd].Kind != "bot" {
		t.Errorf("Bernd's seat is %+v after handing it to a bot", st)
	}
}

// tapPanel taps the button labelled label in a seat panel of the game
// screen (the panels are drawn turned; their upright content holds the
// buttons).
func (k *testKiosk) tapPanel(t *testing.T, label string) {
	t.Helper()
	for _, p := range uitest.All(k.ui.board.Content(), func(*board.Panel) bool { return true }) {
		if b, ok := uitest.Find(p.Content(), func(b *widget.Button) bool { return b.Text == label && b.Visible() }); ok {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no %q button in the seat panels", label)
}

// A guest on the table asks to take her move back and the kiosk restarts
// before the other guest answers: the request is not in the move log,
// yet after the restart it still waits (the table server keeps it with
// the seating), both panels say so, and the other guest's agreement takes
// the move back. A refused request does not come back.
func TestATakeBackAskedOnTheTableOutlivesARestart(t *testing.T) {
	test.NewTempApp(t)
	first := openKiosk(t, tableConfig(t))
	game := first.seatGuests(t, "canoe", 2)
	start := game.Hash()
	first.playByTouch(t, game, rand.New(rand.NewPCG(3, 4)), 1)
	waiting := "demande d'annuler son coup : à Invité 2 de répondre"
	asked := "Invité 1 demande d'annuler son coup : acceptez-vous ?"
	first.tapPanel(t, "Annuler mon coup")
	first.until(func() bool { return first.ui.board.PanelSays(asked) })

	again := first.crash(t)
	s := again.tb.Session()
	if s == nil || s.ID() != game.ID() || s.Moves() != 1 || again.ui.board == nil {
		t.Fatalf("the restarted kiosk does not show the game at its first move (%v)", s)
	}
	if tb, ok := s.Asked(); !ok || tb.Seat != 0 {
		t.Fatalf("after the restart the request is %+v, %v; want Invité 1's, open", tb, ok)
	}
	again.until(func() bool {
		return again.ui.board.PanelSays(waiting) && again.ui.board.PanelSays(asked)
	})
	again.tapPanel(t, "Refuser")
	again.until(func() bool {
		return again.ui.board.PanelSays("annulation refusée : le coup reste joué")
	})
	third := again.crash(t)
	if _, ok := third.tb.Session().Asked(); ok || third.ui.board.PanelSays(asked) {
		t.Fatal("a refused request is open again after a restart")
	}
	// The tap asks off the UI goroutine (screen.Game.takeBackActions):
	// the request is the table's once the panels say so, not at the tap.
	third.tapPanel(t, "Annuler mon coup")
	third.until(func() bool { return third.ui.board.PanelSays(asked) })
	fourth := third.crash(t)
	s = fourth.tb.Session()
	if tb, ok := s.Asked(); !ok || tb.Seat != 0 {
		t.Fatalf("after the third restart the request is %+v, %v; want Invité 1's, open", tb, ok)
	}
	fourth.until(func() bool { return fourth.ui.board.PanelSays(asked) })
	fourth.tapPanel(t, "Accepter l’annulation")
	fourth.until(func() bool { return s.Moves() == 2 && !fourth.ui.board.PanelSays(waiting) })
	if s.Hash() != start || s.View(engine.Onlooker).Turn() != 0 {
		t.Errorf("after the agreed take-back the table is not back at the start (turn %v)", s.View(engine.Onlooker).Turn())
	}
}
