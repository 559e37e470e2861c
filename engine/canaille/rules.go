package canaille

import (
	"fmt"

	"github.com/tablee/tablee/engine"
)

// ID is the game's stable identifier.
const ID = "canaille"

// Rules is the game of Canaille for the engine.
type Rules struct{}

// New returns the rules of Canaille.
func New() Rules { return Rules{} }

var info = engine.Info{
	ID:       ID,
	Name:     engine.Text{FR: "Canaille", DE: "Canaille", EN: "Canaille"},
	MinSeats: 2,
	MaxSeats: 4,
	Options: []engine.Option{{
		Key:     OptFirst,
		Name:    engine.Text{FR: "Premier joueur", DE: "Startspieler", EN: "First player"},
		Default: "random",
		Choices: []string{"random", "1", "2", "3", "4"},
	}},
}

// Info describes the game; it is a fresh copy each time.
func (Rules) Info() engine.Info {
	i := info
	i.Options = []engine.Option{info.Options[0]}
	i.Options[0].Choices = append([]string(nil), info.Options[0].Choices...)
	i.Rules = []string{RuleSentenceLength, RuleNotInHand, RulePointNotLast, RuleSameTypeAdjacent, RuleNoFullStop,
		RuleNotNow, RuleNotInCatch, RuleNotAFish, RuleNotTrash, RuleBadTarget, RuleReleaseMore,
		RuleBadRecipient, RuleNotDrawn, RuleBlindGive, RuleNotInRow, RuleEmptyDeck}
	return i
}

// New deals a game.
func (Rules) New(setup engine.Checked) (engine.State, error) {
	first, err := parseFirst(setup.Option(OptFirst), setup.Seats())
	if err != nil {
		return nil, err
	}
	return newGame(setup.Seats(), first, setup.Seed()), nil
}

// DecodeMove parses a move's JSON form strictly.
func (Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Determinize returns a state consistent with everything v shows.
func (Rules) Determinize(v engine.View, r *engine.RNG) (engine.State, error) {
	cv, ok := v.(*View)
	if !ok || cv == nil {
		return nil, fmt.Errorf("canaille: cannot determinize a %T", v)
	}
	return determinize(cv, r)
}
