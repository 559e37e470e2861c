package bot

import (
	"context"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// maxPlies stops a game whose rules failed to end it; every game here has
// its own, much lower, limit.
const maxPlies = 100_000

// Outcome is a finished game: its result and its move list.
type Outcome struct {
	Result engine.Result
	Moves  []engine.Record
	// Hash is the final state's, which a replay of Moves must reach.
	Hash string
}

// Play runs a game of rules from setup, bots[i] deciding for seat i, until it
// ends or ctx is done. Nobody reads the events of such a game (its move
// list is the record), so the moves are stepped (engine.Step).
func Play(ctx context.Context, rules engine.Rules, setup engine.Setup, bots []engine.Bot) (Outcome, error) {
	if len(bots) != setup.Seats {
		return Outcome{}, fmt.Errorf("play: %d bots for %d seats", len(bots), setup.Seats)
	}
	s, err := engine.NewGame(rules, setup)
	if err != nil {
		return Outcome{}, err
	}
	var out Outcome
	for {
		if res, over := s.Result(); over {
			out.Result, out.Hash = res, s.Hash()
			return out, nil
		}
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if len(out.Moves) >= maxPlies {
			return out, fmt.Errorf("play: %s did not end after %d plies", rules.Info().ID, maxPlies)
		}
		seat := s.Turn()
		m, err := bots[seat].Choose(ctx, s.View(seat))
		if err != nil {
			return out, fmt.Errorf("play: %v's bot: %w", seat, err)
		}
		if err := engine.Step(s, seat, m); err != nil {
			return out, fmt.Errorf("play: %v's bot chose %v: %w", seat, m, err)
		}
		out.Moves = append(out.Moves, engine.Record{Seat: seat, Move: m})
	}
}
