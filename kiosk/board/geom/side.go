package geom

import "fyne.io/fyne/v2"

// Side is a side of the table, named as seen on the screen from above.
type Side int

// The four sides, clockwise from the bottom edge of the screen.
const (
	Bottom Side = iota
	Left
	Top
	Right
)

// QuarterTurns is how many clockwise quarter turns make a panel upright for
// someone sitting at s: none at the bottom, a half turn at the top, and a
// panel on the left is read by a guest facing right, so it turns a quarter
// clockwise.
func (s Side) QuarterTurns() int { return int(s) % 4 }

// Slot is a place for a seat's panel on an edge of the table: its side and
// where along that side, from 0 (the guest's left as they sit there) to 1
// (their right).
type Slot struct {
	Side  Side
	Along float32
}

// The eight edge slots, two per side, clockwise from the bottom-left.
var (
	BottomLeft  = Slot{Bottom, 0.25}
	LeftBottom  = Slot{Left, 0.75}
	LeftTop     = Slot{Left, 0.25}
	TopLeft     = Slot{Top, 0.75}
	TopRight    = Slot{Top, 0.25}
	RightTop    = Slot{Right, 0.75}
	RightBottom = Slot{Right, 0.25}
	BottomRight = Slot{Bottom, 0.75}
)

// DefaultSlots places n seats clockwise round the table, spread over the
// sides: two players face each other across the long sides.
func DefaultSlots(n int) []Slot {
	centre := func(s Side) Slot { return Slot{s, 0.5} }
	switch n {
	case 1:
		return []Slot{centre(Bottom)}
	case 2:
		return []Slot{centre(Bottom), centre(Top)}
	case 3:
		return []Slot{centre(Bottom), centre(Left), centre(Top)}
	case 4:
		return []Slot{centre(Bottom), centre(Left), centre(Top), centre(Right)}
	case 5:
		return []Slot{BottomLeft, centre(Left), TopLeft, TopRight, centre(Right)}
	}
	all := []Slot{BottomLeft, LeftBottom, LeftTop, TopLeft, TopRight, RightTop, RightBottom, BottomRight}
	if n == 6 {
		return []Slot{BottomLeft, centre(Left), TopLeft, TopRight, centre(Right), BottomRight}
	}
	if n > len(all) {
		n = len(all)
	}
	return all[:max(n, 0)]
}

// Panel is where a panel of the given upright size (as its reader sees it)
// lies on a screen of size screen when put in slot: its position and its
// size on the screen, which is turned for the left and right sides.
func Panel(slot Slot, upright, screen fyne.Size) (fyne.Position, fyne.Size) {
	w, h := upright.Width, upright.Height
	switch slot.Side {
	case Bottom:
		x := slot.Along*screen.Width - w/2
		return fyne.NewPos(clamp(x, 0, screen.Width-w), screen.Height-h), fyne.NewSize(w, h)
	case Top:
		// The reader's left is the screen's right.
		x := (1-slot.Along)*screen.Width - w/2
		return fyne.NewPos(clamp(x, 0, screen.Width-w), 0), fyne.NewSize(w, h)
	case Left:
		// Facing right: the reader's left is the screen's top.
		y := slot.Along*screen.Height - w/2
		return fyne.NewPos(0, clamp(y, 0, screen.Height-w)), fyne.NewSize(h, w)
	default:
		y := (1-slot.Along)*screen.Height - w/2
		return fyne.NewPos(screen.Width-h, clamp(y, 0, screen.Height-w)), fyne.NewSize(h, w)
	}
}

func clamp(v, lo, hi float32) float32 { return max(lo, min(v, hi)) }

// Edge is the point of the border of a board of size area that faces the
// seat in slot: where that seat's cards come onto the board from and where
// a trick it wins goes. It follows the same along-the-side convention as
// Panel, so on a board filling the screen it lies beside the seat's panel.
func Edge(slot Slot, area fyne.Size) fyne.Position {
	a := clamp(slot.Along, 0, 1)
	switch slot.Side {
	case Bottom:
		return fyne.NewPos(a*area.Width, area.Height)
	case Top:
		return fyne.NewPos((1-a)*area.Width, 0)
	case Left:
		return fyne.NewPos(0, a*area.Height)
	default:
		return fyne.NewPos(area.Width, (1-a)*area.Height)
	}
}

// EdgeCard is where a card of size card lies (its top-left corner) when it
// comes onto a board of size area from the seat in slot, or leaves it
// towards that seat: centred on the seat's Edge, half off the board, as if
// it slid from under the seat's panel.
func EdgeCard(slot Slot, area, card fyne.Size) fyne.Position {
	return Edge(slot, area).SubtractXY(card.Width/2, card.Height/2)
}

// Between is the point a fraction f (0 to 1) of the way from a to b, which
// a moving card passes through.
func Between(a, b fyne.Position, f float32) fyne.Position {
	return fyne.NewPos(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f)
}

// LongSides places n seats (up to six) clockwise round the table on its
// two long sides only, from the bottom-left: for a board as wide as the
// table (Canyon's river), whose cells would shrink under panels on the
// short sides. Up to two seats a side sit at the quarters, three at the
// sixths (their panels then at most a third of the side long:
// PanelsASide says so).
func LongSides(n int) []Slot {
	third := func(s Side, k int) Slot { return Slot{s, float32(2*k+1) / 6} }
	switch n {
	case 1:
		return []Slot{{Bottom, 0.5}}
	case 2:
		return []Slot{{Bottom, 0.5}, {Top, 0.5}}
	case 3:
		return []Slot{{Bottom, 0.5}, TopLeft, TopRight}
	case 4:
		return []Slot{BottomLeft, TopLeft, TopRight, BottomRight}
	case 5:
		return []Slot{BottomLeft, third(Top, 2), third(Top, 1), third(Top, 0), BottomRight}
	}
	if n <= 0 {
		return nil
	}
	return []Slot{third(Bottom, 0), third(Top, 2), third(Top, 1), third(Top, 0), third(Bottom, 2), third(Bottom, 1)}
}

// PanelsASide is the most panels slots put on one side of the table.
func PanelsASide(slots []Slot) int {
	var n [4]int
	most := 0
	for _, s := range slots {
		n[s.Side%4]++
		most = max(most, n[s.Side%4])
	}
	return most
}
