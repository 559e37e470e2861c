package board

import (
	"slices"

	"fyne.io/fyne/v2"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/kiosk/board/geom"
)

// A Touch is one thing a guest does on the table to play a move: a tap
// on the board at At, or, when Action is set, a tap on the button of the
// mover's panel that Actions labels so (in the table's language).
type Touch struct {
	At     fyne.Position
	Action string
}

// touching is how a game's board is played by taps, in games(): each
// function reports false for a board or a move of another game.
type touching struct {
	touches func(b Board, m engine.Move, legal []engine.Move) ([]Touch, bool)
	spot    func(b Board) (float32, bool)
}

// touchedBy is the touching of a board of type B whose moves are of type
// M: touches says how m is played out of the mover's legal moves (nil:
// not on the table), spot is the size of one cell.
func touchedBy[B Board, M engine.Move](touches func(B, M, []engine.Move) []Touch, spot func(B) float32) touching {
	return touching{
		touches: func(b Board, m engine.Move, legal []engine.Move) ([]Touch, bool) {
			x, ok := b.(B)
			mv, ok2 := m.(M)
			if !ok || !ok2 {
				return nil, false
			}
			return touches(x, mv, legal), true
		},
		spot: func(b Board) (float32, bool) {
			x, ok := b.(B)
			if !ok {
				return 0, false
			}
			return spot(x), true
		},
	}
}

// Touches are what a guest does on b, in order, to play m; legal are the
// mover's legal moves (a duel's jump chain that could go on asks for
// "Arrêter ici"). None for a move not played on the table (a card).
func Touches(b Board, m engine.Move, legal []engine.Move) []Touch {
	for _, p := range games() {
		if p.touch.touches == nil {
			continue
		}
		if out, ok := p.touch.touches(b, m, legal); ok {
			return out
		}
	}
	return nil
}

// Spots are where on b the cells of m lie (a Canoë peg's holes, a duel
// piece's path, a Canyon canoe's cell), so that a lesson can point at
// the move it asks for; none for a move made with cards.
func Spots(b Board, m engine.Move) []fyne.Position {
	var out []fyne.Position
	for _, t := range Touches(b, m, nil) {
		if t.Action == "" {
			out = append(out, t.At)
		}
	}
	return out
}

// SpotSize is the diameter of a ring round one of b's cells.
func SpotSize(b Board) float32 {
	for _, p := range games() {
		if p.touch.spot == nil {
			continue
		}
		if size, ok := p.touch.spot(b); ok {
			return size
		}
	}
	return geom.MinTarget
}

// touches: a peg placed on its hole, moved from its hole to another, or
// taken back from its hole with the panel's "Reprendre".
func (b *canoeBoard) touches(m canoe.Move, _ []engine.Move) []Touch {
	switch m.Kind {
	case canoe.KindPlace:
		return []Touch{{At: b.HoleCentre(m.To)}}
	case canoe.KindMove:
		return []Touch{{At: b.HoleCentre(m.From)}, {At: b.HoleCentre(m.To)}}
	case canoe.KindRemove:
		return []Touch{{At: b.HoleCentre(m.From)}, {Action: b.env.t("board.canoe.take-back")}}
	}
	return nil
}

// touches: every cell of the piece's path, then "Arrêter ici" when a
// legal jump chain goes on from where it stops.
func (d *duel) touches(m canyonduel.Move, legal []engine.Move) []Touch {
	out := make([]Touch, len(m.Path), len(m.Path)+1)
	for i, c := range m.Path {
		out[i] = Touch{At: d.CellCentre(c)}
	}
	for _, l := range legal {
		if p := l.(canyonduel.Move).Path; len(p) > len(m.Path) && slices.Equal(p[:len(m.Path)], m.Path) {
			return append(out, Touch{Action: d.env.t("board.stop-here")})
		}
	}
	return out
}

// touches: a canoe placed or moved on its cell; the cards are the
// phones'.
func (b *canyonBoard) touches(m canyon.Move, _ []engine.Move) []Touch {
	if m.Kind == canyon.KindMove || m.Kind == canyon.KindPlace {
		return []Touch{{At: b.CellCentre(m.Row, m.Col)}}
	}
	return nil
}
