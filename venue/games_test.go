package venue

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/bot"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/session"
)

// The tests' sessions are real games: every loader replays a session's
// moves and keeps aside one whose results do not follow (verify.go), so
// a test session is a game of Canoë (seed 7, as the sessions the tests
// create) its random bots played to the outcome the test asks for.

// canoeGame is a game of Canoë of seed 7 with its log.
type canoeGame struct {
	moves  []session.Move
	result engine.Result
}

var (
	canoeOnce  sync.Once
	canoeGames map[int]canoeGame // by outcome: 1 seat 0 won, -1 seat 1 won, 0 a draw
	canoeErr   error
)

// canoeBots are the random bots' seeds whose game of seed 7 ends in each
// outcome (found once by trying seeds from 1).
var canoeBots = map[int]uint64{1: 39, -1: 85, 0: 1}

// gameOf is the game of Canoë whose outcome follows scores' order (two
// seats): the first seat ahead wins, behind loses, level draws.
func gameOf(scores []int) (canoeGame, error) {
	canoeOnce.Do(func() {
		canoeGames = map[int]canoeGame{}
		for outcome, seed := range canoeBots {
			out, err := bot.Play(context.Background(), canoe.New(), engine.Setup{Seats: 2, Seed: 7},
				[]engine.Bot{bot.NewRandom(seed), bot.NewRandom(seed + 1000)})
			if err != nil {
				canoeErr = err
				return
			}
			g := canoeGame{result: out.Result}
			for i, r := range out.Moves {
				js, err := engine.EncodeMove(canoe.ID, r.Seat, r.Move)
				if err != nil {
					canoeErr = err
					return
				}
				g.moves = append(g.moves, session.Move{Seq: i + 1, Seat: r.Seat, JSON: js, StateHash: "-", PlayedAt: time.Now()})
			}
			if got := outcomeOf(out.Result.Scores); got != outcome {
				canoeErr = fmt.Errorf("random bots of seed %d ended %v, not outcome %d: find their seeds again", seed, out.Result, outcome)
				return
			}
			canoeGames[outcome] = g
		}
	})
	if canoeErr != nil {
		return canoeGame{}, canoeErr
	}
	if len(scores) != 2 {
		return canoeGame{}, fmt.Errorf("a game of Canoë is for two, not %d", len(scores))
	}
	return canoeGames[outcomeOf(scores)], nil
}

func outcomeOf(scores []int) int {
	switch {
	case scores[0] > scores[1]:
		return 1
	case scores[0] < scores[1]:
		return -1
	}
	return 0
}

// finishGame logs the moves of the game of Canoë whose outcome follows
// scores in session id, and finishes it with the game's result, as the
// table's host does.
func finishGame(ctx context.Context, d *db.DB, id string, scores []int, at time.Time) error {
	g, err := gameOf(scores)
	if err != nil {
		return err
	}
	for _, m := range g.moves {
		if err := d.AppendMove(ctx, id, m); err != nil {
			return err
		}
	}
	return d.Finish(ctx, id, g.result, at)
}
