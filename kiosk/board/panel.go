package board

import (
	"fmt"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/kiosk/board/geom"
)

// Panel shows ordinary Fyne content turned by quarter turns, since Fyne
// cannot rotate widgets. The upright content is laid out off-screen; then
// each of its pieces is put on screen turned:
//   - rectangles and circles look the same turned, so each is copied as a
//     shape of the turned size, drawn by the GPU like any other;
//   - a text is drawn alone by Fyne's software painter, its pixels turned
//     and shown as an image, which is kept while the text does not change;
//   - anything else (a button) is drawn alone the same way at every redraw.
//
// So a redraw paints only what changed, each piece at its own small size,
// never the whole panel. A tap on the panel is mapped back through the turn
// to the object under it in the upright content.
type Panel struct {
	widget.BaseWidget
	content fyne.CanvasObject
	turn    geom.Turn
	upright fyne.Size
	off     software.WindowlessCanvas // lays the upright content out
	scratch software.WindowlessCanvas // draws one piece at a time
	shown   *fyne.Container           // the turned pieces, in drawing order
	shapes  map[fyne.CanvasObject]fyne.CanvasObject
	drawn   map[string]*drawing // texts and buttons drawn, by their key
	gen     int                 // counts the redraws
	pieces  []fyne.CanvasObject
	scale   float32 // device pixels per unit the texts were drawn at
}

// NewPanel shows content, upright size upright, turned by turn.
func NewPanel(content fyne.CanvasObject, upright fyne.Size, turn geom.Turn) *Panel {
	p := &Panel{content: content, turn: turn, upright: upright,
		off: software.NewTransparentCanvas(), scratch: software.NewTransparentCanvas(),
		shown: container.NewWithoutLayout(), shapes: map[fyne.CanvasObject]fyne.CanvasObject{},
		drawn: map[string]*drawing{}}
	p.off.SetPadded(false)
	p.off.SetContent(content)
	p.off.Resize(upright)
	p.scratch.SetPadded(false)
	p.ExtendBaseWidget(p)
	p.Redraw()
	return p
}

// Redraw puts the content on screen again; call it after changing the
// content. It is the panel's only drawing work: nothing runs while nothing
// changes.
func (p *Panel) Redraw() {
	// Draw at the screen's own pixel size, so the panel stays sharp on a
	// large screen with a scale above 1.
	if s := p.pixelScale(); s != p.scale {
		p.scale = s
		p.scratch.SetScale(s)
		clear(p.drawn)
	}
	p.off.Resize(p.upright)
	// Lay the content out again from the top: a row that gained a button
	// changes the sizes of its parents too.
	p.content.Refresh()
	p.gen++
	used := make(map[any]bool, len(p.shapes))
	p.pieces = p.pieces[:0]
	p.walk(p.content, fyne.Position{}, used)
	// Forget the pieces of what the content no longer shows; a drawing is
	// kept one redraw longer, since a panel often goes back to how it was
	// (the turn comes and goes).
	for k, d := range p.drawn {
		if d.gen < p.gen-1 {
			delete(p.drawn, k)
		}
	}
	for k := range p.shapes {
		if !used[k] {
			delete(p.shapes, k)
		}
	}
	p.shown.Objects = p.pieces
	p.shown.Refresh()
}

// walk puts o (whose parent's top-left is at origin, upright) and what it
// holds on screen.
func (p *Panel) walk(o fyne.CanvasObject, origin fyne.Position, used map[any]bool) {
	if o == nil || !o.Visible() {
		return
	}
	at := origin.Add(o.Position())
	switch v := o.(type) {
	case *fyne.Container:
		for _, k := range v.Objects {
			p.walk(k, at, used)
		}
	case *canvas.Rectangle:
		if v.Shadow.Color == nil && v.TopLeftCornerRadius == 0 && v.TopRightCornerRadius == 0 &&
			v.BottomLeftCornerRadius == 0 && v.BottomRightCornerRadius == 0 {
			r, _ := p.shapes[o].(*canvas.Rectangle)
			if r == nil {
				r = canvas.NewRectangle(nil)
				p.shapes[o] = r
			}
			used[o] = true
			r.FillColor, r.StrokeColor, r.StrokeWidth, r.CornerRadius = v.FillColor, v.StrokeColor, v.StrokeWidth, v.CornerRadius
			p.place(r, at, o.Size())
			return
		}
		p.picture(o, at)
	case *canvas.Circle:
		c, _ := p.shapes[o].(*canvas.Circle)
		if c == nil {
			c = canvas.NewCircle(nil)
			p.shapes[o] = c
		}
		used[o] = true
		c.FillColor, c.StrokeColor, c.StrokeWidth = v.FillColor, v.StrokeColor, v.StrokeWidth
		p.place(c, at, o.Size())
	case *canvas.Text:
		p.place(p.drawing(textKey(v), func() *canvas.Image {
			return p.turned(&canvas.Text{Text: v.Text, Color: v.Color, TextSize: v.TextSize, TextStyle: v.TextStyle,
				Alignment: v.Alignment, FontSource: v.FontSource}, v.Size())
		}), at, o.Size())
	case *widget.Button:
		// A button in the panel is never hovered (taps reach it through the
		// panel), so these make its whole look.
		key := fmt.Sprintf("button %q %d %d %v %v %v", v.Text, v.Importance, v.Alignment, v.Disabled(), v.Icon != nil, v.Size())
		p.place(p.drawing(key, func() *canvas.Image { return p.pictureOf(o) }), at, o.Size())
	default:
		p.picture(o, at)
	}
}

