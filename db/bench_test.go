package db

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// BenchmarkAppendMove measures the durable append of one move (one
// immediate transaction, fsync of the WAL) and reports its p50 and p99.
func BenchmarkAppendMove(b *testing.B) {
	ctx := context.Background()
	f := newFixture(b, 2)
	s, err := f.d.CreateSession(ctx, session.Record{TableID: f.table.ID, Game: "canyon", Seats: f.persons(0, 1), StartedAt: t0})
	if err != nil {
		b.Fatal(err)
	}
	move := []byte(`{"v":1,"game":"canyon","seat":1,"move":{"kind":"play","card":{"suit":"river","rank":7}}}`)
	hash := "0f5308d0a2ec1491ecb5e6e0087318bf458c9032fa3d4a59ccf4d4539ef09cec"
	var took []time.Duration
	seq := 0
	for b.Loop() {
		seq++
		start := time.Now()
		if err := f.d.AppendMove(ctx, s.ID, session.Move{Seq: seq, Seat: engine.Seat(seq % 2), JSON: move, StateHash: hash, PlayedAt: t0}); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	reportPercentiles(b, took)
}

func reportPercentiles(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	at := func(p float64) float64 { return float64(took[int(p*float64(len(took)-1))].Nanoseconds()) }
	b.ReportMetric(at(0.50), "p50-ns")
	b.ReportMetric(at(0.99), "p99-ns")
}

// leaderboardSessions is the scale the leaderboards must serve.
const leaderboardSessions = 100_000

// seedSessions imports n finished sessions among 200 players over a year,
// four games, 2 to 4 seats with now and then a guest or a bot.
func seedSessions(b *testing.B, f *fixture, n int) {
	ctx := context.Background()
	games := []string{"canoe", "canyon", "canyonduel", "canaille"}
	rng := engine.NewRNG(1, 2)
	played := make([]Played, n)
	for i := range played {
		seats := make([]session.Seat, 2+rng.IntN(3))
		scores := make([]int, len(seats))
		for j := range seats {
			switch r := rng.IntN(10); {
			case r == 0:
				seats[j] = session.Seat{Kind: session.Guest, Name: "guest"}
			case r == 1:
				seats[j] = session.Seat{Kind: session.Bot, BotLevel: "default"}
			default:
				// Distinct players: seat j draws from its own slice of them.
				seats[j] = session.Seat{Kind: session.Person, PlayerID: f.players[j*50+rng.IntN(50)].ID}
			}
			scores[j] = rng.IntN(30)
		}
		end := t0.Add(-time.Duration(n-i) * 5 * time.Minute)
		played[i] = Played{
			Session: session.Record{TableID: f.table.ID, Game: games[rng.IntN(len(games))], Seats: seats,
				StartedAt: end.Add(-20 * time.Minute), EndedAt: end},
			Result: engine.RankByScores(scores, "bench"),
		}
	}
	start := time.Now()
	if _, err := f.d.Import(ctx, played); err != nil {
		b.Fatal(err)
	}
	b.Logf("imported %d sessions in %v", n, time.Since(start))
}

// BenchmarkLeaderboard queries the leaderboards of a kiosk with 100,000
// finished sessions.
func BenchmarkLeaderboard(b *testing.B) {
	ctx := context.Background()
	f := newFixture(b, 200)
	seedSessions(b, f, leaderboardSessions)
	week, _ := Week.Start(t0)
	month, _ := Month.Start(t0)
	for _, c := range []struct {
		name, game string
		since      time.Time
	}{
		{"canoe-all", "canoe", time.Time{}},
		{"canoe-month", "canoe", month},
		{"canoe-week", "canoe", week},
		{"all-games-all", "", time.Time{}},
		{"all-games-week", "", week},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				lb, err := f.d.Leaderboard(ctx, c.game, c.since, 20)
				if err != nil || len(lb) == 0 {
					b.Fatal(fmt.Sprint(len(lb)), err)
				}
			}
		})
	}
}

// BenchmarkRecomputeRatings rates a kiosk of 100,000 finished sessions
// again: what a merge, a forget, an out-of-order import or a new rating
// model costs at that scale.
func BenchmarkRecomputeRatings(b *testing.B) {
	ctx := context.Background()
	f := newFixture(b, 200)
	seedSessions(b, f, leaderboardSessions)
	for b.Loop() {
		if err := f.d.RecomputeRatings(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkForgetPlayer forgets one player of a kiosk of 100,000 sessions:
// their games rated again, the file rebuilt and the log truncated.
func BenchmarkForgetPlayer(b *testing.B) {
	ctx := context.Background()
	f := newFixture(b, 200)
	seedSessions(b, f, leaderboardSessions)
	i := 0
	for b.Loop() {
		if err := f.d.ForgetPlayer(ctx, f.players[i].ID); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
