package window

import (
	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/kiosk/screen"
)

// replayBoard shows a replay's positions on the game's own board widget,
// without motion and without taps (nothing is played in a replay).
type replayBoard struct {
	b   board.Board
	env board.Env
}

func (r replayBoard) Content() fyne.CanvasObject { return r.b }
func (r replayBoard) Show(v engine.View)         { r.b.Update(v, nil) }

// Say says a move in words in the table's language, for the move list.
func (r replayBoard) Say(m engine.Move) string { return board.SayMove(m, r.env) }

// replayBoards makes the board of a replayed game, the seats named.
func (ui *UI) replayBoards(names []string) screen.Boards {
	return func(rules engine.Rules) (screen.BoardView, bool) {
		name := func(s engine.Seat) string {
			if int(s) >= 0 && int(s) < len(names) && names[s] != "" {
				return ui.words().Name(names[s])
			}
			return ui.words().T("kiosk.seat.n", "N", int(s)+1)
		}
		env := board.Env{Lang: i18n.Parse(ui.lang), Texts: ui.cat, Name: name, Still: true}
		b, err := board.New(rules.Info().ID, env)
		if err != nil {
			return nil, false
		}
		return replayBoard{b, env}, true
	}
}
