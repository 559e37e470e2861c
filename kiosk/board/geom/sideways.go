package geom

import (
	"math"

	"fyne.io/fyne/v2"
)

// Sideways lays a tall map of MapRows×MapCols cells on its side, for a
// landscape table: map row r, column c is drawn at grid column MapRows-1-r,
// grid row c, so the map's last row is on the left and its row 0 on the
// right. Canyon's river so runs from the start line (left) to the docks.
type Sideways struct {
	Grid
	MapRows int
	// Bank is how deep the bank-only first and last map columns are
	// drawn, in cells (FitSidewaysBanked); 0: whole cells.
	Bank float32
}

// FitSideways is the largest sideways map of rows×cols cells in area.
func FitSideways(rows, cols int, area fyne.Size) Sideways {
	return Sideways{Grid: FitGrid(rows, cols, area), MapRows: rows}
}

// Centre is the centre of map cell r, c.
func (s Sideways) Centre(r, c int) fyne.Position { return s.Grid.Centre(s.MapRows-1-r, c) }

// TopLeft is the top-left corner of map cell r, c.
func (s Sideways) TopLeft(r, c int) fyne.Position { return s.Grid.TopLeft(s.MapRows-1-r, c) }

// At is the map cell under p.
func (s Sideways) At(p fyne.Position) (r, c int, ok bool) {
	col, row, ok := s.Grid.At(p)
	return s.MapRows - 1 - col, row, ok
}

// FitSidewaysBanked is FitSideways for a map whose first and last columns
// are bank only (no cell of theirs is ever touched): those are drawn
// bank×Cell deep instead of a whole cell, so that the cells a guest
// touches grow. The grid's Origin then lies above area's top by
// (1-bank)×Cell; Visible is the part drawn.
func FitSidewaysBanked(rows, cols int, area fyne.Size, bank float32) Sideways {
	if cols <= 2 || rows <= 0 {
		return FitSideways(rows, cols, area)
	}
	cell := float32(math.Floor(float64(min(area.Width/float32(rows), area.Height/(float32(cols-2)+2*bank)))))
	w, h := cell*float32(rows), cell*(float32(cols-2)+2*bank)
	top := float32(math.Floor(float64(area.Height-h) / 2))
	g := Grid{Cols: rows, Rows: cols, Cell: cell,
		Origin: fyne.NewPos(float32(math.Floor(float64(area.Width-w)/2)), top-(1-bank)*cell)}
	return Sideways{Grid: g, MapRows: rows, Bank: bank}
}

// Visible is the part of the map drawn: the whole grid, or without all
// but Bank of its first and last columns' depth.
func (s Sideways) Visible() Rect {
	r := Rect{Pos: s.Origin, Size: s.Size()}
	if s.Bank > 0 {
		cut := (1 - s.Bank) * s.Cell
		r.Pos.Y += cut
		r.Size.Height -= 2 * cut
	}
	return r
}

// Clip is the part of the rectangle at pos of size size that lies in
// Visible (a bank cell drawn in part), with an empty size when none does.
func (s Sideways) Clip(pos fyne.Position, size fyne.Size) (fyne.Position, fyne.Size) {
	v := s.Visible()
	top, bottom := max(pos.Y, v.Pos.Y), min(pos.Y+size.Height, v.Pos.Y+v.Size.Height)
	if bottom <= top {
		return pos, fyne.NewSize(size.Width, 0)
	}
	return fyne.NewPos(pos.X, top), fyne.NewSize(size.Width, bottom-top)
}