// place shows piece where the upright rectangle at, size lies once turned.
func (p *Panel) place(piece fyne.CanvasObject, at fyne.Position, size fyne.Size) {
	a := p.turn.Forward(at, p.upright)
	b := p.turn.Forward(at.Add(fyne.NewPos(size.Width, size.Height)), p.upright)
	piece.Move(fyne.NewPos(min(a.X, b.X), min(a.Y, b.Y)))
	piece.Resize(p.turn.Size(size))
	piece.Refresh()
	p.pieces = append(p.pieces, piece)
}

// drawing is what draw made for key in this redraw or the one before,
// else what draw makes now. A drawing is placed once a redraw: a second
// piece with the same key gets its own.
func (p *Panel) drawing(key string, draw func() *canvas.Image) *canvas.Image {
	d := p.drawn[key]
	switch {
	case d == nil:
		d = &drawing{img: draw()}
		p.drawn[key] = d
	case d.gen == p.gen:
		return draw()
	}
	d.gen = p.gen
	return d.img
}

// drawing is a text or a button drawn turned, and the last redraw that
// showed it.
type drawing struct {
	img *canvas.Image
	gen int
}

// picture draws o alone and shows its pixels turned.
func (p *Panel) picture(o fyne.CanvasObject, at fyne.Position) {
	p.place(p.pictureOf(o), at, o.Size())
}

// pictureOf is o drawn alone, turned; o is put back where its layout had
// it.
func (p *Panel) pictureOf(o fyne.CanvasObject) *canvas.Image {
	pos, size := o.Position(), o.Size()
	img := p.turned(o, size)
	o.Move(pos)
	o.Resize(size)
	return img
}

// turned is o drawn alone at size by the software painter, turned.
func (p *Panel) turned(o fyne.CanvasObject, size fyne.Size) *canvas.Image {
	p.scratch.SetContent(o)
	p.scratch.Resize(size)
	o.Move(fyne.Position{})
	o.Resize(size)
	var pix *image.NRGBA
	if src, ok := p.scratch.Capture().(*image.NRGBA); ok {
		pix = p.turn.Image(src, nil)
	}
	p.scratch.SetContent(nil)
	img := canvas.NewImageFromImage(pix)
	img.FillMode = canvas.ImageFillStretch
	img.ScaleMode = canvas.ImageScalePixels
	return img
}

// pixelScale is the scale of the canvas the panel is shown on, 1 before it
// is shown anywhere.
func (p *Panel) pixelScale() float32 {
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(p); c != nil && c.Scale() > 0 {
			return c.Scale()
		}
	}
	return 1
}

// textKey names everything that decides how a text looks.
func textKey(t *canvas.Text) string {
	return fmt.Sprintf("%q %v %g %v %d %v %v", t.Text, t.Color, t.TextSize, t.TextStyle, t.Alignment, t.Size(), t.FontSource)
}

// Turned is the panel's size on screen.
func (p *Panel) Turned() fyne.Size { return p.turn.Size(p.upright) }

// Content is the upright content the panel shows.
func (p *Panel) Content() fyne.CanvasObject { return p.content }

// Turn is how the panel is turned.
func (p *Panel) Turn() geom.Turn { return p.turn }

// MinSize is the turned size: the panel is as large as its content.
func (p *Panel) MinSize() fyne.Size { return p.Turned() }

// Tapped forwards a tap to the tappable object under it in the upright
// content, then draws the panel again since the tap may have changed it.
func (p *Panel) Tapped(ev *fyne.PointEvent) {
	at := p.turn.Back(ev.Position, p.upright)
	obj, rel := tappableAt(p.content, at, fyne.Position{})
	if obj == nil {
		return
	}
	obj.Tapped(&fyne.PointEvent{Position: rel, AbsolutePosition: at})
	p.Redraw()
}

// tappableAt is the top-most visible tappable object under pos in o (whose
// top-left is at origin), looking into containers, and pos relative to it.
func tappableAt(o fyne.CanvasObject, pos, origin fyne.Position) (fyne.Tappable, fyne.Position) {
	if o == nil || !o.Visible() {
		return nil, pos
	}
	at := origin.Add(o.Position())
	rel := pos.Subtract(at)
	size := o.Size()
	if rel.X < 0 || rel.Y < 0 || rel.X > size.Width || rel.Y > size.Height {
		return nil, pos
	}
	if c, ok := o.(*fyne.Container); ok {
		for i := len(c.Objects) - 1; i >= 0; i-- {
			if t, r := tappableAt(c.Objects[i], pos, at); t != nil {
				return t, r
			}
		}
	}
	if t, ok := o.(fyne.Tappable); ok {
		return t, rel
	}
	return nil, pos
}

func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return &panelRenderer{p: p} }

// panelRenderer shows the turned pieces, drawn again if the panel lands on
// a canvas of another scale than the one it was drawn for.
type panelRenderer struct{ p *Panel }

func (r *panelRenderer) Layout(size fyne.Size) {
	r.p.shown.Resize(size)
	if r.p.pixelScale() != r.p.scale {
		r.p.Redraw()
	}
}

func (r *panelRenderer) MinSize() fyne.Size           { return r.p.Turned() }
func (r *panelRenderer) Refresh()                     { r.p.shown.Refresh() }
func (r *panelRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.shown} }
func (r *panelRenderer) Destroy()                     {}
