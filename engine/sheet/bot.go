package sheet

import (
	"context"
	"errors"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/scoresheet"
)

// OpenRounds is how many rounds the default bot plays on an open sheet
// before it closes it.
const OpenRounds = 3

// Bot is the sheet's default bot: it writes a sensible value in its first
// empty line (a few points, a bid up to the round's number), reveals what
// can be revealed, plays OpenRounds rounds of an open sheet, takes the
// first decision offered and closes the sheet.
type Bot struct {
	lib *scoresheet.Library
	rng engine.RNG
}

// NewBot returns the default bot over the ready sheets, its values drawn
// from seed.
func NewBot(seed uint64) *Bot { return newBot(scoresheet.Ready(), seed) }

func newBot(lib *scoresheet.Library, seed uint64) *Bot {
	return &Bot{lib: lib, rng: engine.NewRNG(seed, 0x5ee7)}
}

// Choose decides from the seat's view only.
func (b *Bot) Choose(ctx context.Context, ev engine.View) (engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, ok := ev.(*View)
	if !ok {
		return nil, errors.New("sheet bot: not a sheet view")
	}
	if len(v.Moves) == 0 {
		return nil, engine.NotYourTurn(v.For, v.ToMove)
	}
	first := v.Moves[0]
	switch first.Kind {
	case KindEnter:
		sh, _ := v.SheetIn(b.lib)
		high := 12
		if sh != nil {
			if cat, ok := sh.Category(first.Category); ok && cat.Private && cat.PerRound {
				high = first.Round // a bid: at most the round's tricks
			}
			high = min(high, sh.EntryLimit())
		}
		first.Value = b.rng.IntN(high + 1)
		return first, nil
	case KindRound:
		if v.Rounds >= OpenRounds && len(v.Moves) > 1 {
			return v.Moves[1], nil
		}
	}
	return first, nil
}
