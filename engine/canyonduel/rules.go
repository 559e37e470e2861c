package canyonduel

import (
	"github.com/tablee/tablee/engine"
)

// ID is the game's stable identifier.
const ID = "canyonduel"

// Rules is Canyon duel for the engine: two seats, no options, no secrets
// (a view is the whole position).
type Rules struct {
	engine.PerfectInfo[View, *View]
}

// New returns the rules of Canyon duel.
func New() Rules { return Rules{} }

// Info, New, DecodeMove and Bot read as Canoë's (engine/canoe/rules.go)
// and stay apart: each is its game's method of engine.Rules over its own
// types. What the two perfect-information games share word for word
// (DecodeView, Determinize) is engine.PerfectInfo.

// Info describes the game for menus and the set-up screen.
func (Rules) Info() engine.Info {
	return engine.Info{
		ID:       ID,
		Minutes:  20,
		MinSeats: 2,
		MaxSeats: 2,
		// Every piece is on the board: a guest may play on the table.
		AllPublic: true,
		Rules: []string{RuleNotYourPiece, RuleNotACell, RuleCanyon, RuleNotAdjacent, RuleCellOccupied,
			RuleNotAJump, RuleNoPieceToJump, RuleLandedTwice, RuleEndsOnStart},
	}
}

// New sets up the start position. The game has no chance, so the seed is
// not used.
func (Rules) New(engine.Checked) (engine.State, error) {
	return newState(), nil
}

// DecodeMove parses a Move from its JSON form, strictly.
func (Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Bot offers the level "default", a shallow searcher.
func (Rules) Bot(level engine.Level, seed uint64) (engine.Bot, bool) {
	if level != engine.LevelDefault {
		return nil, false
	}
	return NewBot(seed), true
}

// Compile-time checks of the contract.
var (
	_ engine.Rules     = Rules{}
	_ engine.BotMaker  = Rules{}
	_ engine.State     = (*State)(nil)
	_ engine.Estimator = (*State)(nil)
	_ engine.View      = (*View)(nil)
	_ engine.Move      = Move{}
)
