package canyon

import "github.com/tablee/tablee/engine"

// canPlay reports whether card may be played from hand onto trick: the led
// suit must be followed when the hand holds it.
func canPlay(hand, trick []Card, card Card) error {
	if !card.valid() {
		return engine.Broken(engine.RuleBadMove, "%v is not a card", card)
	}
	if !holds(hand, card) {
		return engine.BrokenWith(RuleNotInHand, cardArgs(card), "%v is not in the hand", card)
	}
	if len(trick) > 0 && card.Suit != trick[0].Suit && hasSuit(hand, trick[0].Suit) {
		led := trick[0].Suit
		// The lowest card of the suit led says which card obliges.
		have := Card{Suit: led, Value: numValues + 1}
		for _, c := range hand {
			if c.Suit == led && c.Value < have.Value {
				have = c
			}
		}
		return engine.BrokenWith(RuleFollowSuit, cardArgs(have), "%s was led and the hand holds %s", suitNames[led], have)
	}
	return nil
}

// playable lists the cards of hand that may be played onto trick.
func playable(hand, trick []Card) []Card {
	if len(trick) == 0 || !hasSuit(hand, trick[0].Suit) {
		return hand
	}
	out := make([]Card, 0, len(hand))
	for _, c := range hand {
		if c.Suit == trick[0].Suit {
			out = append(out, c)
		}
	}
	return out
}

func holds(hand []Card, card Card) bool {
	for _, c := range hand {
		if c == card {
			return true
		}
	}
	return false
}

func hasSuit(hand []Card, suit int) bool {
	for _, c := range hand {
		if c.Suit == suit {
			return true
		}
	}
	return false
}

// trickWinner is the index in trick of the card that takes it: the highest
// trump if any was played, else the highest card of the suit led.
func trickWinner(trick []Card, trump int) int {
	best := 0
	for i, c := range trick[1:] {
		if beats(c, trick[best], trump) {
			best = i + 1
		}
	}
	return best
}

// beats reports whether c takes a trick that b currently holds (b is of the
// suit led or trump, as a winning card always is).
func beats(c, b Card, trump int) bool {
	if c.Suit == b.Suit {
		return c.Value > b.Value
	}
	return c.Suit == trump
}

// cardArgs names card for a person's explanation: its suit as a word of
// the texts (rule.word.suit-<name>) and its value.
func cardArgs(card Card) map[string]any {
	return map[string]any{"Suit": "suit-" + suitNames[card.Suit], "Value": card.Value}
}
