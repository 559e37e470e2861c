package canaille

import "github.com/tablee/tablee/engine"

// MaxSentence is the longest sentence, a whole hand.
const MaxSentence = 5

// Rule ids of a sentence. UIs translate them; tests match on them.
const (
	RuleSentenceLength   = "sentence-length"
	RuleNotInHand        = "not-in-hand"
	RulePointNotLast     = "point-not-last"
	RuleSameTypeAdjacent = "same-type-adjacent"
	RuleNoFullStop       = "no-full-stop"
)

// CheckSentence returns nil if cards, in this order, is a sentence the
// holder of hand may lay, or a *engine.RuleError naming the broken rule.
func CheckSentence(hand, cards []Card) error {
	if len(cards) < 1 || len(cards) > MaxSentence {
		return engine.BrokenWith(RuleSentenceLength, map[string]any{"Max": MaxSentence, "N": len(cards)}, "a sentence has 1 to %d cards, not %d", MaxSentence, len(cards))
	}
	if err := checkOwned(hand, cards); err != nil {
		return err
	}
	for i, c := range cards {
		if c.Kind() == Point && i != len(cards)-1 {
			return engine.BrokenWith(RulePointNotLast, cardArgs(c), "the point card %v may only end a sentence", c)
		}
		if i > 0 && cards[i-1].Kind() == c.Kind() {
			return engine.BrokenWith(RuleSameTypeAdjacent, cardArgs(c), "%v and %v are of one type and may not touch", cards[i-1], c)
		}
	}
	if last := cards[len(cards)-1]; !last.Face().Stop {
		return engine.BrokenWith(RuleNoFullStop, cardArgs(last), "the last card %v carries no full stop", last)
	}
	return nil
}

// checkOwned refuses a card that is not in hand or is laid twice.
func checkOwned(hand, cards []Card) error {
	for i, c := range cards {
		if indexOf(hand, c) < 0 {
			return engine.BrokenWith(RuleNotInHand, cardArgs(c), "%v is not in your hand", c)
		}
		if indexOf(cards[:i], c) >= 0 {
			return engine.BrokenWith(RuleNotInHand, cardArgs(c), "%v is laid twice", c)
		}
	}
	return nil
}

// HasFullStop reports whether hand can end a sentence at all.
func HasFullStop(hand []Card) bool {
	for _, c := range hand {
		if c.Face().Stop {
			return true
		}
	}
	return false
}

// Sentences lists the valid sentences of hand, one per distinct sequence of
// faces: identical cards are interchangeable, so listing every choice of
// ids among them would only repeat the same play.
func Sentences(hand []Card) [][]Card {
	var out [][]Card
	used := make([]bool, len(hand))
	cur := make([]Card, 0, MaxSentence)
	var grow func()
	grow = func() {
		var seen [MaxSentence + 1]Face // faces tried at this position
		tried := seen[:0]
		for i, c := range hand {
			f := c.Face()
			if used[i] || containsFace(tried, f) || !canFollow(cur, c) {
				continue
			}
			tried = append(tried, f)
			cur = append(cur, c)
			if f.Stop {
				out = append(out, append([]Card(nil), cur...))
			}
			if f.Kind != Point && len(cur) < MaxSentence {
				used[i] = true
				grow()
				used[i] = false
			}
			cur = cur[:len(cur)-1]
		}
	}
	grow()
	return out
}

// canFollow reports whether c may come right after the sentence so far.
func canFollow(cur []Card, c Card) bool {
	return len(cur) == 0 || cur[len(cur)-1].Kind() != c.Kind()
}

func containsFace(fs []Face, f Face) bool {
	for _, g := range fs {
		if g == f {
			return true
		}
	}
	return false
}

func indexOf(cs []Card, c Card) int {
	for i, d := range cs {
		if d == c {
			return i
		}
	}
	return -1
}

// cardArgs names card c for a person's explanation: its kind as a word of
// the texts (rule.word.kind-<kind>) and the number printed on it.
func cardArgs(c Card) map[string]any {
	if !c.Valid() {
		return nil
	}
	f := c.Face()
	return map[string]any{"Kind": "kind-" + f.Kind.String(), "N": f.N}
}
