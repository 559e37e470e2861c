package engine

import (
	"errors"
	"fmt"
)

// RuleError is returned when a move breaks a rule. Rule is a stable short
// identifier (e.g. "follow-suit") that UIs translate and tests match on; Msg
// explains the problem to a person.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string { return "rule " + e.Rule + ": " + e.Msg }

// Broken returns a *RuleError for rule with a formatted message.
func Broken(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// RuleOf returns the rule identifier carried by err, or "" if err is not a
// rule violation.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// Rules that every game shares.
const (
	RuleNotYourTurn = "not-your-turn"
	RuleGameOver    = "game-over"
	RuleBadMove     = "bad-move"
)

// NotYourTurn is the error for a move by a seat that is not to decide now.
func NotYourTurn(seat, turn Seat) error {
	if turn == NoSeat {
		return Broken(RuleGameOver, "the game is over")
	}
	return Broken(RuleNotYourTurn, "%s cannot move: it is %s's decision", seat, turn)
}
