package board

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/kiosk/board/geom"
)

// Panel shows ordinary Fyne content turned by quarter turns, since Fyne
// cannot rotate widgets: the content is drawn off-screen by Fyne's software
// painter, its pixels are turned and shown as an image, and a tap on the
// image is mapped back through the turn to the object under it.
type Panel struct {
	widget.BaseWidget
	content fyne.CanvasObject
	turn    geom.Turn
	upright fyne.Size
	off     software.WindowlessCanvas
	img     *canvas.Image
	buf     *image.NRGBA
}

// NewPanel shows content, upright size upright, turned by turn.
func NewPanel(content fyne.CanvasObject, upright fyne.Size, turn geom.Turn) *Panel {
	p := &Panel{content: content, turn: turn, upright: upright, off: software.NewTransparentCanvas()}
	p.off.SetPadded(false)
	p.off.SetContent(content)
	p.off.Resize(upright)
	p.img = canvas.NewImageFromImage(nil)
	p.img.FillMode = canvas.ImageFillStretch
	p.img.ScaleMode = canvas.ImageScalePixels
	p.ExtendBaseWidget(p)
	p.Redraw()
	return p
}

// Redraw draws the content again; call it after changing the content.
// It is the panel's only drawing work: nothing runs while nothing changes.
func (p *Panel) Redraw() {
	p.off.Resize(p.upright)
	// Lay the content out again from the top: a row that gained a button
	// changes the sizes of its parents too.
	p.content.Refresh()
	src, ok := p.off.Capture().(*image.NRGBA)
	if !ok {
		return
	}
	p.buf = p.turn.Image(src, p.buf)
	p.img.Image = p.buf
	p.img.Refresh()
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

func (p *Panel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.img)
}
