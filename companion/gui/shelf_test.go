package gui

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/kiosktest"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

func TestTheAppSearchesTheShelfAndTakesABox(t *testing.T) {
	evening := time.Date(2026, 12, 1, 19, 40, 0, 0, time.Local)
	lib := shelftest.NewMemory([]shelf.Title{
		{ID: 1, Names: shelf.Names{Original: "Carcassonne"}, MinPlayers: 2, MaxPlayers: 5, MinMinutes: 35, MaxMinutes: 35, MinAge: 7, Kind: shelf.Competitive,
			Copies: []shelf.Copy{{ID: 11, Shelf: "D5", EAN: "4015566018853", Status: shelf.OnShelf}}},
		{ID: 2, Names: shelf.Names{FR: "Les Loups-Garous de Thiercelieux", EN: "The Werewolves of Millers Hollow"}, MinPlayers: 8, MaxPlayers: 18, MaxMinutes: 30, MinAge: 10, Kind: shelf.Teams,
			Copies: []shelf.Copy{{ID: 21, Shelf: "A1", Status: shelf.AtTable, Table: "Table 3", Since: evening}}},
		{ID: 3, Names: shelf.Names{Original: "Azul"}, MinPlayers: 2, MaxPlayers: 4, MaxMinutes: 45, Copies: []shelf.Copy{{ID: 31, Shelf: "B7", Status: shelf.OnShelf}}},
	})
	tb := kiosktest.OpenWith(t, table.Config{Shelf: lib}, canoe.ID, 2)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, canoe.ID, 2))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.until(t, "waiting for the other guest", func() bool { return p.seat.waiting == 1 && len(p.buttons("What to play?")) == 1 })
	p.u.do(func() { test.Tap(p.buttons("What to play?")[0]) })
	p.u.until(t, "the panel", func() bool { return p.seat.shelf != nil && p.seat.shelf.query != nil && p.seat.shelf.found != nil })

	p.u.do(func() { test.Type(p.seat.shelf.query, "carcasonne") })
	p.u.until(t, "Carcassonne", func() bool {
		f := p.seat.shelf.found
		return p.seat.shelf.text == "carcasonne" && len(f) == 1 && f[0].Name == "Carcassonne"
	})
	p.u.do(func() {
		for _, want := range []string{"2 to 5 players · 35 min · ages 7+ · competitive", "D5 · free on the shelf"} {
			if !strings.Contains(p.labels(), want) {
				t.Errorf("the list does not say %q:\n%s", want, p.labels())
			}
		}
		// One search for the whole word, not one per letter.
		if p.seat.shelf.asked > 3 {
			t.Errorf("%d searches sent for one word typed", p.seat.shelf.asked)
		}
	})

	p.u.do(func() { p.seat.shelf.query.SetText("loup garou") })
	p.u.until(t, "the werewolves", func() bool {
		f := p.seat.shelf.found
		return p.seat.shelf.text == "loup garou" && len(f) == 1 && f[0].Name == "The Werewolves of Millers Hollow"
	})
	p.u.do(func() {
		if !strings.Contains(p.labels(), "A1 · at Table 3 since 19:40") || len(p.seat.shelf.takes) != 0 {
			t.Errorf("a box at another table:\n%s (%d take buttons)", p.labels(), len(p.seat.shelf.takes))
		}
		p.seat.shelf.query.SetText("azul")
	})
	p.u.until(t, "Azul", func() bool { f := p.seat.shelf.found; return len(f) == 1 && f[0].Name == "Azul" })
	p.u.do(func() { test.Tap(p.seat.shelf.takes[0]) })
	p.u.until(t, "Azul noted", func() bool { return p.seat.shelf.said == "Azul (B7) is noted at your table." })
	if c, _ := lib.Copy(31); c.Table != tb.Name {
		t.Errorf("Azul's copy is at %q, want %q", c.Table, tb.Name)
	}

	// A shelf code typed: in small letters, then one no box has.
	p.u.do(func() {
		test.Type(p.seat.shelf.code, "d5")
		test.Tap(p.seat.shelf.take)
	})
	p.u.until(t, "Carcassonne noted", func() bool { return p.seat.shelf.said == "Carcassonne (D5) is noted at your table." })
	p.u.do(func() {
		test.Type(p.seat.shelf.code, "Z9")
		test.Tap(p.seat.shelf.take)
	})
	p.u.until(t, "the refusal", func() bool { return p.seat.shelf.said == "No box in the library has that code." })
	if c, _ := lib.Copy(11); c.Table != tb.Name {
		t.Errorf("Carcassonne's copy is at %q, want %q", c.Table, tb.Name)
	}

	// Back to the seat; in German the panel speaks German and keeps the words.
	p.u.do(func() { p.setLang("de") })
	p.u.do(func() {
		if !strings.Contains(p.labels(), "Ein Spiel nach Namen suchen") || p.seat.shelf.query.Text != "azul" {
			t.Errorf("after the switch to German:\n%s (query %q)", p.labels(), p.seat.shelf.query.Text)
		}
		test.Tap(p.seat.shelf.close)
	})
	p.u.until(t, "the seat again", func() bool { return !p.seat.shelf.open && len(p.buttons("Was spielen?")) == 1 })
}

