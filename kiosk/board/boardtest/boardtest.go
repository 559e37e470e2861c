// Package boardtest plays moves on the kiosk's board widgets by taps, as
// a guest at the table does, for the tests that drive the kiosk's screens
// (kiosk/window, kiosk/journey). It is for tests only.
package boardtest

import (
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board"
)

// Tap plays m on b, the board of the game m belongs to, by the touches
// the board's game names (board.Touches): taps on its holes or cells,
// and, for what a board asks in the mover's seat panel ("Reprendre"
// after taking a piece back in Canoë, "Arrêter ici" where a Canyon duel
// jump chain could go on), panel with the button's label: a test taps
// the panel its own way. legal are the mover's legal moves. It reports
// false for a move not played by taps on the table.
func Tap(b board.Board, m engine.Move, legal []engine.Move, panel func(label string)) bool {
	touches := board.Touches(b, m, legal)
	for _, t := range touches {
		if t.Action != "" {
			panel(t.Action)
		} else {
			test.TapAt(b, t.At)
		}
	}
	return len(touches) > 0
}
