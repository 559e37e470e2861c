package canoe

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// ID is the game's stable identifier.
const ID = "canoe"

// Rules is Canoë for the engine: it starts games, reads moves, rebuilds
// states from views and offers the game's own bot.
type Rules struct{}

// New returns the rules of Canoë.
func New() Rules { return Rules{} }

var (
	_ engine.Rules       = Rules{}
	_ engine.BotMaker    = Rules{}
	_ engine.State       = (*State)(nil)
	_ engine.RandomMover = (*State)(nil)
	_ engine.Estimator   = (*State)(nil)
)

// Info describes Canoë: two players, no options.
func (Rules) Info() engine.Info {
	return engine.Info{
		ID:       ID,
		Name:     engine.Text{FR: "Canoë", DE: "Kanu", EN: "Canoe"},
		MinSeats: 2,
		MaxSeats: 2,
		// Every piece is on the board: a guest may play on the table.
		AllPublic: true,
		Rules:     []string{RuleNotAHole, RuleHoleOccupied, RuleNoPegsLeft, RuleNotYourPeg, RuleNotAdjacent},
	}
}

// New starts a game on the empty board, light (seat 0) to move. Canoë has
// no chance, so the seed is not used.
func (Rules) New(engine.Checked) (engine.State, error) {
	return newState(), nil
}

// DecodeMove reads a Move from its JSON form, refusing anything else.
func (Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Determinize rebuilds the exact State of a view: Canoë has no secrets, so
// nothing is drawn and r may be nil.
func (Rules) Determinize(v engine.View, _ *engine.RNG) (engine.State, error) {
	cv, ok := v.(*View)
	if !ok || cv == nil {
		return nil, fmt.Errorf("canoe: cannot rebuild a state from a %T", v)
	}
	s, err := stateOf(cv)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Bot offers the level "default"; the engine's random bot covers "random".
func (Rules) Bot(level engine.Level, seed uint64) (engine.Bot, bool) {
	if level != engine.LevelDefault {
		return nil, false
	}
	return NewBot(seed), true
}
