package canyon

import (
	"github.com/tablee/tablee/engine"
)

// Rules a move can break, the Rule of its *engine.RuleError.
const (
	RuleNotAStartCell      = "not-a-start-cell"        // a canoe is placed on a cell that is no start cell
	RuleStartCellTaken     = "start-cell-taken"        // a canoe is placed where another canoe stands
	RuleNotOptimalEndpoint = "not-an-optimal-endpoint" // the chosen endpoint is not one of the tied best ones
	RuleWrongPhase         = "wrong-phase"             // a move of another phase (placing, tempo, playing, moving)
	RuleNotInHand          = "not-in-hand"             // a card that is not in the hand
	RuleFollowSuit         = "follow-suit"             // the hand holds the suit led and another is played
	RuleTempoCards         = "tempo-cards"             // a tempo that no one or two tempo cards make
	RuleTempoCardUsed      = "tempo-card-used"         // the same tempo card shown twice
)

// OptionLessLuck skips the rounds of few cards (6 to 9) of the round track.
const OptionLessLuck = "less-luck"

// Rules is the Canyon game for the engine.
type Rules struct{ b *Board }

var _ engine.Rules = Rules{}

// ID is the game's stable identifier.
const ID = "canyon"

// New returns the rules of Canyon on its one map.
func New() Rules { return Rules{b: board()} }

func (r Rules) Info() engine.Info {
	return engine.Info{
		ID:       ID,
		Name:     engine.Text{FR: "Canyon", DE: "Canyon", EN: "Canyon"},
		MinSeats: 3,
		MaxSeats: 6,
		Options: []engine.Option{{
			Key:     OptionLessLuck,
			Name:    engine.Text{FR: "Moins de hasard", DE: "Weniger Glück", EN: "Less luck"},
			Default: "off",
			Choices: []string{"off", "on"},
		}},
		Rules: []string{RuleNotAStartCell, RuleStartCellTaken, RuleTempoCards, RuleTempoCardUsed,
			RuleWrongPhase, RuleNotInHand, RuleFollowSuit, RuleNotOptimalEndpoint},
	}
}

// New draws the first dealer; the player to their left places a canoe first.
func (r Rules) New(setup engine.Checked) (engine.State, error) {
	n := setup.Seats()
	rng := engine.NewRNG(setup.Seed(), 0)
	s := newState(r.b, n, setup.Option(OptionLessLuck) == "on", rng)
	s.t.Dealer, s.t.Draws = drawDealer(&s.rng, n)
	s.t.Start = (s.t.Dealer + 1) % n
	s.t.ToMove = engine.Seat(s.t.Start)
	return s, nil
}

func (r Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}
