package screen

import (
	"context"
	"fmt"
	"image/png"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board/geom"
	"github.com/tablee/tablee/shelf/shelftest"
)

func TestZZLook(t *testing.T) {
	for _, side := range []geom.Side{geom.Bottom, geom.Left} {
		lib := shelftest.NewMemory(shelftest.Demo())
		s, w := newShelf(t, lib, side, i18n.FR)

		lib.Take(context.Background(), titleNamed(t, s, "Dixit").Copies[0].ID, "Table 1", evening)
		lib.Take(context.Background(), titleNamed(t, s, "Carcassonne").Copies[0].ID, "Table 3", evening)
		s.reload()
		test.Tap(s.Stepper("players+"))
		test.Tap(s.Stepper("minutes+"))
		test.Tap(s.Stepper("minutes+"))
		s.refresh()
		w.Resize(fyne.NewSize(1920, 1080))
		f, _ := os.Create(fmt.Sprintf("/tmp/look-%d.png", side))
		png.Encode(f, w.Canvas().Capture())
		f.Close()
	}
}
