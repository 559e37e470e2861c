package say

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// TestEveryGameIsSaid: every game the catalog ships has its sayer in
// games(), and along the first plies of a game every legal move is said
// by its own game's sayer alone, in words of that game (not the replay's
// "another move", not a missing key). A new game's missing sayer is
// named; a line for a game the catalog does not ship is too.
func TestEveryGameIsSaid(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	e := env{lang: i18n.FR, cat: cat}
	other := e.say("other")
	sayers := games()
	for id := range sayers {
		if _, err := catalog.Registry().Get(id); err != nil {
			t.Errorf("say's games() has %q, which the catalog does not ship", id)
		}
	}
	for _, rules := range catalog.Games() {
		info := rules.Info()
		if sayers[info.ID] == nil {
			t.Errorf("%s: no sayer in say's games(): its moves read %q", info.ID, other)
			continue
		}
		st, err := engine.NewGame(rules, engine.Setup{Seats: info.MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 30 && st.Turn() != engine.NoSeat; ply++ {
			legal := st.Legal()
			for _, m := range legal {
				for id, say := range sayers {
					s, ok := say(m, e)
					switch {
					case id != info.ID && ok:
						t.Fatalf("%s: %s's sayer claims its move %v", info.ID, id, m)
					case id == info.ID && !ok:
						t.Fatalf("%s: its sayer does not take its move %v", info.ID, m)
					case id == info.ID && (s == other || strings.Contains(s, "kiosk.replay.say.")):
						t.Fatalf("%s: move %v said %q: no words of its own in i18n/messages/kiosk.*.json", info.ID, m, s)
					case id == info.ID && s != Move(m, i18n.FR, cat, nil):
						t.Fatalf("%s: Move says %v otherwise than its sayer", info.ID, m)
					}
				}
			}
			if _, err := st.Apply(st.Turn(), legal[0]); err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
		}
	}
}
