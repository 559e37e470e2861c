package client

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// A phone searches as its guest types: "T", "Te", … each get their list,
// and none is recorded; the guest's finished search is recorded once,
// with what it found (nothing: the house lacks it, a purchase to think
// of), as the table's own « Que jouer ? » records its searches.
func TestAPhonesSearchCountsOnceWhenFinishedNotPerLetter(t *testing.T) {
	lib := shelftest.NewMemory([]shelf.Title{
		{ID: 1, Names: shelf.Names{Original: "Carcassonne"}, Copies: []shelf.Copy{{ID: 11, Shelf: "D5", Status: shelf.OnShelf}}},
	})
	k := kiosktest.OpenWith(t, table.Config{Shelf: lib}, canoe.ID, 2)
	c, _, _ := sit(t, k, "Anja")
	const typed = "Terraforming Mars"
	runes := []rune(typed)
	for i := 1; i <= len(runes); i++ {
		var found []wire.ShelfTitle
		err := paced(func() (err error) {
			found, err = c.SearchShelf(ctxT(t), string(runes[:i]), "fr", 0, 0)
			return err
		})
		if err != nil {
			t.Fatalf("search %q: %v", string(runes[:i]), err)
		}
		if len(found) != 0 && i > 2 {
			t.Fatalf("%q found %+v on a shelf without it", string(runes[:i]), found)
		}
	}
	if got := lib.Searches(); len(got) != 0 {
		t.Fatalf("the searches as typed were recorded: %+v", got)
	}
	if err := paced(func() error { return c.FinishedSearch(ctxT(t), typed, "fr") }); err != nil {
		t.Fatal(err)
	}
	if err := paced(func() error { return c.FinishedSearch(ctxT(t), "  carcassonne ", "fr") }); err != nil {
		t.Fatal(err)
	}
	var texts []string
	var found []int
	for _, s := range lib.Searches() {
		texts, found = append(texts, s.Text), append(found, s.Found)
	}
	if !slices.Equal(texts, []string{typed, "carcassonne"}) || !slices.Equal(found, []int{0, 1}) {
		t.Errorf("recorded %q (found %v), want %q once with nothing found, then carcassonne found once", texts, found, typed)
	}
}

// paced runs ask until the table does not refuse it as over the
// connection's budget of shelf requests (12, then 4 a second): the
// phone asks again a quarter of a second later, as the page's keys do.
func paced(ask func() error) error {
	for {
		err := ask()
		var we *wire.Error
		if !errors.As(err, &we) || we.Code != wire.RateLimited {
			return err
		}
		time.Sleep(250 * time.Millisecond)
	}
}
