package window

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/server"
)

// sheetKiosk is a kiosk that keeps the score of shelf games, on a port
// kept across restarts, with the demo shelf.
func sheetKiosk(t *testing.T) *testKiosk {
	t.Helper()
	cfg := fixedPort(t)
	cfg.Games = catalog.Plays()
	k := openKiosk(t, cfg)
	k.withShelf(t)
	return k
}

// phoneEnters writes value in the phone's own line through the wire, as
// the companion does.
func phoneEnters(ctx context.Context, t *testing.T, c *client.Client, seat engine.Seat, cat string, round, value int) {
	t.Helper()
	data, err := json.Marshal(sheet.Enter(seat, cat, round, value))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Move(ctx, data); err != nil {
		t.Fatalf("seat %d writes %s=%d: %v", seat, cat, value, err)
	}
}

// drain reads c's updates so that it never waits on the test.
func drain(c *client.Client) {
	go func() {
		for range c.Updates() {
		}
	}()
}

// A group takes Skull King from the shelf, keeps its score at the table
// (a guest on the touch screen, a phone), and the kiosk killed during the
// play comes back to the sheet with every entry, hidden bids still hidden.
func TestAShelfGameIsScoredAtTheTableAndSurvivesACrash(t *testing.T) {
	test.NewTempApp(t)
	k := sheetKiosk(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PickButton(geom.Bottom))
	s := k.ui.Shelf()
	skull := shownTitle(t, s, "Skull King")
	test.Tap(s.TakeButton(skull.ID))
	here := s.AtTable()
	if len(here) != 1 || s.KeepButton(here[0].ID) == nil {
		t.Fatalf("the box taken has no « Noter les scores ici »: %+v", here)
	}
	test.Tap(s.KeepButton(here[0].ID))
	seating := k.ui.seatingScreen
	if seating == nil || seating.Heading() != "Skull King : qui joue ?" {
		t.Fatalf("keeping the score did not open the seating of Skull King: %v", seating)
	}
	if plan := seating.Plan(); len(plan) != 1 || !plan[0].Touch || seating.AddTouchButton() == nil {
		t.Fatalf("the seating plans %+v; want one guest on the table and the button for more", plan)
	}
	seating.AddPhone()
	test.Tap(seating.StartButton())
	sess := k.tb.Session()
	if sess == nil || sess.Game().Info().ID != sheet.ID || sess.Record().Options[sheet.OptionSheet] != "skullking" ||
		sess.Record().Options[sheet.OptionTitle] != "Skull King" {
		t.Fatalf("the play started is %+v", sess.Record())
	}
	c, w := k.join(ctx, t, "Bernd")
	defer c.Close()
	drain(c)
	k.until(func() bool { return k.ui.Sheet() != nil })
	if k.w.Content() != k.ui.Sheet().Content() {
		t.Fatal("the sheet is not on screen once the phone joined")
	}
	sh := k.ui.Sheet()
	// The guest's bid on the table's pad, the phone's through the wire.
	pad := sh.Pad(0)
	pad.Type("1+1")
	pad.Type("OK")
	phoneEnters(ctx, t, c, w.Seat, "bid", 1, 1)
	k.until(func() bool { return k.ui.Sheet().Action("reveal") != nil })
	if bids := k.ui.Sheet().Board().Rows()[0].Cells; bids[0] != "✓" || bids[1] != "✓" {
		t.Errorf("the bids show as %q before the reveal, want written and hidden", bids)
	}
	test.Tap(k.ui.Sheet().Action("reveal"))
	k.ui.Sheet().Pad(0).Type("3OK")
	moves := sess.Moves()

	again := k.crash(t)
	back := again.ui.Sheet()
	if back == nil || again.w.Content() != back.Content() || again.tb.Session().ID() != sess.ID() {
		t.Fatal("the restarted kiosk does not show the score sheet of the play")
	}
	if got := again.tb.Session().Moves(); got != moves {
		t.Fatalf("the play resumed with %d entries, had %d", got, moves)
	}
	rows := back.Board().Rows()
	if len(rows) < 2 || rows[0].Cells[0] != "2" || rows[0].Cells[1] != "1" || rows[1].Cells[0] != "3" {
		t.Errorf("the board after the restart: %+v", rows)
	}
	if st := again.tb.Server().Seats()[0]; st.State != server.SeatTable {
		t.Errorf("the guest's seat after the restart is %+v", st)
	}
	if back.Pad(0) == nil {
		t.Fatal("the guest on the table has no pad after the restart")
	}
	if cat, r := back.Pad(0).Line(); cat != "bid" || r != 2 {
		t.Errorf("the guest's pad resumes on %s/%d, want the bid of round 2", cat, r)
	}
}

// « Un autre jeu » keeps the score of a game by the name typed: its
// ready sheet when the name is a sheet's, else the generic sheet, the
// title kept as typed (with capitals: the keyboard types lower case).
func TestAnotherGameByNameIsScoredOnItsSheet(t *testing.T) {
	test.NewTempApp(t)
	k := sheetKiosk(t)
	for _, c := range []struct{ typed, heading, sheetID, title string }{
		{"azul", "Azul : qui joue ?", "azul", "Azul"},
		{"mon jeu", "Mon Jeu : qui joue ?", "generic", "Mon Jeu"},
	} {
		k.ui.showShelf(geom.Left)
		s := k.ui.Shelf()
		s.Type(c.typed)
		b := s.AnotherButton()
		if b == nil {
			t.Fatalf("%q typed: no « Un autre jeu »", c.typed)
		}
		test.Tap(b)
		seating := k.ui.seatingScreen
		if seating == nil || seating.Heading() != c.heading {
			t.Fatalf("%q typed: the seating is %v", c.typed, seating)
		}
		seating.AddTouchButton().OnTapped()
		test.Tap(seating.StartButton())
		k.q.Settle()
		rec := k.tb.Session().Record()
		if rec.Options[sheet.OptionSheet] != c.sheetID || rec.Options[sheet.OptionTitle] != c.title || k.ui.Sheet() == nil {
			t.Fatalf("%q typed: the play is %v on %v", c.typed, rec.Options, k.ui.Sheet())
		}
		if err := k.tb.Abandon(context.Background(), "test"); err != nil {
			t.Fatal(err)
		}
	}
}

// The staff set the score sheet's "running long" reminder among the
// table's settings; a play's timer says it once past.
func TestTheStaffSetTheSheetsRunningLongReminder(t *testing.T) {
	test.NewTempApp(t)
	k := sheetKiosk(t)
	k.ui.showStaff()
	k.ui.Staff().Select(3)
	if !uitest.ShowsText(k.w, "Rappel « la partie dure »") {
		t.Fatal("the staff's settings do not offer the score sheet's reminder")
	}
	if err := k.tb.DB().SetDefaultOptions(context.Background(), sheet.ID, map[string]string{OptionLong: "90m"}); err != nil {
		t.Fatal(err)
	}
	if got := k.ui.sheetLong(); got != 90*time.Minute {
		t.Errorf("the reminder read back is %v", got)
	}
}
