package gui

import (
	"testing"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// TestEveryGameHasItsPanel: every game the catalog ships (and the score
// sheet a shelf game is played on) with hidden
// information has its panel in games(), the one place the companion names
// the games (a game whose views are all public may have none: it gets the
// board panel, whose turn, hint and take-back need nothing of the game);
// a board game's standings say one line per seat of the game's first
// position; and games() names no game the catalog lacks.
func TestEveryGameHasItsPanel(t *testing.T) {
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	a := &App{texts: texts, lang: i18n.FR}
	parts := games()
	for _, rules := range append(catalog.Games(), catalog.Sheet()) {
		info := rules.Info()
		g, ok := parts[info.ID]
		if !ok && info.AllPublic {
			if _, ok := a.panelFor(&seatScreen{a: a, w: client.Welcome{Game: info.ID}}).(*boardPanel); !ok {
				t.Errorf("%s: the default panel is no board panel", info.ID)
			}
			continue
		}
		if !ok || g.panel == nil {
			t.Errorf("%s: no panel in companion/gui's games(): its seats hold hidden information, which only its own panel shows", info.ID)
			continue
		}
		bp, ok := g.panel(&seatScreen{a: a}).(*boardPanel)
		if !ok {
			continue // a hand game's own panel
		}
		if bp.standings == nil {
			t.Errorf("%s: its board panel in games() has no standings", info.ID)
			continue
		}
		st, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := bp.standings(a, st.View(0)); len(got) != info.MinSeats {
			t.Errorf("%s: standings %q, want one line for each of %d seats", info.ID, got, info.MinSeats)
		}
	}
	for id := range parts {
		if _, err := catalog.Plays().Get(id); err != nil {
			t.Errorf("companion/gui's games() has %q, which the catalog does not ship", id)
		}
	}
}
