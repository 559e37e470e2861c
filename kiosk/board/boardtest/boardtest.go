// Package boardtest plays moves on the kiosk's board widgets by taps, as
// a guest at the table does, for the tests that drive the kiosk's screens
// (kiosk/window, kiosk/journey). It is for tests only.
package boardtest

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyonduel"
)

// Tap plays m on b, the board of the game m belongs to: taps on its holes
// or cells, and, for what a board asks in the mover's seat panel ("Reprendre"
// after taking a piece back in Canoë, "Arrêter ici" where a Canyon duel
// jump chain could go on), panel with the button's French label: a test
// taps the panel its own way. legal are the mover's legal moves. It
// reports false for a move of a game not played by taps on the table.
func Tap(b fyne.Tappable, m engine.Move, legal []engine.Move, panel func(label string)) bool {
	switch m := m.(type) {
	case canoe.Move:
		at := b.(interface {
			HoleCentre(canoe.Hole) fyne.Position
		}).HoleCentre
		switch m.Kind {
		case canoe.KindPlace:
			test.TapAt(b, at(m.To))
		case canoe.KindMove:
			test.TapAt(b, at(m.From))
			test.TapAt(b, at(m.To))
		case canoe.KindRemove:
			test.TapAt(b, at(m.From))
			panel("Reprendre")
		}
	case canyonduel.Move:
		at := b.(interface {
			CellCentre(canyonduel.Cell) fyne.Position
		}).CellCentre
		for _, c := range m.Path {
			test.TapAt(b, at(c))
		}
		for _, l := range legal {
			p := l.(canyonduel.Move).Path
			if len(p) > len(m.Path) && slices.Equal(p[:len(m.Path)], m.Path) {
				panel("Arrêter ici")
				break
			}
		}
	default:
		return false
	}
	return true
}
