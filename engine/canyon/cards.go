package canyon

import (
	"fmt"
	"slices"
)

// The 50 playing cards: five suits of values 1 to 10.
const (
	numSuits  = 5
	numValues = 10
	deckSize  = numSuits * numValues
)

// suitNames name the suits in logs; the rulebook's pictures of them are lost,
// so the names are ours.
var suitNames = [numSuits]string{"blue", "green", "red", "yellow", "violet"}

// Card is one playing card. Suit is 0..4, Value 1..10.
type Card struct {
	Suit  int `json:"suit"`
	Value int `json:"value"`
}

func (c Card) String() string {
	if !c.valid() {
		return fmt.Sprintf("card(%d,%d)", c.Suit, c.Value)
	}
	return fmt.Sprintf("%s %d", suitNames[c.Suit], c.Value)
}

func (c Card) valid() bool {
	return c.Suit >= 0 && c.Suit < numSuits && c.Value >= 1 && c.Value <= numValues
}

// index numbers the card 0..49, for hashing and sets.
func (c Card) index() int { return c.Suit*numValues + c.Value - 1 }

func newDeck() []Card {
	d := make([]Card, 0, deckSize)
	for s := range numSuits {
		for v := 1; v <= numValues; v++ {
			d = append(d, Card{s, v})
		}
	}
	return d
}

// sortHand orders a hand by suit then value, so that hands, legal moves and
// hashes do not depend on the order of the deal.
func sortHand(h []Card) {
	slices.SortFunc(h, func(a, b Card) int { return a.index() - b.index() })
}

func removeCard(h []Card, c Card) []Card {
	i := slices.Index(h, c)
	return slices.Delete(h, i, i+1)
}

// boxedCards holds every card already boxed as an event value: a card is
// in most events, and boxing it anew each time was a tenth of a playout.
var boxedCards = func() (out [deckSize]any) {
	for _, c := range newDeck() {
		out[c.index()] = c
	}
	return out
}()

// boxed is c as an event value.
func boxed(c Card) any { return boxedCards[c.index()] }
