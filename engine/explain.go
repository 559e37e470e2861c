package engine

import "errors"

// Explanation says whether a move may be made now and, when not, which
// rule forbids it, with the numbers and names that matter (the rule's
// RuleError.Args). It is what a guest reads after touching a card or a
// cell they cannot use: the texts rule.why.<Rule> read Args.
type Explanation struct {
	Legal bool           `json:"legal"`
	Rule  string         `json:"rule,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
}

// explainSeed fixes the determinisation Explain refuses moves in: the
// answer depends on the view alone, never on the draw.
const explainSeed = 0x6578706c61696e // "explain"

// Explain says whether seat may make m in the position v shows, v being
// seat's own view, and why not. It runs the game's own Apply — the same
// code that refuses a move at the table — on a state Determinize builds
// from v, so it knows only what seat knows: what v hides (other hands,
// the deck) is drawn at random there, and the rules' Args name only the
// mover's cards and the public board. A view of another viewer, or a move
// when it is not seat's turn, is answered with not-your-turn and nothing
// else.
func Explain(rules Rules, v View, seat Seat, m Move) Explanation {
	if _, over := v.Result(); over || v.Turn() == NoSeat {
		return Explanation{Rule: RuleGameOver}
	}
	if v.Viewer() != seat || v.Turn() != seat {
		return Explanation{Rule: RuleNotYourTurn, Args: map[string]any{"Turn": int(v.Turn()) + 1}}
	}
	rng := NewRNG(explainSeed, 0)
	st, err := rules.Determinize(v, &rng)
	if err != nil {
		return Explanation{Rule: RuleBadMove}
	}
	if _, err := st.Apply(seat, m); err != nil {
		var re *RuleError
		if !errors.As(err, &re) {
			return Explanation{Rule: RuleBadMove}
		}
		return Explanation{Rule: re.Rule, Args: re.Args}
	}
	return Explanation{Legal: true}
}
