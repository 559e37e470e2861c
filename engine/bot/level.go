package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/tablee/tablee/engine"
)

// DefaultBudget is how long a bot may think at the table unless configured
// otherwise: people at the table wait for it.
const DefaultBudget = 300 * time.Millisecond

// WithBudget returns ctx with a deadline budget from now (DefaultBudget if
// budget is zero): every bot decides before its context's deadline,
// searching bots stopping their search there.
func WithBudget(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return context.WithTimeout(ctx, budget)
}

// New returns the bot of level for rules' game, its choices fixed by seed.
// A game may offer its own bot for a level through engine.BotMaker (and
// replace engine.LevelDefault with its own heuristics); the others come
// from this package.
func New(rules engine.Rules, level engine.Level, seed uint64) (engine.Bot, error) {
	if maker, ok := rules.(engine.BotMaker); ok {
		if b, ok := maker.Bot(level, seed); ok {
			return b, nil
		}
	}
	switch level {
	case engine.LevelRandom:
		return NewRandom(seed), nil
	case engine.LevelEasy:
		// A tenth of the search: of the budget at the table, of the
		// iterations without a deadline.
		m := NewMCTS(rules, seed)
		m.Iterations, m.Share = 100, 0.1
		return m, nil
	case engine.LevelMCTS, engine.LevelDefault:
		return NewMCTS(rules, seed), nil
	}
	return nil, fmt.Errorf("%s has no bot %q", rules.Info().ID, level)
}
