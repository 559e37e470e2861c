package canyon

import "github.com/tablee/tablee/engine"

// roundTrack is the number of cards per player in rounds 1..14; after
// round 14 the track starts again at round 1.
var roundTrack = [14]int{8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7}

// nextTrack is the track position (0-based) after pos. The less-luck option
// skips the rounds of few cards, 6 to 9, where luck rules.
func nextTrack(pos int, lessLuck bool) int {
	pos = (pos + 1) % len(roundTrack)
	if lessLuck && pos >= 5 && pos <= 8 {
		pos = 9
	}
	return pos
}

// Draw is one pass of the draw for the first dealer: Seats[i] drew Cards[i].
type Draw struct {
	Seats []int  `json:"seats"`
	Cards []Card `json:"cards"`
}

// drawDealer has every player draw a card from the shuffled deck; the highest
// value deals, and tied players draw again from a new shuffle.
func drawDealer(rng *engine.RNG, seats int) (int, []Draw) {
	who := make([]int, seats)
	for i := range who {
		who[i] = i
	}
	var draws []Draw
	for {
		deck := newDeck()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		d := Draw{Seats: who, Cards: deck[:len(who):len(who)]}
		draws = append(draws, d)
		best := 0
		for _, c := range d.Cards {
			best = max(best, c.Value)
		}
		var tied []int
		for i, c := range d.Cards {
			if c.Value == best {
				tied = append(tied, who[i])
			}
		}
		if len(tied) == 1 {
			return tied[0], draws
		}
		who = tied
	}
}

// deal shuffles the whole deck and gives each of seats players n cards; the
// next card is trump and the rest is set aside for the round.
func deal(rng *engine.RNG, seats, n int) (hands [][]Card, trump Card, rest []Card) {
	deck := newDeck()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hands = make([][]Card, seats)
	for s := range hands {
		hands[s] = append(make([]Card, 0, n), deck[s*n:(s+1)*n]...)
		sortHand(hands[s])
	}
	return hands, deck[seats*n], deck[seats*n+1:]
}

// dealInto is deal reusing memory: buf (nil the first time) becomes the
// shuffled deck and is returned, trump at seats*n and the cards set aside
// after it; hands[s] receives seat s's n cards, in its own backing array.
// It draws from rng exactly as deal does (Fisher–Yates as RNG.Shuffle) and
// sorts the hands the same way (the card order is total).
func dealInto(rng *engine.RNG, hands [][]Card, buf []Card, n int) []Card {
	if cap(buf) < deckSize {
		buf = make([]Card, deckSize)
	}
	buf = buf[:deckSize]
	copy(buf, orderedDeck[:])
	for i := len(buf) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		buf[i], buf[j] = buf[j], buf[i]
	}
	for s := range hands {
		h := append(hands[s][:0], buf[s*n:(s+1)*n]...)
		for i := 1; i < len(h); i++ { // insertion sort: hands are small
			c, k := h[i], c2i(h[i])
			j := i
			for ; j > 0 && c2i(h[j-1]) > k; j-- {
				h[j] = h[j-1]
			}
			h[j] = c
		}
		hands[s] = h
	}
	return buf
}

// c2i is Card.index, for the sort of dealInto.
func c2i(c Card) int { return c.Suit*numValues + c.Value }

// orderedDeck is newDeck's order, the start of every shuffle.
var orderedDeck = [deckSize]Card(newDeck())
