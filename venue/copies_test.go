package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/shelf"
)

// Copies at every table (issue 37; docs/venue.md, "Copies at every
// table"): a box taken at one table is at that table for every other
// table's shelf and console, given back it is on its shelf everywhere,
// and a kiosk killed while a box is at its table comes back with it
// there, venue-wide.

// copyByShelf is the copy of d's catalogue on shelf code.
func copyByShelf(ctx context.Context, d *db.DB, code string) (shelf.Copy, error) {
	ts, err := d.Titles(ctx)
	if err != nil {
		return shelf.Copy{}, err
	}
	for _, ti := range ts {
		for _, c := range ti.Copies {
			if c.Shelf == code {
				return c, nil
			}
		}
	}
	return shelf.Copy{}, fmt.Errorf("no copy on shelf %s", code)
}

// copiesOut says which boxes d's catalogue has at tables: "B2@Table A",
// sorted, space-separated; "-" for none. That is what every table's shelf
// and console read (db.CopiesAtTables).
func copiesOut(ctx context.Context, d *db.DB) (string, error) {
	cs, err := d.CopiesAtTables(ctx)
	if err != nil {
		return "", err
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Shelf+"@"+c.Table)
	}
	if len(out) == 0 {
		return "-", nil
	}
	sort.Strings(out)
	return strings.Join(out, " "), nil
}

// waitCopies waits, on loaded's signals, until n's catalogue has want at
// tables (copiesOut).
func (n *node) waitCopies(t *testing.T, loaded <-chan struct{}, want string) {
	t.Helper()
	deadline := time.NewTimer(guard)
	defer deadline.Stop()
	for {
		got, err := copiesOut(context.Background(), n.d)
		if err != nil {
			t.Fatal(err)
		}
		if got == want {
			return
		}
		select {
		case <-loaded:
		case <-deadline.C:
			t.Fatalf("boxes at tables %q after %v, want %q", got, guard, want)
		}
	}
}

// In one process, behind a link the test cuts: a table cut off takes a
// box; the other table learns it when the link is back, cannot take it,
// and sees it back on its shelf once given back.
func TestVenueCopiesAtEveryTable(t *testing.T) {
	ctx := context.Background()
	hubNode, a, b := newNode(t, ""), newNode(t, "Table A"), newNode(t, "Table B")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	link := newProxy(t, hub.Addr())
	ka := startKiosk(t, a, pairing(t, hub, link.addr()))
	kb := startKiosk(t, b, pairing(t, hub, hub.Addr()))
	first := a.play(t)
	b.waitHas(t, kb.Loaded(), first)

	link.setCut(true)
	box, err := copyByShelf(ctx, a.d, "B2")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.d.Take(ctx, box.ID, a.table.Name, time.Now()); err != nil {
		t.Fatal(err)
	}
	a.waitCopies(t, ka.Loaded(), "B2@Table A")
	b.waitCopies(t, kb.Loaded(), "-")
	link.setCut(false)
	b.waitCopies(t, kb.Loaded(), "B2@Table A")
	hubNode.waitCopies(t, hub.Loaded(), "B2@Table A")

	theirs, err := copyByShelf(ctx, b.d, "B2")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.d.Take(ctx, theirs.ID, b.table.Name, time.Now()); !errors.Is(err, shelf.ErrTaken) {
		t.Errorf("Table B took a box at Table A: %v", err)
	}
	if err := a.d.Return(ctx, box.ID, a.table.Name, "", "", time.Now()); err != nil {
		t.Fatal(err)
	}
	b.waitCopies(t, kb.Loaded(), "-")
	a.waitCopies(t, ka.Loaded(), "-")
}

// waitBoxes waits until p prints that its catalogue has want at tables.
func (p *proc) waitBoxes(t *testing.T, want string) {
	t.Helper()
	var seen []string
	for {
		l := p.line(t, "boxes ")
		if l == "boxes "+want {
			return
		}
		seen = append(seen, l)
		if len(seen) > 20 {
			t.Fatalf("%s printed %q, never %q", p.name, seen, "boxes "+want)
		}
	}
}

