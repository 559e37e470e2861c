package canoe

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// TestBotBeatsRandom plays 200 seeded games against the random bot, the
// default bot taking light and dark in turn; draws are not wins.
func TestBotBeatsRandom(t *testing.T) {
	const games = 200
	wins := 0
	for g := range games {
		me := g % 2
		bots := make([]engine.Bot, 2)
		bots[me] = NewBot(uint64(g))
		bots[1-me] = bot.NewRandom(uint64(1000 + g))
		out, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2, Seed: uint64(g)}, bots)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if out.Result.Won(engine.Seat(me)) {
			wins++
		} else {
			t.Logf("game %d (bot is seat %d): %+v after %d plies", g, me, out.Result, len(out.Moves))
		}
	}
	t.Logf("default bot won %d of %d games", wins, games)
	if wins*10 < games*9 {
		t.Errorf("default bot won %d of %d games, want at least 90%%", wins, games)
	}
}
