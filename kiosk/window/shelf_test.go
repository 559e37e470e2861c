package window

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/companion/headless"
	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/kiosk/screen"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// shelfEvening is the clock of the shelf's journeys: 19:40 at the café.
var shelfEvening = time.Date(2026, 12, 4, 19, 40, 0, 0, time.Local)

// withShelf imports the demo catalogue into k's database and stamps the
// boxes taken at 19:40; it returns the table's library, the database.
func (k *testKiosk) withShelf(t *testing.T) shelf.Library {
	t.Helper()
	if _, err := k.tb.DB().ImportCatalogue(context.Background(), shelftest.Demo(), shelfEvening); err != nil {
		t.Fatal(err)
	}
	if k.ui.lib == nil {
		t.Fatal("the table's database gives no catalogue")
	}
	k.ui.now = func() time.Time { return shelfEvening }
	return k.ui.lib
}

// title is the shown title named name in French.
func shownTitle(t *testing.T, s *screen.Shelf, name string) shelf.Title {
	t.Helper()
	var seen []string
	for _, m := range s.Matches() {
		if m.Title.Names.FR == name {
			return m.Title
		}
		seen = append(seen, m.Title.Names.FR)
	}
	t.Fatalf("%q is not proposed; the screen shows %q", name, seen)
	return shelf.Title{}
}

func TestFiveGuestsWithHalfAnHourFindTakeAndGiveBackABox(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	lib := k.withShelf(t)
	k.ui.attract.Touch()
	// The group sits on the table's right-hand side.
	test.Tap(k.ui.lobby.PickButton(geom.Right))
	s := k.ui.Shelf()
	if s == nil || k.w.Content() != s.Content() || s.Side() != geom.Right {
		t.Fatal("« Que jouer ? » from the right side does not open facing it")
	}
	test.Tap(s.Stepper("players+"))
	test.Tap(s.Stepper("minutes-"))
	test.Tap(s.Stepper("minutes-"))
	if q := s.Query(); q.Players != 5 || q.Minutes != 30 {
		t.Fatalf("the group asked %+v", q)
	}
	skull := shownTitle(t, s, "Skull King")
	if !uitest.HasText(s.Upright(), "B7") || s.TakeButton(skull.ID) == nil {
		t.Fatal("Skull King's shelf code B7 and « Nous le prenons » are not on screen")
	}
	test.Tap(s.TakeButton(skull.ID))
	here, err := lib.AtTable(context.Background(), "Table test")
	if err != nil || len(here) != 1 || here[0].Shelf != "B7" || !here[0].Since.Equal(shelfEvening) {
		t.Fatalf("at the table: %+v, %v", here, err)
	}
	// Back in the lobby, the box is still said to be here.
	button(t, k.w, "Retour").OnTapped()
	if k.ui.lobby == nil || !uitest.ShowsText(k.w, "À cette table : Skull King (B7)") {
		t.Fatal("the lobby does not say Skull King is at the table")
	}
	k.ui.showAttract()
	if got := k.ui.attract.Here(); !strings.Contains(got, "Skull King (B7)") {
		t.Fatalf("the attract screen says %q of the boxes here", got)
	}
	k.ui.attract.Touch()
	// The end of the evening: from the bottom side this time.
	test.Tap(k.ui.lobby.PickButton(geom.Bottom))
	s = k.ui.Shelf()
	if s.GiveButton(here[0].ID) == nil || !uitest.HasText(s.Upright(), "Skull King (B7) depuis 19:40") {
		t.Fatal("the box at the table has no « Rendre »")
	}
	test.Tap(s.GiveButton(here[0].ID))
	s.Type("il manque une carte")
	test.Tap(s.Answer("missing"))
	if here, _ := lib.AtTable(context.Background(), "Table test"); len(here) != 0 {
		t.Fatalf("still at the table: %+v", here)
	}
	// The staff read the note with the box and the table.
	k.ui.showStaff()
	st := k.ui.Staff()
	st.Select(4)
	want := "Table test · Skull King (B7) : Il manque quelque chose : il manque une carte"
	if !uitest.ShowsText(k.w, want) {
		t.Errorf("the staff screen does not show %q", want)
	}
}

func TestTheShelfFromEverySideHasTargetsAFingerHits(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, screen.NewTheme())
	k := openKiosk(t, tableConfig(t))
	k.withShelf(t)
	k.ui.attract.Touch()
	lobby := k.ui.lobby
	for _, side := range []geom.Side{geom.Bottom, geom.Left, geom.Top, geom.Right} {
		if lobby.PickButton(side) == nil {
			t.Fatalf("the lobby has no « Que jouer ? » on side %d", side)
		}
	}
	small, seen := uitest.SmallTargets(k.w.Content(), screen.TouchSize, "lobby")
	for _, l := range small {
		t.Error(l)
	}
	for _, side := range []geom.Side{geom.Bottom, geom.Left, geom.Top, geom.Right} {
		k.ui.showShelf(side)
		sm, n := uitest.SmallTargets(k.ui.Shelf().Upright(), screen.TouchSize, "shelf")
		for _, l := range sm {
			t.Errorf("side %d: %s", side, l)
		}
		seen += n
		if got := k.ui.Shelf().Upright().Size(); got.Width < 1000 || got.Height < 1000 {
			t.Errorf("side %d: the screen is laid out at %v", side, got)
		}
	}
	if seen < 4*40 {
		t.Errorf("only %d targets seen", seen)
	}
}

