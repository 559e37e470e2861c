package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/kiosk/board/geom"
)

// panelWith is a panel of upright size 400×100 turned a quarter, holding a
// frame, a round badge and a name.
func panelWith(t *testing.T) (*Panel, *canvas.Rectangle, *canvas.Circle, *canvas.Text) {
	t.Helper()
	frame := canvas.NewRectangle(colTable)
	frame.CornerRadius, frame.StrokeWidth, frame.StrokeColor = 12, 4, colYellow
	badge := canvas.NewCircle(Palette[1])
	badge.Move(fyne.NewPos(10, 20))
	badge.Resize(fyne.NewSize(60, 60))
	name := canvas.NewText("Carola", colInk)
	name.TextSize = textName
	name.Move(fyne.NewPos(90, 25))
	name.Resize(name.MinSize())
	content := container.NewStack(frame, container.NewWithoutLayout(badge, name))
	return NewPanel(content, fyne.NewSize(400, 100), geom.Turn(1)), frame, badge, name
}

func TestPanelShowsEachPieceTurned(t *testing.T) {
	test.NewTempApp(t)
	p, frame, badge, name := panelWith(t)
	if len(p.pieces) != 3 {
		t.Fatalf("%d pieces on screen, want frame, badge and name", len(p.pieces))
	}
	f, ok := p.pieces[0].(*canvas.Rectangle)
	if !ok || f.Size() != fyne.NewSize(100, 400) || f.Position() != (fyne.Position{}) || f.CornerRadius != frame.CornerRadius || f.StrokeColor != frame.StrokeColor {
		t.Errorf("frame on screen %+v, want the frame turned: 100×400 at 0,0", p.pieces[0])
	}
	// A quarter turn clockwise: upright (x, y) goes to (100-y, x).
	if c := p.pieces[1]; c.Position() != fyne.NewPos(20, 10) || c.Size() != fyne.NewSize(60, 60) {
		t.Errorf("badge at %v %v, want at 20,10 60×60", c.Position(), c.Size())
	}
	img, ok := p.pieces[2].(*canvas.Image)
	if !ok {
		t.Fatalf("the name is a %T, want its turned pixels", p.pieces[2])
	}
	ns := name.Size()
	if b := img.Image.Bounds(); !near(b.Dx(), ns.Height) || !near(b.Dy(), ns.Width) {
		t.Errorf("name pixels %v, want %v×%v (turned)", b, ns.Height, ns.Width)
	}
	if img.Position() != fyne.NewPos(100-25-ns.Height, 90) {
		t.Errorf("name at %v", img.Position())
	}
	// A text that did not change is not drawn again.
	badge.FillColor = Palette[2]
	p.Redraw()
	if p.pieces[2] != img {
		t.Error("the unchanged name was drawn again")
	}
	if c := p.pieces[1].(*canvas.Circle); c.FillColor != Palette[2] {
		t.Error("the badge's new colour is not shown")
	}
	name.Text = "Carola B."
	p.Redraw()
	if p.pieces[2] == img {
		t.Errorf("the changed name was not drawn again")
	}
	// Going back to the name shown a redraw ago draws nothing new.
	name.Text = "Carola"
	p.Redraw()
	if p.pieces[2] != img {
		t.Error("the name shown a redraw ago was drawn again")
	}
	// What two redraws did not show is forgotten.
	name.Text = "Carola B."
	p.Redraw()
	name.Text = "Carola C."
	p.Redraw()
	if len(p.drawn) != 2 {
		t.Errorf("%d drawings kept, want the last two names", len(p.drawn))
	}
}

func TestPanelDrawsAtTheScreensScale(t *testing.T) {
	test.NewTempApp(t)
	p, _, _, name := panelWith(t)
	w := test.NewTempWindow(t, container.NewWithoutLayout(p))
	w.Canvas().(interface{ SetScale(float32) }).SetScale(2)
	p.Redraw()
	img := p.pieces[2].(*canvas.Image)
	if b := img.Image.Bounds(); !near(b.Dx(), 2*name.Size().Height) {
		t.Errorf("name drawn %d pixels across at scale 2, want %v", b.Dx(), 2*name.Size().Height)
	}
}

// near reports whether a whole number of pixels n is size, rounded up.
func near(n int, size float32) bool { return float32(n) >= size && float32(n) < size+1 }
