package catalog

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
)

// Through random games of every game, each move legal one ply earlier is
// explained to the seat now to move, from its view, and its explanation
// reads well in every language: a text, every {{.Param}} filled, the words
// put in the language. The refusal at the table agrees with it.
func TestExplanationsReadWell(t *testing.T) {
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	games := Registry()
	for _, info := range games.Infos() {
		t.Run(info.ID, func(t *testing.T) {
			rules, _ := games.Get(info.ID)
			s, err := engine.NewGame(rules, engine.Setup{Seats: info.MaxSeats, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(7, 1)
			seen := map[string]bool{}
			var before []engine.Move
			for ply := 0; ply < 120 && s.Turn() != engine.NoSeat; ply++ {
				seat := s.Turn()
				for i := 0; i < len(before); i += 1 + len(before)/16 {
					m := before[i]
					ex := engine.Explain(rules, s.View(seat), seat, m)
					_, err := s.Clone().Apply(seat, m)
					if ex.Rule != engine.RuleOf(err) || ex.Legal != (err == nil) {
						t.Fatalf("ply %d: %v explained %+v, refused at the table with %v", ply, m, ex, err)
					}
					if ex.Legal {
						continue
					}
					seen[ex.Rule] = true
					for _, l := range i18n.Langs() {
						why := texts.Why(l, info.ID, ex.Rule, ex.Args)
						if why == "" || strings.Contains(why, "no value") || strings.Contains(why, "rule.word.") || strings.Contains(why, "suit-") || strings.Contains(why, "kind-") {
							t.Errorf("%s %s: %q (args %v)", l, ex.Rule, why, ex.Args)
						}
					}
				}
				legal := s.Legal()
				before = legal
				if _, err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			if len(seen) == 0 {
				t.Error("no move was refused: the walk explains nothing")
			}
			t.Logf("rules explained: %v", seen)
		})
	}
}
