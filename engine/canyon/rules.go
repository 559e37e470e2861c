package canyon

import (
	"github.com/tablee/tablee/engine"
)

// OptionLessLuck skips the rounds of few cards (6 to 9) of the round track.
const OptionLessLuck = "less-luck"

// Rules is the Canyon game for the engine.
type Rules struct{ b *Board }

var _ engine.Rules = (*Rules)(nil)

// NewRules returns the rules of Canyon on its one map.
func NewRules() *Rules { return &Rules{b: board()} }

func (r *Rules) Info() engine.Info {
	return engine.Info{
		ID:       "canyon",
		Name:     engine.Text{FR: "Canyon", DE: "Canyon", EN: "Canyon"},
		MinSeats: 3,
		MaxSeats: 6,
		Options: []engine.Option{{
			Key:     OptionLessLuck,
			Name:    engine.Text{FR: "Moins de hasard", DE: "Weniger Glück", EN: "Less luck"},
			Default: "off",
			Choices: []string{"off", "on"},
		}},
	}
}

// New draws the first dealer; the player to their left places a canoe first.
func (r *Rules) New(setup engine.Setup) (engine.State, error) {
	setup, err := r.Info().CheckSetup(setup)
	if err != nil {
		return nil, err
	}
	rng := engine.NewRNG(setup.Seed, 0)
	s := newState(r.b, setup.Seats, setup.Options[OptionLessLuck] == "on", rng)
	s.t.Dealer, s.t.Draws = drawDealer(&s.rng, setup.Seats)
	s.t.Start = (s.t.Dealer + 1) % setup.Seats
	s.t.ToMove = engine.Seat(s.t.Start)
	return s, nil
}

func (r *Rules) DecodeMove(data []byte) (engine.Move, error) {
	m, err := decodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}
