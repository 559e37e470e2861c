package canyon

import (
	"context"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
)

// The default bot beats three random bots in at least half of 200 seeded
// 4-player games (a random seat wins about a quarter), its seat rotating.
func TestBotBeatsRandomBots(t *testing.T) {
	r := New()
	games, wins := 200, 0
	for g := range games {
		seat := g % 4
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = bot.NewRandom(uint64(1000*g + i))
		}
		b, err := bot.New(r, engine.LevelDefault, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		bots[seat] = b
		out, err := bot.Play(context.Background(), r, engine.Setup{Seats: 4, Seed: uint64(g)}, bots)
		if err != nil {
			t.Fatal(err)
		}
		if out.Result.Won(engine.Seat(seat)) {
			wins++
		}
	}
	t.Logf("default bot won %d of %d games", wins, games)
	if wins*2 < games {
		t.Fatalf("default bot won %d of %d games, want at least half", wins, games)
	}
}

// Every decision, in every phase, is legal. How long one takes is
// BenchmarkBotDecision's business: no timing in a pass/fail test.
func TestBotDecidesLegally(t *testing.T) {
	r := New()
	b, _ := r.Bot("default", 1)
	if _, ok := r.Bot("grandmaster", 1); ok {
		t.Fatal("unknown level offered")
	}
	for g := range 6 {
		st, _ := engine.NewGame(r, engine.Setup{Seats: 3 + g%4, Seed: uint64(g)})
		s := st.(*State)
		for s.t.Phase != PhaseOver && s.t.Round < 60 {
			m, err := b.Choose(context.Background(), s.View(s.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(s.Turn(), m); err != nil {
				t.Fatalf("bot chose %v: %v", m, err)
			}
		}
	}
	if _, err := b.Choose(context.Background(), nil); err == nil {
		t.Fatal("nil view accepted")
	}
}

// The bot bids for tricks with strong cards and ducks with weak ones.
func TestBotBidsFromHandStrength(t *testing.T) {
	bt := &Bot{b: board()}
	v := &View{table: table{Seats: 4, Canoes: []int{at(20, 4), -1, -1, -1}, Trump: Card{green, 4}}}
	v.Hand = []Card{{green, 10}, {green, 9}, {green, 8}, {blue, 10}, {red, 10}}
	strong := tempoBids[bt.bid(v)]
	v.Hand = []Card{{blue, 2}, {red, 3}, {yellow, 2}, {violet, 1}, {blue, 4}}
	weak := tempoBids[bt.bid(v)]
	sum := 0
	for _, c := range strong {
		sum += c
	}
	if sum < 3 || len(weak) != 1 || weak[0] != 0 {
		t.Fatalf("strong hand bids %v, weak hand %v", strong, weak)
	}
}

// With its tempo made it ducks; short of it, it wins as cheaply as it can.
func TestBotPlaysToItsTempo(t *testing.T) {
	trick := []Card{{blue, 7}, {blue, 8}, {blue, 3}}
	cards := []Card{{blue, 9}, {blue, 10}, {blue, 2}}
	if c := follow(cards, trick, green, true, true); c != (Card{blue, 9}) {
		t.Errorf("to win last: %v", c)
	}
	if c := follow(cards, trick, green, false, true); c != (Card{blue, 2}) {
		t.Errorf("to lose: %v", c)
	}
	if c := lead(cards, green, false); c != (Card{blue, 2}) {
		t.Errorf("lead to lose: %v", c)
	}
}
