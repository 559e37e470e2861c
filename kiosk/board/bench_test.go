package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board/geom"
)

// benchBoard measures a board redrawing after a move: Update with the next
// view (the widgets' own work: diffing, placing, refreshing) and, with
// paint, the software painter drawing the whole 1600×760 board, which is
// an upper bound of the GPU's frame.
func benchBoard(b *testing.B, game string, seats int, paint bool) {
	t := &testing.T{}
	before := position(t, game, seats, 3, 20)
	after := before.Clone()
	if _, err := after.Apply(after.Turn(), after.Legal()[0]); err != nil {
		b.Fatal(err)
	}
	test.NewTempApp(b)
	bd, err := New(game, Env{Lang: "fr", Texts: texts(b), Still: true})
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, bd)
	w.Resize(fyne.NewSize(1600, 760))
	views := []engine.View{before.View(engine.Onlooker), after.View(engine.Onlooker)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.Update(views[i%2], nil)
		if paint {
			w.Canvas().Capture()
		}
	}
}

func BenchmarkRedrawAfterAMove(b *testing.B) {
	for _, g := range []struct {
		id    string
		seats int
	}{{"canyonduel", 2}, {"canoe", 2}, {"canyon", 5}, {"canaille", 4}} {
		b.Run(g.id, func(b *testing.B) { benchBoard(b, g.id, g.seats, false) })
		b.Run(g.id+"/painted", func(b *testing.B) { benchBoard(b, g.id, g.seats, true) })
	}
}

// BenchmarkPanelRedraw is a seat panel drawn off-screen and turned a
// quarter, as the table screen redraws one when its seat's state changes.
func BenchmarkPanelRedraw(b *testing.B) {
	test.NewTempApp(b)
	name := canvas.NewText("Carola", colInk)
	name.TextSize = textName
	line := canvas.NewText("téléphone connecté", colInk)
	line.TextSize = textBody
	content := container.NewStack(canvas.NewRectangle(colTable),
		container.NewBorder(nil, nil, canvas.NewCircle(Palette[2]), widget.NewButton("Arrêter ici", func() {}),
			container.NewVBox(name, line)))
	p := NewPanel(content, fyne.NewSize(760, 150), geom.Turn(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		line.Text = []string{"téléphone connecté", "Touchez une pièce"}[i%2]
		p.Redraw()
	}
}
