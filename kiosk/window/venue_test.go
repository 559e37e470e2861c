package window

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/internal/waittest"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/venue"
)

// startTestHub runs a venue hub on loopback, closed when the test ends.
func startTestHub(t *testing.T) *venue.Hub {
	t.Helper()
	dir := t.TempDir()
	d, err := db.Open(context.Background(), filepath.Join(dir, "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h, err := venue.StartHub(context.Background(), venue.HubConfig{DB: d, DataDir: filepath.Join(dir, "venue"), Listen: "127.0.0.1:0", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

// waitFor waits until check passes, trying it every 20 ms (the hub's
// answers come from other goroutines without a signal to the screen);
// after a guard of a minute it fails with what the check last saw.
func waitFor(t *testing.T, check func() error) {
	t.Helper()
	waittest.For(t, time.Minute, 20*time.Millisecond, check)
}

// The staff pair the table with the venue's hub from the staff screen:
// the hub found on the network (a finder standing for mDNS), its code
// typed, its verification words shown before anything is sent; a wrong
// code is refused, the right one pairs and starts sharing at once and the
// section shows the words the hub's console lists the pairing with; the
// section then lists the venue's tables, and the staff can leave the
// venue; the code, used, pairs it no more and the screen says why.
func TestStaffPairTheTableWithTheVenue(t *testing.T) {
	test.NewTempApp(t)
	hub := startTestHub(t)
	k := openKiosk(t, tableConfig(t))
	finder := func(context.Context) ([]discovery.Hub, error) {
		_, port, _ := net.SplitHostPort(hub.PairAddr())
		pp, _ := strconv.Atoi(port)
		return []discovery.Hub{{Name: "Salle du fond", Proto: venue.Proto, Fingerprint: hub.Fingerprint(), Addrs: []string{hub.Addr()}, PairPort: pp}}, nil
	}
	desk := venue.NewDesk(venue.KioskConfig{DB: k.tb.DB(), Dir: filepath.Join(t.TempDir(), "venue"), Table: "Table test", Logf: t.Logf}, finder)
	t.Cleanup(desk.Close)
	k.ui.venue = desk
	rec := k.ui.rec.(records)
	rec.venue = desk
	k.ui.rec = rec
	k.ui.ShowStaff()
	k.ui.staffScreen.Select(4)
	if !uitest.ShowsText(k.w, "Relier cette table") {
		t.Fatal("the venue section of an unpaired table does not offer to join a venue")
	}
	test.Tap(button(t, k.w, "Chercher le poste central"))
	k.until(func() bool { return uitest.ShowsText(k.w, "Salle du fond") })
	test.Tap(button(t, k.w, "Salle du fond"))

	code, _, err := hub.NewCode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	type_ := func(code string) {
		k.ui.staffScreen.CodeEntry().SetText(code)
		test.Tap(button(t, k.w, "Continuer"))
		if !uitest.ShowsText(k.w, hub.Words()) {
			t.Fatalf("the hub's words %q are not shown before pairing", hub.Words())
		}
		test.Tap(button(t, k.w, "Les mêmes mots"))
	}
	type_(wrong)
	k.until(func() bool { return uitest.ShowsText(k.w, "Le poste central ne connaît pas ce code") })
	if desk.Paired() {
		t.Fatal("a wrong code paired the table")
	}
	type_(code)
	k.until(func() bool { return uitest.ShowsText(k.w, "Cette table fait partie de la salle") })
	// The words the hub's console lists this pairing with.
	if notes := hub.Pairings(); len(notes) != 1 || notes[0].Table != "Table test" || !uitest.ShowsText(k.w, notes[0].Words) {
		t.Errorf("the hub lists the pairings %+v; the staff screen does not show their words", notes)
	}
	if _, ok, err := venue.Paired(context.Background(), k.tb.DB()); !ok || err != nil {
		t.Fatalf("the pairing is not stored: %v", err)
	}
	// Sharing started at once: the link comes up and the hub answers
	// the kiosk's first hello (its first answer takes a while: the hub
	// sources the new table's stream first); "Actualiser" asks the hub
	// again, and the section lists this table, up to date.
	waitFor(t, func() error {
		tables, at := desk.Kiosk().Tables()
		if !desk.Linked() || at.IsZero() {
			return fmt.Errorf("the desk linked %v, the hub's tables %+v answered at %v", desk.Linked(), tables, at)
		}
		return nil
	})
	test.Tap(button(t, k.w, "Actualiser"))
	k.until(func() bool {
		return slices.Contains(k.ui.staffScreen.VenueLines(), "Table test (cette table) | à jour")
	})
	if lines := k.ui.staffScreen.VenueLines(); !slices.Equal(lines, []string{"Table test (cette table) | à jour"}) {
		st, _ := desk.Status(context.Background(), time.Now())
		t.Errorf("the venue's tables: %q (%+v)", lines, st)
	}
	if !uitest.ShowsText(k.w, "Reliée au poste central") || !uitest.ShowsText(k.w, hub.Words()) {
		t.Error("the section does not say the table is linked to the hub, nor the hub's words")
	}

	test.Tap(button(t, k.w, "Quitter la salle"))
	if _, ok := uitest.OnScreen(k.w, func(l *widget.Label) bool { return strings.Contains(l.Text, "ne partagera plus") }); !ok {
		t.Fatal("leaving the venue asks no confirmation")
	}
	test.Tap(button(t, k.w, "Quitter la salle")) // the confirmation's
	k.until(func() bool { return uitest.ShowsText(k.w, "Relier cette table") })
	if _, ok, _ := venue.Paired(context.Background(), k.tb.DB()); ok || desk.Paired() {
		t.Error("the table still belongs to the venue")
	}
	// Joining again with the code used: refused, and the screen says why.
	test.Tap(button(t, k.w, "Chercher le poste central"))
	k.until(func() bool { return uitest.ShowsText(k.w, "Salle du fond") })
	test.Tap(button(t, k.w, "Salle du fond"))
	type_(code)
	k.until(func() bool { return uitest.ShowsText(k.w, "Ce code a déjà servi") })
	if desk.Paired() {
		t.Error("a used code paired the table again")
	}
}
