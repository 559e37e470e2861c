package canyon

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tablee/tablee/engine"
)

// Bot is the default Canyon player: it bids the tempo its hand can make,
// plays its cards to take exactly that many tricks, and settles ties of
// movement on the endpoint that leaves it best placed.
type Bot struct {
	b *Board
}

var _ engine.BotMaker = Rules{}

// Bot offers the level "default".
func (r Rules) Bot(level engine.Level, seed uint64) (engine.Bot, bool) {
	if level != engine.LevelDefault {
		return nil, false
	}
	return &Bot{b: r.b}, true
}

// Choose decides from the seat's view alone.
func (bot *Bot) Choose(_ context.Context, ev engine.View) (engine.Move, error) {
	v, ok := ev.(*View)
	if !ok || v == nil || len(v.Legal()) == 0 {
		return nil, fmt.Errorf("canyon bot: nothing to decide in %T", ev)
	}
	switch v.Phase {
	case PhasePlace:
		return bot.startCell(v), nil
	case PhaseTempo:
		return Tempo(slices.Clone(tempoBids[bot.bid(v)])...), nil
	case PhasePlay:
		return Play(bot.card(v)), nil
	}
	return bot.endpoint(v), nil
}

// startCell takes the free start cell nearest the middle of the river,
// which has the most ways forward.
func (bot *Bot) startCell(v *View) engine.Move {
	best, bestScore := v.Legal()[0], math.MaxInt
	for _, m := range v.Legal() {
		if d := abs(2*m.(Move).Col - 9); d < bestScore {
			best, bestScore = m, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// endpoint picks among tied endpoints: off the current if possible, else
// where a drift would do the least harm, then the most free ways forward.
func (bot *Bot) endpoint(v *View) engine.Move {
	var occ cellSet
	for _, c := range v.Canoes {
		if c >= 0 {
			occ.add(c)
		}
	}
	best, bestScore := v.Legal()[0], math.MinInt
	for _, m := range v.Legal() {
		mv := m.(Move)
		c := bot.b.Cell(mv.Row, mv.Col)
		score := 0
		for _, n := range bot.b.nbr[c] {
			if !bot.b.blocked(n, &occ) && bot.b.goal[n] < bot.b.goal[c] {
				score++
			}
		}
		if bot.b.Current(c) {
			score -= 10
			if bot.b.terrain[bot.b.drift[c]] == waterfall {
				score -= 10
			}
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}
