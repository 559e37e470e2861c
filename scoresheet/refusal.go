package scoresheet

import "fmt"

// Refusal is why a sum, an entry or a decision is refused: Rule is a
// stable id that the UIs translate (texts "sheet.refused.<Rule>" in
// i18n) and Args the numbers and names those texts fill in.
type Refusal struct {
	Rule string
	Args map[string]any
}

func (r *Refusal) Error() string {
	if len(r.Args) == 0 {
		return "score sheet: " + r.Rule
	}
	return fmt.Sprintf("score sheet: %s %v", r.Rule, r.Args)
}

// The rules a Refusal names.
const (
	RuleSumEmpty     = "sum-empty"     // nothing typed
	RuleSumCharacter = "sum-character" // Args At (1-based), Char: not a digit, +, - or space
	RuleSumOperator  = "sum-operator"  // Args At: an operator where a number belongs
	RuleLimit        = "limit"         // Args Limit: a value or a total beyond the limit
	RuleNegative     = "negative"      // Args Category: this category is never below zero
	RuleCategory     = "category"      // Args Category: no such category on the sheet
	RuleRound        = "round"         // Args Round, Rounds: no such round (yet)
	RuleSeat         = "seat"          // Args Seat: no such seat
	RuleDecision     = "decision"      // the decision does not fit the sheet's rule or the play
)

func refuse(rule string, args map[string]any) error { return &Refusal{Rule: rule, Args: args} }
