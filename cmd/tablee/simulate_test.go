package main

import (
	"context"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
)

// simCases are the games and seat counts the simulate tests play.
var simCases = []struct {
	game  string
	seats int
	opts  map[string]string
}{
	{"canyon", 6, nil}, {"canyon", 3, map[string]string{"less-luck": "on"}},
	{"canyonduel", 2, nil}, {"canoe", 2, nil}, {"canaille", 2, nil}, {"canaille", 4, nil},
}

// A random game simulate plays on the event-free path (Playout, or
// RandomMove and Step) ends in the very state Apply reaches with the same
// random moves, in every game.
func TestRandomSimulationMatchesApply(t *testing.T) {
	games := catalog.Registry()
	for _, c := range simCases {
		rules, err := games.Get(c.game)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			setup := engine.Setup{Seats: c.seats, Options: c.opts, Seed: seed}
			quiet, err := randomGame(rules, setup, seed)
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.game, seed, err)
			}
			loud, _ := engine.NewGame(rules, setup)
			rng := engine.NewRNG(seed, randomStream)
			for loud.Turn() != engine.NoSeat {
				if _, err := loud.Apply(loud.Turn(), randomMove(loud, &rng)); err != nil {
					t.Fatal(err)
				}
			}
			sameEnd(t, c.game, seed, quiet, loud)
		}
	}
}

// A bot game simulate plays steps its moves; making the same moves
// through Apply reaches the same final state and result.
func TestBotSimulationMatchesApply(t *testing.T) {
	games := catalog.Registry()
	ctx := context.Background()
	for _, c := range simCases {
		rules, err := games.Get(c.game)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			setup := engine.Setup{Seats: c.seats, Options: c.opts, Seed: seed}
			bots := make([]engine.Bot, c.seats)
			for i := range bots {
				level := engine.LevelDefault
				if i%2 == 1 {
					level = engine.LevelRandom
				}
				if bots[i], err = bot.New(rules, level, seed*131+uint64(i)); err != nil {
					t.Fatal(err)
				}
				if m, ok := bots[i].(*bot.MCTS); ok {
					m.Iterations = 20 // a short search: the path is tested, not the play
				}
			}
			out, err := bot.Play(ctx, rules, setup, bots)
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.game, seed, err)
			}
			loud, _ := engine.NewGame(rules, setup)
			for i, r := range out.Moves {
				if _, err := loud.Apply(r.Seat, r.Move); err != nil {
					t.Fatalf("%s seed %d: move %d %v refused by Apply: %v", c.game, seed, i, r.Move, err)
				}
			}
			if loud.Hash() != out.Hash || loud.Plies() != len(out.Moves) {
				t.Fatalf("%s %d seats seed %d: the stepped bot game ends elsewhere than Apply", c.game, c.seats, seed)
			}
			if res, _ := loud.Result(); !reflect.DeepEqual(res, out.Result) {
				t.Fatalf("%s seed %d: results %+v stepped, %+v applied", c.game, seed, out.Result, res)
			}
		}
	}
}

func sameEnd(t *testing.T, game string, seed uint64, quiet, loud engine.State) {
	t.Helper()
	if quiet.Hash() != loud.Hash() || quiet.Plies() != loud.Plies() {
		t.Fatalf("%s seed %d: the quiet game ends elsewhere than Apply (%d vs %d plies)", game, seed, quiet.Plies(), loud.Plies())
	}
	qr, qover := quiet.Result()
	lr, lover := loud.Result()
	if !qover || !lover || !reflect.DeepEqual(qr, lr) {
		t.Fatalf("%s seed %d: results %+v (over %v) and %+v (over %v)", game, seed, qr, qover, lr, lover)
	}
}
