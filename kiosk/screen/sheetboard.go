package screen

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/scoresheet"
)

// The sizes of a seat's panel on the score-sheet screen, as its reader
// sees it: a phone's seat says only who it is and how far it wrote; a
// guest on the table fills their lines there, with a number pad.
var (
	SheetPanelSize = fyne.NewSize(700, 170)
	SheetPadSize   = fyne.NewSize(900, 290)
)

// SheetSlots is where n seats' panels sit on the score-sheet screen: as
// on the game screen up to four; beyond, along the two long sides only,
// since a pad's panel turned on a short side leaves no room for another.
func SheetSlots(n int) []geom.Slot {
	if n <= 4 {
		return geom.DefaultSlots(n)
	}
	bottom := (n + 1) / 2
	top := n - bottom
	var out []geom.Slot
	for i := range bottom {
		out = append(out, geom.Slot{Side: geom.Bottom, Along: (float32(i) + 0.5) / float32(bottom)})
	}
	for i := range top {
		out = append(out, geom.Slot{Side: geom.Top, Along: (float32(i) + 0.5) / float32(top)})
	}
	return out
}

// SheetUpright is the upright size of a seat's panel among n seats on a
// table screen width wide: a pad's for a guest on the table, a phone's
// otherwise, each shortened to share a long side with the others.
func SheetUpright(n int, touch bool, width float32) fyne.Size {
	size := SheetPanelSize
	if touch {
		size = SheetPadSize
	}
	if n > 4 {
		per := (n + 1) / 2
		size.Width = min(size.Width, width/float32(per)-sheetGap)
	}
	return size
}

// sheetGap is the room between the panels and the middle.
const sheetGap = 8

// SheetAreas lays out the score-sheet screen of size screen: each seat's
// panel in its slot (upright size uprights[i], turned on the left and
// right sides) and the middle between the panels, which is the sheet's
// board. Each side is as deep as its deepest panel.
func SheetAreas(slots []geom.Slot, uprights []fyne.Size, screen fyne.Size) (panels []geom.Rect, middle geom.Rect) {
	var depth [4]float32
	for i, s := range slots {
		if i >= len(uprights) {
			break
		}
		pos, size := geom.Panel(s, uprights[i], screen)
		panels = append(panels, geom.Rect{Pos: pos, Size: size})
		d := uprights[i].Height + sheetGap
		depth[s.Side] = max(depth[s.Side], d)
	}
	middle = geom.Rect{
		Pos:  fyne.NewPos(depth[geom.Left], depth[geom.Top]),
		Size: fyne.NewSize(max(0, screen.Width-depth[geom.Left]-depth[geom.Right]), max(0, screen.Height-depth[geom.Top]-depth[geom.Bottom])),
	}
	return panels, middle
}

// SheetGrid is the sheet's board laid out in an area: a column of line
// labels, one column per seat, a header row of names, then one row per
// line. Sizes shrink with the lines to fit, never below what is read from
// across the table's middle.
type SheetGrid struct {
	Label, Col, Row float32 // the label column's width, a seat column's, a row's height
	Text            float32 // the text size of the cells
	Rows, Cols      int
}

// The sheet grid's bounds.
const (
	sheetRowMax  = 60
	sheetTextMin = 20
)

// LaySheetGrid fits cols seats and rows lines (the header row besides)
// into area.
func LaySheetGrid(area fyne.Size, cols, rows int) SheetGrid {
	cols, rows = max(cols, 1), max(rows, 0)
	g := SheetGrid{Rows: rows, Cols: cols}
	g.Row = min(sheetRowMax, area.Height/float32(rows+1))
	g.Label = min(area.Width*0.34, 440)
	g.Col = (area.Width - g.Label) / float32(cols)
	g.Text = max(sheetTextMin, min(BodySize, g.Row*0.55))
	return g
}

// Cell is where the cell of seat column col (-1: the labels) and row row
// (-1: the header) lies, from the grid's top-left.
func (g SheetGrid) Cell(col, row int) geom.Rect {
	x, w := float32(0), g.Label
	if col >= 0 {
		x, w = g.Label+float32(col)*g.Col, g.Col
	}
	return geom.Rect{Pos: fyne.NewPos(x, float32(row+1)*g.Row), Size: fyne.NewSize(w, g.Row)}
}

// SheetRow is one line of the board: its label and each seat's text.
type SheetRow struct {
	Label string
	Cells []string
	Total bool // the totals' row, drawn apart
}

