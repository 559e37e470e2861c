package catalog

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// hintPositions plays random games of info's game and returns, every few
// plies, the state and the seat to move there.
func hintPositions(t testing.TB, rules engine.Rules, seats, games, every int) []engine.State {
	t.Helper()
	var out []engine.State
	for g := range games {
		s, err := engine.NewGame(rules, engine.Setup{Seats: seats, Seed: uint64(100 + g)})
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g), 3)
		for ply := 0; s.Turn() != engine.NoSeat && ply < 400; ply++ {
			if ply%every == 0 {
				out = append(out, s.Clone())
			}
			legal := s.Legal()
			if _, err := s.Apply(s.Turn(), legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// A hint is computed from the seat's view alone: in every game, the hint
// is the same when what the seat cannot see (the other hands, the deck) is
// dealt otherwise, and it is a legal move.
func TestHintIgnoresHiddenCards(t *testing.T) {
	games := Registry()
	for _, info := range games.Infos() {
		t.Run(info.ID, func(t *testing.T) {
			rules, _ := games.Get(info.ID)
			redealt := 0
			positions := hintPositions(t, rules, info.MaxSeats, 1, 9)
			if len(positions) == 0 {
				t.Fatal("no position to hint at")
			}
			for i, s := range positions[:min(6, len(positions))] {
				seat := s.Turn()
				v := s.View(seat)
				r := engine.NewRNG(uint64(i), 5)
				other, err := rules.Determinize(v, &r)
				if err != nil {
					t.Fatal(err)
				}
				if other.Hash() != s.Hash() {
					redealt++
				}
				ctx := context.Background()
				a, err := bot.Hint(ctx, rules, v, 9)
				if err != nil {
					t.Fatal(err)
				}
				b, err := bot.Hint(ctx, rules, other.View(seat), 9)
				if err != nil {
					t.Fatal(err)
				}
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if string(ja) != string(jb) {
					t.Fatalf("position %d: hint %s, and %s once the hidden cards are dealt otherwise", i, ja, jb)
				}
				if ex := engine.Explain(rules, v, seat, a); !ex.Legal {
					t.Fatalf("hint %s is not legal: %+v", ja, ex)
				}
			}
			if !info.AllPublic && redealt == 0 {
				t.Error("no position was dealt otherwise: the test proves nothing")
			}
		})
	}
}

// BenchmarkHint measures a hint as the table computes it (the default bot
// on the seat's view, within host.HintBudget) over positions of random
// games, and reports the median and the 99th percentile:
//
//	go test -run '^$' -bench BenchmarkHint -benchtime 300x ./engine/catalog
func BenchmarkHint(b *testing.B) {
	games := Registry()
	for _, info := range games.Infos() {
		b.Run(info.ID, func(b *testing.B) {
			rules, _ := games.Get(info.ID)
			pos := hintPositions(b, rules, info.MaxSeats, 10, 3)
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				s := pos[i%len(pos)]
				ctx, cancel := bot.WithBudget(context.Background(), 600*time.Millisecond)
				start := time.Now()
				if _, err := bot.Hint(ctx, rules, s.View(s.Turn()), uint64(i)); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
				cancel()
			}
			slices.Sort(took)
			if len(took) > 0 {
				b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}
