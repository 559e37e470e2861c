package canyon

import "math"

// winChance estimates how likely each card of the hand is to take a trick:
// a card wins when no opponent holds a higher card of its suit (or, for a
// card that is not trump, when nobody trumps it).
func winChance(v *View) []float64 {
	hand := v.Hand
	h := len(hand)
	unseen := deckSize - h - 1
	inOpponents := float64((v.Seats-1)*h) / float64(unseen)
	out := make([]float64, h)
	for i, c := range hand {
		higher := 0
		for x := c.Value + 1; x <= numValues; x++ {
			if !holds(hand, Card{c.Suit, x}) && (Card{c.Suit, x}) != v.Trump {
				higher++
			}
		}
		p := math.Pow(1-inOpponents, float64(higher))
		if c.Suit != v.Trump.Suit {
			// Someone void in the suit may trump it, more likely in long hands.
			p *= math.Pow(0.93, float64(min(h, 8)))
		}
		out[i] = p
	}
	return out
}

// trickOdds is the distribution of the number of tricks taken when each
// card wins independently with its chance.
func trickOdds(chances []float64) []float64 {
	dist := []float64{1}
	for _, p := range chances {
		next := make([]float64, len(dist)+1)
		for k, q := range dist {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		dist = next
	}
	return dist
}

// bid picks the tempo bid with the best expected movement. In the current
// only an exact tempo moves (by its bonus) and a miss drifts back, so there
// the chance of being exact is all that counts.
func (bot *Bot) bid(v *View) int {
	dist := trickOdds(winChance(v))
	inCurrent := false
	if c := v.Canoes[v.For]; c >= 0 && bot.b.Current(c) {
		inCurrent = true
	}
	best, bestValue := 0, math.Inf(-1)
	for i, cards := range tempoBids {
		tempo := 0
		for _, c := range cards {
			tempo += c
		}
		if tempo >= len(dist) {
			continue
		}
		// Steering the play makes an exact tempo likelier than the raw odds.
		exact := math.Min(1, dist[tempo]*1.6)
		value := 0.0
		if inCurrent {
			value = exact*float64(bonus(tempo)) - (1-exact)*1.5
		} else {
			for k, q := range dist {
				value += q * float64(k)
			}
			value += exact * float64(bonus(tempo))
		}
		if value > bestValue {
			best, bestValue = i, value
		}
	}
	return best
}
