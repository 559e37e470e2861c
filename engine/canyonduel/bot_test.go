package canyonduel

import (
	"context"
	"reflect"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// playBotGame plays the default bot, seated at botSeat, against the random
// bot, both seeded by seed.
func playBotGame(t *testing.T, seed uint64, botSeat int) bot.Outcome {
	t.Helper()
	bots := make([]engine.Bot, 2)
	bots[botSeat] = NewBot(seed)
	bots[1-botSeat] = bot.NewRandom(seed)
	out, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2, Seed: seed}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return out
}

func TestBotBeatsRandom(t *testing.T) {
	const games = 200
	wins, reasons := 0, map[string]int{}
	for g := range games {
		botSeat := g % 2 // alternate colours
		out := playBotGame(t, uint64(g), botSeat)
		reasons[out.Result.Reason]++
		if out.Result.Won(engine.Seat(botSeat)) && !out.Result.Won(engine.Seat(1-botSeat)) {
			wins++
		}
	}
	t.Logf("default bot won %d of %d games against random; ends %v", wins, games, reasons)
	if wins < games*9/10 {
		t.Errorf("default bot won %d of %d games, want at least 90 %%", wins, games)
	}
}

func TestBotIsDeterministic(t *testing.T) {
	a, b := playBotGame(t, 7, 1), playBotGame(t, 7, 1)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seeds gave two different games")
	}
}

func TestBotTakesTheWinningCapture(t *testing.T) {
	s := position(t, 0, `
........
.##.....
.###....
..###...
...###..
....###.
...Y.##.
R...R...`)
	m, err := NewBot(1).Choose(context.Background(), s.View(0))
	if err != nil || m.String() != "e1:c3" {
		t.Errorf("bot chose %v (%v), want e1:c3", m, err)
	}
}

// Two plies deep, the bot sees that stepping on to c1 or c2, forward but
// next to yellow's d1 with a free square behind, would lose the piece.
func TestBotDoesNotHangAPiece(t *testing.T) {
	s := position(t, 0, `
........
.##.....
.###....
..###...
...###..
....###.
.....##.
.R.Y....`)
	for seed := range uint64(20) {
		m, err := NewBot(seed).Choose(context.Background(), s.View(0))
		if err != nil || m.String() == "b1-c1" || m.String() == "b1-c2" {
			t.Errorf("seed %d: bot chose %v (%v)", seed, m, err)
		}
	}
}

func TestBotRefusesWhenNotToMove(t *testing.T) {
	s := newState()
	for _, v := range []engine.View{s.View(1), s.View(engine.Onlooker), position(t, MaxPlies, startDiagram).View(0), otherView{}} {
		if m, err := NewBot(1).Choose(context.Background(), v); err == nil {
			t.Errorf("bot chose %v for view %+v", m, v)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewBot(1).Choose(ctx, s.View(0)); err == nil {
		t.Error("bot decided after its context was cancelled")
	}
}

func TestRulesOfferTheDefaultBot(t *testing.T) {
	b, err := bot.New(New(), engine.LevelDefault, 1)
	if _, ok := b.(*Bot); err != nil || !ok {
		t.Errorf("default level: %T, %v", b, err)
	}
	if _, err := bot.New(New(), engine.LevelRandom, 1); err != nil {
		t.Errorf("random level: %v", err)
	}
	if _, err := bot.New(New(), "grandmaster", 1); err == nil {
		t.Error("an unknown level was offered")
	}
}
