package db

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/shelf"
)

// shelfNode is a kiosk's database with the catalogue small(); extra
// titles imported first give its copies other ids than another node's.
func shelfNode(t *testing.T, extra int) *DB {
	t.Helper()
	d := openEmptyShelf(t)
	var ts []shelf.Title
	for i := range extra {
		ts = append(ts, shelf.Title{Names: shelf.Names{FR: fmt.Sprint("Jeu ", i)}, MinPlayers: 2, MaxPlayers: 4,
			Copies: []shelf.Copy{{Shelf: "Z9"}}})
	}
	if _, err := d.ImportCatalogue(context.Background(), append(ts, small()...), t0); err != nil {
		t.Fatal(err)
	}
	return d
}

// copyOf is the copy of title (by French-or-original name) at rank i.
func copyOf(t *testing.T, d *DB, title string, i int) shelf.Copy {
	t.Helper()
	ti, ok := byName(t, d)[title]
	if !ok || len(ti.Copies) <= i {
		t.Fatalf("no copy %d of %q: %+v", i, title, ti)
	}
	return ti.Copies[i]
}

// where says where a node's catalogue has a copy: "shelf", "lent", or
// "table Table A 20:07".
func where(c shelf.Copy) string {
	if c.Status == shelf.AtTable {
		return fmt.Sprintf("table %s %s", c.Table, c.Since.UTC().Format("15:04"))
	}
	return string(c.Status)
}

// pendingOf is d's outbox events not yet handed to the others: each call
// acknowledges them, as a stream would.
func pendingOf(t *testing.T, d *DB) []OutboxEvent {
	t.Helper()
	evs, err := d.PendingEvents(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if err := d.AckEvent(context.Background(), e.ID, t0); err != nil {
			t.Fatal(err)
		}
	}
	return evs
}

