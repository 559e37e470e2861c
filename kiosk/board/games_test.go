package board

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// TestEveryGameHasABoard: every game the catalog ships has its parts in
// games() (a board), its moves read in words (package say), the board draws the game's
// first position, and its first legal move reads as words of that game,
// not as the replay's "other" text. A new game's missing part is named.
func TestEveryGameHasABoard(t *testing.T) {
	test.NewTempApp(t)
	env := Env{Lang: i18n.FR, Texts: texts(t), Still: true}
	other := env.t("kiosk.replay.say.other")
	parts := games()
	for _, rules := range catalog.Games() {
		info := rules.Info()
		p, ok := parts[info.ID]
		if !ok {
			t.Errorf("%s: no entry in kiosk/board's games()", info.ID)
			continue
		}
		if p.board == nil {
			t.Errorf("%s: games() has no board", info.ID)
			continue
		}
		st, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		legal := st.Legal()
		if len(legal) == 0 {
			t.Fatalf("%s: no legal move at the start", info.ID)
		}
		if s := SayMove(legal[0], env); s == other || strings.HasPrefix(s, "kiosk.replay.say.") {
			t.Errorf("%s: SayMove(%v) = %q: no words of its own in i18n/messages/kiosk.*.json", info.ID, legal[0], s)
		}
		b, err := New(info.ID, env)
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		b.Update(st.View(engine.Onlooker), nil)
		b.Resize(fyne.NewSize(800, 600))
		if b.CreateRenderer() == nil {
			t.Errorf("%s: the board has no renderer", info.ID)
		}
	}
	for id := range parts {
		if _, err := catalog.Registry().Get(id); err != nil {
			t.Errorf("kiosk/board's games() has %q, which the catalog does not ship", id)
		}
	}
}

// TestProgressReadsAsOneLine: each seat's progress under its panel is
// one line of words joined by single separators (no doubled or trailing
// spaces), all through the first moves of every game.
func TestProgressReadsAsOneLine(t *testing.T) {
	test.NewTempApp(t)
	env := Env{Lang: i18n.FR, Texts: texts(t), Still: true}
	for _, rules := range catalog.Games() {
		info := rules.Info()
		st, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(info.ID, env)
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		for ply := 0; ply < 40; ply++ {
			v := st.View(engine.Onlooker)
			for seat := engine.Seat(0); int(seat) < info.MinSeats; seat++ {
				if p := b.Progress(v, seat); strings.Contains(p, "  ") || p != strings.TrimSpace(p) {
					t.Fatalf("%s, ply %d: seat %d's progress %q has doubled or trailing spaces", info.ID, ply, seat, p)
				}
			}
			legal, turn := st.Legal(), v.Turn()
			if len(legal) == 0 || !turn.Valid(info.MinSeats) {
				break
			}
			if _, err := st.Apply(turn, legal[0]); err != nil {
				t.Fatalf("%s, ply %d: %v", info.ID, ply, err)
			}
		}
	}
}
