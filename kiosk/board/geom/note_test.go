package geom

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestNearestSeatIsTheSideNearestTheTap(t *testing.T) {
	area := fyne.NewSize(1600, 760)
	slots := DefaultSlots(4) // bottom, left, top, right
	for _, c := range []struct {
		at   fyne.Position
		want int
	}{
		{fyne.NewPos(800, 700), 0},
		{fyne.NewPos(60, 380), 1},
		{fyne.NewPos(800, 50), 2},
		{fyne.NewPos(1550, 380), 3},
		// Near the top edge but far from its middle: still the top seat's.
		{fyne.NewPos(300, 30), 2},
	} {
		if got := NearestSeat(slots, c.at, area); got != c.want {
			t.Errorf("tap at %v: seat %d, want %d", c.at, got, c.want)
		}
	}
	if got := NearestSeat(nil, fyne.NewPos(1, 1), area); got != -1 {
		t.Errorf("no slots: %d, want -1", got)
	}
}

func TestNoteLiesBeyondTheFingerAsItsReaderSeesIt(t *testing.T) {
	area := fyne.NewSize(1600, 760)
	box := fyne.NewSize(400, 60)
	at := fyne.NewPos(800, 380)
	for _, c := range []struct {
		turn Turn
		want func(p fyne.Position, s fyne.Size) bool
	}{
		{0, func(p fyne.Position, s fyne.Size) bool { return p.Y+s.Height < at.Y && s == box }},
		{2, func(p fyne.Position, s fyne.Size) bool { return p.Y > at.Y && s == box }},
		{1, func(p fyne.Position, s fyne.Size) bool { return p.X > at.X && s == fyne.NewSize(60, 400) }},
		{3, func(p fyne.Position, s fyne.Size) bool { return p.X+s.Width < at.X && s == fyne.NewSize(60, 400) }},
	} {
		p, s := Note(at, box, c.turn, 40, area)
		if !c.want(p, s) {
			t.Errorf("turn %d: note at %v size %v", c.turn, p, s)
		}
	}
	// No room beyond the finger: the note goes on the near side, and
	// always stays on the board.
	for turn := range Turn(4) {
		for _, at := range []fyne.Position{{X: 5, Y: 5}, {X: 1595, Y: 755}, {X: 5, Y: 755}, {X: 1595, Y: 5}} {
			p, s := Note(at, box, turn, 40, area)
			if p.X < 0 || p.Y < 0 || p.X+s.Width > area.Width || p.Y+s.Height > area.Height {
				t.Errorf("turn %d, tap %v: note at %v size %v leaves the board", turn, at, p, s)
			}
			if (Rect{p, s}).Overlaps(Rect{at.SubtractXY(10, 10), fyne.NewSize(20, 20)}) {
				t.Errorf("turn %d, tap %v: note at %v size %v covers the finger", turn, at, p, s)
			}
		}
	}
}

func TestFreeSpotAvoidsWhatIsTaken(t *testing.T) {
	screen := fyne.NewSize(1920, 1080)
	box := fyne.NewSize(128, 64)
	board := Rect{fyne.NewPos(0, 160), fyne.NewSize(1920, 760)}
	top := Rect{fyne.NewPos(0, 0), fyne.NewSize(400, 150)}
	p, ok := FreeSpot(screen, box, 8, []Rect{board, top})
	if !ok || p != fyne.NewPos(1920-128-8, 8) {
		t.Errorf("corner %v %v, want the top right", p, ok)
	}
	// Every corner taken (six seats): between the two top panels.
	topL := Rect{fyne.NewPos(100, 0), fyne.NewSize(760, 150)}
	topR := Rect{fyne.NewPos(1060, 0), fyne.NewSize(760, 150)}
	p, ok = FreeSpot(screen, box, 8, []Rect{board, topL, topR, {fyne.NewPos(0, 920), fyne.NewSize(1920, 160)}})
	if !ok || p != fyne.NewPos((1920-128)/2, 8) {
		t.Errorf("spot %v %v, want the top's middle", p, ok)
	}
	if _, ok := FreeSpot(screen, box, 8, []Rect{{Size: screen}}); ok {
		t.Error("a free corner on a screen that is all taken")
	}
}

func TestFitSizeShrinksALongLineToItsRoom(t *testing.T) {
	for _, c := range []struct{ width, base, least, avail, want float32 }{
		{300, 28, 20, 400, 28}, // fits
		{560, 28, 20, 400, 20}, // 28·400/560 = 20
		{480, 28, 20, 400, 23}, // 23.3, rounded down
		{900, 28, 20, 400, 20}, // never under least
	} {
		if got := FitSize(c.width, c.base, c.least, c.avail); got != c.want {
			t.Errorf("FitSize(%v, %v, %v, %v) = %v, want %v", c.width, c.base, c.least, c.avail, got, c.want)
		}
	}
}

func TestAtEdgeLiesByTheSeatsSide(t *testing.T) {
	area := fyne.NewSize(1600, 760)
	box := fyne.NewSize(400, 60)
	for _, c := range []struct {
		slot Slot
		want fyne.Position
	}{
		{Slot{Bottom, 0.5}, fyne.NewPos(600, 760-8-60)},
		{Slot{Top, 0.5}, fyne.NewPos(600, 8)},
		{Slot{Left, 0.5}, fyne.NewPos(8, 350)},
		{Slot{Right, 0.5}, fyne.NewPos(1600-8-400, 350)},
		{Slot{Bottom, 0}, fyne.NewPos(0, 760-8-60)}, // kept on the board
	} {
		if got := AtEdge(c.slot, box, area, 8); got != c.want {
			t.Errorf("%+v: %v, want %v", c.slot, got, c.want)
		}
	}
}