// sheetRows are the board's lines as the table shows them: each category
// (a per-round one at round), the teams on a team sheet, the totals on a
// sheet that adds points.
func sheetRows(w Words, sh *scoresheet.Sheet, v *sheet.View, round int) []SheetRow {
	lang := string(w.Lang)
	var rows []SheetRow
	for _, cat := range sh.Categories {
		r := 0
		label := cat.Label.In(lang)
		if cat.PerRound {
			r = round
			label = w.T("sheettable.line_round", "Category", label, "Round", round)
		}
		row := SheetRow{Label: label}
		for seat := range v.Seats {
			row.Cells = append(row.Cells, cellText(w, v, cat.ID, seat, r))
		}
		rows = append(rows, row)
	}
	if len(sh.Teams) > 0 {
		row := SheetRow{Label: w.T("sheettable.teams")}
		for seat := range v.Seats {
			row.Cells = append(row.Cells, sh.Teams[seat%len(sh.Teams)].Label.In(lang))
		}
		rows = append(rows, row)
	}
	if sh.Scored() {
		row := SheetRow{Label: w.T("sheettable.total_row"), Total: true}
		for seat := range v.Seats {
			row.Cells = append(row.Cells, strconv.Itoa(shownTotal(sh, v, seat)))
		}
		rows = append(rows, row)
	}
	return rows
}

// cellText is one seat's line as the table may show it: its value, a
// tick for a private value written but not revealed, a dash when empty.
func cellText(w Words, v *sheet.View, category string, seat, round int) string {
	for _, c := range v.Cells {
		if c.Seat == seat && c.Category == category && c.Round == round {
			if c.Hidden {
				return w.T("sheettable.hidden")
			}
			return strconv.Itoa(c.Value)
		}
	}
	return w.T("sheettable.empty")
}

// shownTotal is seat's points from what the table sees: the values hidden
// until the reveal are not counted yet.
func shownTotal(sh *scoresheet.Sheet, v *sheet.View, seat int) int {
	t := 0
	for _, c := range v.Cells {
		if c.Seat != seat || c.Hidden {
			continue
		}
		if cat, ok := sh.Category(c.Category); ok {
			t += cat.Points(c.Value)
		}
	}
	return t
}

// SheetBoard is the sheet's board in the table's middle: a grid of the
// lines and the seats, redrawn from the public view after each entry.
type SheetBoard struct {
	widget.BaseWidget
	names []string
	rows  []SheetRow
}

// NewSheetBoard is an empty board.
func NewSheetBoard() *SheetBoard {
	b := &SheetBoard{}
	b.ExtendBaseWidget(b)
	return b
}

// Set shows rows under the seats' names.
func (b *SheetBoard) Set(names []string, rows []SheetRow) {
	b.names, b.rows = names, rows
	b.Refresh()
}

// Rows are the lines shown (for tests).
func (b *SheetBoard) Rows() []SheetRow { return b.rows }

// CreateRenderer draws the grid.
func (b *SheetBoard) CreateRenderer() fyne.WidgetRenderer { return &sheetBoardRenderer{b: b} }

// MinSize is small: the board takes the middle it is given.
func (b *SheetBoard) MinSize() fyne.Size { return fyne.NewSize(400, 60) }

type sheetBoardRenderer struct {
	b       *SheetBoard
	objects []fyne.CanvasObject
}

func (r *sheetBoardRenderer) Destroy()                     {}
func (r *sheetBoardRenderer) MinSize() fyne.Size           { return r.b.MinSize() }
func (r *sheetBoardRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *sheetBoardRenderer) Refresh()                     { r.Layout(r.b.Size()) }

// Layout rebuilds the grid's few objects at size: a board of a score
// sheet changes at a person's pace, not per frame.
func (r *sheetBoardRenderer) Layout(size fyne.Size) {
	b := r.b
	g := LaySheetGrid(size, len(b.names), len(b.rows))
	var objs []fyne.CanvasObject
	put := func(s string, cell geom.Rect, bold bool, col color.Color, align fyne.TextAlign) {
		t := canvas.NewText(fitText(s, g.Text, bold, cell.Size.Width-12), col)
		t.TextSize, t.TextStyle.Bold, t.Alignment = g.Text, bold, align
		t.Move(cell.Pos.AddXY(6, 0))
		t.Resize(fyne.NewSize(cell.Size.Width-12, cell.Size.Height))
		objs = append(objs, t)
	}
	fg := theme.Color(theme.ColorNameForeground)
	for i, name := range b.names {
		cell := g.Cell(i, -1)
		band := canvas.NewRectangle(SeatColour(i))
		band.Move(fyne.NewPos(cell.Pos.X+4, cell.Pos.Y+cell.Size.Height-6))
		band.Resize(fyne.NewSize(cell.Size.Width-8, 6))
		objs = append(objs, band)
		put(name, cell, true, fg, fyne.TextAlignCenter)
	}
	for row, sr := range b.rows {
		if row%2 == 0 || sr.Total {
			bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
			if sr.Total {
				bg.StrokeColor, bg.StrokeWidth = fg, 2
			}
			at := g.Cell(-1, row)
			bg.Move(at.Pos)
			bg.Resize(fyne.NewSize(g.Label+g.Col*float32(g.Cols), g.Row))
			objs = append(objs, bg)
		}
		put(sr.Label, g.Cell(-1, row), sr.Total, fg, fyne.TextAlignLeading)
		for col, s := range sr.Cells {
			put(s, g.Cell(col, row), sr.Total, fg, fyne.TextAlignCenter)
		}
	}
	r.objects = objs
	canvas.Refresh(b)
}