// Across processes — a hub and two kiosks, each a process of this test
// binary, in network namespaces of their own when the test runs as root
// (else on loopback): a box taken at Table 1 is at Table 1 for Table 2
// and the hub, which Table 2 cannot take; a kiosk killed (SIGKILL) right
// after its table took a box comes back with it at its table, and the
// other table learns it; a table cut off learns the boxes given back
// meanwhile when its link comes back; given back, they are on their
// shelves everywhere.
func TestVenueCopiesAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("three processes and a kiosk restart (about 5 s)")
	}
	dir := t.TempDir()
	nsOf := func(int) string { return "" }
	listen := "127.0.0.1:0"
	var n *netns
	if _, err := exec.LookPath("ip"); err == nil && os.Geteuid() == 0 {
		n = &netns{t: t, prefix: fmt.Sprintf("tc%d", os.Getpid()%10000), subnet: 200 + os.Getpid()%50}
		n.setUp(3)
		nsOf = n.ns
		listen = n.addr(0) + ":7460"
	} else {
		t.Log("not root, or no ip: the processes share the test's network")
	}
	hub := startNode(t, "hub", nsOf(0), "hub", "TABLEE_VENUE_DB="+filepath.Join(dir, "hub.db"),
		"TABLEE_VENUE_DATA="+filepath.Join(dir, "hub"), "TABLEE_VENUE_LISTEN="+listen)
	ready := strings.Fields(hub.line(t, "ready"))
	pairs := map[int]string{1: newPairing(t, hub, ready), 2: newPairing(t, hub, ready)}
	kioskEnv := func(i int) []string {
		pair := pairs[i]
		return []string{"TABLEE_VENUE_DB=" + filepath.Join(dir, fmt.Sprintf("k%d.db", i)), "TABLEE_VENUE_DATA=" + filepath.Join(dir, fmt.Sprintf("k%d", i)),
			"TABLEE_VENUE_TABLE=" + fmt.Sprintf("Table %d", i), "TABLEE_VENUE_PAIR=" + pair}
	}
	k1 := startNode(t, "kiosk 1", nsOf(1), "kiosk", kioskEnv(1)...)
	k1.line(t, "ready")
	k2 := startNode(t, "kiosk 2", nsOf(2), "kiosk", kioskEnv(2)...)
	k2.line(t, "ready")
	// Asked, not awaited: the hub's "boxes" at its start came before the
	// pairing codes' lines, which newPairing read past.
	hub.send(t, "boxes")
	hub.waitBoxes(t, "-")

	k1.send(t, "take B2")
	k1.line(t, "took B2")
	for _, p := range []*proc{k1, k2, hub} {
		p.waitBoxes(t, "B2@Table 1")
	}
	k2.send(t, "take B2")
	if l := k2.line(t, "refused"); !strings.Contains(l, "Table 1") {
		t.Errorf("kiosk 2's refusal %q does not name Table 1", l)
	}

	// Killed right after its table took a box: the box is in its
	// database, its event in its outbox or its stream.
	k1.send(t, "take C3")
	k1.line(t, "took C3")
	k1.kill()
	k1 = startNode(t, "kiosk 1", nsOf(1), "kiosk", kioskEnv(1)[:3]...)
	k1.line(t, "ready")
	k1.waitBoxes(t, "B2@Table 1 C3@Table 1")
	k2.waitBoxes(t, "B2@Table 1 C3@Table 1")
	hub.waitBoxes(t, "B2@Table 1 C3@Table 1")

	if n != nil {
		// Table 2 cut off while Table 1 gives B2 back.
		n.ip("-n", n.ns(2), "link", "set", n.dev(2), "down")
		k1.send(t, "give B2")
		k1.line(t, "gave B2")
		hub.waitBoxes(t, "C3@Table 1")
		k2.send(t, "boxes")
		k2.waitBoxes(t, "B2@Table 1 C3@Table 1")
		n.ip("-n", n.ns(2), "link", "set", n.dev(2), "up")
	} else {
		k1.send(t, "give B2")
		k1.line(t, "gave B2")
	}
	k2.waitBoxes(t, "C3@Table 1")
	k1.send(t, "give C3")
	k1.line(t, "gave C3")
	for _, p := range []*proc{k1, k2, hub} {
		p.waitBoxes(t, "-")
	}
}
