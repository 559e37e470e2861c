package canyonduel

import (
	"context"
	"fmt"
	"math"

	"github.com/tablee/tablee/engine"
)

// Bot is the default Canyon duel player. It looks two plies ahead: each of
// its moves, then the reply that would hurt it most, judging positions by
// worth (potentials of pieces, see eval.go). Equal choices are broken by
// its seeded random source, so it is deterministic given its seed.
type Bot struct{ rng engine.RNG }

// Bot's fields, NewBot and the start of Choose read as Canoë's bot's
// (engine/canoe/bot.go) and stay apart: each game's default bot reads its
// own view and searches its own way.

// NewBot returns the default bot, its choices fixed by seed.
func NewBot(seed uint64) *Bot { return &Bot{rng: engine.NewRNG(seed, 2)} }

// Choose decides from the view alone: with perfect information the view
// is the whole position.
func (b *Bot) Choose(ctx context.Context, v engine.View) (engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, err := stateOf(v)
	if err != nil {
		return nil, fmt.Errorf("canyonduel bot: %w", err)
	}
	if s.Turn() != v.Viewer() {
		return nil, fmt.Errorf("canyonduel bot: %v is not to move", v.Viewer())
	}
	return bestMove(s, &b.rng), nil
}

// won is the worth of a finished game, beyond any worth of a running one.
const won = 1_000_000

// bestMove returns one of the moves of highest value, drawn by rng. The
// game must not be over.
func bestMove(s *State, rng *engine.RNG) Move {
	me := s.plies % 2
	base := s.board.worth(me)
	bestValue := math.MinInt
	var best []Move
	s.board.eachMove(me, func(jump bool, path, captured []int8) {
		v := moveValue(s, base, path, captured)
		if v > bestValue {
			bestValue, best = v, best[:0]
		}
		if v == bestValue {
			best = append(best, moveOf(jump, path))
		}
	})
	return best[rng.IntN(len(best))]
}

// moveValue is the worth for the mover after the move and the opponent's
// most damaging reply, or the final score difference if the move ends the
// game.
func moveValue(s *State, base int, path, captured []int8) int {
	me := s.plies % 2
	after := s.board
	after.move(path, captured)
	if reason := endReason(&after, s.plies+1); reason != "" {
		diff := after.score(me) - after.score(1-me)
		return won*sign(diff) + diff
	}
	worst := math.MinInt
	after.eachMove(1-me, func(_ bool, path, captured []int8) {
		worst = max(worst, gain(1-me, path, captured))
	})
	return base + gain(me, path, captured) - worst
}

// move makes a generated move, already known to be legal. Captures go
// first: a chain may end on a square it emptied by a capture.
func (b *board) move(path, captured []int8) {
	from, to := path[0], path[len(path)-1]
	p := b[from]
	for _, sq := range captured {
		b[sq] = empty
	}
	b[from], b[to] = empty, p
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