func TestAKioskKilledWhileAGroupHasABoxComesBackWithTheBoxAtTheTable(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.withShelf(t)
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PickButton(geom.Top))
	s := k.ui.Shelf()
	var took shelf.Title
	for _, m := range s.Matches() {
		if b := s.TakeButton(m.Title.ID); b != nil {
			took = m.Title
			test.Tap(b)
			break
		}
	}
	if took.ID == 0 || len(s.AtTable()) != 1 {
		t.Fatalf("no box taken from %d proposed", len(s.Matches()))
	}
	copyID := s.AtTable()[0].ID
	name := took.Names.Name("fr")

	again := k.crash(t)
	if got := again.ui.attract.Here(); !strings.Contains(got, name) {
		t.Fatalf("after the restart the attract screen says %q, want %s at the table", got, name)
	}
	again.ui.attract.Touch()
	if !uitest.ShowsText(again.w, name) {
		t.Errorf("the lobby does not say %s is at the table", name)
	}
	test.Tap(again.ui.lobby.PickButton(geom.Bottom))
	s = again.ui.Shelf()
	if s.GiveButton(copyID) == nil {
		t.Fatalf("the restarted table offers no « Rendre » for %s (at the table: %+v)", name, s.AtTable())
	}
	test.Tap(s.GiveButton(copyID))
	test.Tap(s.Answer("complete"))
	here, err := again.ui.lib.AtTable(context.Background(), "Table test")
	if err != nil || len(here) != 0 {
		t.Errorf("after « Tout y est »: %+v, %v", here, err)
	}
}

func TestAGroupThatPlayedCanoeHereIsNotProposedItAgain(t *testing.T) {
	test.NewTempApp(t)
	k := openKiosk(t, tableConfig(t))
	k.withShelf(t)
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PlayButton("canoe"))
	phones(k.ui.seatingScreen, 2)
	test.Tap(k.ui.seatingScreen.StartButton())
	s := k.tb.Session()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	done := make(chan error, 2)
	for i, name := range []string{"Anja", "Bernd"} {
		key, err := client.NewPlayerKey()
		if err != nil {
			t.Fatal(err)
		}
		go func() { // players with their keys: known to the table
			_, err := headless.RunGames(ctx, headless.Config{Addr: k.tb.Addr(), Fingerprint: k.tb.Fingerprint(),
				Code: k.tb.Server().Code(), Name: name, Key: key, Bot: engine.LevelRandom, Seed: uint64(i + 1), Games: catalog.Registry()}, 1)
			done <- err
		}()
	}
	k.waitEnd(t, s)
	for range 2 {
		if err := <-done; err != nil {
			t.Fatalf("a phone: %v", err)
		}
	}
	k.ui.showShelf(geom.Bottom)
	sh := k.ui.Shelf()
	if sh.FreshButton() == nil {
		t.Fatal("the group's players are known, but « Rien de déjà joué ici » is not offered")
	}
	shows := func(game string) bool {
		for _, m := range sh.Matches() {
			if m.Title.Engine == game {
				return true
			}
		}
		return false
	}
	for range 2 { // from four to two: a game for two
		test.Tap(sh.Stepper("players-"))
	}
	sh.Type("cano")
	if !shows("canoe") {
		t.Fatalf("« cano » does not find Canoë to begin with: %d titles", len(sh.Matches()))
	}
	test.Tap(sh.FreshButton())
	if shows("canoe") {
		t.Error("« Rien de déjà joué ici » still proposes Canoë, which they just played")
	}
}

// A box another table of the venue takes shows on this table's « Que
// jouer ? », while it shows, where it is, and cannot be taken here; given
// back there, it is free here again (its copy events loaded as the
// venue's loader loads them; the screen reads the boxes again on the
// database's signal).
func TestABoxTakenAtAnotherTableShowsWhereItIs(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	k := openKiosk(t, tableConfig(t))
	k.withShelf(t)
	other, err := db.Open(ctx, filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ImportCatalogue(ctx, shelftest.Demo(), shelfEvening); err != nil {
		t.Fatal(err)
	}
	var skull shelf.Copy
	ts, err := other.Titles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range ts {
		if ti.Names.FR == "Skull King" {
			skull = ti.Copies[0]
		}
	}
	// What the venue brings from the other table: its pending events.
	venue := func() {
		t.Helper()
		evs, err := other.PendingEvents(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if _, err := k.tb.DB().LoadVenueEvent(ctx, e.ID, e.Body, shelfEvening); err != nil {
				t.Fatal(err)
			}
			if err := other.AckEvent(ctx, e.ID, shelfEvening); err != nil {
				t.Fatal(err)
			}
		}
	}
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PickButton(geom.Right))
	s := k.ui.Shelf()
	test.Tap(s.Stepper("players+"))
	test.Tap(s.Stepper("minutes-"))
	test.Tap(s.Stepper("minutes-"))
	title := shownTitle(t, s, "Skull King")
	if s.TakeButton(title.ID) == nil {
		t.Fatal("Skull King is not offered before the other table takes it")
	}
	changes := s.Changes()
	if err := other.Take(ctx, skull.ID, "Table 3", shelfEvening); err != nil {
		t.Fatal(err)
	}
	venue()
	k.until(func() bool { return uitest.HasText(s.Upright(), "Sorti : Table 3, depuis 19:40") })
	if s.TakeButton(title.ID) != nil || k.ui.Shelf() != s {
		t.Fatal("the screen still offers Skull King, taken at Table 3, or was replaced")
	}
	if s.Changes() != changes {
		t.Errorf("the venue's news counted as the group's doing (%d changes, then %d): the idle watch would never rest", changes, s.Changes())
	}
	if err := other.Return(ctx, skull.ID, "Table 3", "", "", shelfEvening.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	venue()
	k.until(func() bool { return s.TakeButton(title.ID) != nil })
	if !uitest.HasText(s.Upright(), "B7") {
		t.Error("Skull King, given back at Table 3, does not show its shelf B7 here")
	}
}