// Copy events travel between tables as sessions do: a box taken at one
// table is "at Table A since 20:07" at every other, whatever the ids of
// their catalogues; another table cannot take it nor give it back by
// saying so; given back it is on the shelf everywhere; nodes that hold the
// same events in any order say the same thing; and a table's own latest
// word stands until its event came back.
func TestVenueCopyEvents(t *testing.T) {
	ctx := context.Background()
	a, b, c := shelfNode(t, 0), shelfNode(t, 0), shelfNode(t, 3)
	nodes := map[string]*DB{"A": a, "B": b, "C": c}
	var all []OutboxEvent // every event, in the venue's stream order
	deliver := func(evs ...OutboxEvent) {
		all = append(all, evs...)
		for _, d := range nodes {
			loadAll(t, d, evs...)
		}
	}
	expect := func(step, title string, i int, want string) {
		t.Helper()
		for _, name := range []string{"A", "B", "C"} {
			if got := where(copyOf(t, nodes[name], title, i)); got != want {
				t.Errorf("%s: %s's %s #%d is %q, want %q", step, name, title, i+1, got, want)
			}
		}
	}
	at := time.Date(2026, 12, 2, 20, 7, 0, 0, time.UTC)
	if err := a.Take(ctx, copyOf(t, a, "Carcassonne", 1).ID, "Table A", at); err != nil {
		t.Fatal(err)
	}
	deliver(pendingOf(t, a)...)
	expect("taken at A", "Carcassonne", 1, "table Table A 20:07")
	expect("taken at A", "Carcassonne", 0, "shelf")
	if cs, err := c.CopiesAtTables(ctx); err != nil || len(cs) != 1 || cs[0].Shelf != "C2" {
		t.Errorf("C's console lists %+v (%v) at tables, want the copy C2", cs, err)
	}

	// B cannot take it: its catalogue knows the box is at A.
	if err := b.Take(ctx, copyOf(t, b, "Carcassonne", 1).ID, "Table B", at.Add(time.Minute)); !errors.Is(err, shelf.ErrTaken) {
		t.Errorf("B took a copy at A: %v", err)
	}
	// B's staff say it is on its shelf: B's word alone, which no node
	// (B included, once its event came back) takes over A's group.
	if err := b.SetCopyStatus(ctx, copyOf(t, b, "Carcassonne", 1).ID, shelf.OnShelf); err != nil {
		t.Fatal(err)
	}
	if got := where(copyOf(t, b, "Carcassonne", 1)); got != "shelf" {
		t.Errorf("B's own word before its event came back: %q", got)
	}
	deliver(pendingOf(t, b)...)
	expect("B's staff said it is on the shelf", "Carcassonne", 1, "table Table A 20:07")

	// A gives it back: on the shelf everywhere.
	if err := a.Return(ctx, copyOf(t, a, "Carcassonne", 1).ID, "Table A", "", "", at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// C takes Pandémie and, before its event comes back, gives it back:
	// its take arriving does not put the box back on its table.
	if err := c.Take(ctx, copyOf(t, c, "Pandémie", 0).ID, "Table C", at.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := c.Return(ctx, copyOf(t, c, "Pandémie", 0).ID, "Table C", "", "", at.Add(2*time.Hour+time.Minute)); err != nil {
		t.Fatal(err)
	}
	evs := pendingOf(t, c)
	take, rest := evs[:1], evs[1:]
	loadAll(t, c, take...)
	if got := where(copyOf(t, c, "Pandémie", 0)); got != "shelf" {
		t.Errorf("C's Pandémie is %q once its take came back before its return, want its own last word, shelf", got)
	}
	if err := c.Take(ctx, copyOf(t, c, "Carcassonne", 0).ID, "Table C", at.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	rest = append(rest, pendingOf(t, c)...)
	// The venue's stream carries A's return, then C's take: A and B get
	// them all; C has not got its return back yet.
	ret := pendingOf(t, a)
	all = append(append(all, ret...), take...)
	for _, name := range []string{"A", "B"} {
		loadAll(t, nodes[name], append(slices.Clone(ret), take...)...)
	}
	loadAll(t, c, ret...)
	deliver(rest...)
	expect("given back", "Carcassonne", 1, "shelf")
	expect("C's take and return", "Pandémie", 0, "shelf")
	expect("C's take", "Carcassonne", 0, "table Table C 23:07")

	// The same events in another order give the same places.
	for _, order := range []string{"reversed", "shuffled"} {
		d := shelfNode(t, 1)
		evs := slices.Clone(all)
		if order == "reversed" {
			slices.Reverse(evs)
		} else {
			evs = append(evs[3:], evs[:3]...)
		}
		loadAll(t, d, evs...)
		loadAll(t, d, evs...) // again: nothing changes
		for _, w := range []struct {
			title string
			i     int
			want  string
		}{{"Carcassonne", 0, "table Table C 23:07"}, {"Carcassonne", 1, "shelf"}, {"Pandémie", 0, "shelf"}} {
			if got := where(copyOf(t, d, w.title, w.i)); got != w.want {
				t.Errorf("%s: %s #%d is %q, want %q", order, w.title, w.i+1, got, w.want)
			}
		}
	}

	// The anti-entropy check counts them by source.
	counts, err := b.VenueEventCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	aID, _ := a.VenueID(ctx)
	if n := counts[SourceKind{Kiosk: aID, Kind: "copy"}]; n != 2 {
		t.Errorf("B counts %d copy events from A, want 2 (%v)", n, counts)
	}
	if ids, err := b.VenueEventIDs(ctx, SourceKind{Kiosk: aID, Kind: "copy"}); err != nil || len(ids) != 2 {
		t.Errorf("B's copy event ids from A: %v (%v)", ids, err)
	}
}

// A copy event that is not one is refused, and refuses to name another
// table than its subject's.
func TestVenueCopyEventRefused(t *testing.T) {
	ctx := context.Background()
	d := shelfNode(t, 0)
	for _, body := range []string{
		`{"v":1,"event":"copy","kiosk":"k","copy":"bgg:822#1","status":"table","at":"2026-12-02T20:00:00Z"}`, // no table
		`{"v":1,"event":"copy","kiosk":"k","copy":"bgg:822#1","status":"gone","at":"2026-12-02T20:00:00Z"}`,
		`{"v":1,"event":"copy","kiosk":"k","status":"shelf","at":"2026-12-02T20:00:00Z"}`,
		`{"v":1,"event":"copy","kiosk":"k","copy":"bgg:822#1","status":"shelf"}`,
	} {
		if _, err := d.LoadVenueEvent(ctx, "e1", []byte(body), t0); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%s loaded: %v", body, err)
		}
	}
	res, err := d.LoadVenueEvents(ctx, []RawEvent{{ID: "e2", From: "other",
		Body: []byte(`{"v":1,"event":"copy","kiosk":"k","table":"T","copy":"bgg:822#1","status":"table","at":"2026-12-02T20:00:00Z"}`)}}, t0)
	if err != nil || !errors.Is(res[0].Err, ErrBadEvent) {
		t.Errorf("an event naming another kiosk than its subject's: %+v, %v", res, err)
	}
	if got := where(copyOf(t, d, "Carcassonne", 0)); got != "shelf" {
		t.Errorf("after refused events the copy is %q", got)
	}
}

// A box at a table before copies were venue events is told to the venue
// once, at the kiosk's next start.
func TestQueueCopiesAtTables(t *testing.T) {
	ctx := context.Background()
	a, b := shelfNode(t, 0), shelfNode(t, 0)
	at := time.Date(2026, 12, 2, 19, 40, 0, 0, time.UTC)
	if err := a.Take(ctx, copyOf(t, a, "Pandémie", 0).ID, "Table A", at); err != nil {
		t.Fatal(err)
	}
	// As a build before this one left it: the box at the table, no event.
	if _, err := a.w.Exec(`DELETE FROM venue_outbox`); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 0} {
		if n, err := a.QueueCopiesAtTables(ctx); n != want || err != nil {
			t.Fatalf("start %d queued %d (%v), want %d", i+1, n, err, want)
		}
	}
	loadAll(t, b, pendingOf(t, a)...)
	if got := where(copyOf(t, b, "Pandémie", 0)); got != "table Table A 19:40" {
		t.Errorf("B's Pandémie is %q", got)
	}
}
