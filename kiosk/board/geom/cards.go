package geom

import (
	"math"

	"fyne.io/fyne/v2"
)

// CanailleTable is where the Canaille board puts its cards: three bands,
// each centred across the board. Every position is a card's top-left
// corner unless said otherwise.
type CanailleTable struct {
	// River and Deck are the two piles at the left of the top band.
	River, Deck fyne.Position
	// RowAt is where the row of cards begins, after the piles, and Row
	// each of its cards.
	RowAt fyne.Position
	Row   []fyne.Position
	// Banner is the top of the banner above the sentence.
	Banner float32
	// SentenceAt is where the sentence's band begins (its label), and
	// Sentence each of its cards, the cards shown centred.
	SentenceAt fyne.Position
	Sentence   []fyne.Position
	// CatchesAt is where the catches' band begins (its label), and
	// Catches each seat's catch pile.
	CatchesAt fyne.Position
	Catches   []fyne.Position
}

// Canaille's bands: the gap between cards, the extra room around the
// deck, the top margin, and the room between bands for labels, counts
// and the banner.
const (
	canailleGap      = 24
	canailleDeckRoom = 60
	canailleTop      = 36
	canailleTopBand  = 110 // from the top band's cards to the sentence
	canailleMidBand  = 70  // from the sentence's band to the catches
	canailleCatchPad = 40  // room left of a catch for its seat's badge
)

// canailleBelow is the room under the catches for their counts.
const canailleBelow = 40

// CanailleCard is the size of the Canaille board's cards in area: card,
// or lower when its three bands would not fit area's height (a lesson's
// board, above the learner's panel, where the catches lay under that
// panel), never under three fifths of card's height. The width stays,
// which the cards' names need.
func CanailleCard(area, card fyne.Size) fyne.Size {
	fixed := float32(canailleTop + canailleTopBand + 10 + canailleMidBand + canailleBelow)
	h := float32(math.Floor(float64((area.Height - fixed) / 3)))
	return fyne.NewSize(card.Width, clamp(h, card.Height*3/5, card.Height))
}

// LayCanaille lays out the Canaille board in area for cards of size
// card: rowCards in the row, slots places in the sentence of which shown
// are centred, and seats catches.
func LayCanaille(area, card fyne.Size, rowCards, slots, shown, seats int) CanailleTable {
	var t CanailleTable
	step := card.Width + canailleGap
	// Top band, centred as if it held five cards: river, deck, the row.
	width := 5*card.Width + 4*canailleGap + canailleDeckRoom
	x := (area.Width - width) / 2
	t.River = fyne.NewPos(x, canailleTop)
	t.Deck = fyne.NewPos(x+step, canailleTop)
	t.RowAt = fyne.NewPos(x+2*step+canailleDeckRoom, canailleTop)
	for i := range rowCards {
		t.Row = append(t.Row, t.RowAt.AddXY(float32(i)*step, 0))
	}
	// Middle band: the sentence, centred on the cards shown.
	mid := canailleTop + card.Height + canailleTopBand
	t.Banner = mid - 40
	sx := (area.Width - float32(max(shown, 1))*step + canailleGap) / 2
	t.SentenceAt = fyne.NewPos(sx, mid-20)
	for i := range slots {
		t.Sentence = append(t.Sentence, fyne.NewPos(sx+float32(i)*step, mid+10))
	}
	// Bottom band: each seat's catch, its badge at its left.
	bottom := mid + card.Height + canailleMidBand
	each := card.Width + 2*canailleGap + canailleCatchPad
	cx := (area.Width - float32(seats)*each) / 2
	t.CatchesAt = fyne.NewPos(cx, bottom-30)
	for seat := range seats {
		t.Catches = append(t.Catches, fyne.NewPos(cx+float32(seat)*each+canailleCatchPad, bottom))
	}
	return t
}

// CanyonStrip is the strip under the Canyon map: the round track's
// boxes, the trump and the trick's cards, left to right.
type CanyonStrip struct {
	Track  []fyne.Position // each box's top-left corner
	TrumpT fyne.Position   // the trump's title
	Trump  fyne.Position   // the trump card
	Trick  []fyne.Position // each card of the trick
}

// LayCanyonStrip lays out the strip from at: track boxes of side box,
// then the trump and trick cards of size card.
func LayCanyonStrip(at fyne.Position, box float32, track int, card fyne.Size, trick int) CanyonStrip {
	var s CanyonStrip
	x, y := at.X, at.Y
	for i := range track {
		s.Track = append(s.Track, fyne.NewPos(x+float32(i)*(box+6), y+30))
	}
	x += float32(track)*(box+6) + 40
	s.TrumpT = fyne.NewPos(x, y)
	s.Trump = fyne.NewPos(x, y+28)
	x += card.Width + 60
	for i := range trick {
		s.Trick = append(s.Trick, fyne.NewPos(x+float32(i)*(card.Width+16), y+8))
	}
	return s
}

// CanoeAt is where the k-th canoe (from 0) in the cell centred at centre,
// of side cell, is drawn: its centre and its hull's size. Canoes sharing a
// cell (the cave) are fanned out downwards, so each stays in sight.
func CanoeAt(centre fyne.Position, cell float32, k int) (fyne.Position, fyne.Size) {
	if k > 0 {
		centre = centre.AddXY(0, float32(k)*cell*0.28-cell*0.2)
	}
	return centre, fyne.NewSize(cell*0.9, cell*0.5)
}
