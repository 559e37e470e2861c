package board

import (
	"fmt"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/looks"
)

// DrawnLooks is how the table draws game, read back from its drawing: the
// seats' colours (Fill only) from the board's SeatColour for up to seats
// seats, every Canyon suit from a card face drawn in it, every Canaille
// kind from a card drawn of it. TestTheLooksAgree compares it with what
// the phones draw.
func DrawnLooks(game string, env Env, seats int) (looks.Game, error) {
	b, err := New(game, env)
	if err != nil {
		return looks.Game{}, err
	}
	var g looks.Game
	for s := range seats {
		g.Seats = append(g.Seats, looks.Look{Fill: looks.Of(b.SeatColour(engine.Seat(s)))})
	}
	switch game {
	case canyon.ID:
		f := newCardFace()
		for suit := range canyonLooks.Suits {
			f.show(canyon.Card{Suit: suit, Value: 1})
			g.Suits = append(g.Suits, f.looks())
		}
	case canaille.ID:
		g.Kinds = map[string]looks.Look{}
		c := newCanailleCard()
		for id := canaille.Card(1); int(id) <= canaille.NumCards; id++ {
			k := id.Kind()
			if _, done := g.Kinds[k.String()]; done {
				continue
			}
			c.show(env, id)
			g.Kinds[k.String()] = c.looks()
		}
		if len(g.Kinds) == 0 {
			return g, fmt.Errorf("board: no Canaille card drawn")
		}
	}
	return g, nil
}
