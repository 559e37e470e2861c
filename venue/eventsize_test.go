package venue

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/session"
)

// A session event carries its whole move log (verify.go), so the biggest
// game a table plays must still fit the hub's limit of bytes an event
// (KioskLimits.EventBytes): every shipped game at its most seats, played
// to its end by its own bots and by random bots (which wander to a game's
// ply or turn limit: the longest games there are), each seat a person
// with a long name and three phone keys. Canyon has no such limit (a
// round ends when a canoe docks): random canoes drift 12,000 moves and
// more, which no table plays, so it is measured with its own bots only.
// The event must fit in half the default limit: a kiosk going over it is
// cut off.
func TestTheLongestGameFitsAnEvent(t *testing.T) {
	seeds := uint64(8)
	if testing.Short() {
		seeds = 3
	}
	biggest, biggestGame, moves := 0, "", 0
	own, ownN := map[string]int{}, map[string]int{} // bytes and games played by the games' own bots
	for _, rules := range catalog.Games() {
		info := rules.Info()
		levels := []engine.Level{engine.LevelDefault, engine.LevelRandom}
		if info.ID == "canyon" {
			levels = levels[:1]
		}
		for n := range uint64(len(levels)) * seeds {
			seed, level := n/uint64(len(levels))+1, levels[n%uint64(len(levels))]
			bots := make([]engine.Bot, info.MaxSeats)
			for i := range bots {
				var err error
				if bots[i], err = bot.New(rules, level, seed*10+uint64(i)); err != nil {
					t.Fatal(err)
				}
			}
			out, err := bot.Play(context.Background(), rules, engine.Setup{Seats: info.MaxSeats, Seed: seed}, bots)
			if err != nil {
				t.Fatal(err)
			}
			ev := db.SessionEvent{V: 2, Kiosk: uuid.NewString(), Table: strings.Repeat("T", 40), ID: uuid.NewString(), Game: info.ID,
				Seed: seed, StartedAt: time.Now(), EndedAt: time.Now(), At: time.Now(), Seq: 123456, Reason: out.Result.Reason}
			for i := range info.MaxSeats {
				ev.Seats = append(ev.Seats, db.EventSeat{Kind: session.Person, PlayerID: uuid.NewString(), Nickname: strings.Repeat("é", 24),
					Score: out.Result.Scores[i], Rank: out.Result.Ranks[i], Winner: out.Result.Won(engine.Seat(i)),
					Keys: []string{strings.Repeat("a", 32), strings.Repeat("b", 32), strings.Repeat("c", 32)}})
			}
			for _, r := range out.Moves {
				js, err := engine.EncodeMove(info.ID, r.Seat, r.Move)
				if err != nil {
					t.Fatal(err)
				}
				ev.Moves = append(ev.Moves, js)
			}
			body, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			if level == engine.LevelDefault {
				own[info.ID] += len(body)
				ownN[info.ID]++
			}
			if len(body) > biggest {
				biggest, biggestGame, moves = len(body), info.ID, len(out.Moves)
			}
		}
	}
	for id, n := range own {
		t.Logf("%s, its own bots: %d bytes an event on average", id, n/ownN[id])
	}
	t.Logf("the biggest event: a game of %s of %d moves, %d bytes (limit %d)", biggestGame, moves, biggest, DefaultKioskLimits.EventBytes)
	if biggest > DefaultKioskLimits.EventBytes/2 {
		t.Errorf("a %s game of %d moves is an event of %d bytes: over half the default limit of %d", biggestGame, moves, biggest, DefaultKioskLimits.EventBytes)
	}
}
