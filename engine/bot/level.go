package bot

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Levels a kiosk can offer for any game. A game may offer more through
// engine.BotMaker, and may replace "default" with its own heuristics.
const (
	LevelRandom  = engine.LevelRandom
	LevelEasy    = engine.LevelEasy
	LevelMCTS    = engine.LevelMCTS
	LevelDefault = engine.LevelDefault
)

// New returns the bot called level for rules' game, its choices fixed by seed.
func New(rules engine.Rules, level string, seed uint64) (engine.Bot, error) {
	if maker, ok := rules.(engine.BotMaker); ok {
		if b, ok := maker.Bot(level, seed); ok {
			return b, nil
		}
	}
	switch level {
	case LevelRandom:
		return NewRandom(seed), nil
	case LevelEasy:
		m := NewMCTS(rules, seed)
		m.Iterations = 100
		return m, nil
	case LevelMCTS, LevelDefault:
		return NewMCTS(rules, seed), nil
	}
	return nil, fmt.Errorf("%s has no bot %q", rules.Info().ID, level)
}
