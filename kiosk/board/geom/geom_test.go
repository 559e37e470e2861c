package geom

import (
	"image"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
)

func TestGridRoundTripsEveryCell(t *testing.T) {
	for _, area := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1660, Height: 780}, {Width: 3840, Height: 2160}} {
		g := FitGrid(13, 6, area)
		if s := g.Size(); s.Width > area.Width || s.Height > area.Height {
			t.Fatalf("%v: grid %v does not fit", area, s)
		}
		for r := range 6 {
			for c := range 13 {
				gc, gr, ok := g.At(g.Centre(c, r))
				if !ok || gc != c || gr != r {
					t.Fatalf("%v: centre of %d,%d maps back to %d,%d %v", area, c, r, gc, gr, ok)
				}
			}
		}
		if _, _, ok := g.At(g.Origin.AddXY(-1, 5)); ok {
			t.Errorf("a point left of the grid hit a cell")
		}
		if _, _, ok := g.At(g.Origin.AddXY(g.Size().Width+1, 5)); ok {
			t.Errorf("a point right of the grid hit a cell")
		}
	}
}

func TestGridIsCentred(t *testing.T) {
	g := FitGrid(2, 1, fyne.NewSize(300, 100))
	if g.Cell != 100 || g.Origin != fyne.NewPos(50, 0) {
		t.Errorf("grid %+v, want cells of 100 from 50,0", g)
	}
}

func TestDiamondRoundTripsAndCorners(t *testing.T) {
	d := FitDiamond(8, fyne.NewSize(1600, 760))
	for r := range 8 {
		for c := range 8 {
			for _, off := range []fyne.Position{{}, {X: d.Half * 0.45}, {Y: -d.Half * 0.45}, {X: -d.Half * 0.2, Y: d.Half * 0.2}} {
				gc, gr, ok := d.At(d.Centre(c, r).Add(off))
				if !ok || gc != c || gr != r {
					t.Fatalf("%d,%d%+v maps back to %d,%d %v", c, r, off, gc, gr, ok)
				}
			}
		}
	}
	if c := d.Centre(0, 0); c.X != 800 || c.Y >= 760 || c.Y < 760-2*d.Half {
		t.Errorf("a1 at %v, want the bottom middle", c)
	}
	if c := d.Centre(7, 7); c.Y > 2*d.Half {
		t.Errorf("h8 at %v, want the top", c)
	}
	if c := d.Centre(0, 7); c.X > d.CentreX-6*d.Half {
		t.Errorf("a8 at %v, want the left corner", c)
	}
	if _, _, ok := d.At(fyne.NewPos(10, 10)); ok {
		t.Errorf("the top-left corner of the area is off the diamond")
	}
	if d.Side() < MinTarget {
		t.Errorf("cells of %.0f at 1600×760, want at least %d", d.Side(), MinTarget)
	}
}

func TestNearestKeepsSmallCellsTappable(t *testing.T) {
	centres := []fyne.Position{{X: 0, Y: 0}, {X: 50, Y: 0}}
	if i := Nearest(fyne.NewPos(30, 10), centres, TargetRadius(40)); i != 1 {
		t.Errorf("nearest %d, want 1", i)
	}
	if i := Nearest(fyne.NewPos(200, 0), centres, TargetRadius(40)); i != -1 {
		t.Errorf("a far tap hit %d", i)
	}
	if TargetRadius(40) != MinTarget/2 || TargetRadius(100) != 50 {
		t.Errorf("radii %v %v", TargetRadius(40), TargetRadius(100))
	}
}

func TestTurnBackUndoesForward(t *testing.T) {
	s := fyne.NewSize(400, 120)
	p := fyne.NewPos(30, 10)
	want := map[Turn]fyne.Position{0: p, 1: {X: 110, Y: 30}, 2: {X: 370, Y: 110}, 3: {X: 10, Y: 370}}
	for turn, w := range want {
		got := turn.Forward(p, s)
		if got != w {
			t.Errorf("turn %d: %v goes to %v, want %v", turn, p, got, w)
		}
		if back := turn.Back(got, s); back != p {
			t.Errorf("turn %d: back gives %v, want %v", turn, back, p)
		}
	}
	if got := Turn(1).Size(s); got != fyne.NewSize(120, 400) {
		t.Errorf("turned size %v", got)
	}
}

