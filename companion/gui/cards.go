package gui

import (
	"image/color"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/looks"
)

// cardSize is a card in the hand: large enough for a thumb (over 1 cm).
var cardSize = fyne.NewSize(76, 108)

// nameSize is the size of a card's name: the least text size of the web
// page (issue 26: 14 px everywhere, card marks included), since DESIGN.md
// sets none for phones and the app is to be as comfortable as the page. A
// name too wide for the card takes two lines, broken at a space or at a
// soft hyphen of its text (as the page breaks it), never a smaller size.
const nameSize = 14

// nameWidth is the width a card's name may take.
var nameWidth = cardSize.Width - 10

// softHyphen marks where a card's name may break.
const softHyphen = "\u00ad"

// face is what a card shows.
type face struct {
	fill   color.Color
	ink    color.Color  // text and symbol colour on fill
	value  string       // large, in the middle
	name   string       // small, at the top, as the table writes it
	symbol looks.Symbol // the suit's symbol or the kind's mark, in ink
	corner bool         // the symbol in the bottom-left corner (Canaille), as on the table; else below the value (Canyon)
	stop   bool         // Canaille: carries a full stop
	trump  bool         // Canyon: of the trump suit
}

// looks is the card's look: for TestTheLooksAgree.
func (f face) looks() looks.Look {
	return looks.Look{Fill: looks.Of(f.fill), Ink: looks.Of(f.ink), Symbol: f.symbol}
}

// card is a tappable card. Dimmed cards cannot be played now; tapping one
// still calls onTap, so the phone can say why.
type card struct {
	widget.BaseWidget
	face     face
	dim      bool
	selected int // place in a sentence being built, from 1; 0 if not in it
	onTap    func()
}

func newCard(f face, onTap func()) *card {
	c := &card{face: f, onTap: onTap}
	c.ExtendBaseWidget(c)
	return c
}

// Tapped plays or picks the card.
func (c *card) Tapped(*fyne.PointEvent) {
	if c.onTap != nil {
		c.onTap()
	}
}

func (c *card) MinSize() fyne.Size { return cardSize }

func (c *card) CreateRenderer() fyne.WidgetRenderer {
	r := &cardRenderer{c: c,
		bg:     canvas.NewRectangle(c.face.fill),
		value:  canvas.NewText("", c.face.ink),
		name:   canvas.NewText("", c.face.ink),
		name2:  canvas.NewText("", c.face.ink),
		badge:  canvas.NewText("", color.Black),
		stop:   canvas.NewCircle(color.Black),
		marker: canvas.NewRectangle(color.Transparent),
		veil:   canvas.NewRectangle(color.NRGBA{0xFF, 0xFF, 0xFF, 0xB0}),
	}
	r.symbol = canvas.NewRasterWithPixels(func(x, y, w, h int) color.Color {
		if w > 0 && h > 0 && r.c.face.symbol.Contains((float64(x)+0.5)/float64(w), (float64(y)+0.5)/float64(h)) {
			return r.c.face.ink
		}
		// Transparent as NRGBA: Fyne picks the raster's image type from
		// the first pixel's, and color.Transparent would make an alpha
		// mask that paints the symbol white whatever its ink.
		return color.NRGBA{}
	})
	r.bg.CornerRadius = 8
	r.marker.CornerRadius = 10
	r.value.TextStyle.Bold = true
	r.value.TextSize = 34
	r.value.Alignment = fyne.TextAlignCenter
	for _, n := range []*canvas.Text{r.name, r.name2} {
		n.TextSize = nameSize
		n.Alignment = fyne.TextAlignCenter
	}
	r.badge.TextStyle.Bold = true
	r.badge.TextSize = 14
	r.badge.Alignment = fyne.TextAlignCenter
	r.Refresh()
	return r
}

type cardRenderer struct {
	c                         *card
	marker, bg, veil          *canvas.Rectangle
	value, name, name2, badge *canvas.Text
	stop                      *canvas.Circle
	symbol                    *canvas.Raster
}

func (r *cardRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.marker, r.bg, r.symbol, r.value, r.name, r.name2, r.stop, r.badge, r.veil}
}

