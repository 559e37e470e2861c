package screen

import (
	"context"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/board"
)

// TakeBacks is a Session whose moves may be taken back by agreement (a
// *host.Session; docs/rules/takeback.md).
type TakeBacks interface {
	// CanTakeBack reports whether seat may ask back the move it just made.
	CanTakeBack(seat engine.Seat) bool
	// AskedBy is the seat whose take-back waits for an answer, if any.
	AskedBy() (engine.Seat, bool)
	// RefusedTo is the seat whose request was just refused, until the
	// next move or request.
	RefusedTo() (engine.Seat, bool)
	AskTakeBack(ctx context.Context, seat engine.Seat) error
	AnswerTakeBack(ctx context.Context, seat engine.Seat, agree bool) error
}

// takeBackActions are the buttons of seat's panel for take-backs: "take my
// move back" for the seat that just moved, "agree" and "refuse" for the
// other while it is asked. None for a bot's seat or once the game is over.
func (t *Game) takeBackActions(seat engine.Seat) []board.Action {
	tb, ok := t.cfg.Session.(TakeBacks)
	if !ok || t.state.Over || t.seat(seat).State == "bot" || t.seat(seat).State == "free" {
		return nil
	}
	if asker, asked := tb.AskedBy(); asked {
		if asker == seat {
			return nil
		}
		return []board.Action{
			{Label: t.tr("board.takeback.agree"), Do: func() { t.answer(tb, seat, true) }},
			{Label: t.tr("board.takeback.refuse"), Do: func() { t.answer(tb, seat, false) }},
		}
	}
	if !tb.CanTakeBack(seat) {
		return nil
	}
	return []board.Action{{Label: t.tr("board.takeback.ask"), Do: func() {
		go func() {
			if err := tb.AskTakeBack(context.Background(), seat); err != nil {
				t.cfg.Do(func() { t.board.Refuse(err) })
			}
		}()
	}}}
}

// takeBackLine is what seat's panel says of a take-back, whoever asked
// or answers (on the table or from a phone): "asks, X answers" in the
// asker's, "X asks: agree?" in the other's, "refused" in the asker's
// until the next move; "" when there is nothing to say.
func (t *Game) takeBackLine(seat engine.Seat) string {
	tb, ok := t.cfg.Session.(TakeBacks)
	if !ok || t.state.Over {
		return ""
	}
	if asker, asked := tb.AskedBy(); asked {
		if asker == seat {
			return t.tr("board.takeback.waiting", map[string]any{"Name": t.seatName(1 - seat)})
		}
		return t.tr("board.takeback.asked", map[string]any{"Name": t.seatName(asker)})
	}
	if refused, ok := tb.RefusedTo(); ok && refused == seat {
		return t.tr("board.takeback.refused")
	}
	return ""
}

// answer sends seat's answer without holding up the screen; the session's
// update redraws the table.
func (t *Game) answer(tb TakeBacks, seat engine.Seat, agree bool) {
	go func() {
		if err := tb.AnswerTakeBack(context.Background(), seat, agree); err != nil {
			t.cfg.Do(func() { t.board.Refuse(err) })
		}
	}()
}
