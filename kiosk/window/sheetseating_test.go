package window

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board/geom"
)

// TestAShelfGamesSeatingOffersNoRobotNorEmptyOptions is what the real
// kiosk showed for a box from « Que jouer ? » → « Noter les scores ici »:
// an « Options » panel with nothing in it and « + Robot », though a robot
// cannot play a game from the shelf. Neither is there, nor « Un robot ici »
// for a seat still waiting for its phone; and the sheet's « Arrêter ici »
// is a button drawn as one (its background) a finger high.
func TestAShelfGamesSeatingOffersNoRobotNorEmptyOptions(t *testing.T) {
	test.NewTempApp(t)
	k := sheetKiosk(t)
	k.ui.attract.Touch()
	test.Tap(k.ui.lobby.PickButton(geom.Bottom))
	s := k.ui.Shelf()
	test.Tap(s.TakeButton(shownTitle(t, s, "Skull King").ID))
	here := s.AtTable()
	if len(here) != 1 || s.KeepButton(here[0].ID) == nil {
		t.Fatalf("the box taken has no « Noter les scores ici »: %+v", here)
	}
	test.Tap(s.KeepButton(here[0].ID))
	seating := k.ui.seatingScreen
	if seating == nil || !strings.HasPrefix(seating.Heading(), "Skull King") {
		t.Fatalf("no seating of Skull King: %v", seating)
	}
	for _, bad := range []string{"+ Robot", "Options"} {
		if uitest.ShowsText(k.w, bad) {
			t.Errorf("the seating of a shelf game shows %q", bad)
		}
	}
	seating.AddPhone()
	test.Tap(seating.StartButton())
	k.until(func() bool { return k.ui.seating != nil && uitest.ShowsText(k.w, "En attente de 1 téléphone") })
	if b := k.ui.seating.BotInButtons(); len(b) != 0 || uitest.ShowsText(k.w, "Robot") {
		t.Errorf("a seat waiting for its phone may be given to a robot (%d buttons)", len(b))
	}
	test.Tap(button(t, k.w, k.ui.words().T("kiosk.seating.cancel")))

	// « Arrêter ici » on the sheet of a play kept with guests on the table.
	k.ui.showLobby()
	test.Tap(k.ui.lobby.PickButton(geom.Bottom))
	s = k.ui.Shelf()
	here = s.AtTable()
	if len(here) != 1 {
		t.Fatalf("the box is no more at the table: %+v", here)
	}
	test.Tap(s.KeepButton(here[0].ID))
	k.ui.seatingScreen.AddTouchButton().OnTapped()
	test.Tap(k.ui.seatingScreen.StartButton())
	k.until(func() bool { return k.ui.Sheet() != nil && k.ui.Sheet().Action("stop") != nil })
	stop := k.ui.Sheet().Action("stop")
	if stop.Importance == widget.LowImportance || !drawsBackground(stop) {
		t.Errorf("« %s » is drawn without a button's background (importance %v)", stop.Text, stop.Importance)
	}
	if h := stop.Size().Height; h < 64 {
		t.Errorf("« %s » is %g px high, not a finger's 64", stop.Text, h)
	}
}

// drawsBackground reports whether b's renderer paints a rectangle that is
// not transparent: the button's face.
func drawsBackground(b *widget.Button) bool {
	for _, o := range test.WidgetRenderer(b).Objects() {
		if r, ok := o.(*canvas.Rectangle); ok && r.Visible() && r.Size() != (fyne.Size{}) {
			if _, _, _, a := r.FillColor.RGBA(); a > 0 {
				return true
			}
		}
	}
	return false
}
