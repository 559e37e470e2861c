package canaille

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// Garbage moves by any seat, in every phase random games reach, are refused
// without a panic and without changing the state.
func TestApplyNeverPanics(t *testing.T) {
	kinds := []MoveKind{"", "fly", KindSwap, KindReturn, KindSentence, KindTarget, KindRelease, KindDone, KindBin, KindGive, KindTakeRow, KindDrawDeck}
	r := engine.NewRNG(42, 42)
	for n := 2; n <= 4; n++ {
		for g := range uint64(5) {
			randomGame(t, n, 70+g, func(s *State) {
				for range 20 {
					m := Move{Kind: kinds[r.IntN(len(kinds))], Card: Card(r.IntN(120)), Seat: engine.Seat(r.IntN(8) - 3)}
					for range r.IntN(7) {
						m.Cards = append(m.Cards, Card(r.IntN(100)))
					}
					seat := engine.Seat(r.IntN(n+2) - 1)
					before := s.Hash()
					c := s.clone()
					if _, err := c.Apply(seat, m); err != nil && c.Hash() != before {
						t.Fatalf("refused %v changed the state", m)
					}
				}
			})
		}
	}
}

// The generic search of package bot runs on Canaille too.
func TestGenericSearchPlays(t *testing.T) {
	m := bot.NewMCTS(New(), 1)
	m.Iterations = 30
	bots := []engine.Bot{m, bot.NewRandom(2)}
	if _, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2, Seed: 5}, bots); err != nil {
		t.Fatal(err)
	}
}
