package screen

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/looks"
)

// Text sizes at 1920×1080, read from across the table (DESIGN.md).
const (
	BodySize  = 28
	NameSize  = 36
	TitleSize = 64
	CodeSize  = 120
)

// Theme is the kiosk's look: Fyne's own, with text and paddings large
// enough that every control is at least TouchSize tall and body text is
// read from the far side of the table.
type Theme struct{ fyne.Theme }

// NewTheme wraps Fyne's default theme.
func NewTheme() fyne.Theme { return Theme{theme.DefaultTheme()} }

// Size enlarges text and the padding inside controls.
func (t Theme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return BodySize
	case theme.SizeNameHeadingText:
		return NameSize
	case theme.SizeNameSubHeadingText:
		return 32
	case theme.SizeNameInnerPadding:
		return 16
	case theme.SizeNamePadding:
		return 6
	case theme.SizeNameInlineIcon:
		return 32
	case theme.SizeNameScrollBar:
		return 24
	}
	return t.Theme.Size(n)
}

// text is a canvas text of size, centred.
func text(s string, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
	t.TextSize = size
	t.TextStyle.Bold = bold
	t.Alignment = fyne.TextAlignCenter
	return t
}

// wrapped is a label that wraps its words, for longer texts.
func wrapped(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// button is a button at least TouchSize high and minWidth wide.
func button(label string, minWidth float32, tapped func()) (*widget.Button, fyne.CanvasObject) {
	b := widget.NewButton(label, tapped)
	return b, sized(b, minWidth, TouchSize)
}

// sized keeps o at least w × h.
func sized(o fyne.CanvasObject, w, h float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, h))
	return container.NewStack(r, o)
}

// panel puts content on a softly coloured card.
func panel(content fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = 16
	return container.NewStack(bg, container.NewPadded(container.NewPadded(content)))
}

// SeatColour is seat i's colour before a game is chosen (seating, staff
// screens): the looks package's common seat colours, Okabe–Ito.
func SeatColour(i int) color.Color {
	g, _ := looks.For("")
	return g.Seat(i).Fill.NRGBA()
}

// seatBadge is a coloured disc with the seat's number: colour is never
// the only cue.
func seatBadge(i int) fyne.CanvasObject {
	c := canvas.NewCircle(SeatColour(i))
	n := canvas.NewText(strconv.Itoa(i+1), color.Black)
	n.TextSize = BodySize
	n.TextStyle.Bold = true
	n.Alignment = fyne.TextAlignCenter
	return sized(container.NewStack(c, container.NewCenter(n)), 56, 56)
}
