package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/looks"
)

// panelFor is the panel of the seat's game.
func (a *App) panelFor(s *seatScreen) gamePanel {
	switch s.w.Game {
	case "canyon":
		return &canyonPanel{s: s}
	case "canaille":
		return &canaillePanel{s: s}
	}
	return &boardPanel{s: s}
}

// boardPanel is the phone's side of a board game (Canyon duel, Canoë):
// the moves are made on the table's screen; the phone shows the score and
// whose turn it is.
type boardPanel struct{ s *seatScreen }

func (p *boardPanel) show(v engine.View) (fyne.CanvasObject, fyne.CanvasObject) {
	s, a := p.s, p.s.a
	items := []fyne.CanvasObject{}
	if s.canAct() {
		hint := wrapped(a.t("move_on_table"))
		hint.TextStyle.Bold = true
		items = append(items, hint)
	}
	for seat, line := range scoreLines(a, v) {
		l := widget.NewLabel(a.seatName(engine.Seat(seat)) + " — " + line)
		if engine.Seat(seat) == s.w.Seat {
			l.TextStyle.Bold = true
			l.SetText(l.Text + " (" + a.t("you") + ")")
		}
		items = append(items, container.NewBorder(nil, nil, seatDot(s.w.Game, engine.Seat(seat)), nil, l))
	}
	if s.over {
		if r := s.resultTable(); r != nil {
			items = append(items, widget.NewSeparator(), r)
		}
	}
	return container.NewVBox(items...), nil
}

// scoreLines says each seat's standing in a board game.
func scoreLines(a *App, v engine.View) []string {
	var out []string
	switch v := v.(type) {
	case *canyonduel.View:
		for _, sc := range v.Scores {
			out = append(out, a.t("points", map[string]any{"N": sc}))
		}
	case *canoe.View:
		for p := range v.Canoes {
			out = append(out, a.t("canoe_standing", map[string]any{"Canoes": len(v.Canoes[p]), "Pegs": v.Supply[p]}))
		}
	}
	return out
}

// seatDot is a seat's colour in game beside its name, as the table
// colours its pieces (the name says the seat too, so colour is never the
// only cue).
func seatDot(game string, s engine.Seat) fyne.CanvasObject {
	if s < 0 {
		return nil
	}
	return container.NewCenter(dot(seatColour(game, s)))
}

// seatColour is seat's colour in game.
func seatColour(game string, s engine.Seat) color.Color {
	g, _ := looks.For(game)
	return g.Seat(int(s)).Fill.NRGBA()
}
