package bot

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

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
		m := NewMCTS(rules, seed)
		m.Iterations = 100
		return m, nil
	case engine.LevelMCTS, engine.LevelDefault:
		return NewMCTS(rules, seed), nil
	}
	return nil, fmt.Errorf("%s has no bot %q", rules.Info().ID, level)
}