func TestTurnImageMatchesTurnOfPoints(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 5, 3))
	mark := color.NRGBA{R: 255, A: 255}
	src.Set(1, 0, mark)
	for turn := Turn(0); turn < 4; turn++ {
		dst := turn.Image(src, nil)
		// The pixel's centre follows the same map as points.
		p := turn.Forward(fyne.NewPos(1.5, 0.5), fyne.NewSize(5, 3))
		if got := dst.NRGBAAt(int(p.X), int(p.Y)); got != mark {
			t.Errorf("turn %d: pixel not at %v (bounds %v)", turn, p, dst.Bounds())
		}
		if again := turn.Image(src, dst); again != dst {
			t.Errorf("turn %d: a buffer of the right size was not reused", turn)
		}
	}
}

func TestSlotsFaceTheirSeats(t *testing.T) {
	screen := fyne.NewSize(1920, 1080)
	upright := fyne.NewSize(560, 140)
	if got := DefaultSlots(2); got[0].Side != Bottom || got[1].Side != Top {
		t.Errorf("two players sit %v, want across the long sides", got)
	}
	for n := 1; n <= 8; n++ {
		slots := DefaultSlots(n)
		if len(slots) != n {
			t.Fatalf("%d seats got %d slots", n, len(slots))
		}
		for i, s := range slots {
			pos, size := Panel(s, upright, screen)
			if pos.X < 0 || pos.Y < 0 || pos.X+size.Width > screen.Width || pos.Y+size.Height > screen.Height {
				t.Errorf("%d seats: panel %d at %v %v leaves the screen", n, i, pos, size)
			}
			if (s.Side == Left || s.Side == Right) != (size.Width < size.Height) {
				t.Errorf("side %d panel is %v, want turned on the left and right", s.Side, size)
			}
		}
	}
	// Along runs from the reader's left: on the left side that is the top.
	top, _ := Panel(Slot{Left, 0}, upright, screen)
	bottom, _ := Panel(Slot{Left, 1}, upright, screen)
	if top.Y >= bottom.Y {
		t.Errorf("on the left side along 0 is at %v, along 1 at %v", top, bottom)
	}
	if Left.QuarterTurns() != 1 || Right.QuarterTurns() != 3 || Top.QuarterTurns() != 2 {
		t.Errorf("quarter turns wrong")
	}
}

func TestSidewaysRunsTheMapFromLeftToRight(t *testing.T) {
	s := FitSideways(29, 11, fyne.NewSize(1600, 610))
	if s.Cell != 55 {
		t.Errorf("cells of %v, want 55", s.Cell)
	}
	if a, b := s.Centre(28, 0), s.Centre(0, 0); a.X >= b.X || a.Y != b.Y {
		t.Errorf("the last row at %v, row 0 at %v: want left to right", a, b)
	}
	for r := range 29 {
		for c := range 11 {
			gr, gc, ok := s.At(s.Centre(r, c))
			if !ok || gr != r || gc != c {
				t.Fatalf("%d,%d maps back to %d,%d", r, c, gr, gc)
			}
		}
	}
}

func TestEdgeFacesTheSeatsPanel(t *testing.T) {
	screen := fyne.NewSize(1920, 1080)
	upright := fyne.NewSize(560, 140)
	for n := 1; n <= 8; n++ {
		for i, s := range DefaultSlots(n) {
			e := Edge(s, screen)
			onBorder := e.X == 0 || e.Y == 0 || e.X == screen.Width || e.Y == screen.Height
			if !onBorder {
				t.Fatalf("%d seats, seat %d: edge %v is not on the border", n, i, e)
			}
			// The edge lies beside the seat's panel, on its side.
			pos, size := Panel(s, upright, screen)
			beside := false
			switch s.Side {
			case Bottom:
				beside = e.Y == screen.Height && e.X >= pos.X && e.X <= pos.X+size.Width
			case Top:
				beside = e.Y == 0 && e.X >= pos.X && e.X <= pos.X+size.Width
			case Left:
				beside = e.X == 0 && e.Y >= pos.Y && e.Y <= pos.Y+size.Height
			case Right:
				beside = e.X == screen.Width && e.Y >= pos.Y && e.Y <= pos.Y+size.Height
			}
			if !beside {
				t.Errorf("%d seats, seat %d (%v): edge %v, panel at %v %v", n, i, s, e, pos, size)
			}
		}
	}
}

