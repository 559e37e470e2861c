package scoresheet

// ParseSum reads a value as people type it on a score sheet: a whole
// number or a sum of them, "12", "3+6+2", "-2", "10 - 3", spaces allowed.
// Anything else is refused with the position of the first wrong
// character; a term or a sum beyond limit is refused with the limit.
// What is typed is only ever read as this grammar, never evaluated.
func ParseSum(text string, limit int) (int, error) {
	total, term, sign := 0, 0, 1
	inTerm, seenTerm, pendingOp := false, false, false
	closeTerm := func() error {
		total += sign * term
		if total > limit || total < -limit {
			return refuse(RuleLimit, map[string]any{"Limit": limit})
		}
		term, inTerm, seenTerm = 0, false, true
		return nil
	}
	for i, r := range []rune(text) {
		switch {
		case r >= '0' && r <= '9':
			if !inTerm && seenTerm && !pendingOp {
				// "3 4": two numbers with nothing between.
				return 0, refuse(RuleSumOperator, map[string]any{"At": i + 1})
			}
			term = term*10 + int(r-'0')
			if term > limit {
				return 0, refuse(RuleLimit, map[string]any{"Limit": limit})
			}
			inTerm, pendingOp = true, false
		case r == ' ' || r == '\t' || r == '\u00a0':
			if inTerm {
				if err := closeTerm(); err != nil {
					return 0, err
				}
			}
		case r == '+' || r == '-' || r == '\u2212':
			if inTerm {
				if err := closeTerm(); err != nil {
					return 0, err
				}
			}
			if pendingOp {
				return 0, refuse(RuleSumOperator, map[string]any{"At": i + 1})
			}
			sign = 1
			if r != '+' {
				sign = -1
			}
			pendingOp = true
		default:
			return 0, refuse(RuleSumCharacter, map[string]any{"At": i + 1, "Char": string(r)})
		}
	}
	if inTerm {
		if err := closeTerm(); err != nil {
			return 0, err
		}
	}
	if pendingOp {
		return 0, refuse(RuleSumOperator, map[string]any{"At": len([]rune(text))})
	}
	if !seenTerm {
		return 0, refuse(RuleSumEmpty, nil)
	}
	return total, nil
}
