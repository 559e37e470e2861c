package say

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
)

// notation is what the engines write that no guest learned: a hole or a
// cell ("j3"), a map cell ("4,7"), a Canaille card's id ("f3:").
var notation = regexp.MustCompile(`\b[a-m][0-9]{1,2}\b|\b[0-9]+,[0-9]+\b|\b[a-z]+[0-9]+:`)

// TestNoMessageIsNotation plays random games of every game at every seat
// count and, at every ply, takes every legal move: the replay's words,
// the table's hint, the phone's hint and the "why not?" of the move tried
// by a seat whose turn it is not, in every language, never contain the
// engine's move string (Move.String()) nor its notation of cells and
// cards, nor a missing text's key.
func TestNoMessageIsNotation(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	plies := 60
	if testing.Short() {
		plies = 25
	}
	for _, rules := range catalog.Games() {
		info := rules.Info()
		t.Run(info.ID, func(t *testing.T) {
			for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
				st, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: uint64(seats)})
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRNG(uint64(seats), 7)
				for ply := 0; ply < plies && st.Turn() != engine.NoSeat; ply++ {
					turn := st.Turn()
					legal := st.Legal()
					other := engine.Seat((int(turn) + 1) % seats)
					for _, m := range legal {
						for _, lang := range []i18n.Lang{i18n.FR, i18n.DE, i18n.EN} {
							why := engine.Explain(rules, st.View(other), other, m)
							said := map[string]string{
								"replay":     Move(m, lang, cat, nil),
								"hint":       Hint(m, lang, cat, nil),
								"phone hint": HintAway(m, lang, cat, nil),
								"why not":    cat.Why(lang, info.ID, why.Rule, why.Args),
							}
							for what, s := range said {
								checkWords(t, info.ID, seats, ply, what, m, s)
							}
						}
					}
					m := legal[rng.IntN(len(legal))]
					if _, err := st.Apply(turn, m); err != nil {
						t.Fatalf("%d seats, ply %d: %v: %v", seats, ply, m, err)
					}
				}
			}
		})
	}
}

// checkWords fails t when s, said of m, holds engine notation.
func checkWords(t *testing.T, game string, seats, ply int, what string, m engine.Move, s string) {
	t.Helper()
	bad := ""
	switch {
	case strings.Contains(s, m.String()):
		bad = m.String()
	case notation.MatchString(s):
		bad = notation.FindString(s)
	case strings.Contains(s, "{{") || strings.Contains(s, "say."):
		bad = "a missing text"
	}
	if cm, ok := m.(canaille.Move); ok && bad == "" && cm.Card.Valid() && strings.Contains(s, cm.Card.ID()) {
		bad = cm.Card.ID()
	}
	if bad != "" {
		t.Fatalf("%s, %d seats, ply %d: the %s of %v is %q: it holds %q", game, seats, ply, what, m, s, bad)
	}
}
