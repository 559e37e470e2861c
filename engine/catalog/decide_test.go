package catalog_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
)

// decisions is how many bot decisions each benchmark times.
const decisions = 60

// BenchmarkDecision times bot decisions as the table host makes them: each
// under bot.WithBudget's default deadline, bots of one level in every seat,
// games played to the end and started again until enough decisions were
// timed. It reports the p50, p99 and largest decision time, and for the
// searching bots the median number of iterations a search ran and the
// iterations per second of CPU the process used while they searched (on a
// shared machine the clock counts waits for the CPU; the CPU time does
// not). Run on one
// core, as the budget is meant for:
//
//	go test -run XXX -bench Decision -benchtime 1x -cpu 1 ./engine/catalog
func BenchmarkDecision(b *testing.B) {
	games := catalog.Registry()
	for _, id := range games.IDs() {
		rules, err := games.Get(id)
		if err != nil {
			b.Fatal(err)
		}
		for _, level := range []engine.Level{engine.LevelEasy, engine.LevelMCTS, engine.LevelDefault} {
			b.Run(id+"/"+string(level), func(b *testing.B) {
				for range b.N {
					times, iters, cpu := timeDecisions(b, rules, level)
					slices.Sort(times)
					if len(iters) > 0 {
						total := 0
						for _, n := range iters {
							total += n
						}
						slices.Sort(iters)
						b.ReportMetric(float64(iters[len(iters)/2]), "p50_iters")
						if cpu > 0 {
							b.ReportMetric(float64(total)/cpu.Seconds(), "iters/cpu_s")
						}
					}
					ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
					b.ReportMetric(ms(times[len(times)/2]), "p50_ms")
					b.ReportMetric(ms(times[(len(times)*99)/100]), "p99_ms")
					b.ReportMetric(ms(times[len(times)-1]), "max_ms")
				}
			})
		}
	}
}

// timeDecisions times the decisions, and lists the iterations of those a
// searching bot made with more than one legal move and the CPU time they
// took (0 if unknown).
func timeDecisions(b *testing.B, rules engine.Rules, level engine.Level) ([]time.Duration, []int, time.Duration) {
	info := rules.Info()
	var times []time.Duration
	var iters []int
	var cpu time.Duration
	for seed := uint64(1); len(times) < decisions; seed++ {
		setup, err := info.CheckSetup(engine.Setup{Seats: info.MinSeats, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		s, err := engine.NewGame(rules, setup.Setup())
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]engine.Bot, info.MinSeats)
		for i := range bots {
			if bots[i], err = bot.New(rules, level, seed*7+uint64(i)); err != nil {
				b.Fatal(err)
			}
		}
		for s.Turn() != engine.NoSeat && len(times) < decisions {
			seat := s.Turn()
			v := s.View(seat)
			ctx, cancel := bot.WithBudget(context.Background(), 0)
			cpu0, cpuOK := cpuTime()
			start := time.Now()
			m, err := bots[seat].Choose(ctx, v)
			times = append(times, time.Since(start))
			cpu1, _ := cpuTime()
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			if m, ok := bots[seat].(*bot.MCTS); ok && m.Searched() > 0 {
				iters = append(iters, m.Searched())
				if cpuOK {
					cpu += cpu1 - cpu0
				}
			}
			if _, err := s.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return times, iters, cpu
}
