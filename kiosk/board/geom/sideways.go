package geom

import "fyne.io/fyne/v2"

// Sideways lays a tall map of MapRows×MapCols cells on its side, for a
// landscape table: map row r, column c is drawn at grid column MapRows-1-r,
// grid row c, so the map's last row is on the left and its row 0 on the
// right. Canyon's river so runs from the start line (left) to the docks.
type Sideways struct {
	Grid
	MapRows int
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
