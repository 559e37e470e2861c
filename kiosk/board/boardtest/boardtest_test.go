package boardtest

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
)

// Every move the table may make on a board, in every game the catalog
// ships, is played by Tap as that move and no other, through the first
// plies of a game (a Canoë peg taken back, a duel's jump chain stopped);
// a board game whose moves have no touches in kiosk/board's games() is
// named.
func TestEveryTableMoveIsTapped(t *testing.T) {
	test.NewTempApp(t)
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range catalog.Games() {
		info := rules.Info()
		t.Run(info.ID, func(t *testing.T) {
			var played engine.Move
			b, err := board.New(info.ID, board.Env{Lang: i18n.FR, Texts: texts, Still: true,
				Play: func(_ engine.Seat, m engine.Move) { played = m }})
			if err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
			b.Resize(fyne.NewSize(1200, 800))
			st, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 1))
			tapped := 0
			for ply := 0; ply < 60; ply++ {
				if _, over := st.Result(); over {
					break
				}
				v := st.View(engine.Onlooker)
				legal := st.Legal()
				m := legal[rng.IntN(len(legal))]
				b.Update(v, nil)
				if b.TableDecides(v) {
					b.Update(v, legal)
					panel := func(label string) {
						for _, a := range b.Actions() {
							if a.Label == label {
								a.Do()
								return
							}
						}
						t.Fatalf("%s, ply %d: no button %q in the panel for %v (buttons %v)", info.ID, ply, label, m, b.Actions())
					}
					played = nil
					if !Tap(b, m, legal, panel) {
						t.Fatalf("%s: the table plays %v on the board, but it has no touches: %s needs its touch in kiosk/board's games()", info.ID, m, info.ID)
					}
					if got, want := encode(t, played), encode(t, m); got != want {
						t.Fatalf("%s, ply %d: tapping %v played %s", info.ID, ply, m, got)
					}
					tapped++
				}
				if _, err := st.Apply(st.Turn(), m); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s: %d moves tapped", info.ID, tapped)
		})
	}
}

func encode(t *testing.T, m engine.Move) string {
	t.Helper()
	if m == nil {
		return "nothing"
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
