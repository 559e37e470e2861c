package canaille

import "slices"

// River is the stack of square cards. It has two ends and a face: cards are
// drawn from the top (index 0) and returned under it (the end of the slice);
// turning it over reverses the order and flips the face.
type River struct {
	Cards  []Card
	FaceUp bool
}

// Len is the number of cards in the river.
func (r *River) Len() int { return len(r.Cards) }

// Top is the card that would be drawn next, or NoCard if the river is empty.
func (r *River) Top() Card {
	if len(r.Cards) == 0 {
		return NoCard
	}
	return r.Cards[0]
}

// Visible is the top card when everyone can see it: only while face up.
func (r *River) Visible() Card {
	if !r.FaceUp {
		return NoCard
	}
	return r.Top()
}

// Draw takes the top card, or NoCard from an empty river.
func (r *River) Draw() Card {
	c := r.Top()
	if c != NoCard {
		r.Cards = slices.Delete(r.Cards, 0, 1)
	}
	return c
}

// PutUnder slides c under the river, the end opposite the top.
func (r *River) PutUnder(c Card) { r.Cards = append(r.Cards, c) }

// TurnOver is Déplacement: the bottom becomes the top and the face flips.
func (r *River) TurnOver() {
	slices.Reverse(r.Cards)
	r.FaceUp = !r.FaceUp
}

func (r River) clone() River {
	return River{Cards: slices.Clone(r.Cards), FaceUp: r.FaceUp}
}