func TestEdgeCardSitsHalfOffTheBoard(t *testing.T) {
	area, card := fyne.NewSize(1600, 760), fyne.NewSize(80, 104)
	for _, c := range []struct {
		slot Slot
		want fyne.Position
	}{
		{Slot{Bottom, 0.5}, fyne.NewPos(760, 708)},
		{Slot{Top, 0.25}, fyne.NewPos(1160, -52)},
		{Slot{Left, 0.5}, fyne.NewPos(-40, 328)},
		{Slot{Right, 1}, fyne.NewPos(1560, -52)},
	} {
		if got := EdgeCard(c.slot, area, card); got != c.want {
			t.Errorf("%v: card at %v, want %v", c.slot, got, c.want)
		}
	}
	if got := Between(fyne.NewPos(0, 10), fyne.NewPos(100, 30), 0.25); got != fyne.NewPos(25, 15) {
		t.Errorf("a quarter of the way: %v", got)
	}
}

func TestLongSidesKeepTheShortSidesFree(t *testing.T) {
	screen := fyne.NewSize(1920, 1080)
	for n := 1; n <= 6; n++ {
		slots := LongSides(n)
		if len(slots) != n {
			t.Fatalf("%d seats got %d slots", n, len(slots))
		}
		upright := fyne.NewSize(760, 150)
		if PanelsASide(slots) >= 3 {
			upright.Width = screen.Width/3 - 20
		}
		var taken []Rect
		for i, s := range slots {
			if s.Side != Bottom && s.Side != Top {
				t.Errorf("%d seats: seat %d sits at side %d", n, i, s.Side)
			}
			pos, size := Panel(s, upright, screen)
			r := Rect{Pos: pos, Size: size}
			for j, o := range taken {
				if r.Overlaps(o) {
					t.Errorf("%d seats: seat %d's panel %v overlaps seat %d's %v", n, i, r, j, o)
				}
			}
			taken = append(taken, r)
		}
	}
	// Clockwise: the seat after the bottom-left one sits at the top's
	// left end, as seen on the screen.
	four := LongSides(4)
	if a, _ := Panel(four[1], fyne.NewSize(760, 150), screen); a.X > screen.Width/2 {
		t.Errorf("seat 2 of 4 at %v, want the top's left", a)
	}
}

func TestBankedSidewaysGrowsTheCells(t *testing.T) {
	area := fyne.NewSize(1908, 608)
	whole, banked := FitSideways(29, 11, area), FitSidewaysBanked(29, 11, area, 0.2)
	if banked.Cell < MinTarget || banked.Cell <= whole.Cell {
		t.Errorf("banked cells %v (whole %v), want at least %d", banked.Cell, whole.Cell, MinTarget)
	}
	v := banked.Visible()
	if v.Pos.Y < 0 || v.Pos.Y+v.Size.Height > area.Height || v.Pos.X < 0 || v.Pos.X+v.Size.Width > area.Width {
		t.Errorf("the drawn map %v leaves the area %v", v, area)
	}
	// The navigable columns are whole; the banks a fifth of a cell deep.
	if _, sz := banked.Clip(banked.TopLeft(5, 1), fyne.NewSize(banked.Cell, banked.Cell)); sz.Height != banked.Cell {
		t.Errorf("column 1 is drawn %v deep, want %v", sz.Height, banked.Cell)
	}
	if _, sz := banked.Clip(banked.TopLeft(5, 0), fyne.NewSize(banked.Cell, banked.Cell)); math.Abs(float64(sz.Height-banked.Cell*0.2)) > 0.01 {
		t.Errorf("the bank column is drawn %v deep, want %v", sz.Height, banked.Cell*0.2)
	}
	for r := range 29 {
		for c := 1; c < 10; c++ {
			gr, gc, ok := banked.At(banked.Centre(r, c))
			if !ok || gr != r || gc != c {
				t.Fatalf("%d,%d maps back to %d,%d", r, c, gr, gc)
			}
		}
	}
}
