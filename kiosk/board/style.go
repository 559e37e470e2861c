package board

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Palette is the seat colours, Okabe–Ito's colour-blind-safe set; panels
// add a letter so colour is never the only cue.
var Palette = []color.NRGBA{
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xF0, 0xE4, 0x42, 0xFF}, // yellow
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
}

// Colours shared by the boards.
var (
	colTable    = color.NRGBA{0x1B, 0x26, 0x2C, 0xFF} // the felt around the board
	colInk      = color.NRGBA{0xF4, 0xF1, 0xE8, 0xFF} // text on dark
	colDarkInk  = color.NRGBA{0x1B, 0x1B, 0x1B, 0xFF} // text on light
	colTarget   = color.NRGBA{0x7C, 0xFC, 0x9A, 0xFF} // a legal target
	colSelected = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF} // the piece touched
	colLastMove = color.NRGBA{0xFF, 0xFF, 0xFF, 0x70} // the last move's cells
	colNoteBG   = color.NRGBA{0x10, 0x10, 0x10, 0xE8}
	colVermil   = color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}
	colYellow   = color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}
)

// Motion and reading times.
const (
	moveTime = 250 * time.Millisecond // a piece gliding: at most 300 ms
	noteTime = 3 * time.Second        // a refused tap's rule stays this long
)

// Text sizes readable across the table.
const (
	textBody  = 28
	textName  = 36
	textSmall = 22
)

// note is the short message shown where a refused tap landed.
type note struct {
	bg    *canvas.Rectangle
	text  *canvas.Text
	timer *time.Timer
	seq   int
	do    func(func()) // the board's Env.do, for the timer
}

func newNote(env Env) *note {
	n := &note{bg: canvas.NewRectangle(colNoteBG), text: canvas.NewText("", colInk), do: env.do}
	n.bg.CornerRadius = 14
	n.bg.StrokeColor = colYellow
	n.bg.StrokeWidth = 3
	n.text.TextSize = textBody
	n.text.TextStyle.Bold = true
	n.bg.Hide()
	n.text.Hide()
	return n
}

func (n *note) objects() []fyne.CanvasObject { return []fyne.CanvasObject{n.bg, n.text} }

// show puts msg near at, inside area, and hides it after noteTime. The
// timer only posts one UI change: nothing runs while the note stands.
func (n *note) show(msg string, at fyne.Position, area fyne.Size, still bool) {
	n.text.Text = msg
	ts := n.text.MinSize()
	size := fyne.NewSize(ts.Width+40, ts.Height+24)
	pos := fyne.NewPos(at.X-size.Width/2, at.Y-size.Height-40)
	if pos.Y < 0 {
		pos.Y = at.Y + 40
	}
	pos.X = max(0, min(pos.X, area.Width-size.Width))
	pos.Y = max(0, min(pos.Y, area.Height-size.Height))
	n.bg.Move(pos)
	n.bg.Resize(size)
	n.text.Move(pos.AddXY(20, 12))
	n.text.Resize(ts)
	n.bg.Show()
	n.text.Show()
	n.bg.Refresh()
	n.text.Refresh()
	n.seq++
	if n.timer != nil {
		n.timer.Stop()
	}
	if still {
		return
	}
	seq := n.seq
	n.timer = time.AfterFunc(noteTime, func() {
		n.do(func() {
			if n.seq == seq {
				n.hide()
			}
		})
	})
}

func (n *note) hide() {
	n.bg.Hide()
	n.text.Hide()
}

// Shown is the message on screen, "" when none.
func (n *note) shown() string {
	if !n.text.Visible() {
		return ""
	}
	return n.text.Text
}

// glide moves obj from its old place to to, briefly, unless still; with
// no old place (a new piece) it just appears there.
func glide(obj fyne.CanvasObject, from, to fyne.Position, still bool) *fyne.Animation {
	if still || from == to {
		obj.Move(to)
		return nil
	}
	a := canvas.NewPositionAnimation(from, to, moveTime, obj.Move)
	a.Curve = fyne.AnimationEaseOut
	a.Start()
	return a
}

// circleAt places c as a circle of diameter d centred on p.
func circleAt(c fyne.CanvasObject, p fyne.Position, d float32) {
	c.Resize(fyne.NewSize(d, d))
	c.Move(p.SubtractXY(d/2, d/2))
}

// textAt centres t on p.
func textAt(t *canvas.Text, p fyne.Position) {
	s := t.MinSize()
	t.Resize(s)
	t.Move(p.SubtractXY(s.Width/2, s.Height/2))
}

func newText(s string, c color.Color, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, c)
	t.TextSize = size
	t.TextStyle.Bold = bold
	return t
}

// baseRenderer is what the boards' renderers share: their objects, drawn
// in order and kept from one view to the next, and arrange, which puts
// them where the board's view has them.
type baseRenderer struct {
	objects []fyne.CanvasObject
	arrange func()
}

func (r *baseRenderer) Refresh() {
	r.arrange()
	for _, o := range r.objects {
		o.Refresh()
	}
}

func (r *baseRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *baseRenderer) Destroy()                     {}