func TestTheAppsShelfTextsExist(t *testing.T) {
	src, err := os.ReadFile("shelf.go")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	keys := regexp.MustCompile(`\.st\("([a-z_.-]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(keys) < 15 {
		t.Fatalf("only %d shelf texts found: the pattern no longer matches", len(keys))
	}
	for _, k := range keys {
		if strings.HasSuffix(k[1], ".") {
			continue // completed at run time, under Has
		}
		for _, l := range i18n.Langs() {
			if _, ok := cat.Export(l, "web.shelf."+k[1])["web.shelf."+k[1]]; !ok {
				t.Errorf("%s: no text web.shelf.%s", l, k[1])
			}
		}
	}
}

// The app searches as the guest types "Terraforming Mars" but the table
// records the search once, when the guest stops typing, not "T", "Te",
// …; leaving the panel then records nothing more, and a search picked
// from (Azul, taken) is recorded when the box is taken.
func TestTheAppsSearchIsRecordedOnceFinished(t *testing.T) {
	lib := shelftest.NewMemory([]shelf.Title{
		{ID: 3, Names: shelf.Names{Original: "Azul"}, MinPlayers: 2, MaxPlayers: 4, MaxMinutes: 45, Copies: []shelf.Copy{{ID: 31, Shelf: "B7", Status: shelf.OnShelf}}},
	})
	tb := kiosktest.OpenWith(t, table.Config{Shelf: lib}, canoe.ID, 2)
	p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, canoe.ID, 2))})
	p.joinFromList(t, tb.Code(), "Anja")
	p.seated(t)
	p.u.until(t, "waiting for the other guest", func() bool { return p.seat.waiting == 1 && len(p.buttons("What to play?")) == 1 })
	p.u.do(func() { test.Tap(p.buttons("What to play?")[0]) })
	p.u.until(t, "the panel", func() bool { return p.seat.shelf != nil && p.seat.shelf.query != nil && p.seat.shelf.found != nil })
	searches := func() []string {
		var out []string
		for _, s := range lib.Searches() {
			out = append(out, s.Text)
		}
		return out
	}

	p.u.do(func() { test.Type(p.seat.shelf.query, "Terraforming Mars") }) // a key at a time
	p.u.until(t, "the search finished once the guest stopped typing", func() bool { return p.seat.shelf.told == 1 })
	if got := searches(); len(got) != 1 || got[0] != "Terraforming Mars" || lib.Searches()[0].Found != 0 {
		t.Fatalf("recorded %q (%+v), want Terraforming Mars once, found nothing", got, lib.Searches())
	}
	p.u.do(func() { test.Tap(p.seat.shelf.close) })
	p.u.until(t, "the seat again", func() bool { return !p.seat.shelf.open && len(p.buttons("What to play?")) == 1 })
	p.u.do(func() { test.Tap(p.buttons("What to play?")[0]) })
	p.u.until(t, "the panel again", func() bool { return p.seat.shelf.open })
	p.u.do(func() { p.seat.shelf.query.SetText("azul") })
	p.u.until(t, "Azul", func() bool {
		f := p.seat.shelf.found
		return len(f) == 1 && f[0].Name == "Azul" && len(p.seat.shelf.takes) == 1
	})
	p.u.do(func() { test.Tap(p.seat.shelf.takes[0]) })
	p.u.until(t, "Azul taken and its search told", func() bool { return p.seat.shelf.said != "" && p.seat.shelf.told == 2 })
	if got := searches(); len(got) != 2 || got[1] != "azul" || lib.Searches()[1].Found != 1 {
		t.Errorf("recorded %q, want Terraforming Mars, then azul (found) once", got)
	}
}
