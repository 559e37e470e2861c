package geom

import (
	"math"

	"fyne.io/fyne/v2"
)

// Grid is a rectangular board of Cols×Rows square cells of side Cell whose
// top-left corner is at Origin. Column 0 is at the left, row 0 at the top.
type Grid struct {
	Cols, Rows int
	Cell       float32
	Origin     fyne.Position
}

// FitGrid is the largest grid of cols×rows square cells that fits in area,
// centred in it.
func FitGrid(cols, rows int, area fyne.Size) Grid {
	if cols <= 0 || rows <= 0 {
		return Grid{}
	}
	cell := min(area.Width/float32(cols), area.Height/float32(rows))
	cell = float32(math.Floor(float64(cell)))
	w, h := cell*float32(cols), cell*float32(rows)
	return Grid{Cols: cols, Rows: rows, Cell: cell,
		Origin: fyne.NewPos(float32(math.Floor(float64(area.Width-w)/2)), float32(math.Floor(float64(area.Height-h)/2)))}
}

// Size is the grid's whole size.
func (g Grid) Size() fyne.Size {
	return fyne.NewSize(g.Cell*float32(g.Cols), g.Cell*float32(g.Rows))
}

// TopLeft is the top-left corner of the cell at col, row.
func (g Grid) TopLeft(col, row int) fyne.Position {
	return fyne.NewPos(g.Origin.X+float32(col)*g.Cell, g.Origin.Y+float32(row)*g.Cell)
}

// Centre is the centre of the cell at col, row.
func (g Grid) Centre(col, row int) fyne.Position {
	return g.TopLeft(col, row).AddXY(g.Cell/2, g.Cell/2)
}

// At is the cell under p, and false when p is off the grid.
func (g Grid) At(p fyne.Position) (col, row int, ok bool) {
	if g.Cell <= 0 || p.X < g.Origin.X || p.Y < g.Origin.Y {
		return 0, 0, false
	}
	col = int((p.X - g.Origin.X) / g.Cell)
	row = int((p.Y - g.Origin.Y) / g.Cell)
	return col, row, col < g.Cols && row < g.Rows
}

// Nearest returns the index of the point of centres closest to p, if it
// lies within radius of p; -1 otherwise. Boards use it to give small cells
// a tap target larger than the cell (at least MinTarget across).
func Nearest(p fyne.Position, centres []fyne.Position, radius float32) int {
	best, bestD := -1, radius*radius
	for i, c := range centres {
		dx, dy := c.X-p.X, c.Y-p.Y
		if d := dx*dx + dy*dy; d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// MinTarget is the smallest tap target, in Fyne units, on a 1920×1080
// table: about 12 mm on a 32-inch screen, reachable across the table.
const MinTarget = 64

// TargetRadius is the tap radius a target drawn of size cell gets: the
// cell's half, but never under half of MinTarget.
func TargetRadius(cell float32) float32 { return max(cell, MinTarget) / 2 }
