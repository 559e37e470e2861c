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
	Bot(level string, seed uint64) (Bot, bool)
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

// Bot levels every game answers to (engine/bot provides them when a game
// does not); a BotMaker may offer more.
const (
	LevelRandom  = "random"
	LevelEasy    = "easy"    // a short search: beatable by beginners
	LevelMCTS    = "mcts"    // the generic search, whatever the game offers
	LevelDefault = "default" // the game's own bot, else the generic search
)
