package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/companion/gui"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/table"
	"github.com/tablee/tablee/looks"
)

// pageLooks is /looks.json as the page reads it.
type pageLooks struct {
	Games   map[string]looks.Game          `json:"games"`
	Symbols map[looks.Symbol][]looks.Point `json:"symbols"`
	Names   map[i18n.Lang]struct {
		Kinds map[string]string `json:"kinds"`
		Suits []string          `json:"suits"`
	} `json:"names"`
}

// TestTheLooksAgree checks that the table, the native companion and the
// web page give every game of the catalog the same looks: the seats'
// colours, Canyon's suits (colour, ink, symbol), Canaille's kinds (colour,
// ink, mark), read back from what the board and the app draw and fetched
// from a real kiosk's /looks.json; and that the page names Canaille's
// kinds as the table prints them, in every language.
func TestTheLooksAgree(t *testing.T) {
	k := openKiosk(t, canaille.ID, []table.Seat{{}, {}})
	resp, err := http.Get("http://" + k.WebAddr() + "/looks.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /looks.json: %s", resp.Status)
	}
	var page pageLooks
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		t.Fatalf("/looks.json: %v", err)
	}
	test.NewTempApp(t) // the board measures its texts through Fyne
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, sym := range looks.Symbols {
		if got, want := page.Symbols[sym], sym.Outline(); len(got) != len(want) {
			t.Errorf("the page draws %s with %d corners, the table and the app with %d", sym, len(got), len(want))
		}
	}
	for _, rules := range catalog.Games() {
		id := rules.Info().ID
		want, _ := looks.For(id) // the common seat colours for a game without its own
		seats := rules.Info().MaxSeats
		onTable, err := board.DrawnLooks(id, board.Env{Texts: texts, Lang: i18n.FR, Still: true}, seats)
		if err != nil {
			t.Fatal(err)
		}
		onApp := gui.DrawnLooks(texts, id, seats)
		onPage, ok := page.Games[id]
		if !ok {
			t.Errorf("%s: not in /looks.json", id)
			continue
		}
		for s := range seats {
			w := want.Seat(s).Fill
			if got := onTable.Seats[s].Fill; got != w {
				t.Errorf("%s seat %d: the table draws %s, the looks say %s", id, s+1, got.Hex(), w.Hex())
			}
			if got := onApp.Seats[s].Fill; got != w {
				t.Errorf("%s seat %d: the app draws %s, the looks say %s", id, s+1, got.Hex(), w.Hex())
			}
			if got := onPage.Seat(s).Fill; got != w {
				t.Errorf("%s seat %d: the page gets %s, the looks say %s", id, s+1, got.Hex(), w.Hex())
			}
		}
		same := func(what string, w, table, app, page looks.Look) {
			if table != w || app != w || page != w {
				t.Errorf("%s %s: looks %+v; the table draws %+v, the app %+v, the page gets %+v", id, what, w, table, app, page)
			}
		}
		if len(onTable.Suits) != len(want.Suits) || len(onApp.Suits) != len(want.Suits) || len(onPage.Suits) != len(want.Suits) {
			t.Errorf("%s: %d suits; the table draws %d, the app %d, the page gets %d", id, len(want.Suits), len(onTable.Suits), len(onApp.Suits), len(onPage.Suits))
			continue
		}
		for i, w := range want.Suits {
			same("suit "+string(rune('0'+i)), w, onTable.Suits[i], onApp.Suits[i], onPage.Suits[i])
		}
		if len(onTable.Kinds) != len(want.Kinds) || len(onApp.Kinds) != len(want.Kinds) || len(onPage.Kinds) != len(want.Kinds) {
			t.Errorf("%s: %d kinds; the table draws %d, the app %d, the page gets %d", id, len(want.Kinds), len(onTable.Kinds), len(onApp.Kinds), len(onPage.Kinds))
			continue
		}
		for k, w := range want.Kinds {
			same("kind "+k, w, onTable.Kinds[k], onApp.Kinds[k], onPage.Kinds[k])
		}
	}
	// The same card, the same name: the page's and the app's words are the
	// table's (theirs may carry soft hyphens where a narrow card breaks).
	for _, l := range i18n.Langs() {
		for k := canaille.Canaille; k <= canaille.Fog; k++ {
			table := texts.T(l, "board.canaille.kind."+k.String())
			onPage := strings.ReplaceAll(page.Names[l].Kinds[k.String()], "\u00ad", "")
			onApp := strings.ReplaceAll(texts.T(l, "companion.card."+k.String()), "\u00ad", "")
			if onPage != table || onApp != table {
				t.Errorf("%s: the table names %s %q, the page %q, the app %q", l, k, table, onPage, onApp)
			}
		}
	}
}
