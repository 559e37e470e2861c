package geom

import (
	"math"

	"fyne.io/fyne/v2"
)

// Diamond is an N×N board of square cells turned 45°, as Canyon duel is
// drawn: cell (0,0) is the bottom corner, (N-1,N-1) the top one, columns
// run up to the right and rows up to the left. Half is half a cell's
// diagonal; Bottom is the lowest point of the board and CentreX its axis.
type Diamond struct {
	N       int
	Half    float32
	CentreX float32
	Bottom  float32
}

// FitDiamond is the largest n×n diamond that fits in area, centred in it.
func FitDiamond(n int, area fyne.Size) Diamond {
	if n <= 0 {
		return Diamond{}
	}
	side := min(area.Width, area.Height)
	half := float32(math.Floor(float64(side / float32(2*n))))
	return Diamond{N: n, Half: half, CentreX: area.Width / 2, Bottom: area.Height/2 + half*float32(n)}
}

// Side is the length of a cell's side.
func (d Diamond) Side() float32 { return d.Half * math.Sqrt2 }

// Centre is the centre of the cell at col, row.
func (d Diamond) Centre(col, row int) fyne.Position {
	return fyne.NewPos(d.CentreX+float32(col-row)*d.Half, d.Bottom-float32(col+row+1)*d.Half)
}

// Corners are a cell's four corners: bottom, right, top, left.
func (d Diamond) Corners(col, row int) [4]fyne.Position {
	c := d.Centre(col, row)
	return [4]fyne.Position{c.AddXY(0, d.Half), c.AddXY(d.Half, 0), c.AddXY(0, -d.Half), c.AddXY(-d.Half, 0)}
}

// At is the cell under p, and false when p is off the board.
func (d Diamond) At(p fyne.Position) (col, row int, ok bool) {
	if d.Half <= 0 {
		return 0, 0, false
	}
	u := (p.X - d.CentreX) / d.Half // col - row
	v := (d.Bottom - p.Y) / d.Half  // col + row + 1, from 0 at the bottom corner
	fc, fr := (v+u)/2, (v-u)/2
	if fc < 0 || fr < 0 {
		return 0, 0, false
	}
	col, row = int(fc), int(fr)
	return col, row, col < d.N && row < d.N
}
