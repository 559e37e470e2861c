package screen

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/shelf"
	"github.com/tablee/tablee/shelf/shelftest"
)

// drawnTexts are the texts o draws, its widgets' renderers walked: what a
// guest reads (a label cut short draws "Pandémie (…").
func drawnTexts(o fyne.CanvasObject) []string {
	var out []string
	switch x := o.(type) {
	case *canvas.Text:
		out = append(out, x.Text)
	case *fyne.Container:
		for _, k := range x.Objects {
			out = append(out, drawnTexts(k)...)
		}
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			out = append(out, drawnTexts(k)...)
		}
	}
	return out
}

// TestABoxAtTheTableIsNamedWhole: « À cette table » lists the boxes at
// the table with « Noter les scores ici » and « Rendre »; the real kiosk
// cut the title beside them (« Pandémie (… »). Every box's line is drawn
// whole — wrapped if it must be, at the body's size — inside the list,
// in every language and from every side, the longest title of the demo
// shelf too.
func TestABoxAtTheTableIsNamedWhole(t *testing.T) {
	// One box, as on the real kiosk, and a second one, the longest name
	// of the demo shelf: the names are drawn whole and the whole screen
	// fits the table's (TestTheShelfFitsWithAnyBoxesAtTheTable counts
	// more boxes).
	for _, long := range []string{"", "Les Loups-Garous de Thiercelieux"} {
		for _, lang := range langs {
			for _, side := range []geom.Side{geom.Bottom, geom.Left} {
				lib := shelftest.NewMemory(shelftest.Demo())
				titles, err := lib.Titles(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				for _, ti := range titles {
					if c, ok := ti.Free(); ok && (ti.Names.FR == "Pandémie" || ti.Names.FR == long) {
						if err := lib.Take(context.Background(), c.ID, "Table 1", evening); err != nil {
							t.Fatal(err)
						}
					}
				}
				s, w := newShelfKeeping(t, lib, side, i18n.Lang(lang))
				w.Resize(fyne.NewSize(1920, 1080))
				want := 2
				if long == "" {
					want = 1
				}
				if len(s.AtTable()) != want {
					t.Fatalf("%s: %d boxes at the table, want %d", lang, len(s.AtTable()), want)
				}
				for _, c := range s.AtTable() {
					line := s.copyLine(c)
					drawn := strings.Join(drawnTexts(s.here), " | ")
					if !strings.Contains(strings.Join(strings.Fields(drawn), " "), strings.Join(strings.Fields(line), " ")) {
						t.Errorf("%s %v: the box %q is not drawn whole: %q", lang, side, line, drawn)
					}
				}
				for _, o := range s.here.Objects {
					if out := outside(o, s.here.Size()); len(out) > 0 {
						t.Errorf("%s %v: outside « À cette table »: %s", lang, side, strings.Join(out, "; "))
					}
				}
				// And the list on the screen, under the rest: the screen
				// needs no more than the table's 1920 × 1080.
				screen := fyne.NewSize(1920, 1080)
				if side == geom.Left {
					screen = fyne.NewSize(1080, 1920)
				}
				if m := s.Upright().MinSize(); m.Width > screen.Width || m.Height > screen.Height {
					t.Errorf("%s %v: the screen needs %v, more than %v", lang, side, m, screen)
				}
				up := s.Upright()
				if out := outside(up, up.Size().Add(up.Position()).Add(up.Position())); len(out) > 0 {
					t.Errorf("%s %v: outside the screen: %s", lang, side, strings.Join(out, "; "))
				}
			}
		}
	}
}

// newShelfKeeping is newShelf with « Noter les scores ici » offered.
func newShelfKeeping(t *testing.T, lib shelf.Library, side geom.Side, lang i18n.Lang) (*Shelf, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	test.ApplyTheme(t, NewTheme())
	w := test.NewTempWindow(t, nil)
	s, err := NewShelf(ShelfConfig{Words: words(t, lang), Lib: lib, Table: "Table 1", Side: side, Keep: func(...string) {},
		Now: func() time.Time { return evening }, Fault: func(err error) { t.Errorf("fault: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	w.SetContent(s.Content())
	return s, w
}
