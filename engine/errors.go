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
	// Args are the numbers and names that matter for a person reading
	// why ("Suit": "green", "Value": 3): the texts rule.why.<Rule> fill
	// their {{.Param}}s from them. They name only what the mover may
	// know (their own cards, the public board), so an explanation built
	// from them leaks nothing; nil when the rule needs none.
	Args map[string]any
}

func (e *RuleError) Error() string { return "rule " + e.Rule + ": " + e.Msg }

// Broken returns a *RuleError for rule with a formatted message.
func Broken(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// BrokenWith is Broken with the Args a person's explanation needs.
func BrokenWith(rule string, args map[string]any, format string, a ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, a...), Args: args}
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
	// RuleHintsOff refuses a hint: the staff turned hints off in rated
	// games (a table's setting, not a game's rule).
	RuleHintsOff = "hints-off"
)

// The rules a take-back refusal names (texts rule.<id>,
// docs/rules/takeback.md): the table's, not a game's, like RuleHintsOff,
// and written here so that every rule a player may read of is found in
// one place (TestEveryRuleHasTexts).
const (
	// RuleTakeBackNone: this game takes nothing back (the card games).
	RuleTakeBackNone = "takeback-none"
	// RuleTakeBackNotLast: only the seat that made the last move may ask,
	// and only for that move (not for a take-back, not further back).
	RuleTakeBackNotLast = "takeback-not-last"
	// RuleTakeBackStale: the move asked about, or the request answered,
	// was followed by another move (or a take-back): it no longer stands.
	RuleTakeBackStale = "takeback-stale"
	// RuleTakeBackNotAsked: no request is open for this seat to answer
	// (none at all, or its own).
	RuleTakeBackNotAsked = "takeback-not-asked"
)

// NotYourTurn is the error for a move by a seat that is not to decide now.
func NotYourTurn(seat, turn Seat) error {
	if turn == NoSeat {
		return Broken(RuleGameOver, "the game is over")
	}
	return BrokenWith(RuleNotYourTurn, map[string]any{"Turn": int(turn) + 1}, "%s cannot move: it is %s's decision", seat, turn)
}
