package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
)

// What follows lets tests of whole journeys (kiosk/journey) play a seat
// through the app's own widgets, as a guest's thumb does; call it where
// the app's Deps.Do runs.

// Offers are the widgets that make or build this seat's move now: the
// enabled buttons that answer the question of the moment and the cards a
// tap plays, picks or adds to a sentence (not the dimmed ones, nor those
// already picked). None while the seat may not act: not its turn, a move
// on its way, not seated, or a board game whose moves are made on the
// table.
func (a *App) Offers() []fyne.Tappable {
	s := a.seat
	if s == nil || a.current != s || !s.canAct() || s.askLeave || s.body == nil {
		return nil
	}
	var out []fyne.Tappable
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(o.Content)
		case *widget.Button:
			if o.Importance == widget.HighImportance && !o.Disabled() {
				out = append(out, o)
			}
		case *card:
			if o.onTap != nil && !o.dim && o.selected == 0 {
				out = append(out, o)
			}
		}
	}
	walk(s.body)
	return out
}

// SeatView is the view the seat screen shows and whether its game is over;
// ok is false while no seat is shown.
func (a *App) SeatView() (v engine.View, over, ok bool) {
	s := a.seat
	if s == nil || a.current != s || s.view == nil {
		return nil, false, false
	}
	return s.view, s.over, true
}
