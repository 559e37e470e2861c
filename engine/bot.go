package engine

import "context"

// Bot decides for one seat from that seat's view only: it is never handed
// the State, so it cannot see other hands or the deck.
type Bot interface {
	Choose(ctx context.Context, v View) (Move, error)
}

// BotMaker is implemented by Rules that offer their own bots (heuristics
// written for that game). It returns false for a level it does not offer.
type BotMaker interface {
	Bot(level Level, seed uint64) (Bot, bool)
}

// Estimator is implemented by States that can judge an unfinished position:
// one value per seat in [0, 1], higher is better. Searching bots use it to
// cut playouts short.
type Estimator interface {
	Estimate() []float64
}

// RandomMover is implemented by States that can draw a uniformly random
// legal move faster than by listing them all; playouts use it.
type RandomMover interface {
	RandomMove(r *RNG) Move
}

// Playouter is implemented by States that can play uniformly random moves
// to the end of the game without building the events Apply returns: the
// state they end in is the one Apply reaches with the same moves
// (RandomMover's, drawn from r). Simulations of random games use it.
type Playouter interface {
	Playout(r *RNG)
}

// Level names how a bot plays: the set-up screen offers levels, the
// database stores them with a bot seat, bot.New makes the bot.
type Level string

// Bot levels every game answers to (engine/bot provides them when a game
// does not); a BotMaker may offer more.
const (
	LevelRandom  Level = "random"
	LevelEasy    Level = "easy"    // a short search: beatable by beginners
	LevelMCTS    Level = "mcts"    // the generic search, whatever the game offers
	LevelDefault Level = "default" // the game's own bot, else the generic search
)

// Levels lists the levels every game answers to, the weakest first.
func Levels() []Level { return []Level{LevelRandom, LevelEasy, LevelMCTS, LevelDefault} }
