package geom

import "fyne.io/fyne/v2"

// NearestSeat is the seat (an index into slots) whose side of a board of
// size area lies nearest p: the guest who most likely tapped there. It is
// -1 when there are no slots.
func NearestSeat(slots []Slot, p fyne.Position, area fyne.Size) int {
	best, dist := -1, float32(0)
	for i, s := range slots {
		e := Edge(s, area)
		dx, dy := e.X-p.X, e.Y-p.Y
		// Distance to the side first, then along it: a tap near the top
		// edge is the top seat's even far from its middle.
		var across, along float32
		switch s.Side {
		case Bottom, Top:
			across, along = dy, dx
		default:
			across, along = dx, dy
		}
		d := across*across*4 + along*along
		if best < 0 || d < dist {
			best, dist = i, d
		}
	}
	return best
}

// Note is where a message box of upright size box lies once turned by t to
// face its reader (t is the reader's side's quarter turns): beside the
// tapped point at, gap away from it on the far side from the reader, so
// that the finger that tapped does not hide it, or on the near side when
// the far side has no room; always inside a board of size area. It returns
// the box's top-left corner and its size on the screen.
func Note(at fyne.Position, box fyne.Size, t Turn, gap float32, area fyne.Size) (fyne.Position, fyne.Size) {
	s := t.Size(box)
	var pos fyne.Position
	switch t.norm() {
	case 0: // read from the bottom: above the finger
		pos = fyne.NewPos(at.X-s.Width/2, at.Y-gap-s.Height)
		if pos.Y < 0 {
			pos.Y = at.Y + gap
		}
	case 2: // from the top: below it, as the reader sees it above
		pos = fyne.NewPos(at.X-s.Width/2, at.Y+gap)
		if pos.Y+s.Height > area.Height {
			pos.Y = at.Y - gap - s.Height
		}
	case 1: // from the left: the reader's up is the screen's right
		pos = fyne.NewPos(at.X+gap, at.Y-s.Height/2)
		if pos.X+s.Width > area.Width {
			pos.X = at.X - gap - s.Width
		}
	default: // from the right: their up is the screen's left
		pos = fyne.NewPos(at.X-gap-s.Width, at.Y-s.Height/2)
		if pos.X < 0 {
			pos.X = at.X + gap
		}
	}
	pos.X = clamp(pos.X, 0, max(0, area.Width-s.Width))
	pos.Y = clamp(pos.Y, 0, max(0, area.Height-s.Height))
	return pos, s
}

// Rect is a rectangle on the screen.
type Rect struct {
	Pos  fyne.Position
	Size fyne.Size
}

// Overlaps reports whether r and o share any area.
func (r Rect) Overlaps(o Rect) bool {
	return r.Pos.X < o.Pos.X+o.Size.Width && o.Pos.X < r.Pos.X+r.Size.Width &&
		r.Pos.Y < o.Pos.Y+o.Size.Height && o.Pos.Y < r.Pos.Y+r.Size.Height
}

// FreeSpot is the first place by an edge of a screen of size screen,
// margin in from it, where a box of size box covers none of taken (the
// board, the panels): the corners (top-left, top-right, bottom-right,
// bottom-left), then the middles of the top, bottom, left and right edges,
// which are free between two panels on one side. ok is false when every
// place covers something.
func FreeSpot(screen, box fyne.Size, margin float32, taken []Rect) (pos fyne.Position, ok bool) {
	right, bottom := screen.Width-box.Width-margin, screen.Height-box.Height-margin
	midX, midY := (screen.Width-box.Width)/2, (screen.Height-box.Height)/2
	for _, p := range []fyne.Position{{X: margin, Y: margin}, {X: right, Y: margin}, {X: right, Y: bottom}, {X: margin, Y: bottom},
		{X: midX, Y: margin}, {X: midX, Y: bottom}, {X: margin, Y: midY}, {X: right, Y: midY}} {
		r := Rect{Pos: p, Size: box}
		free := true
		for _, t := range taken {
			if r.Overlaps(t) {
				free = false
				break
			}
		}
		if free {
			return p, true
		}
	}
	return fyne.Position{}, false
}

// FitSize is the text size, at most base and at least least, at which a
// text measured width wide at size base fits in avail: text widths grow in
// proportion to their size.
func FitSize(width, base, least, avail float32) float32 {
	if width <= avail || width <= 0 {
		return base
	}
	return clamp(float32(int(base*avail/width)), least, base)
}

// AtEdge is where a box of on-screen size box lies on a board of size area
// when it faces the seat in slot: centred on that seat's Edge, margin in
// from the board's border, and kept inside the board.
func AtEdge(slot Slot, box, area fyne.Size, margin float32) fyne.Position {
	e := Edge(slot, area)
	var p fyne.Position
	switch slot.Side {
	case Bottom:
		p = fyne.NewPos(e.X-box.Width/2, area.Height-margin-box.Height)
	case Top:
		p = fyne.NewPos(e.X-box.Width/2, margin)
	case Left:
		p = fyne.NewPos(margin, e.Y-box.Height/2)
	default:
		p = fyne.NewPos(area.Width-margin-box.Width, e.Y-box.Height/2)
	}
	return fyne.NewPos(clamp(p.X, 0, max(0, area.Width-box.Width)), clamp(p.Y, 0, max(0, area.Height-box.Height)))
}
