package canaille

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
)

// BenchmarkRandomGame plays whole games of uniformly random legal moves.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(map[int]string{2: "2p", 4: "4p"}[n], func(b *testing.B) {
			r := engine.NewRNG(1, 1)
			seed := uint64(0)
			for b.Loop() {
				seed++
				s := newGame(n, engine.NoSeat, seed)
				for s.phase != phaseOver {
					legal := s.legal()
					if _, err := s.Apply(s.Turn(), legal[r.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkLegal lists the moves of positions from random games, mostly
// sentences to compose (the largest lists).
func BenchmarkLegal(b *testing.B) {
	var states []*State
	r := engine.NewRNG(2, 2)
	for seed := range uint64(20) {
		s := newGame(3, engine.NoSeat, seed)
		for i := 0; s.phase != phaseOver; i++ {
			if i%7 == 0 {
				states = append(states, s.clone())
			}
			legal := s.legal()
			if _, err := s.Apply(s.Turn(), legal[r.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	i := 0
	for b.Loop() {
		_ = states[i%len(states)].Legal()
		i++
	}
}

// BenchmarkBotChoose is the default bot's decision time on a first
// sentence, its largest choice.
func BenchmarkBotChoose(b *testing.B) {
	s := newGame(4, 0, 7)
	v := s.View(0)
	bot := NewBot(1)
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), v); err != nil {
			b.Fatal(err)
		}
	}
}
