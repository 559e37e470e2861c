package host

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// BenchmarkPlay measures a move through the host, as a guest's phone sees
// it: clone and apply, durable append, then the state swap and the
// notification of two subscribers. It reports p50 and p99.
func BenchmarkPlay(b *testing.B) {
	ctx := context.Background()
	h, d := testHost(b)
	tb := table(b, d)
	start := func() *Session {
		s, err := h.Start(ctx, StartRequest{TableID: tb, Game: "canyon",
			Seats: []session.Seat{GuestSeat("a"), GuestSeat("b"), GuestSeat("c")}})
		if err != nil {
			b.Fatal(err)
		}
		for _, viewer := range []engine.Seat{0, engine.Onlooker} {
			ch, _ := s.Subscribe(viewer)
			go func() {
				for range ch {
				}
			}()
		}
		return s
	}
	s := start()
	rng := engine.NewRNG(1, 1)
	var took []time.Duration
	for b.Loop() {
		if s.Status() != session.Active {
			s = start()
		}
		turn := s.View(engine.Onlooker).Turn()
		legal := s.View(turn).Legal()
		m := legal[rng.IntN(len(legal))]
		t := time.Now()
		if err := s.Play(ctx, turn, m); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t))
	}
	slices.Sort(took)
	at := func(p float64) float64 { return float64(took[int(p*float64(len(took)-1))].Nanoseconds()) }
	b.ReportMetric(at(0.50), "p50-ns")
	b.ReportMetric(at(0.99), "p99-ns")
}
