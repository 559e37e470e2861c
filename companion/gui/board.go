package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/looks"
)

// panelFor is the panel of the seat's game; a game missing from games()
// gets a board game's panel without standings (TestEveryGameHasItsPanel
// names it).
func (a *App) panelFor(s *seatScreen) gamePanel {
	if g, ok := games()[s.w.Game]; ok {
		return g.panel(s)
	}
	return &boardPanel{s: s}
}

// gameParts is everything the companion holds for one game: the panel
// that draws its seat's view.
type gameParts struct {
	panel func(s *seatScreen) gamePanel
}

// games is the one place the companion names the games, by id: a hand
// game has its own panel, a board game the board panel with its
// standings.
func games() map[string]gameParts {
	board := func(standings func(a *App, v engine.View) []string) gameParts {
		return gameParts{panel: func(s *seatScreen) gamePanel { return &boardPanel{s: s, standings: standings} }}
	}
	return map[string]gameParts{
		canyon.ID:     {panel: func(s *seatScreen) gamePanel { return &canyonPanel{s: s} }},
		canaille.ID:   {panel: func(s *seatScreen) gamePanel { return &canaillePanel{s: s} }},
		canyonduel.ID: board(duelStandings),
		canoe.ID:      board(canoeStandings),
		sheet.ID:      {panel: newSheetPanel},
	}
}

// boardPanel is the phone's side of a board game (Canyon duel, Canoë):
// the moves are made on the table's screen; the phone shows the score and
// whose turn it is.
type boardPanel struct {
	s *seatScreen
	// standings says each seat's standing in v, one line per seat.
	standings func(a *App, v engine.View) []string
}

func (p *boardPanel) show(v engine.View) (fyne.CanvasObject, fyne.CanvasObject) {
	s, a := p.s, p.s.a
	items := []fyne.CanvasObject{}
	if s.canAct() {
		hint := wrapped(a.t("move_on_table"))
		hint.TextStyle.Bold = true
		items = append(items, hint)
	}
	items = append(items, s.takeBackRows()...)
	var lines []string
	if p.standings != nil {
		lines = p.standings(a, v)
	}
	for seat, line := range lines {
		text := a.seatName(engine.Seat(seat)) + " — " + line
		if engine.Seat(seat) == s.w.Seat {
			text += " (" + a.t("you") + ")"
		}
		// Wrapped: a long name or a two-digit count must not push the
		// whole seat screen past the phone's edge.
		l := wrapped(text)
		l.TextStyle.Bold = engine.Seat(seat) == s.w.Seat
		items = append(items, container.NewBorder(nil, nil, seatDot(s.w.Game, engine.Seat(seat)), nil, l))
	}
	if s.over {
		if r := s.resultTable(); r != nil {
			items = append(items, widget.NewSeparator(), r)
		}
	}
	return container.NewVBox(items...), nil
}

// duelStandings says each seat's points in Canyon duel.
func duelStandings(a *App, v engine.View) []string {
	var out []string
	if v, ok := v.(*canyonduel.View); ok {
		for _, sc := range v.Scores {
			out = append(out, a.texts.T(a.lang, "common.points", map[string]any{"N": sc})) // the table's word
		}
	}
	return out
}

// canoeStandings says each seat's canoes and pegs left in Canoë.
func canoeStandings(a *App, v engine.View) []string {
	var out []string
	if v, ok := v.(*canoe.View); ok {
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
