package verify_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/engine/verify"
)

// played is a whole game among random bots as its event would carry it.
func played(t *testing.T, rules engine.Rules, seats int, seed uint64) verify.Claim {
	t.Helper()
	return playedBy(t, rules, seats, seed, engine.LevelRandom)
}

// playedBy is played by bots of level.
func playedBy(t testing.TB, rules engine.Rules, seats int, seed uint64, level engine.Level) verify.Claim {
	t.Helper()
	bots := make([]engine.Bot, seats)
	for i := range bots {
		var err error
		if bots[i], err = bot.New(rules, level, seed+uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	out, err := bot.Play(context.Background(), rules, engine.Setup{Seats: seats, Seed: seed}, bots)
	if err != nil {
		t.Fatal(err)
	}
	id := rules.Info().ID
	c := verify.Claim{Game: id, Seed: seed, Logged: true, Reason: out.Result.Reason, Moves: []json.RawMessage{}}
	for _, r := range out.Moves {
		js, err := engine.EncodeMove(id, r.Seat, r.Move)
		if err != nil {
			t.Fatal(err)
		}
		c.Moves = append(c.Moves, js)
	}
	for i := range seats {
		c.Seats = append(c.Seats, verify.Seat{Score: out.Result.Scores[i], Rank: out.Result.Ranks[i], Winner: out.Result.Won(engine.Seat(i))})
	}
	return c
}

// clone copies c deeply enough for one forgery.
func clone(c verify.Claim) verify.Claim {
	c.Seats = append([]verify.Seat(nil), c.Seats...)
	c.Moves = append([]json.RawMessage(nil), c.Moves...)
	return c
}

// Every shipped game's honest log verifies; each forgery is refused with
// its reason.
func TestCheck(t *testing.T) {
	games := catalog.Registry()
	for _, rules := range catalog.Games() {
		id := rules.Info().ID
		t.Run(id, func(t *testing.T) {
			honest := played(t, rules, rules.Info().MinSeats, 11)
			if v := verify.Check(games, honest); v.Refusal != verify.Verified || !v.Taken() {
				t.Fatalf("honest game refused: %+v", v)
			}
			loser := -1
			for i, s := range honest.Seats {
				if !s.Winner {
					loser = i
				}
			}
			forgeries := map[string]struct {
				forge func(*verify.Claim)
				want  verify.Refusal
			}{
				"score 99":   {func(c *verify.Claim) { c.Seats[0].Score = 99 }, verify.WrongResult},
				"reason":     {func(c *verify.Claim) { c.Reason = "forfeit" }, verify.WrongResult},
				"cut short":  {func(c *verify.Claim) { c.Moves = c.Moves[:len(c.Moves)/2] }, verify.NotOver},
				"no moves":   {func(c *verify.Claim) { c.Moves = nil }, verify.NotOver},
				"unlogged":   {func(c *verify.Claim) { c.Logged = false }, verify.Unverified},
				"bad move":   {func(c *verify.Claim) { c.Moves[0] = json.RawMessage(`{"v":1,"game":"` + id + `","seat":0,"move":"?"}`) }, verify.BadMove},
				"other game": {func(c *verify.Claim) { c.Moves[0] = json.RawMessage(`{"v":1,"game":"chess","seat":0,"move":{}}`) }, verify.BadMove},
				"wrong seat": {func(c *verify.Claim) { c.Moves[0] = reseat(t, rules, c.Moves[0], engine.Seat(len(c.Seats))) }, verify.IllegalMove},
				"after end":  {func(c *verify.Claim) { c.Moves = append(c.Moves, c.Moves[len(c.Moves)-1]) }, verify.MovesAfterEnd},
				"seats":      {func(c *verify.Claim) { c.Seats = append(c.Seats, make([]verify.Seat, 20)...) }, verify.BadSetup},
				"game":       {func(c *verify.Claim) { c.Game = "chess" }, verify.UnknownGame},
				"option":     {func(c *verify.Claim) { c.Options = map[string]string{"cheat": "on"} }, verify.BadSetup},
				"take-back":  {func(c *verify.Claim) { c.Moves = append([]json.RawMessage{takeBack(t, id, 1)}, c.Moves...) }, verify.BadMove},
			}
			if loser >= 0 {
				forgeries["invented winner"] = struct {
					forge func(*verify.Claim)
					want  verify.Refusal
				}{func(c *verify.Claim) { c.Seats[loser].Winner, c.Seats[loser].Rank = true, 1 }, verify.WrongResult}
			}
			for name, f := range forgeries {
				c := clone(honest)
				f.forge(&c)
				v := verify.Check(games, c)
				if v.Refusal != f.want || v.Taken() {
					t.Errorf("%s: %q (%s), want %q", name, v.Refusal, v.Detail, f.want)
				}
			}
		})
	}
}

// A wrong seed is found in the games it changes: the deal of the cards,
// the dice.
func TestCheckWrongSeed(t *testing.T) {
	games := catalog.Registry()
	for _, id := range []string{"canaille", "canyon"} {
		rules, err := games.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		c := played(t, rules, rules.Info().MinSeats, 11)
		c.Seed++
		if v := verify.Check(games, c); v.Taken() {
			t.Errorf("%s with another seed taken: %+v", id, v)
		}
	}
}

// A shelf game's play is not replayed, and not refused either.
func TestCheckScoreSheet(t *testing.T) {
	v := verify.Check(catalog.Registry(), verify.Claim{Game: "sheet", Seats: []verify.Seat{{Score: 99, Rank: 1, Winner: true}}})
	if v.Refusal != verify.NotReplayable || !v.Taken() {
		t.Fatalf("score sheet: %+v", v)
	}
}

// reseat is move raw said to be the next seat's (of seats).
func reseat(t *testing.T, rules engine.Rules, raw json.RawMessage, seats engine.Seat) json.RawMessage {
	t.Helper()
	r, err := engine.DecodeMove(rules, raw)
	if err != nil {
		t.Fatal(err)
	}
	js, err := engine.EncodeMove(rules.Info().ID, (r.Seat+1)%seats, r.Move)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func takeBack(t *testing.T, game string, seat engine.Seat) json.RawMessage {
	t.Helper()
	js, err := engine.EncodeTakeBack(game, seat)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// BenchmarkCheck replays one game of each shipped game at its most seats
// (random bots' games of Canoë, Canyon Duel and Canaille run to their
// limits; Canyon's own bots'): what a loader spends on each session
// event it takes.
func BenchmarkCheck(b *testing.B) {
	games := catalog.Registry()
	for _, rules := range catalog.Games() {
		info := rules.Info()
		b.Run(info.ID, func(b *testing.B) {
			level := engine.LevelRandom
			if info.ID == "canyon" {
				level = engine.LevelDefault
			}
			c := playedBy(b, rules, info.MaxSeats, 3, level)
			b.ReportMetric(float64(len(c.Moves)), "moves")
			for b.Loop() {
				if v := verify.Check(games, c); v.Refusal != verify.Verified {
					b.Fatal(v)
				}
			}
		})
	}
}
