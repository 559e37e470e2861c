package canaille

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// The default bot beats the random bot in at least 70% of two-player games
// (a shared win is not a win here), seats alternating.
func TestBotBeatsRandom(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	wins := 0
	for seed := range uint64(games) {
		me := engine.Seat(seed % 2)
		bots := make([]engine.Bot, 2)
		bots[me] = NewBot(seed)
		bots[1-me] = bot.NewRandom(seed)
		out, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2, Seed: seed}, bots)
		if err != nil {
			t.Fatal(err)
		}
		if out.Result.Won(me) && len(out.Result.Winners) == 1 {
			wins++
		}
	}
	rate := float64(wins) / float64(games)
	t.Logf("default bot won %d of %d games (%.0f%%)", wins, games, 100*rate)
	if rate < 0.70 {
		t.Errorf("won %.0f%% of games against random, want at least 70%%", 100*rate)
	}
}

func TestBotLevels(t *testing.T) {
	if _, ok := New().Bot("default", 1); !ok {
		t.Error("no default bot")
	}
	if _, ok := New().Bot("grandmaster", 1); ok {
		t.Error("an unknown level was offered")
	}
	b, err := bot.New(New(), engine.LevelDefault, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(*Bot); !ok {
		t.Errorf("bot.New gave %T, not the game's own bot", b)
	}
}

func TestBotPlaysFourSeatGames(t *testing.T) {
	for seed := range uint64(4) {
		bots := []engine.Bot{NewBot(seed), NewBot(seed + 1), bot.NewRandom(seed), NewBot(seed + 2)}
		if _, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 4, Seed: seed}, bots); err != nil {
			t.Fatal(err)
		}
	}
}
