package board

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/looks"
)

// Palette is the seat colours of the games for up to six seats, from the
// looks package (Okabe–Ito); panels add a number so colour is never the
// only cue.
var Palette = func() []color.NRGBA {
	g, _ := looks.For("")
	out := make([]color.NRGBA, len(g.Seats))
	for i, l := range g.Seats {
		out[i] = l.Fill.NRGBA()
	}
	return out
}()

// seatInk is the ink a seat's number is written in on its colour.
func seatInk(game string, seat int) color.NRGBA {
	g, _ := looks.For(game)
	return g.Seat(seat).Ink.NRGBA()
}

// symbol is a looks symbol drawn on the table: its outline as a polygon,
// or a ring as a stroked circle.
type symbol struct {
	poly *canvas.ArbitraryPolygon
	ring *canvas.Circle
	sym  looks.Symbol
}

func newSymbol() *symbol {
	s := &symbol{poly: canvas.NewArbitraryPolygon(nil, color.Black), ring: canvas.NewCircle(color.Transparent)}
	s.poly.Hide()
	s.ring.Hide()
	return s
}

func (s *symbol) objects() []fyne.CanvasObject { return []fyne.CanvasObject{s.poly, s.ring} }

// draw shows sym in ink, filling a square of side d centred on at.
func (s *symbol) draw(sym looks.Symbol, ink color.Color, at fyne.Position, d float32) {
	s.sym = sym
	s.poly.Hide()
	s.ring.Hide()
	if sym.Hollow() {
		s.ring.StrokeColor, s.ring.StrokeWidth = ink, d/10
		circleAt(s.ring, at, d)
		s.ring.Show()
		return
	}
	out := sym.Outline()
	if out == nil {
		return
	}
	pts := make([]fyne.Position, len(out))
	for i, p := range out {
		pts[i] = fyne.NewPos(float32(p.X)*d, float32(p.Y)*d)
	}
	s.poly.Points, s.poly.FillColor = pts, ink
	s.poly.Move(at.SubtractXY(d/2, d/2))
	s.poly.Resize(fyne.NewSize(d, d))
	s.poly.Show()
}

func (s *symbol) hide() {
	s.sym = looks.NoSymbol
	s.poly.Hide()
	s.ring.Hide()
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
	colYellow   = color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}
)

// Motion and reading times.
const (
	moveTime = 250 * time.Millisecond // a piece gliding: at most 300 ms
)

// Text sizes readable across the table.
const (
	textBody  = 28
	textName  = 36
	textSmall = 22
)

// note is the short message shown where a refused tap landed, turned to
// the seat it concerns. It stays until the next valid move or tap (hide),
// or until another message takes its place: a guest looking up from their
// phone still finds it, and no timer runs while the table waits.
type note struct {
	holder *fyne.Container // the turned message, when one is shown
	msg    string
	turn   geom.Turn
}

func newNote() *note {
	return &note{holder: container.NewWithoutLayout()}
}

func (n *note) objects() []fyne.CanvasObject { return []fyne.CanvasObject{n.holder} }

// show puts msg beside at, inside area, turned by turn towards its reader.
func (n *note) show(msg string, at fyne.Position, area fyne.Size, turn geom.Turn) {
	p, upright := noteCard(msg, textBody, 20, 3, turn)
	pos, size := geom.Note(at, upright, turn, 40, area)
	p.Move(pos)
	p.Resize(size)
	n.msg, n.turn = msg, turn
	n.holder.Objects = []fyne.CanvasObject{p}
	n.holder.Show()
	n.holder.Refresh()
}

// noteCard is msg in a dark card outlined in yellow, turned by turn: the
// table's way of saying something to one side. pad is the margin around
// the text (the height's is 0.6 of it), stroke the outline's width;
// upright is the card's size before the turn.
func noteCard(msg string, size float32, pad, stroke float32, turn geom.Turn) (p *Panel, upright fyne.Size) {
	text := newText(msg, colInk, size, true)
	ts := text.MinSize()
	upright = fyne.NewSize(ts.Width+2*pad, ts.Height+1.2*pad)
	bg := canvas.NewRectangle(colNoteBG)
	bg.CornerRadius = 0.7 * pad
	bg.StrokeColor = colYellow
	bg.StrokeWidth = stroke
	bg.Resize(upright)
	text.Move(fyne.NewPos(pad, 0.6*pad))
	text.Resize(ts)
	return NewPanel(container.NewWithoutLayout(bg, text), upright, turn), upright
}

// hide takes the message away.
func (n *note) hide() {
	if n.msg == "" {
		return
	}
	n.msg = ""
	n.holder.Objects = nil
	n.holder.Hide()
	n.holder.Refresh()
}

// Message is the refused tap's message on screen, "" when none. The
// boards embed their note, so that this and MessageTurn and MessageAt
// are each board's, written once.
func (n *note) Message() string { return n.msg }

// MessageTurn is how the message is turned: towards whose side.
func (n *note) MessageTurn() geom.Turn { return n.turn }

// MessageAt is where the message lies on the board and its size there.
func (n *note) MessageAt() (fyne.Position, fyne.Size) {
	if len(n.holder.Objects) == 0 {
		return fyne.Position{}, fyne.Size{}
	}
	o := n.holder.Objects[0]
	return o.Position(), o.Size()
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