func (r *cardRenderer) Layout(size fyne.Size) {
	r.marker.Resize(size)
	r.marker.Move(fyne.NewPos(0, 0))
	inset := float32(4)
	r.bg.Move(fyne.NewPos(inset, inset))
	r.bg.Resize(fyne.NewSize(size.Width-2*inset, size.Height-2*inset))
	r.veil.Move(r.bg.Position())
	r.veil.Resize(r.bg.Size())
	top := size.Height * 0.18 // the value, below the name when there is one
	switch {
	case r.name2.Text != "":
		top = size.Height * 0.36
	case r.name.Text != "":
		top = size.Height * 0.26
	}
	r.value.Move(fyne.NewPos(inset, top))
	r.value.Resize(fyne.NewSize(size.Width-2*inset, 44))
	r.name.Move(fyne.NewPos(inset, inset+2))
	r.name.Resize(fyne.NewSize(size.Width-2*inset, 18))
	r.name2.Move(fyne.NewPos(inset, inset+2+nameSize+3))
	r.name2.Resize(fyne.NewSize(size.Width-2*inset, 18))
	// The symbol where the table draws it: below the value on a Canyon
	// card, in the bottom-left corner of a Canaille card.
	if r.c.face.corner {
		r.symbol.Move(fyne.NewPos(inset+5, size.Height-inset-27))
		r.symbol.Resize(fyne.NewSize(22, 22))
	} else {
		r.symbol.Move(fyne.NewPos(size.Width/2-15, size.Height*0.62))
		r.symbol.Resize(fyne.NewSize(30, 30))
	}
	r.stop.Move(fyne.NewPos(size.Width-inset-22, size.Height-inset-22))
	r.stop.Resize(fyne.NewSize(16, 16))
	// The place in a sentence, at the bottom between the mark and the
	// full stop.
	r.badge.Move(fyne.NewPos(size.Width/2-12, size.Height-inset-24))
	r.badge.Resize(fyne.NewSize(24, 20))
}

func (r *cardRenderer) MinSize() fyne.Size { return cardSize }

func (r *cardRenderer) Refresh() {
	f := r.c.face
	r.bg.FillColor = f.fill
	r.bg.StrokeColor = color.NRGBA{0, 0, 0, 0x60}
	r.bg.StrokeWidth = 1
	r.value.Text, r.value.Color = f.value, f.ink
	r.value.TextSize = fit(f.value, 34, cardSize.Width-12)
	lines := append(nameLines(f.name, nameFits), "", "")
	r.name.Text, r.name.Color = lines[0], f.ink
	r.name2.Text, r.name2.Color = lines[1], f.ink
	r.stop.FillColor = f.ink
	r.stop.StrokeColor = contrast(f.ink)
	r.stop.StrokeWidth = 2
	r.stop.Hidden = !f.stop
	r.badge.Hidden = true
	r.marker.FillColor = color.Transparent
	switch {
	case r.c.selected > 0:
		r.marker.FillColor = color.NRGBA{0x00, 0x00, 0x00, 0xFF}
		r.badge.Text, r.badge.Hidden = strconv.Itoa(r.c.selected), false
		r.badge.Color = f.ink
	case f.trump:
		r.marker.FillColor = colorTurn
	}
	r.veil.Hidden = !r.c.dim
	r.symbol.Hidden = f.symbol == looks.NoSymbol
	r.Layout(r.c.Size()) // the value moves down under a name of two lines
	for _, o := range r.Objects() {
		o.Refresh()
	}
}

func (r *cardRenderer) Destroy() {}

// fit is the text size, at most max, at which text fits in width (an
// estimate from the average glyph width: the exact measure needs a canvas).
func fit(text string, max, width float32) float32 {
	n := float32(utf8.RuneCountInString(text))
	if n == 0 {
		return max
	}
	return min(max, width/(0.6*n))
}

// nameFits reports whether a line of a card's name fits the card at
// nameSize, as the app's font draws it.
func nameFits(line string) bool {
	return fyne.MeasureText(line, nameSize, fyne.TextStyle{}).Width <= nameWidth
}

// nameLines is a card's name in lines that fit (at most two): whole when
// it fits, else broken at the space or soft hyphen (shown as a hyphen)
// whose first line is the longest that fits. Soft hyphens are not drawn.
func nameLines(name string, fits func(string) bool) []string {
	whole := strings.ReplaceAll(name, softHyphen, "")
	if whole == "" {
		return nil
	}
	if fits(whole) {
		return []string{whole}
	}
	best := []string{whole}
	for i, r := range name {
		var first, rest string
		switch string(r) {
		case " ":
			first, rest = name[:i], name[i+1:]
		case softHyphen:
			first, rest = name[:i]+"-", name[i+len(softHyphen):]
		default:
			continue
		}
		first = strings.ReplaceAll(first, softHyphen, "")
		if fits(first) {
			best = []string{first, strings.ReplaceAll(rest, softHyphen, "")}
		}
	}
	return best
}

// contrast is black or white, whichever stands out on c.
func contrast(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	if (299*r+587*g+114*b)/1000 > 0x7FFF {
		return color.Black
	}
	return color.White
}

// dot is a small disc of colour c.
func dot(c color.Color) fyne.CanvasObject {
	d := canvas.NewCircle(c)
	d.StrokeColor = color.Black
	d.StrokeWidth = 1
	return container.NewGridWrap(fyne.NewSize(18, 18), d)
}
