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

func TestBotLevels(t *testing.T) {
	b, err := bot.New(New(), engine.LevelDefault, 1)
	if _, ok := b.(*Bot); err != nil || !ok {
		t.Errorf("default level: %T, %v", b, err)
	}
	if b, err := bot.New(New(), engine.LevelRandom, 1); err != nil || b == nil {
		t.Errorf("random level: %v", err)
	}
	if _, ok := New().Bot("hard", 1); ok {
		t.Error("a hard bot is offered")
	}
}

// choose asks a fresh default bot for seat's move in s.
func choose(t *testing.T, s *State, seed uint64) Move {
	t.Helper()
	m, err := NewBot(seed).Choose(context.Background(), s.View(s.Turn()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Clone().Apply(s.Turn(), m); err != nil {
		t.Fatalf("the bot chose %v: %v", m, err)
	}
	return m.(Move)
}

func TestBotTakesAWin(t *testing.T) {
	for seed := range uint64(10) {
		s := stateAt(board{mask(t, "b2 e2 c3 d3 g2 j2 h3"), mask(t, "a4 m4")}, 0)
		if m := choose(t, s, seed); m != Place(h(t, "i3")) {
			t.Errorf("seed %d: %v, want place i3", seed, m)
		}
	}
}

// TestBotBlocksAWin: dark needs i3 for its second canoe; light has nothing
// better than to fill it.
func TestBotBlocksAWin(t *testing.T) {
	for seed := range uint64(10) {
		s := stateAt(board{mask(t, "a4 m4"), mask(t, "b2 e2 c3 d3 g2 j2 h3")}, 0)
		if m := choose(t, s, seed); m != Place(h(t, "i3")) {
			t.Errorf("seed %d: %v, want place i3", seed, m)
		}
	}
}

// TestBotDoesNotOpenAWin: light's peg blocks dark's canoe hole; moving it
// away, or removing it, would hand dark the game.
func TestBotDoesNotOpenAWin(t *testing.T) {
	for seed := range uint64(10) {
		s := stateAt(board{mask(t, "i3"), mask(t, "b2 e2 c3 d3 g2 j2 h3")}, 0)
		m := choose(t, s, seed)
		after := s.Clone().(*State)
		if _, err := after.Apply(0, m); err != nil {
			t.Fatal(err)
		}
		if canWin(after.pegs, 1) {
			t.Errorf("seed %d: %v lets dark win", seed, m)
		}
	}
}

func TestBotIsDeterministicForASeed(t *testing.T) {
	game := func(seed uint64) []engine.Record {
		out, err := bot.Play(context.Background(), New(), engine.Setup{Seats: 2}, []engine.Bot{NewBot(seed), NewBot(seed + 1)})
		if err != nil {
			t.Fatal(err)
		}
		return out.Moves
	}
	a, b := game(5), game(5)
	if len(a) != len(b) {
		t.Fatalf("%d moves, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("ply %d: %v, then %v", i+1, a[i].Move, b[i].Move)
		}
	}
}

func TestBotRefusesWhatItCannotPlay(t *testing.T) {
	s := newGame(t)
	b := NewBot(1)
	if _, err := b.Choose(context.Background(), s.View(1)); err == nil {
		t.Error("the bot moved out of turn")
	}
	if _, err := b.Choose(context.Background(), otherView{}); err == nil {
		t.Error("the bot read a foreign view")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Choose(ctx, s.View(0)); err == nil {
		t.Error("the bot ignored a cancelled context")
	}
	won := stateAt(board{0, mask(t, "b2 e2 c3 d3 g2 j2 h3 i3")}, 1)
	if _, err := b.Choose(context.Background(), won.View(0)); err == nil {
		t.Error("the bot moved in a finished game")
	}
}

// TestBotDecidesOnACrowdedBoard: both supplies empty, the most moves.
func TestBotDecidesOnACrowdedBoard(t *testing.T) {
	s := crowded(t)
	choose(t, s, 1)
}

// crowded is a position with all 26 pegs on the board and no canoe.
func crowded(t testing.TB) *State {
	return stateAt(board{
		mask(t, "b1 a2 c2 e2 g2 i2 k2 m2 b4 d4 f4 h4 j4"),
		mask(t, "m1 b3 d3 f3 h3 j3 l3 c5 e5 g5 i5 k5 f6"),
	}, 0)
}
